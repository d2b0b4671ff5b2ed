package kafkatools

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
	"github.com/kafkalab/kafkalab/lab/broker"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// referenceBatches is the course's reference scenario (shared/spec/course.md), as the lines a
// learner types into kafka-console-producer.sh with parse.key=true and key.separator=: .
var referenceBatches = [][]string{
	{
		`1001:{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`,
		`1002:{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.0,"event_time":"2026-10-01T09:40:00Z"}`,
		`1003:{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.0,"event_time":"2026-10-01T09:55:00Z"}`,
	},
	{
		`1001:{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.5,"event_time":"2026-10-01T10:05:00Z"}`,
		`1004:{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.0,"event_time":"2026-10-01T10:20:00Z"}`,
	},
}

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

// runTool runs a tool with --bootstrap-server given as the default (as the CLI does).
func runTool(t *testing.T, bootstrap, stdin, tool string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	code := Run(ctx, tool, args, IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, []string{bootstrap})
	return result{code, out.String(), errb.String()}
}

func mustRun(t *testing.T, bootstrap, stdin, tool string, args ...string) result {
	t.Helper()
	r := runTool(t, bootstrap, stdin, tool, args...)
	if r.code != 0 {
		t.Fatalf("%s %s: exit %d\nstdout: %s\nstderr: %s", tool, strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r
}

var (
	topicIDRe  = regexp.MustCompile(`TopicId: [A-Za-z0-9_-]{22}`)
	createTime = regexp.MustCompile(`CreateTime:\d{13}`)
)

// checkGolden compares got with testdata/<name>.golden (rewritten with -update).
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -update once to create it): %v", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from %s\n--- got ---\n%s\n--- want ---\n%s", name, path, got, want)
	}
}

// createOrders creates the reference topic and sends both batches.
func createOrders(t *testing.T, bs string) {
	t.Helper()
	r := mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "orders", "--partitions", "3", "--replication-factor", "1")
	if r.stdout != "Created topic orders.\n" {
		t.Fatalf("create printed %q", r.stdout)
	}
	for _, batch := range referenceBatches {
		mustRun(t, bs, strings.Join(batch, "\n")+"\n", "kafka-console-producer.sh",
			"--topic", "orders", "--property", "parse.key=true", "--property", "key.separator=:")
	}
}

func TestReferenceScenario(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)

	// Placement follows murmur2 of the key, as Kafka's Java client: 1001,1002 -> 0; 1003,1004 -> 1.
	r := mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders")
	if r.stdout != "orders:0:3\norders:1:2\norders:2:0\n" {
		t.Errorf("latest offsets = %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders", "--time", "-2")
	if r.stdout != "orders:0:0\norders:1:0\norders:2:0\n" {
		t.Errorf("earliest offsets = %q", r.stdout)
	}

	// Each partition is read with room for one record more than it should hold; the idle
	// timeout then ends the read, so an extra record would show.
	for _, p := range []struct{ partition, max, want string }{
		{"0", "4", "Partition:0\tOffset:0\t1001\t" + value(0, 0) + "\nPartition:0\tOffset:1\t1002\t" + value(0, 1) + "\nPartition:0\tOffset:2\t1001\t" + value(1, 0) + "\n"},
		{"1", "3", "Partition:1\tOffset:0\t1003\t" + value(0, 2) + "\nPartition:1\tOffset:1\t1004\t" + value(1, 1) + "\n"},
		{"2", "1", ""},
	} {
		r = mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--partition", p.partition, "--offset", "earliest",
			"--max-messages", p.max, "--timeout-ms", "2000", "--property", "print.key=true", "--property", "print.partition=true", "--property", "print.offset=true")
		if r.stdout != p.want {
			t.Errorf("partition %s holds\n%s\nwant\n%s", p.partition, r.stdout, p.want)
		}
		n := strings.Count(p.want, "\n")
		if r.stderr != fmt.Sprintf("Processed a total of %d messages\n", n) {
			t.Errorf("partition %s stderr = %q", p.partition, r.stderr)
		}
	}

	// The whole topic, Kafka's full layout, in golden form (timestamps normalised; records of one
	// partition are in offset order, partitions follow each other).
	r = mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--from-beginning", "--max-messages", "5",
		"--property", "print.timestamp=true", "--property", "print.partition=true", "--property", "print.offset=true", "--property", "print.key=true")
	lines := strings.Split(strings.TrimSuffix(createTime.ReplaceAllString(r.stdout, "CreateTime:<ms>"), "\n"), "\n")
	sortedByPartition := append([]string(nil), lines...)
	sortStrings(sortedByPartition)
	checkGolden(t, "consume_all", strings.Join(sortedByPartition, "\n")+"\n")
	if r.stderr != "Processed a total of 5 messages\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	if !createTime.MatchString(r.stdout) {
		t.Errorf("no CreateTime:<13 digits> in %q", r.stdout)
	}

	r = mustRun(t, bs, "", "kafka-topics.sh", "--describe", "--topic", "orders")
	if !topicIDRe.MatchString(r.stdout) {
		t.Errorf("describe has no Kafka-style TopicId: %q", r.stdout)
	}
	checkGolden(t, "describe_orders", topicIDRe.ReplaceAllString(r.stdout, "TopicId: <id>"))

	r = mustRun(t, bs, "", "kafka-topics.sh", "--list")
	if r.stdout != "orders\n" {
		t.Errorf("--list = %q", r.stdout)
	}
}

