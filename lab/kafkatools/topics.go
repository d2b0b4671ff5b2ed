package kafkatools

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:      "kafka-topics.sh",
		summary:   "create, delete, describe, or change a topic (Kafka's kafka-topics.sh)",
		errPrefix: "Error while executing topic command : ",
		specs: []option{
			{name: "create", help: "Create a new topic."},
			{name: "list", help: "List all available topics."},
			{name: "describe", help: "List details for the given topics."},
			{name: "delete", help: "Delete a topic."},
			{name: "alter", help: "Alter the number of partitions of a topic."},
			{name: "topic", arg: "topic", help: "The topic to create, alter, describe or delete. Also a regular expression, except for --create."},
			{name: "partitions", arg: "Integer: # of partitions", help: "The number of partitions for the topic being created or altered."},
			{name: "replication-factor", arg: "Integer: replication factor", help: "The replication factor for each partition in the topic being created."},
			{name: "config", arg: "name=value", help: "A topic configuration override for the topic being created (repeatable)."},
			{name: "if-not-exists", help: "With --create: only create the topic if it does not exist."},
			{name: "if-exists", help: "With --alter, --describe or --delete: only act if the topic exists."},
			{name: "exclude-internal", help: "Exclude internal topics when listing or describing."},
			{name: "topics-with-overrides", help: "With --describe: only show topics that have overridden configs (their summary lines)."},
			{name: "under-replicated-partitions", help: "With --describe: only show partitions whose in-sync replicas are fewer than their replicas."},
			{name: "unavailable-partitions", help: "With --describe: only show partitions whose leader is not available."},
			{name: "under-min-isr-partitions", help: "With --describe: only show partitions whose in-sync replicas are fewer than min.insync.replicas."},
			{name: "at-min-isr-partitions", help: "With --describe: only show partitions whose in-sync replicas are exactly min.insync.replicas."},
		},
		run: runTopics,
	})
}

