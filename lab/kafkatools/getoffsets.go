package kafkatools

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:      "kafka-get-offsets.sh",
		summary:   "print each partition's earliest or latest offset (Kafka's kafka-get-offsets.sh)",
		errPrefix: "Error occurred: ",
		specs: []option{
			{name: "topic", arg: "topic", help: "The topic to get the offsets for. It also accepts a regular expression. If not present, all topics are queried."},
			{name: "partitions", arg: "partition ids", help: "Comma separated list of partition ids to get the offsets for. If not present, all partitions are queried."},
			{name: "topic-partitions", arg: "topic1:1,topic2:0-3,topic3,topic4:5-,topic5:-3", help: "Comma separated list of topic-partition patterns. Cannot be used with --topic or --partitions."},
			{name: "time", arg: "<timestamp> / -1 or latest / -2 or earliest / -3 or max-timestamp", help: "Which offsets: latest (default, the next offset to be written), earliest (the first offset still kept), max-timestamp, or the first offset whose timestamp is at or after a time in epoch milliseconds."},
			{name: "exclude-internal-topics", help: "Exclude internal topics."},
		},
		run: runGetOffsets,
	})
}

// partitionFilter is one rule of --topic-partitions or the --topic/--partitions pair.
type partitionFilter struct {
	topic  *regexp.Regexp
	accept func(p int32) bool
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var topicPartitionRule = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([^:,]*)(?::(?:([0-9]*)|(?:([0-9]*)-([0-9]*))))?$`) })

func parseRules(spec string) ([]partitionFilter, error) {
	var out []partitionFilter
	for _, rule := range strings.Split(spec, ",") {
		m := topicPartitionRule().FindStringSubmatch(rule)
		if m == nil {
			return nil, fmt.Errorf("Invalid rule specification: %s. Use topic, topic:partition, topic:from-to, topic:from- or topic:-to", rule)
		}
		f := partitionFilter{}
		pat := m[1]
		if pat == "" {
			pat = ".*"
		}
		re, err := regexp.Compile("^(?:" + pat + ")$")
		if err != nil {
			return nil, fmt.Errorf("Invalid rule specification: %s: %q is not a valid regular expression", rule, pat)
		}
		f.topic = re
		switch {
		case m[2] != "":
			n, _ := strconv.ParseInt(m[2], 10, 32)
			f.accept = func(p int32) bool { return int64(p) == n }
		default:
			lo, hi := int64(0), int64(1<<31-1)
			if m[3] != "" {
				lo, _ = strconv.ParseInt(m[3], 10, 32)
			}
			if m[4] != "" {
				hi, _ = strconv.ParseInt(m[4], 10, 32)
			}
			f.accept = func(p int32) bool { return int64(p) >= lo && int64(p) < hi }
		}
		out = append(out, f)
	}
	return out, nil
}

func runGetOffsets(ctx context.Context, r *toolRun) error {
	o := r.opts
	if o.has("topic-partitions") && (o.has("topic") || o.has("partitions")) {
		return errors.New("--topic-partitions cannot be used with --topic or --partitions: use one way of choosing partitions")
	}
	var filters []partitionFilter
	var err error
	if o.has("topic-partitions") {
		if filters, err = parseRules(o.value("topic-partitions", "")); err != nil {
			return err
		}
	} else {
		f := partitionFilter{accept: func(int32) bool { return true }}
		pat := o.value("topic", ".*")
		if f.topic, err = regexp.Compile("^(?:" + pat + ")$"); err != nil {
			return usagef("--topic %q is not a valid regular expression", pat)
		}
		if ps := o.value("partitions", ""); ps != "" {
			set := map[int32]bool{}
			for _, s := range strings.Split(ps, ",") {
				n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
				if err != nil {
					return fmt.Errorf("--partitions expects a comma separated list of numeric partition ids, but received: %s", ps)
				}
				set[int32(n)] = true
			}
			f.accept = func(p int32) bool { return set[p] }
		}
		filters = []partitionFilter{f}
	}

	when := o.value("time", "latest")
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	md, err := adm.Metadata(ctx)
	if err != nil {
		return fmt.Errorf("cannot list topics on %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	wanted := map[string]map[int32]bool{}
	var topics []string
	for name, td := range md.Topics {
		if td.IsInternal && o.has("exclude-internal-topics") {
			continue
		}
		for _, p := range td.Partitions.Sorted() {
			for _, f := range filters {
				if f.topic.MatchString(name) && f.accept(p.Partition) {
					if wanted[name] == nil {
						wanted[name] = map[int32]bool{}
						topics = append(topics, name)
					}
					wanted[name][p.Partition] = true
				}
			}
		}
	}
	if len(topics) == 0 {
		hint := "check the topic name with kafka-topics.sh --list"
		if t := o.value("topic", ""); t != "" {
			return fmt.Errorf("Could not match any topic-partitions with the specified filters: topic '%s' not found; %s", t, hint)
		}
		return fmt.Errorf("Could not match any topic-partitions with the specified filters: %s", hint)
	}

	var listed kadm.ListedOffsets
	switch strings.ToLower(when) {
	case "latest", "-1":
		listed, err = adm.ListEndOffsets(ctx, topics...)
	case "earliest", "-2":
		listed, err = adm.ListStartOffsets(ctx, topics...)
	case "max-timestamp", "-3":
		listed, err = adm.ListMaxTimestampOffsets(ctx, topics...)
	case "earliest-local", "-4":
		listed, err = adm.ListLocalLogStartOffsets(ctx, topics...)
	case "latest-tiered", "-5":
		listed, err = adm.ListLatestRemoteOffsets(ctx, topics...)
	default:
		ts, perr := strconv.ParseInt(when, 10, 64)
		if perr != nil || ts < 0 {
			return fmt.Errorf("Malformed time argument %s. Please use -1 or latest / -2 or earliest / -3 or max-timestamp / -4 or earliest-local / -5 or latest-tiered, or a specified long format timestamp", when)
		}
		listed, err = offsetsForTime(ctx, cl, wanted, ts)
	}
	if err != nil {
		return fmt.Errorf("cannot list offsets: %w", err)
	}

	// Kafka sorts by TopicPartition.toString(), i.e. "orders-10" before "orders-2".
	type line struct{ sortKey, text string }
	var lines []line
	listed.Each(func(l kadm.ListedOffset) {
		if !wanted[l.Topic][l.Partition] {
			return
		}
		tp := fmt.Sprintf("%s-%d", l.Topic, l.Partition)
		if l.Err != nil {
			fmt.Fprintf(r.io.Stderr, "Skip getting offsets for topic-partition %s due to error: %v\n", tp, l.Err)
			return
		}
		if l.Offset < 0 { // UNKNOWN_OFFSET: no record at or after that time
			return
		}
		lines = append(lines, line{tp, fmt.Sprintf("%s:%d:%d", l.Topic, l.Partition, l.Offset)})
	})
	sort.Slice(lines, func(i, j int) bool { return lines[i].sortKey < lines[j].sortKey })
	for _, l := range lines {
		fmt.Fprintln(r.io.Stdout, l.text)
	}
	return nil
}

// offsetsForTime asks for the first offset whose timestamp is at or after ts. Unlike kadm's
// ListOffsetsAfterMilli it keeps the broker's -1 ("no such record"), which Kafka's tool
// leaves out of its output.
func offsetsForTime(ctx context.Context, cl *kgo.Client, wanted map[string]map[int32]bool, ts int64) (kadm.ListedOffsets, error) {
	req := kmsg.NewPtrListOffsetsRequest()
	req.ReplicaID = -1
	for t, ps := range wanted {
		rt := kmsg.NewListOffsetsRequestTopic()
		rt.Topic = t
		for p := range ps {
			rp := kmsg.NewListOffsetsRequestTopicPartition()
			rp.Partition = p
			rp.Timestamp = ts
			rp.CurrentLeaderEpoch = -1
			rt.Partitions = append(rt.Partitions, rp)
		}
		req.Topics = append(req.Topics, rt)
	}
	out := kadm.ListedOffsets{}
	for _, shard := range cl.RequestSharded(ctx, req) {
		if shard.Err != nil {
			return nil, shard.Err
		}
		resp := shard.Resp.(*kmsg.ListOffsetsResponse)
		for _, t := range resp.Topics {
			if out[t.Topic] == nil {
				out[t.Topic] = map[int32]kadm.ListedOffset{}
			}
			for _, p := range t.Partitions {
				out[t.Topic][p.Partition] = kadm.ListedOffset{
					Topic: t.Topic, Partition: p.Partition, Timestamp: p.Timestamp,
					Offset: p.Offset, LeaderEpoch: p.LeaderEpoch, Err: kerr.ErrorForCode(p.ErrorCode),
				}
			}
		}
	}
	return out, nil
}