// value returns the JSON of event i of batch b.
func value(b, i int) string {
	_, v, _ := strings.Cut(referenceBatches[b][i], ":")
	return v
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func TestConsumerGroupDescribe(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)

	// A group reads 3 of the 5 events and stops: Kafka commits what it printed.
	r := mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", "readers", "--from-beginning",
		"--max-messages", "3", "--timeout-ms", "5000")
	if r.stderr != "Processed a total of 3 messages\n" {
		t.Fatalf("stderr = %q", r.stderr)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--list")
	if r.stdout != "readers\n" {
		t.Errorf("--list = %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "readers")
	if r.stderr != "\nConsumer group 'readers' has no active members.\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	// Whatever 3 records were read first, the committed offsets add up to 3, and every
	// assigned partition got a commit (its position), as Kafka's console consumer does.
	cur := 0
	rows := strings.Split(strings.TrimSpace(r.stdout), "\n")[1:]
	if len(rows) != 3 {
		t.Errorf("want a row per partition:\n%s", r.stdout)
	}
	for _, line := range rows {
		f := strings.Fields(line)
		if len(f) != 9 || f[0] != "readers" || f[1] != "orders" || f[6] != "-" || f[7] != "-" || f[8] != "-" {
			t.Fatalf("row %q", line)
		}
		var c, end, lag int
		fmt.Sscan(f[3], &c)
		fmt.Sscan(f[4], &end)
		fmt.Sscan(f[5], &lag)
		if lag != end-c {
			t.Errorf("row %q: LAG is not LOG-END-OFFSET minus CURRENT-OFFSET", line)
		}
		cur += c
	}
	if cur != 3 {
		t.Errorf("sum of CURRENT-OFFSET = %d, want 3\n%s", cur, r.stdout)
	}

	// Reading the rest brings the lag to 0 on every partition; the table is exact.
	mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", "readers", "--from-beginning", "--max-messages", "2", "--timeout-ms", "5000")
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "readers")
	checkGolden(t, "group_describe", r.stdout)

	r = runTool(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "nobody")
	if r.code != 1 || !strings.Contains(r.stderr, "Error: Executing consumer group command failed due to org.apache.kafka.common.errors.GroupIdNotFoundException: Group nobody not found.") {
		t.Errorf("unknown group: %+v", r)
	}
}

func TestDeleteRecordsMovesEarliest(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)
	f := filepath.Join(t.TempDir(), "offsets.json")
	os.WriteFile(f, []byte(`{"partitions":[{"topic":"orders","partition":0,"offset":2}],"version":1}`), 0o644)
	r := mustRun(t, bs, "", "kafka-delete-records.sh", "--offset-json-file", f)
	checkGolden(t, "delete_records", r.stdout)

	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders", "--time", "earliest")
	if r.stdout != "orders:0:2\norders:1:0\norders:2:0\n" {
		t.Errorf("earliest after delete = %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--partition", "0", "--from-beginning",
		"--max-messages", "2", "--timeout-ms", "2000", "--property", "print.offset=true")
	if r.stdout != "Offset:2\t"+value(1, 0)+"\n" {
		t.Errorf("partition 0 after delete = %q", r.stdout)
	}

	// -1 means "up to the end": the partition is emptied.
	os.WriteFile(f, []byte(`{"partitions":[{"topic":"orders","partition":1,"offset":-1}],"version":1}`), 0o644)
	r = mustRun(t, bs, "", "kafka-delete-records.sh", "--offset-json-file", f)
	if !strings.Contains(r.stdout, "partition: orders-1\tlow_watermark: 2\n") {
		t.Errorf("delete to end: %q", r.stdout)
	}

	// Beyond the end: Kafka refuses it per partition; we say so and exit 1.
	os.WriteFile(f, []byte(`{"partitions":[{"topic":"orders","partition":2,"offset":5}],"version":1}`), 0o644)
	r = runTool(t, bs, "", "kafka-delete-records.sh", "--offset-json-file", f)
	if r.code != 1 || !strings.Contains(r.stdout, "partition: orders-2\terror: org.apache.kafka.common.errors.OffsetOutOfRangeException: The requested offset is not within the range of offsets maintained by the server.\n") {
		t.Errorf("delete beyond end: %+v", r)
	}
}

func TestTopicLifecycle(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "events", "--partitions", "1", "--config", "retention.ms=600000", "--config", "cleanup.policy=delete")
	// --if-not-exists makes a second create a quiet success.
	r := mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "events", "--partitions", "1", "--if-not-exists")
	if r.stdout != "" {
		t.Errorf("if-not-exists printed %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-topics.sh", "--describe", "--topic", "events")
	if !strings.Contains(r.stdout, "\tConfigs: min.insync.replicas=1,cleanup.policy=delete,retention.ms=600000\n") {
		t.Errorf("describe does not show the topic's configs: %q", r.stdout)
	}
	mustRun(t, bs, "", "kafka-topics.sh", "--alter", "--topic", "events", "--partitions", "4")
	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "events")
	if r.stdout != "events:0:0\nevents:1:0\nevents:2:0\nevents:3:0\n" {
		t.Errorf("after alter = %q", r.stdout)
	}
	r = runTool(t, bs, "", "kafka-topics.sh", "--alter", "--topic", "events", "--partitions", "2")
	if r.code != 1 || !strings.Contains(r.stderr, "The topic events currently has 4 partition(s); 2 would not be an increase.") {
		t.Errorf("shrink: %+v", r)
	}

	r = mustRun(t, bs, "", "kafka-configs.sh", "--entity-type", "topics", "--entity-name", "events", "--alter", "--add-config", "retention.ms=1000,max.message.bytes=2000")
	if r.stdout != "Completed updating config for topic events.\n" {
		t.Errorf("configs alter = %q", r.stdout)
	}
	mustRun(t, bs, "", "kafka-configs.sh", "--entity-type", "topics", "--entity-name", "events", "--alter", "--delete-config", "cleanup.policy")
	r = mustRun(t, bs, "", "kafka-configs.sh", "--entity-type", "topics", "--entity-name", "events", "--describe")
	lines := strings.Split(r.stdout, "\n")
	// The synonyms are printed as the broker lists them (checked against Apache Kafka in
	// realkafka_test.go); here only the entries are checked.
	if lines[0] != "Dynamic configs for topic events are:" || !strings.HasPrefix(lines[1], "  max.message.bytes=2000 sensitive=false synonyms={") ||
		!strings.HasPrefix(lines[2], "  retention.ms=1000 sensitive=false synonyms={") || len(lines) != 4 {
		t.Errorf("configs describe = %q", r.stdout)
	}
	// Kafka 4.3 accepts deleting a config that is not set.
	mustRun(t, bs, "", "kafka-configs.sh", "--entity-type", "topics", "--entity-name", "events", "--alter", "--delete-config", "segment.ms")

	mustRun(t, bs, "", "kafka-topics.sh", "--delete", "--topic", "events")
	r = mustRun(t, bs, "", "kafka-topics.sh", "--list")
	if strings.TrimSpace(r.stdout) != "" {
		t.Errorf("after delete --list = %q", r.stdout)
	}
}