func runTopics(ctx context.Context, r *toolRun) error {
	o := r.opts
	actions := 0
	for _, a := range []string{"create", "list", "describe", "delete", "alter"} {
		if o.has(a) {
			actions++
		}
	}
	if actions != 1 {
		return usagef("command must include exactly one action: --list, --describe, --create, --alter or --delete")
	}
	if o.has("config") && !o.has("create") {
		return usagef("option --config is only valid with --create (use kafka-configs.sh --alter to change a topic's configs)")
	}
	if o.has("replication-factor") && !o.has("create") {
		return usagef("option --replication-factor is only valid with --create")
	}
	if o.has("partitions") && !o.has("create") && !o.has("alter") {
		return usagef("option --partitions is only valid with --create or --alter")
	}
	if (o.has("create") || o.has("delete") || o.has("alter")) && !o.has("topic") {
		return usagef("missing required argument \"[topic]\": add --topic <name>")
	}
	if o.has("alter") && !o.has("partitions") {
		return usagef("--alter needs --partitions N (the new, larger partition count)")
	}
	switch {
	case o.has("create"):
		return createTopic(ctx, r)
	case o.has("list"):
		return listTopics(ctx, r)
	case o.has("describe"):
		return describeTopics(ctx, r)
	case o.has("delete"):
		return deleteTopics(ctx, r)
	default:
		return alterTopic(ctx, r)
	}
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var legalTopicChars = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-zA-Z0-9._-]+$`) })

// validateTopicName applies Kafka's rules for topic names (Topic.validate), with its messages.
func validateTopicName(t string) error {
	switch {
	case t == "":
		return errors.New("Topic name is invalid: the empty string is not allowed. Give --topic a name like orders")
	case t == "." || t == "..":
		return fmt.Errorf("Topic name is invalid: '%s' is not allowed. Choose a name like orders", t)
	case len(t) > 249:
		return fmt.Errorf("Topic name is invalid: the length of '%s' is longer than the max allowed length 249", t)
	case !legalTopicChars().MatchString(t):
		return fmt.Errorf("Topic name is invalid: '%s' contains one or more characters other than ASCII alphanumerics, '.', '_' and '-'", t)
	}
	return nil
}

// kafkaTopicConfigs are the topic-level configs Apache Kafka 4.x accepts (the broker refuses
// the others; these only suggest a fix for a typo).
var kafkaTopicConfigs = []string{
	"cleanup.policy", "compression.type", "compression.gzip.level", "compression.lz4.level",
	"compression.zstd.level", "delete.retention.ms", "file.delete.delay.ms", "flush.messages",
	"flush.ms", "follower.replication.throttled.replicas", "index.interval.bytes",
	"leader.replication.throttled.replicas", "local.retention.bytes", "local.retention.ms",
	"max.compaction.lag.ms", "max.message.bytes", "message.timestamp.after.max.ms",
	"message.timestamp.before.max.ms", "message.timestamp.type", "min.cleanable.dirty.ratio",
	"min.compaction.lag.ms", "min.insync.replicas", "preallocate", "remote.storage.enable",
	"remote.log.copy.disable", "remote.log.delete.on.disable", "retention.bytes", "retention.ms",
	"segment.bytes", "segment.index.bytes", "segment.jitter.ms", "segment.ms",
	"unclean.leader.election.enable",
}

func parseTopicConfigs(vals []string) (map[string]*string, error) {
	out := map[string]*string{}
	for _, kv := range vals {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usagef("invalid topic config %q: all configs must be in the format \"key=val\", like --config retention.ms=600000", kv)
		}
		out[k] = kadm.StringPtr(v)
	}
	return out, nil
}

// brokerRefusal is the broker's message for a refused request (Kafka's tools print it as it
// is), with a fix added where the message does not say one.
func brokerRefusal(msg string, err error) error {
	if msg == "" {
		var ke *kerr.Error
		if !errors.As(err, &ke) {
			return err
		}
		msg = ke.Description
	}
	switch {
	case strings.HasPrefix(msg, "Unknown topic config name: "):
		name := strings.TrimPrefix(msg, "Unknown topic config name: ")
		if near := nearestName(name, kafkaTopicConfigs); near != "" {
			return fmt.Errorf("%s (did you mean %s?)", msg, near)
		}
		return fmt.Errorf("%s (see the topic configs in Kafka's documentation, e.g. retention.ms, cleanup.policy)", msg)
	case msg == "Excessively large number of partitions per request.":
		return fmt.Errorf("%s Kafka creates at most 10000 partitions in one request: ask for fewer", msg)
	case msg == "Unable to perform excessively large batch operation.":
		return fmt.Errorf("%s Kafka writes at most 10000 records for one request, one for the topic, one per partition and one per config: ask for at most 9999 partitions, fewer with --config", msg)
	}
	return errors.New(msg)
}

// nearestName is the name closest to s (at most two edits away), or "".
func nearestName(s string, names []string) string {
	best, bestDist := "", 3
	for _, n := range names {
		if d := editDistance(s, n); d < bestDist {
			best, bestDist = n, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

func createTopic(ctx context.Context, r *toolRun) error {
	topic := r.opts.value("topic", "")
	if err := validateTopicName(topic); err != nil {
		return err
	}
	partitions, err := r.opts.javaIntValue("partitions", -1, "3")
	if err != nil {
		return err
	}
	rf, err := r.opts.javaIntValue("replication-factor", -1, "1")
	if err != nil {
		return err
	}
	if r.opts.has("replication-factor") && (rf < 1 || rf > 32767) {
		return fmt.Errorf("The replication factor must be between 1 and 32767 inclusive: use --replication-factor 1 on a one-broker lab")
	}
	if r.opts.has("partitions") && partitions < 1 {
		return fmt.Errorf("The partitions must be greater than 0: use --partitions 1 or more")
	}
	configs, err := parseTopicConfigs(r.opts.values("config"))
	if err != nil {
		return err
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()

	// Check what the broker can do before asking it, so a refused request leaves nothing behind
	// and the message can say how many brokers there are.
	md, err := adm.BrokerMetadata(ctx)
	if err != nil {
		return fmt.Errorf("cannot read cluster metadata from %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	if rf > int64(len(md.Brokers)) {
		// Kafka's controller checks the configs before placing replicas: an unknown config
		// name is the error it reports even when there are too few brokers.
		for _, k := range sortedKeys(configs) {
			if !slices.Contains(kafkaTopicConfigs, k) {
				return brokerRefusal("Unknown topic config name: "+k, nil)
			}
		}
		return replicationError(rf, len(md.Brokers))
	}
	if strings.ContainsAny(topic, "._") {
		fmt.Fprintln(r.io.Stdout, "WARNING: Due to limitations in metric names, topics with a period ('.') or underscore ('_') could collide. To avoid issues it is best to use either, but not both.")
	}
	resp, err := adm.CreateTopic(ctx, int32(partitions), int16(rf), configs, topic)
	if err != nil {
		switch {
		case errors.Is(err, kerr.TopicAlreadyExists):
			if r.opts.has("if-not-exists") {
				return nil
			}
			return fmt.Errorf("Topic '%s' already exists. Add --if-not-exists to ignore this, or delete it first with kafka-topics.sh --delete --topic %s", topic, topic)
		case errors.Is(err, kerr.InvalidReplicationFactor) && rf > int64(len(md.Brokers)):
			return replicationError(rf, len(md.Brokers))
		}
		return brokerRefusal(resp.ErrMessage, err)
	}
	waitForPartitions(ctx, adm, topic, int(partitions))
	fmt.Fprintf(r.io.Stdout, "Created topic %s.\n", topic)
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// waitForPartitions waits, for a few seconds at most, until the broker's metadata shows the
// topic with n partitions (n < 1: any number), each with a leader. A real broker answers
// CreateTopics and CreatePartitions before its metadata shows the change (tens of
// milliseconds on one node); a tool run right after, as a lesson's next line is, would not
// see the topic or would place keys by the old partition count. Kafka's tool does not wait,
// but its user is slower than that; the output is the same either way.
func waitForPartitions(ctx context.Context, adm *kadm.Client, topic string, n int) {
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		md, err := adm.Metadata(ctx, topic)
		if err == nil {
			if td, ok := md.Topics[topic]; ok && td.Err == nil && len(td.Partitions) > 0 && (n < 1 || len(td.Partitions) == n) {
				ready := true
				for _, p := range td.Partitions {
					ready = ready && p.Err == nil && p.Leader >= 0
				}
				if ready {
					return
				}
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// replicationError is KRaft Kafka's InvalidReplicationFactorException message, plus the fix.
func replicationError(rf int64, brokers int) error {
	return fmt.Errorf("Unable to replicate the partition %d time(s): The target replication factor of %d cannot be reached because only %d broker(s) are registered or some brokers have all their log directories cordoned. Use --replication-factor %d or less",
		rf, rf, brokers, brokers)
}

// matchTopics lists topic names sorted, keeping those that match --topic (a regular
// expression matched against the whole name, as Kafka's IncludeList does).
func matchTopics(ctx context.Context, adm *kadm.Client, r *toolRun) ([]string, kadm.Metadata, error) {
	md, err := adm.Metadata(ctx)
	if err != nil {
		return nil, md, fmt.Errorf("cannot list topics on %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	var re *regexp.Regexp
	if pat := r.opts.value("topic", ""); r.opts.has("topic") && pat != "" {
		if re, err = topicRegexp(pat); err != nil {
			return nil, md, err
		}
	}
	var names []string
	for name, td := range md.Topics {
		if td.IsInternal && r.opts.has("exclude-internal") {
			continue
		}
		if re != nil && !re.MatchString(name) {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) == 0 && r.opts.has("topic") && !r.opts.has("if-exists") && r.opts.value("topic", "") != "" {
		return nil, md, topicMissing(r.opts.value("topic", ""))
	}
	return names, md, nil
}

// topicRegexp compiles a --topic include list like Kafka's IncludeList: a Java regular
// expression matched against the whole name, where a comma also separates alternatives.
func topicRegexp(pat string) (*regexp.Regexp, error) {
	re, err := regexp.Compile("^(?:" + strings.ReplaceAll(pat, ",", "|") + ")$")
	if err != nil {
		return nil, usagef("--topic %q is not a valid regular expression", pat)
	}
	return re, nil
}

func listTopics(ctx context.Context, r *toolRun) error {
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	md, err := adm.Metadata(ctx)
	if err != nil {
		return fmt.Errorf("cannot list topics on %s: %w", strings.Join(r.bootstrap, ","), err)
	}
	var names []string
	var re *regexp.Regexp
	if pat := r.opts.value("topic", ""); pat != "" {
		if re, err = topicRegexp(pat); err != nil {
			return err
		}
	}
	for name, td := range md.Topics {
		if td.IsInternal && r.opts.has("exclude-internal") {
			continue
		}
		if re != nil && !re.MatchString(name) {
			continue
		}
		names = append(names, name)
	}
	sort.Strings(names)
	// Kafka prints the names joined by newlines and then a newline, so an empty cluster
	// prints one empty line.
	fmt.Fprintln(r.io.Stdout, strings.Join(names, "\n"))
	return nil
}

// kafkaUUID prints a topic ID the way Kafka's Uuid.toString does (URL-safe base64, no padding).
func kafkaUUID(id kadm.TopicID) string {
	if id == (kadm.TopicID{}) {
		return ""
	}
	return base64.RawURLEncoding.EncodeToString(id[:])
}

func joinIDs(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return strings.Join(s, ",")
}

// elrInfo is one partition's eligible leader replicas, from DescribeTopicPartitions (KIP-966).
type elrInfo struct{ elr, lastKnown []int32 }

// describeELR asks for ELR data the way Kafka 4's admin client does; ok is false when the
// broker does not support DescribeTopicPartitions, and then Kafka prints "N/A".
func describeELR(ctx context.Context, cl *kgo.Client, topics []string) (map[string]map[int32]elrInfo, bool) {
	out := map[string]map[int32]elrInfo{}
	req := kmsg.NewPtrDescribeTopicPartitionsRequest()
	req.ResponsePartitionLimit = 2000
	for _, t := range topics {
		rt := kmsg.NewDescribeTopicPartitionsRequestTopic()
		rt.Topic = t
		req.Topics = append(req.Topics, rt)
	}
	for range 1000 { // pages, bounded
		resp, err := req.RequestWith(ctx, cl)
		if err != nil {
			return nil, false
		}
		for _, t := range resp.Topics {
			if t.Topic == nil || t.ErrorCode != 0 {
				continue
			}
			m := out[*t.Topic]
			if m == nil {
				m = map[int32]elrInfo{}
				out[*t.Topic] = m
			}
			for _, p := range t.Partitions {
				m[p.Partition] = elrInfo{elr: p.EligibleLeaderReplicas, lastKnown: p.LastKnownELR}
			}
		}
		if resp.NextCursor == nil {
			break
		}
		c := kmsg.NewDescribeTopicPartitionsRequestCursor()
		c.Topic, c.Partition = resp.NextCursor.Topic, resp.NextCursor.Partition
		req.Cursor = &c
	}
	return out, true
}

func describeTopics(ctx context.Context, r *toolRun) error {
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	names, md, err := matchTopics(ctx, adm, r)
	if err != nil || len(names) == 0 {
		return err
	}
	cfgs, err := adm.DescribeTopicConfigs(ctx, names...)
	if err != nil {
		return fmt.Errorf("cannot describe topic configs: %w", err)
	}
	cfgByTopic := map[string]kadm.ResourceConfig{}
	for _, rc := range cfgs {
		cfgByTopic[rc.Name] = rc
	}
	elr, haveELR := describeELR(ctx, cl, names)
	// The report options of TopicCommand's DescribeOptions: any partition report prints only
	// the matching partition lines; --topics-with-overrides only the summary lines of topics
	// with a config that is not the default.
	o := r.opts
	reports := o.has("under-replicated-partitions") || o.has("unavailable-partitions") ||
		o.has("under-min-isr-partitions") || o.has("at-min-isr-partitions")
	describeConfigs, describePartitions := !reports, !o.has("topics-with-overrides")
	live := map[int32]bool{}
	for _, b := range md.Brokers {
		live[b.NodeID] = true
	}
	out := r.io.Stdout
	// Kafka prints the topics in the order of the HashMap its admin client returns.
	for _, name := range javaStringCopyOrder(names) {
		td := md.Topics[name]
		parts := td.Partitions.Sorted()
		if len(parts) == 0 {
			continue
		}
		var keys []string
		values := map[string]string{}
		minISR := 1
		for _, c := range cfgByTopic[name].Configs {
			if c.Key == "min.insync.replicas" {
				if n, err := strconv.Atoi(c.MaybeValue()); err == nil {
					minISR = n
				}
			}
			// Kafka's ConfigEntry.isDefault() is "source == DEFAULT_CONFIG".
			if c.Source != kmsg.ConfigSourceDefaultConfig {
				keys = append(keys, c.Key)
				values[c.Key] = c.MaybeValue()
			}
		}
		showPartition := func(p kadm.PartitionDetail) bool {
			if describeConfigs {
				return true
			}
			hasLeader := p.Leader >= 0
			return o.has("under-replicated-partitions") && len(p.ISR) < len(p.Replicas) ||
				o.has("unavailable-partitions") && (!hasLeader || !live[p.Leader]) ||
				o.has("under-min-isr-partitions") && (!hasLeader || len(p.ISR) < minISR) ||
				o.has("at-min-isr-partitions") && len(p.ISR) == minISR
		}
		var overrides []string
		for _, k := range kafkaConfigOrder(keys) {
			overrides = append(overrides, k+"="+values[k])
		}
		line := "Topic: " + name
		if id := kafkaUUID(td.ID); id != "" {
			line += "\tTopicId: " + id
		}
		line += fmt.Sprintf("\tPartitionCount: %d\tReplicationFactor: %d\tConfigs: %s",
			len(parts), len(parts[0].Replicas), strings.Join(overrides, ","))
		if describeConfigs && (!o.has("topics-with-overrides") || len(keys) > 0) {
			fmt.Fprintln(out, line)
		}
		for _, p := range parts {
			if !describePartitions || !showPartition(p) {
				continue
			}
			leader := "none"
			if p.Leader >= 0 {
				leader = strconv.Itoa(int(p.Leader))
			}
			e, l := "N/A", "N/A"
			if haveELR {
				info := elr[name][p.Partition]
				e, l = joinIDs(info.elr), joinIDs(info.lastKnown)
			}
			fmt.Fprintf(out, "\tTopic: %s\tPartition: %d\tLeader: %s\tReplicas: %s\tIsr: %s\tElr: %s\tLastKnownElr: %s\n",
				name, p.Partition, leader, joinIDs(p.Replicas), joinIDs(p.ISR), e, l)
		}
	}
	return nil
}

func deleteTopics(ctx context.Context, r *toolRun) error {
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	names, _, err := matchTopics(ctx, adm, r)
	if err != nil || len(names) == 0 {
		return err
	}
	resps, err := adm.DeleteTopics(ctx, names...)
	if err != nil {
		return fmt.Errorf("cannot delete topic %s: %w", strings.Join(names, ","), err)
	}
	for _, resp := range resps.Sorted() {
		if resp.Err != nil {
			return fmt.Errorf("cannot delete topic %s: %w", resp.Topic, resp.Err)
		}
	}
	return nil
}

func alterTopic(ctx context.Context, r *toolRun) error {
	n, err := r.opts.javaIntValue("partitions", 0, "6")
	if err != nil {
		return err
	}
	adm, closeFn, err := r.admin(ctx)
	if err != nil {
		return err
	}
	defer closeFn()
	names, md, err := matchTopics(ctx, adm, r)
	if err != nil || len(names) == 0 {
		return err
	}
	// Kafka refuses to shrink or keep the count; check all topics first so none is half-altered.
	for _, name := range names {
		cur := len(md.Topics[name].Partitions)
		if int64(cur) == n {
			return fmt.Errorf("Topic already has %d partition(s). Partitions can only be added: use --partitions %d or more", cur, cur+1)
		}
		if int64(cur) > n {
			return fmt.Errorf("The topic %s currently has %d partition(s); %d would not be an increase. Partitions can only be added: use --partitions %d or more", name, cur, n, cur+1)
		}
	}
	resps, err := adm.UpdatePartitions(ctx, int(n), names...)
	if err != nil {
		return fmt.Errorf("cannot add partitions to %s: %w", strings.Join(names, ","), err)
	}
	for _, resp := range resps.Sorted() {
		if resp.Err != nil {
			return brokerRefusal(resp.ErrMessage, resp.Err)
		}
	}
	for _, name := range names {
		waitForPartitions(ctx, adm, name, int(n))
	}
	return nil
}

// logConfigOrder is the order in which Kafka's LogConfig defines topic configs.
var logConfigOrder = []string{
	"segment.bytes", "segment.ms", "segment.jitter.ms", "segment.index.bytes", "flush.messages",
	"flush.ms", "retention.bytes", "retention.ms", "max.message.bytes", "index.interval.bytes",
	"delete.retention.ms", "min.compaction.lag.ms", "max.compaction.lag.ms", "file.delete.delay.ms",
	"min.cleanable.dirty.ratio", "cleanup.policy", "unclean.leader.election.enable",
	"min.insync.replicas", "compression.type", "compression.gzip.level", "compression.lz4.level",
	"compression.zstd.level", "preallocate", "message.timestamp.type",
	"message.timestamp.before.max.ms", "message.timestamp.after.max.ms", "remote.storage.enable",
	"local.retention.ms", "local.retention.bytes", "remote.log.copy.disable",
	"remote.log.delete.on.disable", "leader.replication.throttled.replicas",
	"follower.replication.throttled.replicas",
}

// kafkaConfigOrder orders config names the way a Kafka 4.x broker lists a topic's configs:
// by their bucket in a Java HashMap of 64 buckets (String.hashCode spread by h ^ h>>>16),
// and within a bucket in LogConfig's order. Checked against Apache Kafka 4.3.1's
// kafka-topics.sh --describe; it keeps our output identical to Kafka's for the same configs.
func kafkaConfigOrder(keys []string) []string {
	rank := map[string]int{}
	for i, k := range logConfigOrder {
		rank[k] = i
	}
	bucket := func(s string) uint32 {
		var h uint32
		for _, c := range s { // Java hashes UTF-16 code units; config names are ASCII
			h = 31*h + uint32(c)
		}
		return (h ^ h>>16) & 63
	}
	out := append([]string(nil), keys...)
	sort.SliceStable(out, func(i, j int) bool {
		bi, bj := bucket(out[i]), bucket(out[j])
		if bi != bj {
			return bi < bj
		}
		ri, oki := rank[out[i]]
		rj, okj := rank[out[j]]
		switch {
		case oki && okj:
			return ri < rj
		case oki != okj:
			return oki
		}
		return out[i] < out[j]
	})
	return out
}
