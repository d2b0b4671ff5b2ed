package kafkaadmin

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
)

// startBroker starts the lab's embedded broker on a free port for one test.
func startBroker(t testing.TB) string {
	t.Helper()
	b, err := broker.StartEmbedded(context.Background(), broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatalf("start embedded broker: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		b.Close(ctx)
	})
	return b.Bootstrap()[0]
}

type result struct {
	code           int
	stdout, stderr string
}

// runTool runs one of this package's tools (or kafkatools', to set a broker up) with the
// broker as the default bootstrap, as the CLI passes it.
func runTool(t *testing.T, bootstrap, tool string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	io := IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	var code int
	if Has(tool) {
		code = Run(ctx, tool, args, io, []string{bootstrap})
	} else {
		code = kafkatools.Run(ctx, tool, args, io, []string{bootstrap})
	}
	return result{code, out.String(), errb.String()}
}

func mustRun(t *testing.T, bootstrap, tool string, args ...string) result {
	t.Helper()
	r := runTool(t, bootstrap, tool, args...)
	if r.code != 0 {
		t.Fatalf("%s %s: exit %d\nstdout: %s\nstderr: %s", tool, strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

// TestToolsOnEmbeddedBroker runs each tool against the embedded broker and checks the shape
// of what it prints (the exact bytes are compared with Kafka's own tools in
// realkafka_test.go).
func TestToolsOnEmbeddedBroker(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "perf", "--partitions", "2")
	tests := []struct {
		tool string
		args []string
		want []*regexp.Regexp // each must match stdout
	}{
		{"kafka-broker-api-versions.sh", nil, []*regexp.Regexp{
			regexp.MustCompile(`^127\.0\.0\.1:\d+ \(id: \d+ rack: \S+ isFenced: false\) -> \(\n\tProduce\(0\): \d+ to \d+ \[usable: 13\],\n`),
			regexp.MustCompile(`\n\tApiVersions\(18\): 0 to \d+ \[usable: 4\],\n`),
			regexp.MustCompile(`\n\)\n$`),
		}},
		{"kafka-cluster.sh", []string{"cluster-id"}, []*regexp.Regexp{regexp.MustCompile(`^Cluster ID: \S+\n$`)}},
		{"kafka-features.sh", []string{"describe"}, []*regexp.Regexp{
			regexp.MustCompile(`(?m)^Feature: metadata.version {26}SupportedMinVersion: 3\.3-IV3 {10}SupportedMaxVersion: [\w. -]{15}  FinalizedVersionLevel: [\w. -]{15}  Epoch: \d+$`),
			regexp.MustCompile(`(?m)^Feature: group.version {29}SupportedMinVersion: 0 {16}SupportedMaxVersion: \d +FinalizedVersionLevel: \d +Epoch: \d+$`),
		}},
		{"kafka-log-dirs.sh", []string{"--describe", "--topic-list", "perf"}, []*regexp.Regexp{
			regexp.MustCompile(`^Querying brokers for log directories information\nReceived log directory information from brokers \d+\n\{"brokers":\[\{"broker":\d+,"logDirs":\[\{"partitions":\[`),
			regexp.MustCompile(`\{"partition":"perf-0","size":\d+,"offsetLag":0,"isFuture":false\}`),
		}},
		{"kafka-producer-perf-test.sh", []string{"--topic", "perf", "--num-records", "500", "--record-size", "100", "--throughput", "-1", "--producer-props", "acks=all", "linger.ms=5"}, []*regexp.Regexp{
			regexp.MustCompile(`^Option --producer-props has been deprecated and will be removed in a future version. Use --command-property instead.\n500 records sent, \d+\.\d{6} records/sec \(\d+\.\d\d MB/sec\), \d+\.\d\d ms avg latency, \d+\.\d\d ms max latency, \d+ ms 50th, \d+ ms 95th, \d+ ms 99th, \d+ ms 99\.9th\.\n$`),
		}},
		{"kafka-consumer-perf-test.sh", []string{"--topic", "perf", "--messages", "500"}, []*regexp.Regexp{
			regexp.MustCompile(`^Warning: --messages is deprecated. Use --num-records instead.\nstart\.time, end\.time, data\.consumed\.in\.MB, MB\.sec, data\.consumed\.in\.nMsg, nMsg\.sec, rebalance\.time\.ms, fetch\.time\.ms, fetch\.MB\.sec, fetch\.nMsg\.sec\n`),
			regexp.MustCompile(`\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d:\d{3}, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d:\d{3}, 0\.0477, [\d.]+, 500, [\d.]+, \d+, -?\d+, [\d.a-zA-Z-]+, [\d.a-zA-Z-]+\n$`),
		}},
	}
	for _, tc := range tests {
		t.Run(tc.tool, func(t *testing.T) {
			r := mustRun(t, bs, tc.tool, tc.args...)
			for _, re := range tc.want {
				if !re.MatchString(r.stdout) {
					t.Errorf("%s %v: output does not match %s:\n%s", tc.tool, tc.args, re, r.stdout)
				}
			}
		})
	}
	// The log-dirs JSON parses, and --topic-list keeps only the topic asked for.
	r := mustRun(t, bs, "kafka-log-dirs.sh", "--describe", "--topic-list", "perf")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var doc struct {
		Version int
		Brokers []struct {
			LogDirs []struct {
				Partitions []struct{ Partition string }
			}
		}
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &doc); err != nil || doc.Version != 1 || len(doc.Brokers) != 1 {
		t.Fatalf("log-dirs JSON %q: %v", lines[len(lines)-1], err)
	}
	var parts []string
	for _, d := range doc.Brokers[0].LogDirs {
		for _, p := range d.Partitions {
			parts = append(parts, p.Partition)
		}
	}
	if strings.Join(parts, ",") != "perf-1,perf-0" && strings.Join(parts, ",") != "perf-0,perf-1" {
		t.Errorf("log-dirs partitions %v, want perf-0 and perf-1", parts)
	}
}

// TestToolMistakes: bad command lines and the refused tools get one clear line and exit 1.
func TestToolMistakes(t *testing.T) {
	bs := startBroker(t)
	tests := []struct {
		tool    string
		args    []string
		wantErr string
	}{
		{"kafka-cluster.sh", nil, "missing the command: kafka-cluster.sh cluster-id"},
		{"kafka-cluster.sh", []string{"nope"}, `unknown command "nope"`},
		{"kafka-metadata-quorum.sh", []string{"describe"}, "One of --status or --replication must be specified"},
		{"kafka-metadata-quorum.sh", []string{"describe", "--status", "--replication"}, "Only one of --status or --replication"},
		{"kafka-metadata-quorum.sh", []string{"describe", "--status", "--human-readable"}, "--human-readable is only supported along with --replication"},
		{"kafka-metadata-quorum.sh", []string{"describe", "--status"}, "has no KRaft metadata quorum to describe"},
		{"kafka-log-dirs.sh", nil, `Missing required argument "[describe]"`},
		{"kafka-log-dirs.sh", []string{"--describe", "--broker-list", "7"}, "ERROR: The given brokers do not exist from --broker-list: 7. Current existent brokers: "},
		{"kafka-producer-perf-test.sh", []string{"--topic", "t", "--num-records", "0", "--record-size", "1", "--throughput", "-1"}, "--num-records should be greater than zero."},
		{"kafka-producer-perf-test.sh", []string{"--topic", "t", "--num-records", "5", "--throughput", "-1"}, "exactly one of --record-size or --payload-monotonic"},
		{"kafka-producer-perf-test.sh", []string{"--topic", "t", "--num-records", "5", "--record-size", "1", "--throughput", "-1", "--producer-props", "buffer.memory=1"}, "producer property buffer.memory is not one kafkalab's producer applies"},
		{"kafka-producer-perf-test.sh", []string{"--topic", "t", "--num-records", "5", "--record-size", "1", "--throughput", "-1", "--producer-props", "acks"}, "Invalid property: acks"},
		{"kafka-consumer-perf-test.sh", []string{"--topic", "t"}, `Missing required argument "[num-records]"`},
		{"kafka-leader-election.sh", []string{"--all-topic-partitions"}, "Missing required option(s): election-type"},
		{"kafka-leader-election.sh", []string{"--election-type", "preferred"}, "give exactly one of --all-topic-partitions"},
		{"kafka-leader-election.sh", []string{"--election-type", "preferred", "--topic", "t"}, "Missing required option(s): partition"},
		{"kafka-dump-log.sh", []string{"--files", "x.log"}, "x.log is not a Kafka log segment"},
		{"kafka-dump-log.sh", []string{"--files", "00000000000000000000.index"}, "dumps data segments (.log files) only"},
		{"kafka-dump-log.sh", []string{"--files", "00000000000000000000.log", "--print-data-log"}, "--print-data-log is not in kafkalab yet"},
		{"kafka-dump-log.sh", nil, `Missing required argument "[files]"`},
		{"kafka-transactions.sh", nil, "missing the command: kafka-transactions.sh list | describe"},
		{"kafka-transactions.sh", []string{"describe"}, "argument --transactional-id is required"},
	}
	for _, tc := range tests {
		r := runTool(t, bs, tc.tool, tc.args...)
		if r.code != 1 || !strings.Contains(r.stderr, tc.wantErr) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s %v: exit %d stderr %q, want one line with %q", tc.tool, tc.args, r.code, r.stderr, tc.wantErr)
		}
	}
}

// TestTransactions lists and describes an open transaction of a transactional producer.
func TestTransactions(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "tx", "--partitions", "1")
	header := "TransactionalId\tCoordinator\tProducerId\tTransactionState\t\n"
	if r := mustRun(t, bs, "kafka-transactions.sh", "list"); r.stdout != header {
		t.Errorf("list with no transactions: %q", r.stdout)
	}
	r := runTool(t, bs, "kafka-transactions.sh", "describe", "--transactional-id", "nope")
	if r.code != 1 || !strings.Contains(r.stderr, "Failed to describe transaction state of transactional-id `nope`: DescribeTransactions request for transactionalId `nope` failed because the ID could not be found") {
		t.Errorf("describe nope: exit %d %q", r.code, r.stderr)
	}

	cl, err := kgo.NewClient(kgo.SeedBrokers(bs), kgo.TransactionalID("orders-tx"), kgo.DefaultProduceTopic("tx"))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx := context.Background()
	if err := cl.BeginTransaction(); err != nil {
		t.Fatal(err)
	}
	if err := cl.ProduceSync(ctx, &kgo.Record{Value: []byte("v")}).FirstErr(); err != nil {
		t.Fatal(err)
	}
	list := mustRun(t, bs, "kafka-transactions.sh", "list").stdout
	if !regexp.MustCompile(`\norders-tx      \t\d +\t\d+ *\tOngoing         \t\n$`).MatchString(list) {
		t.Errorf("list with one open transaction:\n%s", list)
	}
	desc := mustRun(t, bs, "kafka-transactions.sh", "describe", "--transactional-id", "orders-tx").stdout
	if !regexp.MustCompile(`(?s)^CoordinatorId\tTransactionalId\tProducerId *\tProducerEpoch\tTransactionState\tTransactionTimeoutMs\tCurrentTransactionStartTimeMs\tTransactionDurationMs\tTopicPartitions\t\n\d +\torders-tx +\t\d+ *\t\d+ +\tOngoing +\t\d+ +\t\d+ +\t\d+ +\ttx-0 +\t\n$`).MatchString(desc) {
		t.Errorf("describe:\n%s", desc)
	}
	if err := cl.EndTransaction(ctx, kgo.TryCommit); err != nil {
		t.Fatal(err)
	}
}