func TestConsumerStops(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)

	// Without --max-messages or --timeout-ms it runs until ctx ends, then reports like Kafka.
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb lockedBuffer
	done := make(chan int)
	go func() {
		done <- Run(ctx, "kafka-console-consumer", []string{"--topic", "orders", "--from-beginning"}, IO{Stdout: &out, Stderr: &errb}, []string{bs})
	}()
	deadline := time.Now().Add(30 * time.Second)
	for strings.Count(out.String(), "\n") < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 || errb.String() != "Processed a total of 5 messages\n" {
			t.Errorf("cancelled consumer: exit %d stderr %q", code, errb.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("consumer did not stop when its context was cancelled")
	}

	// Latest (the default) on an idle topic: --timeout-ms ends it with nothing read.
	r := mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--timeout-ms", "300")
	if r.stdout != "" || r.stderr != "Processed a total of 0 messages\n" {
		t.Errorf("idle consumer: %+v", r)
	}
	// Without --group, Kafka's tool joins a throw-away group that commits nothing.
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--list")
	names := strings.Fields(r.stdout)
	if len(names) != 2 || !regexp.MustCompile(`^console-consumer-\d{1,5}$`).MatchString(names[0]) {
		t.Errorf("groups after two consumers without --group: %q", r.stdout)
	}
	for _, g := range names {
		r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", g)
		if r.stdout != "" || r.stderr != "\nConsumer group '"+g+"' has no active members.\n" {
			t.Errorf("describe %s: %+v", g, r)
		}
	}
	// --offset N starts exactly there.
	r = mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--partition", "0", "--offset", "1", "--max-messages", "1")
	if r.stdout != value(0, 1)+"\n" {
		t.Errorf("--offset 1 read %q", r.stdout)
	}
}

