//go:build apachekafka

package kafkaadmin

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"regexp"
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
		{"kafka-metadata-quorum.sh", append(bs, "describe", "--replication"), norm{
			res:  []*regexp.Regexp{regexp.MustCompile(`(?m)^(\S+\s+\S+\s+)\d+(\s+)\d+(\s+)\d+(\s+)\d+`)},
			with: []string{"${1}N${2}N${3}N${4}N"}}},
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