// TestLeaderElection: on one broker every partition has its only replica as leader already.
func TestLeaderElection(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "kafka-topics.sh", "--create", "--topic", "el", "--partitions", "2")
	r := runTool(t, bs, "kafka-leader-election.sh", "--election-type", "preferred", "--topic", "el", "--partition", "1")
	t.Logf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	if r.code != 0 || r.stdout != "Valid replica already elected for partitions el-1\n" {
		t.Errorf("one partition: exit %d %q %q", r.code, r.stdout, r.stderr)
	}
	if r := mustRun(t, bs, "kafka-leader-election.sh", "--election-type", "PREFERRED", "--all-topic-partitions"); r.stdout != "" {
		t.Errorf("all partitions: %q", r.stdout)
	}
}

// TestDumpLog reads two segments Apache Kafka 4.3.1 wrote (the first 43 batches of a KRaft
// metadata log, a control batch among them, and a __consumer_offsets partition) and must
// print what Kafka's own DumpLogSegments printed for them (testdata/dump-log.golden).
func TestDumpLog(t *testing.T) {
	r := runTool(t, "", "kafka-dump-log.sh", "--files", "testdata/meta/00000000000000000000.log,testdata/offsets/00000000000000000000.log")
	want, err := os.ReadFile("testdata/dump-log.golden")
	if err != nil {
		t.Fatal(err)
	}
	if r.code != 0 || r.stdout != string(want) {
		t.Errorf("exit %d %s\n--- ours ---\n%s\n--- Kafka's ---\n%s", r.code, r.stderr, r.stdout, want)
	}
}
