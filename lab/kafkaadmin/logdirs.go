package kafkaadmin

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func init() {
	registerTool(&tool{
		name:    "kafka-log-dirs.sh",
		summary: "This tool helps to query log directory usage on the specified brokers.",
		specs: []option{
			{name: "bootstrap-server", arg: "The server(s) to use for bootstrapping", help: "REQUIRED: the server(s) to use for bootstrapping"},
			{name: "describe", help: "Describe the specified log directories on the specified brokers."},
			{name: "topic-list", arg: "Topic list", help: "The list of topics to be queried in the form \"topic1,topic2,topic3\". All topics will be queried if no topic list is specified (default: )"},
			{name: "broker-list", arg: "Broker list", help: "The list of brokers to be queried in the form \"0,1,2\". All brokers in the cluster will be queried if no broker list is specified (default: )"},
		},
		run: logDirs,
	})
}

// jsonObject is a JSON object whose keys print in the order of a java.util.HashMap, as
// Jackson writes the HashMaps LogDirsCommand builds.
type jsonObject []jsonField

type jsonField struct {
	key string
	val any
}

func (o jsonObject) MarshalJSON() ([]byte, error) {
	fields := javaHashOrder([]jsonField(o), func(f jsonField) int32 { return javaStringHash(f.key) })
	var b strings.Builder
	b.WriteByte('{')
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.key)
		v, err := json.Marshal(f.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

// logDirs is kafka-log-dirs.sh --describe: each broker's log directories and the size of the
// partitions in them, as one line of JSON.
func logDirs(ctx context.Context, r *toolRun) error {
	if !r.opts.has("describe") {
		return usagef("Missing required argument \"[describe]\": add --describe")
	}
	topics := map[string]bool{}
	for _, t := range strings.Split(r.opts.value("topic-list", ""), ",") {
		if t != "" {
			topics[t] = true
		}
	}
	var wanted []int32
	for _, s := range strings.Split(r.opts.value("broker-list", ""), ",") {
		if s == "" {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
		if err != nil {
			return usagef("invalid --broker-list %q: give broker ids like 0,1,2", r.opts.value("broker-list", ""))
		}
		wanted = append(wanted, int32(n))
	}
	cl, err := r.client(ctx)
	if err != nil {
		return err
	}
	defer cl.Close()
	dc, err := describeCluster(ctx, cl)
	if err != nil {
		return err
	}
	cluster := map[int32]bool{}
	var all []int32
	for _, b := range dc.Brokers {
		cluster[b.NodeID] = true
		all = append(all, b.NodeID)
	}
	brokers := all
	if len(wanted) > 0 {
		var missing []int32
		brokers = nil
		for _, id := range wanted {
			if cluster[id] {
				brokers = append(brokers, id)
			} else {
				missing = append(missing, id)
			}
		}
		if len(missing) > 0 {
			return fmt.Errorf("ERROR: The given brokers do not exist from --broker-list: %s. Current existent brokers: %s",
				idList(missing), idList(all))
		}
	}
	// Kafka prints broker sets from a HashSet of Integers: ascending for broker ids.
	sort.Slice(brokers, func(i, j int) bool { return brokers[i] < brokers[j] })
	brokers = dedup(brokers)
	fmt.Fprintln(r.io.Stdout, "Querying brokers for log directories information")
	var out []any
	for _, id := range brokers {
		resp, err := kmsg.NewPtrDescribeLogDirsRequest().RequestWith(ctx, cl.Broker(int(id)))
		if err == nil {
			err = kerr.ErrorForCode(resp.ErrorCode)
		}
		if err != nil {
			return fmt.Errorf("DescribeLogDirs on broker %d failed: %w", id, err)
		}
		var dirs []jsonObject
		for _, d := range javaHashOrder(resp.Dirs, func(d kmsg.DescribeLogDirsResponseDir) int32 { return javaStringHash(d.Dir) }) {
			type tp struct {
				topic string
				p     kmsg.DescribeLogDirsResponseDirTopicPartition
			}
			var parts []tp
			for _, t := range d.Topics {
				if len(topics) > 0 && !topics[t.Topic] {
					continue
				}
				for _, p := range t.Partitions {
					parts = append(parts, tp{t.Topic, p})
				}
			}
			parts = javaHashOrder(parts, func(x tp) int32 { return 31*(31+x.p.Partition) + javaStringHash(x.topic) })
			pl := []jsonObject{}
			for _, x := range parts {
				pl = append(pl, jsonObject{
					{"partition", fmt.Sprintf("%s-%d", x.topic, x.p.Partition)},
					{"size", x.p.Size},
					{"offsetLag", x.p.OffsetLag},
					{"isFuture", x.p.IsFuture},
				})
			}
			var dirErr any
			if e := kerr.ErrorForCode(d.ErrorCode); e != nil {
				dirErr = javaExceptionClass(e)
			}
			dirs = append(dirs, jsonObject{{"logDir", d.Dir}, {"error", dirErr}, {"partitions", pl}})
		}
		if dirs == nil {
			dirs = []jsonObject{}
		}
		out = append(out, jsonObject{{"broker", id}, {"logDirs", dirs}})
	}
	if out == nil {
		out = []any{}
	}
	doc, err := json.Marshal(jsonObject{{"version", 1}, {"brokers", out}})
	if err != nil {
		return fmt.Errorf("cannot write the log directories as JSON: %w", err)
	}
	fmt.Fprintf(r.io.Stdout, "Received log directory information from brokers %s\n", idList(brokers))
	fmt.Fprintln(r.io.Stdout, string(doc))
	return nil
}

func idList(ids []int32) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = strconv.Itoa(int(id))
	}
	return strings.Join(s, ",")
}

func dedup(ids []int32) []int32 {
	var out []int32
	for i, id := range ids {
		if i == 0 || id != ids[i-1] {
			out = append(out, id)
		}
	}
	return out
}

// javaExceptionClass names the exception class Kafka's client uses for an error code:
// UNKNOWN_TOPIC_OR_PARTITION -> org.apache.kafka.common.errors.UnknownTopicOrPartitionException,
// KAFKA_STORAGE_ERROR -> ...KafkaStorageException.
func javaExceptionClass(err error) string {
	ke, ok := err.(*kerr.Error)
	if !ok {
		return err.Error()
	}
	var b strings.Builder
	for _, w := range strings.Split(strings.ToLower(ke.Message), "_") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return "org.apache.kafka.common.errors." + strings.TrimSuffix(b.String(), "Error") + "Exception"
}
