//go:build apachekafka

package kafkaadmin

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// These tests run in the test-apache-kafka tier (mk/30-apache-kafka.mk), which starts a real
// Apache Kafka 4.3.1 broker (KAFKALAB_TEST_BOOTSTRAP) and gives its jars
// (KAFKALAB_KAFKA_LIBS). They run Kafka's own Java tools and ours side by side against that
// broker and require the same output, once what differs by nature is replaced: measurements
// (rates, latencies, times, the metadata log's growing offsets) and the twin topics' names.

type realKafka struct {
	bootstrap, libs, log4j string
}

func needRealKafka(t *testing.T) realKafka {
	t.Helper()
	var rk realKafka
	rk.bootstrap, rk.libs = testkit.RealKafka(t)
	abs, err := filepath.Abs("../../scripts/kafka/tools-log4j2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	rk.log4j = abs
	return rk
}

// javaClass is the main class of each of Kafka's tools this package imitates.
var javaClass = map[string]string{
	"kafka-broker-api-versions.sh": "org.apache.kafka.tools.BrokerApiVersionsCommand",
	"kafka-cluster.sh":             "org.apache.kafka.tools.ClusterTool",
	"kafka-metadata-quorum.sh":     "org.apache.kafka.tools.MetadataQuorumCommand",
	"kafka-features.sh":            "org.apache.kafka.tools.FeatureCommand",
	"kafka-log-dirs.sh":            "org.apache.kafka.tools.LogDirsCommand",
	"kafka-producer-perf-test.sh":  "org.apache.kafka.tools.ProducerPerformance",
	"kafka-consumer-perf-test.sh":  "org.apache.kafka.tools.ConsumerPerformance",
	"kafka-transactions.sh":        "org.apache.kafka.tools.TransactionsCommand",
	"kafka-leader-election.sh":     "org.apache.kafka.tools.LeaderElectionCommand",
	"kafka-dump-log.sh":            "org.apache.kafka.tools.DumpLogSegments",
	"kafka-topics.sh":              "org.apache.kafka.tools.TopicCommand",
	"kafka-groups.sh":              "org.apache.kafka.tools.GroupsCommand",
	"kafka-share-groups.sh":        "org.apache.kafka.tools.consumer.group.ShareGroupCommand",
	"kafka-streams-groups.sh":      "org.apache.kafka.tools.streams.StreamsGroupCommand",
	"kafka-console-share-consumer": "org.apache.kafka.tools.consumer.ConsoleShareConsumer",
	"kafka-acls.sh":                "org.apache.kafka.tools.AclCommand",
	"kafka-reassign-partitions.sh": "org.apache.kafka.tools.reassign.ReassignPartitionsCommand",
	"kafka-client-metrics.sh":      "org.apache.kafka.tools.ClientMetricsCommand",
	"kafka-verifiable-producer.sh": "org.apache.kafka.tools.VerifiableProducer",
	"kafka-e2e-latency.sh":         "org.apache.kafka.tools.EndToEndLatency",
	"kafka-verifiable-consumer.sh": "org.apache.kafka.tools.VerifiableConsumer",
}

// java runs Kafka's own tool with args as given (each tool takes --bootstrap-server in its
// own place).
func (rk realKafka) java(t *testing.T, tool string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	cmd := testkit.KafkaToolCmd(ctx, rk.libs, rk.log4j, javaClass[tool], args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("java %s: %v", tool, err)
	}
	return result{code, out.String(), errb.String()}
}

// ours runs our tool with the same args against the same broker.
func (rk realKafka) ours(t *testing.T, tool string, args ...string) result {
	t.Helper()
	return runTool(t, rk.bootstrap, tool, args...)
}

func twins(prefix string) (ours, java string) {
	n := rand.IntN(1_000_000)
	return fmt.Sprintf("%s-o-%06d", prefix, n), fmt.Sprintf("%s-j-%06d", prefix, n)
}

// norm replaces what differs by nature, then each side's name by a shared one.
type norm struct {
	res  []*regexp.Regexp
	with []string
}

func (n norm) apply(s string, names map[string]string) string {
	for from, to := range names {
		s = strings.ReplaceAll(s, from, to)
	}
	for i, re := range n.res {
		s = re.ReplaceAllString(s, n.with[i])
	}
	return s
}

func same(t *testing.T, what string, o, j result, n norm, names map[string]string) {
	t.Helper()
	if o.code != 0 || j.code != 0 {
		t.Errorf("%s: exit ours %d (%s), Kafka's %d (%s)", what, o.code, o.stderr, j.code, j.stderr)
		return
	}
	os, js := n.apply(o.stdout, names), n.apply(j.stdout, names)
	if os != js {
		t.Errorf("%s: ours differs from Apache Kafka's\n--- ours ---\n%s\n--- Kafka ---\n%s", what, os, js)
	}
}

var (
	numbers = norm{res: []*regexp.Regexp{regexp.MustCompile(`\d+(\.\d+)?`)}, with: []string{"N"}}
	exact   = norm{}
)

func TestAgainstApacheKafkaAdminTools(t *testing.T) {
	rk := needRealKafka(t)
	bs := []string{"--bootstrap-server", rk.bootstrap}

	for _, c := range []struct {
		tool string
		args []string
		n    norm
	}{
		{"kafka-broker-api-versions.sh", bs, exact},
		{"kafka-cluster.sh", append([]string{"cluster-id"}, bs...), exact},
		// The finalized features' epoch is the metadata log's offset of their last change.
		{"kafka-features.sh", append(bs, "describe"), norm{res: []*regexp.Regexp{regexp.MustCompile(`Epoch: \d+`)}, with: []string{"Epoch: N"}}},
		{"kafka-transactions.sh", append(bs, "list"), exact},
		// The metadata log grows while the tools run (the controller appends no-op records):
		// its offsets, lags and fetch times are measurements.
		{"kafka-metadata-quorum.sh", append(bs, "describe", "--status"), norm{
			res:  []*regexp.Regexp{regexp.MustCompile(`(?m)^(HighWatermark|MaxFollowerLag|MaxFollowerLagTimeMs): +\d+$`)},
			with: []string{"$1: N"}}},
		// The columns are as wide as their values, so the padding follows the measurements'
		// digits too (the log end offset grew from 2 to 3 digits between the tools once).
		{"kafka-metadata-quorum.sh", append(bs, "describe", "--replication"), norm{
			res:  []*regexp.Regexp{regexp.MustCompile(`(?m)^(\S+\s+\S+\s+)\d+(\s+)\d+(\s+)\d+(\s+)\d+`), regexp.MustCompile(` +`)},
			with: []string{"${1}N${2}N${3}N${4}N", " "}}},
		// Here the columns' widths follow the measurements' digits too.
		{"kafka-metadata-quorum.sh", append(bs, "describe", "--replication", "--human-readable"), norm{
			res:  []*regexp.Regexp{regexp.MustCompile(`\d+`), regexp.MustCompile(` +`)},
			with: []string{"N", " "}}},
	} {
		o, j := rk.ours(t, c.tool, c.args...), rk.java(t, c.tool, c.args...)
		same(t, c.tool+" "+strings.Join(c.args, " "), o, j, c.n, nil)
	}

	// A transactional id the broker does not know: Kafka's message starts ours (we add the fix).
	o, j := rk.ours(t, "kafka-transactions.sh", append(bs, "describe", "--transactional-id", "nope")...),
		rk.java(t, "kafka-transactions.sh", append(bs, "describe", "--transactional-id", "nope")...)
	// Kafka's line ends "... could not be found. Enable debug logging for additional detail.";
	// ours names the fix instead of the second sentence.
	javaMsg, _, _ := strings.Cut(strings.SplitN(j.stderr, "\n", 2)[0], ". Enable debug logging")
	if o.code != 1 || j.code != 1 || javaMsg == "" || !strings.HasPrefix(o.stderr, "kafka-transactions.sh: "+javaMsg) {
		t.Errorf("describe an unknown transactional id:\nours  (exit %d) %q\nKafka (exit %d) %q", o.code, o.stderr, j.code, j.stderr)
	}

	// Log dirs of twin topics with the same records: the same JSON once the names match, the
	// broker's folder included.
	to, tj := twins("dirs")
	names := map[string]string{to: "TOPIC", tj: "TOPIC"}
	for _, name := range []string{to, tj} {
		if r := rk.ours(t, "kafka-topics.sh", append(bs, "--create", "--topic", name, "--partitions", "3")...); r.code != 0 {
			t.Fatalf("create %s: %s", name, r.stderr)
		}
		if r := rk.ours(t, "kafka-producer-perf-test.sh", "--topic", name, "--num-records", "300", "--record-size", "50",
			"--throughput", "-1", "--producer-props", "bootstrap.servers="+rk.bootstrap, "linger.ms=0"); r.code != 0 {
			t.Fatalf("produce to %s: %s", name, r.stderr)
		}
	}
	// Kafka lists the partitions in a HashMap's order, which follows the topic's name: ours
	// describes Kafka's twin topic, so that the order can be compared.
	// A loaded broker may list a partition's log a moment after its first records are
	// acknowledged: wait until it lists all three, then ask both tools.
	for try := 0; ; try++ {
		o = rk.ours(t, "kafka-log-dirs.sh", append(bs, "--describe", "--topic-list", tj)...)
		if strings.Count(o.stdout, `"partition":"`+tj+`-`) == 3 || try == 20 {
			break
		}
		time.Sleep(250 * time.Millisecond)
	}
	j = rk.java(t, "kafka-log-dirs.sh", append(bs, "--describe", "--topic-list", tj)...)
	// Batch sizes depend on how the producer grouped records: a measurement.
	same(t, "log-dirs --describe --topic-list", o, j, norm{res: []*regexp.Regexp{regexp.MustCompile(`"size":\d+`)}, with: []string{`"size":N`}}, names)

	// The broker runs on this machine: both tools dump our topic's first segment.
	if m := regexp.MustCompile(`"logDir":"([^"]+)"`).FindStringSubmatch(o.stdout); m == nil {
		t.Errorf("no logDir in %q", o.stdout)
	} else {
		seg := filepath.Join(m[1], to+"-0", "00000000000000000000.log")
		o, j := rk.ours(t, "kafka-dump-log.sh", "--files", seg), rk.java(t, "kafka-dump-log.sh", "--files", seg)
		same(t, "dump-log", o, j, exact, nil)
	}

	// Preferred elections on one broker: nothing to elect.
	o = rk.ours(t, "kafka-leader-election.sh", append(bs, "--election-type", "preferred", "--topic", to, "--partition", "1")...)
	j = rk.java(t, "kafka-leader-election.sh", append(bs, "--election-type", "preferred", "--topic", tj, "--partition", "1")...)
	same(t, "leader-election --topic --partition", o, j, exact, names)
	o = rk.ours(t, "kafka-leader-election.sh", append(bs, "--election-type", "preferred", "--all-topic-partitions")...)
	j = rk.java(t, "kafka-leader-election.sh", append(bs, "--election-type", "preferred", "--all-topic-partitions")...)
	same(t, "leader-election --all-topic-partitions", o, j, exact, names)

	// Perf tests: the same lines and columns; the numbers are measurements.
	o = rk.ours(t, "kafka-producer-perf-test.sh", "--topic", to, "--num-records", "2000", "--record-size", "100", "--throughput", "-1",
		"--producer-props", "bootstrap.servers="+rk.bootstrap, "acks=all")
	j = rk.java(t, "kafka-producer-perf-test.sh", "--topic", tj, "--num-records", "2000", "--record-size", "100", "--throughput", "-1",
		"--producer-props", "bootstrap.servers="+rk.bootstrap, "acks=all")
	same(t, "producer-perf-test", o, j, numbers, names)
	o = rk.ours(t, "kafka-consumer-perf-test.sh", append(bs, "--topic", to, "--messages", "2000")...)
	j = rk.java(t, "kafka-consumer-perf-test.sh", append(bs, "--topic", tj, "--messages", "2000")...)
	same(t, "consumer-perf-test", o, j, numbers, names)
	// Both tools stop after the poll that reaches --messages, so they may read a little more.
	if m := regexp.MustCompile(`, (\d+), [\d.]+, \d+, \d+, [\d.]+, [\d.]+\n$`).FindStringSubmatch(o.stdout); m == nil || atoi(m[1]) < 2000 {
		t.Errorf("consumer-perf-test read fewer than 2000 records:\n%s", o.stdout)
	}
	for _, name := range []string{to, tj} {
		rk.ours(t, "kafka-topics.sh", append(bs, "--delete", "--topic", name)...)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// TestAgainstApacheKafkaGroupsTools lists the broker's groups with kafka-groups.sh (every
// filter), kafka-share-groups.sh and kafka-streams-groups.sh, ours and Kafka's: both list the
// same groups, so the outputs must agree byte for byte, order included. A classic group, a
// simple group (offsets only) and a share group (Kafka's console share consumer) are made
// first.
func TestAgainstApacheKafkaGroupsTools(t *testing.T) {
	rk := needRealKafka(t)
	bs := []string{"--bootstrap-server", rk.bootstrap}
	topic, _ := twins("grp")
	if r := rk.ours(t, "kafka-topics.sh", append(bs, "--create", "--topic", topic, "--partitions", "2")...); r.code != 0 {
		t.Fatalf("create %s: %s", topic, r.stderr)
	}
	if r := rk.ours(t, "kafka-console-consumer.sh", append(bs, "--topic", topic, "--group", topic+"-classic", "--timeout-ms", "1500")...); r.code != 0 {
		t.Fatalf("classic group: %s", r.stderr)
	}
	if r := rk.ours(t, "kafka-consumer-groups.sh", append(bs, "--reset-offsets", "--group", topic+"-simple", "--topic", topic, "--to-earliest", "--execute")...); r.code != 0 {
		t.Fatalf("simple group: %s", r.stderr)
	}
	// The share consumer ends with a TimeoutException when --timeout-ms passes; its group stays.
	rk.java(t, "kafka-console-share-consumer", append(bs, "--topic", topic, "--group", topic+"-share", "--timeout-ms", "3000")...)

	for _, c := range []struct {
		tool string
		args []string
	}{
		{"kafka-groups.sh", []string{"--list"}},
		{"kafka-groups.sh", []string{"--list", "--consumer"}},
		{"kafka-groups.sh", []string{"--list", "--share"}},
		{"kafka-groups.sh", []string{"--list", "--streams"}},
		{"kafka-groups.sh", []string{"--list", "--group-type", "classic"}},
		{"kafka-groups.sh", []string{"--list", "--group-type", "Consumer"}},
		{"kafka-groups.sh", []string{"--list", "--group-type", "share"}},
		{"kafka-groups.sh", []string{"--list", "--protocol", "consumer"}},
		{"kafka-groups.sh", []string{"--list", "--protocol", ""}},
		{"kafka-groups.sh", []string{"--list", "--group-type", "classic", "--protocol", "consumer"}},
		{"kafka-share-groups.sh", []string{"--list"}},
		{"kafka-share-groups.sh", []string{"--list", "--state"}},
		{"kafka-share-groups.sh", []string{"--list", "--state", "empty"}},
		{"kafka-streams-groups.sh", []string{"--list"}},
		{"kafka-streams-groups.sh", []string{"--list", "--state"}},
	} {
		// Other packages' tests may add groups between the two listings: ask again then.
		var o, j result
		for try := 0; try < 3; try++ {
			o, j = rk.ours(t, c.tool, append(bs, c.args...)...), rk.java(t, c.tool, append(bs, c.args...)...)
			if o.stdout == j.stdout {
				break
			}
		}
		same(t, c.tool+" "+strings.Join(c.args, " "), o, j, exact, nil)
	}
	// Refusals: the same reason (Kafka adds its option table or a stack trace).
	for _, c := range []struct {
		tool string
		args []string
	}{
		{"kafka-groups.sh", []string{"--list", "--group-type", "bogus"}},
		{"kafka-groups.sh", []string{"--list", "--consumer", "--share"}},
		{"kafka-groups.sh", []string{"--protocol", "x"}},
	} {
		o, j := rk.ours(t, c.tool, append(bs, c.args...)...), rk.java(t, c.tool, append(bs, c.args...)...)
		first := strings.SplitN(j.stderr, "\n", 2)[0]
		if o.code != 1 || j.code != 1 || first == "" || !strings.Contains(o.stderr, first) {
			t.Errorf("%s %v:\nours  (exit %d) %q\nKafka (exit %d) %q", c.tool, c.args, o.code, o.stderr, j.code, j.stderr)
		}
	}
	rk.ours(t, "kafka-topics.sh", append(bs, "--delete", "--topic", topic)...)
}

// startAuthorizerBroker starts a private Kafka 4.3.1 broker like the tier's (scripts/kafka/
// start.sh: one KRaft node on loopback) with StandardAuthorizer and the anonymous PLAINTEXT
// user as super user, so that kafka-acls.sh has ACLs to manage. It is stopped when t ends.
func startAuthorizerBroker(t *testing.T, rk realKafka) string {
	t.Helper()
	port, cport := freePort(t), freePort(t)
	dir := t.TempDir()
	props := fmt.Sprintf(`process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:%[2]d
listeners=PLAINTEXT://127.0.0.1:%[1]d,CONTROLLER://127.0.0.1:%[2]d
advertised.listeners=PLAINTEXT://127.0.0.1:%[1]d
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=%[3]s/logs
num.partitions=1
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
authorizer.class.name=org.apache.kafka.metadata.authorizer.StandardAuthorizer
super.users=User:ANONYMOUS
`, port, cport, dir)
	cfg := filepath.Join(dir, "server.properties")
	if err := os.WriteFile(cfg, []byte(props), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	if out, err := testkit.KafkaToolCmd(ctx, rk.libs, rk.log4j, "kafka.tools.StorageTool", "format",
		"--cluster-id", "kafkalab-acls-test-1", "--config", cfg).CombinedOutput(); err != nil {
		t.Fatalf("format the authorizer broker's storage: %v\n%s", err, out)
	}
	logf, err := os.Create(filepath.Join(dir, "kafka.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("java", "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
		"-cp", filepath.Join(rk.libs, "*"), "-Dlog4j2.configurationFile="+rk.log4j, "kafka.Kafka", cfg)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatalf("start the authorizer broker: %v", err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logf.Close()
	})
	bs := fmt.Sprintf("127.0.0.1:%d", port)
	for start := time.Now(); ; {
		if r := runTool(t, bs, "kafka-cluster.sh", "cluster-id", "--bootstrap-server", bs); r.code == 0 {
			return bs
		}
		if time.Since(start) > 90*time.Second {
			log, _ := os.ReadFile(filepath.Join(dir, "kafka.log"))
			t.Fatalf("the authorizer broker did not answer within 90 s; its log:\n%s", log)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// aclBlocks normalises kafka-acls.sh's output for comparison: Kafka's tool prints resources
// and entries from HashSets whose order changes from run to run (enums' identity hashes), so
// each line that starts a block is kept with its tab-indented entries, sorted, and the blocks
// are sorted.
func aclBlocks(s string) string {
	var blocks []string
	var head string
	var entries []string
	flush := func() {
		if head != "" || len(entries) > 0 {
			sort.Strings(entries)
			blocks = append(blocks, head+"\n"+strings.Join(entries, "\n"))
		}
		head, entries = "", nil
	}
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.HasPrefix(l, "\t") || strings.HasPrefix(l, " \t"):
			entries = append(entries, strings.TrimPrefix(l, " "))
		case l == "":
		default:
			flush()
			head = l
		}
	}
	flush()
	sort.Strings(blocks)
	return strings.Join(blocks, "\n--\n")
}

// TestAgainstApacheKafkaACLs runs security.html's kafka-acls.sh examples with Kafka's tool and
// ours. On the tier's broker (no authorizer) both are refused with Kafka's
// SecurityDisabledException; on a private broker with StandardAuthorizer Kafka's tool runs the
// examples, then removes every ACL, then ours runs them again: the same output once each
// block's lines are sorted (Kafka's order changes between its own runs).
func TestAgainstApacheKafkaACLs(t *testing.T) {
	rk := needRealKafka(t)
	for _, args := range [][]string{
		{"--list"},
		{"--add", "--allow-principal", "User:Bob", "--operation", "Read", "--topic", "t"},
		{"--remove", "--topic", "t", "--force"},
	} {
		args = append([]string{"--bootstrap-server", rk.bootstrap}, args...)
		o, j := rk.ours(t, "kafka-acls.sh", args...), rk.java(t, "kafka-acls.sh", args...)
		// Kafka prints its message on stdout, then a stack trace; ours on stderr.
		first := strings.SplitN(j.stdout, "\n", 2)[0]
		if o.code != 1 || j.code != 1 || !strings.Contains(first, "SecurityDisabledException") || !strings.Contains(o.stderr, first) {
			t.Errorf("kafka-acls.sh %v without an authorizer:\nours  (exit %d) %q\nKafka (exit %d) %q", args, o.code, o.stderr, j.code, j.stdout)
		}
	}

	bs := startAuthorizerBroker(t, rk)
	examples := [][]string{
		{"--list"},
		{"--add", "--allow-principal", "User:Bob", "--allow-principal", "User:Alice", "--allow-host", "198.51.100.0", "--allow-host", "198.51.100.1", "--operation", "Read", "--operation", "Write", "--topic", "Test-topic"},
		{"--add", "--allow-principal", "User:Bob", "--allow-principal", "User:Alice", "--allow-host", "198.51.100.0", "--allow-host", "198.51.100.1", "--operation", "Read", "--operation", "Write", "--topic", "Test-topic"},
		{"--add", "--allow-principal", "User:*", "--allow-host", "*", "--deny-principal", "User:BadBob", "--deny-host", "198.51.100.3", "--operation", "Read", "--topic", "Test-topic"},
		{"--add", "--allow-principal", "User:Peter", "--allow-host", "198.51.200.1", "--producer", "--topic", "*"},
		{"--add", "--allow-principal", "User:Jane", "--producer", "--topic", "Test-", "--resource-pattern-type", "prefixed"},
		{"--add", "--allow-principal", "User:Bob", "--consumer", "--topic", "Test-topic", "--group", "Group-1"},
		{"--add", "--allow-principal", "User:Bob", "--producer", "--topic", "Test-topic", "--transactional-id", "tx1", "--idempotent"},
		{"--add", "--allow-principal", "User:Bob", "--operation", "Create", "--cluster"},
		{"--list", "--topic", "Test-topic"},
		{"--list", "--topic", "*"},
		{"--list", "--topic", "Test-topic", "--resource-pattern-type", "match"},
		{"--list", "--principal", "User:Bob"},
		{"--list", "--group", "Group-1"},
		{"--list", "--cluster"},
		{"--remove", "--allow-principal", "User:Bob", "--allow-principal", "User:Alice", "--allow-host", "198.51.100.0", "--allow-host", "198.51.100.1", "--operation", "Read", "--operation", "Write", "--topic", "Test-topic", "--force"},
		{"--remove", "--allow-principal", "User:Jane", "--producer", "--topic", "Test-", "--resource-pattern-type", "Prefixed", "--force"},
		{"--list"},
	}
	cleanup := [][]string{
		{"--remove", "--topic", "*", "--resource-pattern-type", "any", "--force"},
		{"--remove", "--topic", "Test-topic", "--resource-pattern-type", "any", "--force"},
		{"--remove", "--topic", "Test-", "--resource-pattern-type", "any", "--force"},
		{"--remove", "--group", "Group-1", "--force"},
		{"--remove", "--transactional-id", "tx1", "--force"},
		{"--remove", "--cluster", "--force"},
	}
	java := make([]result, len(examples))
	for i, args := range examples {
		java[i] = rk.java(t, "kafka-acls.sh", append([]string{"--bootstrap-server", bs}, args...)...)
	}
	for _, args := range cleanup {
		if r := rk.ours(t, "kafka-acls.sh", append([]string{"--bootstrap-server", bs}, args...)...); r.code != 0 {
			t.Fatalf("kafka-acls.sh %v: %s", args, r.stderr)
		}
	}
	if r := rk.ours(t, "kafka-acls.sh", "--bootstrap-server", bs, "--list"); r.stdout != "" {
		t.Fatalf("ACLs left after removing them all:\n%s", r.stdout)
	}
	for i, args := range examples {
		o, j := rk.ours(t, "kafka-acls.sh", append([]string{"--bootstrap-server", bs}, args...)...), java[i]
		if o.code != j.code || aclBlocks(o.stdout) != aclBlocks(j.stdout) {
			t.Errorf("kafka-acls.sh %v:\n--- ours (exit %d) ---\n%s%s\n--- Kafka (exit %d) ---\n%s", args, o.code, o.stdout, o.stderr, j.code, j.stdout)
		}
	}
}

// TestAgainstApacheKafkaReassign runs ops.html's kafka-reassign-partitions.sh steps (generate,
// execute with and without --throttle, verify, cancel, list) with Kafka's tool on one topic and
// ours on its twin, on the tier's single broker (node 1): the same output once the names match.
// Refusals: Kafka prints "Error: ..." on stdout with a stack trace, ours the line on stderr.
func TestAgainstApacheKafkaReassign(t *testing.T) {
	rk := needRealKafka(t)
	bs := []string{"--bootstrap-server", rk.bootstrap}
	to, tj := twins("reassign")
	names := map[string]string{to: "TOPIC", tj: "TOPIC"}
	dir := t.TempDir()
	files := map[string]map[string]string{}
	for _, name := range []string{to, tj} {
		if r := rk.ours(t, "kafka-topics.sh", append(bs, "--create", "--topic", name, "--partitions", "2")...); r.code != 0 {
			t.Fatalf("create %s: %s", name, r.stderr)
		}
		files[name] = map[string]string{}
		for key, text := range map[string]string{
			"move": `{"topics": [{"topic": "T"}], "version":1}`,
			"same": `{"version":1,"partitions":[{"topic":"T","partition":0,"replicas":[1]},{"topic":"T","partition":1,"replicas":[1],"log_dirs":["any"]}]}`,
			"grow": `{"version":1,"partitions":[{"topic":"T","partition":0,"replicas":[1,2]}]}`,
		} {
			p := filepath.Join(dir, name+"-"+key+".json")
			if err := os.WriteFile(p, []byte(strings.ReplaceAll(text, `"T"`, `"`+name+`"`)), 0o644); err != nil {
				t.Fatal(err)
			}
			files[name][key] = p
			names[p] = key + ".json"
		}
	}
	for _, c := range []struct {
		args []string
		fail bool
	}{
		{[]string{"--topics-to-move-json-file", "move", "--broker-list", "1", "--generate"}, false},
		{[]string{"--topics-to-move-json-file", "move", "--broker-list", "5,6", "--generate"}, true},
		{[]string{"--list"}, false},
		{[]string{"--reassignment-json-file", "same", "--execute"}, false},
		{[]string{"--reassignment-json-file", "same", "--verify"}, false},
		{[]string{"--reassignment-json-file", "same", "--execute", "--throttle", "50000000"}, false},
		{[]string{"--reassignment-json-file", "same", "--verify"}, false},
		{[]string{"--reassignment-json-file", "same", "--cancel"}, false},
		{[]string{"--reassignment-json-file", "grow", "--execute"}, true},
	} {
		args := func(name string) []string {
			out := append([]string(nil), bs...)
			for _, a := range c.args {
				if f, ok := files[name][a]; ok {
					a = f
				}
				out = append(out, a)
			}
			return out
		}
		o, j := rk.ours(t, "kafka-reassign-partitions.sh", args(to)...), rk.java(t, "kafka-reassign-partitions.sh", args(tj)...)
		what := "kafka-reassign-partitions.sh " + strings.Join(c.args, " ")
		if !c.fail {
			same(t, what, o, j, exact, names)
			continue
		}
		first := strings.SplitN(j.stdout, "\n", 2)[0]
		if o.code != 1 || j.code != 1 || !strings.HasPrefix(first, "Error: ") || !strings.Contains(o.stderr, first) {
			t.Errorf("%s:\nours  (exit %d) %q\nKafka (exit %d) %q", what, o.code, o.stderr, j.code, j.stdout)
		}
	}
	for _, name := range []string{to, tj} {
		rk.ours(t, "kafka-topics.sh", append(bs, "--delete", "--topic", name)...)
	}
}

// TestAgainstApacheKafkaClientMetrics runs a client metrics subscription's life cycle with
// Kafka's kafka-client-metrics.sh on one name and ours on its twin; --list compares both
// tools' view of the same broker. Refusals by the broker: the same message (Kafka's on stdout,
// ours on stderr).
func TestAgainstApacheKafkaClientMetrics(t *testing.T) {
	rk := needRealKafka(t)
	bs := []string{"--bootstrap-server", rk.bootstrap}
	no, nj := twins("metricsub")
	names := map[string]string{no: "SUB", nj: "SUB"}
	for _, c := range []struct {
		args []string
		fail bool
	}{
		{[]string{"--alter", "--name", "N", "--metrics", "org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator.rebalance.latency.max",
			"--interval", "1000", "--match", `client_software_name=kafka.python,client_software_version=1\.2\..*`}, false},
		{[]string{"--describe", "--name", "N"}, false},
		{[]string{"--alter", "--name", "N", "--match", ""}, false},
		{[]string{"--describe", "--name", "N"}, false},
		{[]string{"--alter", "--name", "N", "--interval", "0"}, true},
		{[]string{"--alter", "--name", "N", "--match", "bogus=1"}, true},
		{[]string{"--describe", "--name", "nope"}, false},
		{[]string{"--delete", "--name", "N"}, false},
		{[]string{"--describe", "--name", "N"}, false},
	} {
		args := func(name string) []string {
			out := append([]string(nil), bs...)
			for _, a := range c.args {
				if a == "N" {
					a = name
				}
				out = append(out, a)
			}
			return out
		}
		o, j := rk.ours(t, "kafka-client-metrics.sh", args(no)...), rk.java(t, "kafka-client-metrics.sh", args(nj)...)
		what := "kafka-client-metrics.sh " + strings.Join(c.args, " ")
		if !c.fail {
			same(t, what, o, j, exact, names)
			continue
		}
		first := strings.SplitN(j.stdout, "\n", 2)[0]
		if o.code != 1 || j.code != 1 || !strings.HasPrefix(first, "Error while executing client metrics command : ") || !strings.Contains(o.stderr, first) {
			t.Errorf("%s:\nours  (exit %d) %q\nKafka (exit %d) %q", what, o.code, o.stderr, j.code, j.stdout)
		}
	}
	o, j := rk.ours(t, "kafka-client-metrics.sh", append(bs, "--list")...), rk.java(t, "kafka-client-metrics.sh", append(bs, "--list")...)
	same(t, "kafka-client-metrics.sh --list", o, j, exact, nil)
}

// TestAgainstApacheKafkaVerifiableProducer: Kafka's VerifiableProducer and ours send the same
// keyed records to twin topics; the event lines agree field for field once the measured times
// and throughput are masked and the sends sorted (their order across partitions is timing).
func TestAgainstApacheKafkaVerifiableProducer(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("verifiable")
	for _, name := range []string{to, tj} {
		if r := rk.ours(t, "kafka-topics.sh", "--bootstrap-server", rk.bootstrap, "--create", "--topic", name, "--partitions", "2"); r.code != 0 {
			t.Fatalf("create %s: %s", name, r.stderr)
		}
	}
	args := func(topic string) []string {
		return []string{"--bootstrap-server", rk.bootstrap, "--topic", topic, "--max-messages", "6", "--value-prefix", "7", "--repeating-keys", "3", "--acks", "-1"}
	}
	o, j := rk.ours(t, "kafka-verifiable-producer.sh", args(to)...), rk.java(t, "kafka-verifiable-producer.sh", args(tj)...)
	o.stdout, j.stdout = verifiableNorm(o.stdout), verifiableNorm(j.stdout)
	same(t, "kafka-verifiable-producer.sh", o, j, exact, map[string]string{to: "TOPIC", tj: "TOPIC"})
	for _, name := range []string{to, tj} {
		rk.ours(t, "kafka-topics.sh", "--bootstrap-server", rk.bootstrap, "--delete", "--topic", name)
	}
}

// TestAgainstApacheKafkaEndToEndLatency: Kafka's EndToEndLatency and ours on twin topics they
// make themselves: the same lines once the measured numbers are masked; the positional form's
// warning too.
func TestAgainstApacheKafkaEndToEndLatency(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("e2e")
	names := map[string]string{to: "TOPIC", tj: "TOPIC"}
	args := func(topic string) []string {
		return []string{"--bootstrap-server", rk.bootstrap, "--topic", topic, "--num-records", "1001", "--producer-acks", "all", "--record-size", "100"}
	}
	o, j := rk.ours(t, "kafka-e2e-latency.sh", args(to)...), rk.java(t, "kafka-e2e-latency.sh", args(tj)...)
	same(t, "kafka-e2e-latency.sh", o, j, numbers, names)
	o = rk.ours(t, "kafka-e2e-latency.sh", rk.bootstrap, to, "2", "1", "10")
	j = rk.java(t, "kafka-e2e-latency.sh", rk.bootstrap, tj, "2", "1", "10")
	same(t, "kafka-e2e-latency.sh (positional)", o, j, numbers, names)
	for _, name := range []string{to, tj} {
		rk.ours(t, "kafka-topics.sh", "--bootstrap-server", rk.bootstrap, "--delete", "--topic", name)
	}
}

// TestAgainstApacheKafkaVerifiableConsumer: Kafka's VerifiableConsumer and ours read 4 of the 6
// records of twin one-partition topics in twin groups: the same event lines once the times are
// masked.
func TestAgainstApacheKafkaVerifiableConsumer(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("vconsumer")
	for _, name := range []string{to, tj} {
		if r := rk.ours(t, "kafka-topics.sh", "--bootstrap-server", rk.bootstrap, "--create", "--topic", name, "--partitions", "1"); r.code != 0 {
			t.Fatalf("create %s: %s", name, r.stderr)
		}
		if r := rk.ours(t, "kafka-verifiable-producer.sh", "--bootstrap-server", rk.bootstrap, "--topic", name, "--max-messages", "6", "--repeating-keys", "2"); r.code != 0 {
			t.Fatalf("produce to %s: %s", name, r.stderr)
		}
	}
	args := func(topic string) []string {
		return []string{"--bootstrap-server", rk.bootstrap, "--topic", topic, "--group-id", topic, "--max-messages", "4", "--verbose"}
	}
	o, j := rk.ours(t, "kafka-verifiable-consumer.sh", args(to)...), rk.java(t, "kafka-verifiable-consumer.sh", args(tj)...)
	times := norm{res: []*regexp.Regexp{regexp.MustCompile(`"timestamp":\d+`)}, with: []string{`"timestamp":T`}}
	same(t, "kafka-verifiable-consumer.sh", o, j, times, map[string]string{to: "TOPIC", tj: "TOPIC"})
	for _, name := range []string{to, tj} {
		rk.ours(t, "kafka-topics.sh", "--bootstrap-server", rk.bootstrap, "--delete", "--topic", name)
	}
}