// lockedBuffer is a buffer one goroutine writes while the test polls it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestGetOffsetsByTime(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)
	// Every record was written just now: a time in 2000 finds each partition's first record,
	// a time far in the future finds none, and Kafka prints nothing for those.
	r := mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders", "--time", "946684800000")
	if r.stdout != "orders:0:0\norders:1:0\n" {
		t.Errorf("by old time = %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders", "--time", "32503680000000")
	if r.stdout != "" {
		t.Errorf("by future time = %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic-partitions", "orders:1-3")
	if r.stdout != "orders:1:2\norders:2:0\n" {
		t.Errorf("--topic-partitions orders:1-3 = %q", r.stdout)
	}
}

func TestBadInput(t *testing.T) {
	bs := startBroker(t)
	mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "orders", "--partitions", "3")
	dead := fmt.Sprintf("127.0.0.1:%d", testkit.FreePort(t))
	jsonFile := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(jsonFile, []byte(`{"partitions":[{"topic":"orders","partition":0,"offset":1},{"topic":"nope","partition":0,"offset":1}],"version":1}`), 0o644)

	tests := []struct {
		name  string
		tool  string
		args  []string
		stdin string
		want  string // in the one stderr line
	}{
		{"unknown flag", "kafka-topics.sh", []string{"--list", "--frobnicate"}, "", "kafka-topics.sh: frobnicate is not a recognized option (see kafka-topics.sh --help)"},
		{"no action", "kafka-topics.sh", []string{"--topic", "x"}, "", "exactly one action"},
		{"create without topic", "kafka-topics.sh", []string{"--create", "--partitions", "3"}, "", `missing required argument "[topic]": add --topic <name>`},
		{"partitions zero", "kafka-topics.sh", []string{"--create", "--topic", "t0", "--partitions", "0"}, "", "The partitions must be greater than 0"},
		{"partitions not a number", "kafka-topics.sh", []string{"--create", "--topic", "t0", "--partitions", "three"}, "", "Error while executing topic command : Cannot parse argument 'three' of option partitions: give a whole number, like --partitions 3"},
		{"partitions past int32", "kafka-topics.sh", []string{"--create", "--topic", "t0", "--partitions", "2147483648"}, "", "Error while executing topic command : Cannot parse argument '2147483648' of option partitions: the number is too large, Kafka's tools take at most 2147483647"},
		{"partitions over Kafka's request limit", "kafka-topics.sh", []string{"--create", "--topic", "t0", "--partitions", "2147483647"}, "", "Error while executing topic command : Excessively large number of partitions per request. Kafka creates at most 10000 partitions in one request"},
		{"alter past the embedded broker's limit", "kafka-topics.sh", []string{"--alter", "--topic", "orders", "--partitions", "2147483647"}, "", "Error while executing topic command : The embedded broker keeps at most 10000 partitions per topic, and 2147483647 were asked for topic 'orders' (it has 3)"},
		{"alter past int32", "kafka-topics.sh", []string{"--alter", "--topic", "orders", "--partitions", "2147483648"}, "", "Cannot parse argument '2147483648' of option partitions: the number is too large"},
		{"config not a number", "kafka-topics.sh", []string{"--create", "--topic", "t2", "--config", "retention.ms=abc"}, "", "Error while executing topic command : Invalid value abc for configuration retention.ms: Not a number of type LONG"},
		{"config not allowed", "kafka-topics.sh", []string{"--create", "--topic", "t2", "--config", "cleanup.policy=banana"}, "", "Invalid value banana for configuration cleanup.policy: String must be one of: compact, delete"},
		{"configs not a number", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "orders", "--alter", "--add-config", "retention.ms=abc"}, "",
			"Error while executing config command : org.apache.kafka.common.errors.InvalidConfigurationException: Invalid value abc for configuration retention.ms: Not a number of type LONG\n"},
		{"configs below the minimum", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "orders", "--alter", "--add-config", "max.message.bytes=-1"}, "", "InvalidConfigurationException: Invalid value -1 for configuration max.message.bytes: Value must be at least 0"},
		{"configs negative retention", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "orders", "--alter", "--add-config", "retention.ms=-5"}, "", "Invalid value -5 for configuration retention.ms: Value must be at least -1"},
		{"configs not allowed", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "orders", "--alter", "--add-config", "cleanup.policy=banana"}, "", "Invalid value banana for configuration cleanup.policy: String must be one of: compact, delete"},
		{"configs unknown name", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "orders", "--alter", "--add-config", "retention.mss=5"}, "", "InvalidConfigurationException: Unknown topic config name: retention.mss (did you mean retention.ms?)"},
		{"configs missing topic", "kafka-configs.sh", []string{"--entity-type", "topics", "--entity-name", "nope", "--alter", "--add-config", "retention.ms=5"}, "", "org.apache.kafka.common.errors.UnknownTopicOrPartitionException: The topic 'nope' does not exist. Check the name with kafka-topics.sh --list"},
		{"produce past max.request.size", "kafka-console-producer.sh", []string{"--topic", "orders"}, strings.Repeat("x", 2000000) + "\n",
			"ERROR Error when sending message to topic orders with key: null, value: 2000000 bytes with error: org.apache.kafka.common.errors.RecordTooLargeException: The message is 2000088 bytes when serialized which is larger than 1048576, which is the value of the max.request.size configuration. This is the producer's own limit: raise it with --producer-property max.request.size=2000088"},
		{"produce past max.message.bytes", "kafka-console-producer.sh", []string{"--topic", "orders", "--producer-property", "max.request.size=3000000"}, strings.Repeat("x", 2000000) + "\n",
			"ERROR Error when sending message to topic orders with key: null, value: 2000000 bytes with error: org.apache.kafka.common.errors.RecordTooLargeException: The request included a message larger than the max message size the server will accept. The broker refused it: the topic's max.message.bytes is smaller"},
		{"replication factor above brokers", "kafka-topics.sh", []string{"--create", "--topic", "t1", "--partitions", "3", "--replication-factor", "3"}, "", "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be reached because only 1 broker(s) are registered or some brokers have all their log directories cordoned. Use --replication-factor 1 or less"},
		{"replication factor zero", "kafka-topics.sh", []string{"--create", "--topic", "t1", "--replication-factor", "0"}, "", "The replication factor must be between 1 and 32767"},
		{"illegal topic name", "kafka-topics.sh", []string{"--create", "--topic", "or ders"}, "", `Topic name is invalid: 'or ders' contains one or more characters other than ASCII alphanumerics`},
		{"unknown topic config", "kafka-topics.sh", []string{"--create", "--topic", "t2", "--config", "retention.mss=5"}, "", "Error while executing topic command : Unknown topic config name: retention.mss (did you mean retention.ms?)"},
		{"config without =", "kafka-topics.sh", []string{"--create", "--topic", "t2", "--config", "retention.ms"}, "", `all configs must be in the format "key=val"`},
		{"existing topic", "kafka-topics.sh", []string{"--create", "--topic", "orders"}, "", "Topic 'orders' already exists. Add --if-not-exists"},
		{"describe missing topic", "kafka-topics.sh", []string{"--describe", "--topic", "nope"}, "", "Error while executing topic command : Topic 'nope' does not exist as expected"},
		{"delete missing topic", "kafka-topics.sh", []string{"--delete", "--topic", "nope"}, "", "Topic 'nope' does not exist as expected"},
		{"alter missing topic", "kafka-topics.sh", []string{"--alter", "--topic", "nope", "--partitions", "5"}, "", "Topic 'nope' does not exist as expected"},
		{"alter same count", "kafka-topics.sh", []string{"--alter", "--topic", "orders", "--partitions", "3"}, "", "Topic already has 3 partition(s)."},
		{"consume missing topic", "kafka-console-consumer.sh", []string{"--topic", "nope", "--max-messages", "1"}, "", "Topic 'nope' does not exist as expected"},
		{"consume missing partition", "kafka-console-consumer.sh", []string{"--topic", "orders", "--partition", "7"}, "", "partition 7 does not exist in topic orders, which has 3 partition(s)"},
		{"consume offset without partition", "kafka-console-consumer.sh", []string{"--topic", "orders", "--offset", "3"}, "", "the partition is required when offset is specified"},
		{"consume bad offset", "kafka-console-consumer.sh", []string{"--topic", "orders", "--partition", "0", "--offset", "-4"}, "", "The provided offset value '-4' is incorrect"},
		{"consume no topic", "kafka-console-consumer.sh", []string{"--from-beginning"}, "", "exactly one of --include/--topic is required"},
		{"produce no topic", "kafka-console-producer.sh", nil, "x\n", `missing required argument "[topic]"`},
		{"produce without key separator", "kafka-console-producer.sh", []string{"--topic", "orders", "--property", "parse.key=true", "--property", "key.separator=:"}, "novalue\n", "No key separator found on line number 1: 'novalue'"},
		{"offsets missing topic", "kafka-get-offsets.sh", []string{"--topic", "nope"}, "", "Error occurred: Could not match any topic-partitions with the specified filters: topic 'nope' not found"},
		{"offsets bad time", "kafka-get-offsets.sh", []string{"--topic", "orders", "--time", "yesterday"}, "", "Malformed time argument yesterday"},
		{"delete-records unknown topic", "kafka-delete-records.sh", []string{"--offset-json-file", jsonFile}, "", "Topic 'nope' does not exist as expected"},
		{"delete-records no file", "kafka-delete-records.sh", []string{"--offset-json-file", "/nonexistent/x.json"}, "", "cannot read the offset JSON file"},
		{"groups no action", "kafka-consumer-groups.sh", nil, "", "Command must include exactly one action: --list, --describe, --delete, --reset-offsets, --delete-offsets"},
		{"bad bootstrap", "kafka-topics.sh", []string{"--list", "--bootstrap-server", "localhost"}, "", `invalid --bootstrap-server "localhost": give host:port`},
		{"unreachable broker", "kafka-topics.sh", []string{"--list", "--bootstrap-server", dead}, "", "cannot reach a Kafka broker at " + dead},
		{"unreachable broker (consumer)", "kafka-console-consumer.sh", []string{"--topic", "orders", "--bootstrap-server", dead}, "", "cannot reach a Kafka broker at " + dead},
		{"unknown tool", "kafka-frob.sh", nil, "", `unknown Kafka tool "kafka-frob.sh"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runTool(t, bs, tc.stdin, tc.tool, tc.args...)
			if r.code != 1 {
				t.Errorf("exit code %d, want 1 (stdout %q, stderr %q)", r.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr %q does not contain %q", r.stderr, tc.want)
			}
			if n := strings.Count(strings.TrimSuffix(r.stderr, "\n"), "\n"); n != 0 {
				t.Errorf("stderr has %d lines, want one: %q", n+1, r.stderr)
			}
			if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "panic") {
				t.Errorf("stderr looks like a crash: %q", r.stderr)
			}
		})
	}

	// Nothing half-created: only the topic made at the start exists, with its 3 partitions.
	r := mustRun(t, bs, "", "kafka-topics.sh", "--list")
	if r.stdout != "orders\n" {
		t.Errorf("topics after the bad inputs: %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-get-offsets.sh", "--topic", "orders")
	if r.stdout != "orders:0:0\norders:1:0\norders:2:0\n" {
		t.Errorf("orders after the bad inputs: %q", r.stdout)
	}
}

func TestHelpAndVersion(t *testing.T) {
	for _, tool := range Tools() {
		var out, errb bytes.Buffer
		if code := Run(context.Background(), tool, []string{"--help"}, IO{Stdout: &out, Stderr: &errb}, nil); code != 0 {
			t.Errorf("%s --help exit %d", tool, code)
		}
		if !strings.Contains(out.String(), "--bootstrap-server") {
			t.Errorf("%s --help does not list --bootstrap-server:\n%s", tool, out.String())
		}
	}
	var out bytes.Buffer
	Run(context.Background(), "kafka-topics.sh", []string{"--version"}, IO{Stdout: &out, Stderr: &out}, nil)
	if !strings.HasPrefix(out.String(), "4.") {
		t.Errorf("--version = %q", out.String())
	}
	var errb bytes.Buffer
	if code := Run(context.Background(), "kafka-topics.sh", []string{"--list"}, IO{Stdout: &out, Stderr: &errb}, nil); code != 1 ||
		!strings.Contains(errb.String(), "add --bootstrap-server HOST:PORT") {
		t.Errorf("no bootstrap at all: exit %d %q", code, errb.String())
	}
}

func TestConsumerGroupViews(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var out, errb lockedBuffer
	go func() {
		done <- Run(ctx, "kafka-console-consumer.sh", []string{"--topic", "orders", "--group", "live", "--from-beginning"}, IO{Stdout: &out, Stderr: &errb}, []string{bs})
	}()
	deadline := time.Now().Add(30 * time.Second)
	for strings.Count(out.String(), "\n") < 5 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}

	// While the consumer runs, the group is Stable with one member that owns all 3 partitions.
	r := mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--members")
	lines := strings.Split(r.stdout, "\n")
	if len(lines) != 4 || lines[0] != "" || !strings.HasPrefix(lines[1], "GROUP           CONSUMER-ID ") || !strings.HasSuffix(lines[1], " CLIENT-ID        #PARTITIONS     ") {
		t.Fatalf("--members header: %q", r.stdout)
	}
	if f := strings.Fields(lines[2]); len(f) != 5 || f[0] != "live" || !strings.HasPrefix(f[1], "console-consumer-") || f[3] != "console-consumer" || f[4] != "3" {
		t.Errorf("--members row: %q", lines[2])
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--state")
	want := fmt.Sprintf("\nGROUP           COORDINATOR (ID)          ASSIGNMENT-STRATEGY  STATE                #MEMBERS\nlive            %-25s range                Stable               1\n", bs+"  (0)")
	if r.stdout != want || r.stderr != "" {
		t.Errorf("--state = %q, want %q (stderr %q)", r.stdout, want, r.stderr)
	}
	// --verbose, laid out as Kafka 4.3.1's tool printed a live console consumer's classic
	// group: "-" for the KIP-848 epochs and target, the assignment as topic:p,p,p.
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--members", "--verbose")
	lines = strings.Split(r.stdout, "\n")
	if len(lines) != 4 || !strings.HasSuffix(lines[1], " CLIENT-ID        #PARTITIONS     CURRENT-EPOCH   CURRENT-ASSIGNMENT   TARGET-EPOCH    TARGET-ASSIGNMENT   ") ||
		!strings.HasSuffix(lines[2], " console-consumer 3               -               orders:0,1,2         -               -                   ") {
		t.Errorf("--members --verbose: %q", r.stdout)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--state", "--verbose")
	want = fmt.Sprintf("\nGROUP           COORDINATOR (ID)          ASSIGNMENT-STRATEGY  STATE                GROUP-EPOCH     TARGET-ASSIGNMENT-EPOCH   #MEMBERS\nlive            %-25s range                Stable               -               -                         1\n", bs+"  (0)")
	if r.stdout != want {
		t.Errorf("--state --verbose = %q, want %q", r.stdout, want)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--verbose")
	if lines := strings.Split(r.stdout, "\n"); len(lines) < 3 || !strings.HasPrefix(lines[1], "GROUP           TOPIC           PARTITION  LEADER-EPOCH    CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID ") {
		t.Errorf("--describe --verbose: %q", r.stdout)
	}

	cancel()
	<-done
	// After it stopped: Empty, no members, Kafka's note on stderr.
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--members")
	if r.stdout != "\nGROUP           CONSUMER-ID     HOST            CLIENT-ID       #PARTITIONS     \n" || r.stderr != "\nConsumer group 'live' has no active members.\n" {
		t.Errorf("--members of an empty group: %q %q", r.stdout, r.stderr)
	}
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--state")
	if !strings.HasSuffix(r.stdout, "      -                    Empty                0\n") {
		t.Errorf("--state of an empty group: %q", r.stdout)
	}
	r = runTool(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "live", "--state", "--members")
	if r.code != 1 || !strings.Contains(r.stderr, "alternatives") {
		t.Errorf("--state with --members: %+v", r)
	}
}

func TestResetOffsets(t *testing.T) {
	bs := startBroker(t)
	createOrders(t, bs)
	mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", "replay", "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")

	// Dry run (the default) shows the plan and changes nothing.
	r := mustRun(t, bs, "", "kafka-consumer-groups.sh", "--reset-offsets", "--group", "replay", "--topic", "orders", "--to-earliest")
	checkGolden(t, "reset_to_earliest", r.stdout)
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "replay")
	if !strings.Contains(r.stdout, "replay          orders          0          3               3               0 ") {
		t.Errorf("dry run changed the offsets:\n%s", r.stdout)
	}

	mustRun(t, bs, "", "kafka-consumer-groups.sh", "--reset-offsets", "--group", "replay", "--topic", "orders:0", "--shift-by", "-2", "--execute")
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--describe", "--group", "replay")
	if !strings.Contains(r.stdout, "replay          orders          0          1               3               2 ") ||
		!strings.Contains(r.stdout, "replay          orders          1          2               2               0 ") {
		t.Errorf("after --shift-by -2 on partition 0:\n%s", r.stdout)
	}
	// The group reads again from there: offsets 1 and 2 of partition 0.
	r = mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--group", "replay", "--max-messages", "2", "--timeout-ms", "10000", "--property", "print.offset=true", "--property", "print.value=false")
	if got := sortedLines(r.stdout); got != "Offset:1\nOffset:2" {
		t.Errorf("re-read after reset: %q", r.stdout)
	}

	// Out of range is kept in range, with Kafka's warning.
	r = mustRun(t, bs, "", "kafka-consumer-groups.sh", "--reset-offsets", "--group", "replay", "--topic", "orders:1", "--to-offset", "99", "--execute")
	if r.stdout != "\nGROUP           TOPIC           PARTITION  NEW-OFFSET\nreplay          orders          1          2\n" ||
		!strings.Contains(r.stderr, "New offset (99) is higher than latest offset for topic partition orders-1. Value will be set to 2") {
		t.Errorf("--to-offset 99: %+v", r)
	}

	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"--reset-offsets", "--group", "replay", "--topic", "orders"}, "requires exactly one of these scenarios"},
		{[]string{"--reset-offsets", "--group", "replay", "--to-latest"}, "one of the reset scopes should be defined"},
		{[]string{"--reset-offsets", "--group", "replay", "--topic", "nope", "--to-latest"}, "Topic 'nope' does not exist"},
		{[]string{"--reset-offsets", "--group", "fresh", "--topic", "orders", "--shift-by", "1"}, "Cannot shift offset for partition orders-0 since there is no current committed offset"},
	} {
		r := runTool(t, bs, "", "kafka-consumer-groups.sh", bad.args...)
		if r.code != 1 || !strings.Contains(r.stderr, bad.want) {
			t.Errorf("%v: %+v", bad.args, r)
		}
	}
}

// sortedLines sorts output lines, timestamps masked first (they differ by nature).
func sortedLines(s string) string {
	s = createTime.ReplaceAllString(s, "CreateTime:<ms>")
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
