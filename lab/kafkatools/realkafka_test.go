//go:build apachekafka

package kafkatools

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// These tests run in the test-apache-kafka tier (mk/30-apache-kafka.mk), which starts a real
// Apache Kafka 4.3.1 broker and exports its address (KAFKALAB_TEST_BOOTSTRAP) and its jars
// (KAFKALAB_KAFKA_LIBS). They run Kafka's own Java tools and ours side by side against that
// broker, on twin topics, and require the same output byte for byte (after replacing the
// topic and group names, topic ids and timestamps, which differ by nature).

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

var javaClass = map[string]string{
	"kafka-topics.sh":           "org.apache.kafka.tools.TopicCommand",
	"kafka-console-producer.sh": "org.apache.kafka.tools.ConsoleProducer",
	"kafka-console-consumer.sh": "org.apache.kafka.tools.consumer.ConsoleConsumer",
	"kafka-get-offsets.sh":      "org.apache.kafka.tools.GetOffsetShell",
	"kafka-consumer-groups.sh":  "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
	"kafka-delete-records.sh":   "org.apache.kafka.tools.DeleteRecordsCommand",
	"kafka-configs.sh":          "kafka.admin.ConfigCommand",
}

// java runs Kafka's own tool.
func (rk realKafka) java(t *testing.T, stdin, tool string, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := testkit.KafkaToolCmd(ctx, rk.libs, rk.log4j, javaClass[tool], append([]string{"--bootstrap-server", rk.bootstrap}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
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

// ours runs our tool against the same broker.
func (rk realKafka) ours(t *testing.T, stdin, tool string, args ...string) result {
	t.Helper()
	return runTool(t, rk.bootstrap, stdin, tool, args...)
}

// twins returns two names of the same length, for our side and Kafka's side.
func twins(prefix string) (ours, java string) {
	n := rand.IntN(1_000_000)
	return fmt.Sprintf("%s-o-%06d", prefix, n), fmt.Sprintf("%s-j-%06d", prefix, n)
}

// same checks that our output equals Kafka's once each side's names are replaced by NAME.
func same(t *testing.T, what string, ours, java string, names ...[2]string) {
	t.Helper()
	norm := func(s string, side int) string {
		for _, n := range names {
			s = strings.ReplaceAll(s, n[side], "<"+n[0][:3]+">")
		}
		s = topicIDRe.ReplaceAllString(s, "TopicId: <id>")
		return createTime.ReplaceAllString(s, "CreateTime:<ms>")
	}
	o, j := norm(ours, 0), norm(java, 1)
	if o != j {
		t.Errorf("%s: ours differs from Apache Kafka's\n--- ours ---\n%s\n--- Kafka ---\n%s", what, o, j)
	}
}

func TestAgainstApacheKafkaTools(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("orders")
	topics := [2]string{to, tj}

	o := rk.ours(t, "", "kafka-topics.sh", "--create", "--topic", to, "--partitions", "3", "--replication-factor", "1")
	j := rk.java(t, "", "kafka-topics.sh", "--create", "--topic", tj, "--partitions", "3", "--replication-factor", "1")
	same(t, "create", o.stdout, j.stdout, topics)

	var batch []string
	for _, b := range referenceBatches {
		batch = append(batch, b...)
	}
	in := strings.Join(batch, "\n") + "\n"
	o = rk.ours(t, in, "kafka-console-producer.sh", "--topic", to, "--property", "parse.key=true", "--property", "key.separator=:")
	j = rk.java(t, in, "kafka-console-producer.sh", "--topic", tj, "--reader-property", "parse.key=true", "--reader-property", "key.separator=:")
	if o.code != 0 || j.code != 0 {
		t.Fatalf("produce: ours %+v, Kafka's %+v", o, j)
	}

	for _, args := range [][]string{{}, {"--time", "-2"}, {"--time", "earliest"}, {"--time", "946684800000"}, {"--partitions", "1,2"}} {
		o = rk.ours(t, "", "kafka-get-offsets.sh", append([]string{"--topic", to}, args...)...)
		j = rk.java(t, "", "kafka-get-offsets.sh", append([]string{"--topic", tj}, args...)...)
		same(t, "get-offsets "+strings.Join(args, " "), o.stdout, j.stdout, topics)
	}
	if o := rk.ours(t, "", "kafka-get-offsets.sh", "--topic", to); o.stdout != to+":0:3\n"+to+":1:2\n"+to+":2:0\n" {
		t.Errorf("reference placement on Apache Kafka: %q", o.stdout)
	}

	o = rk.ours(t, "", "kafka-topics.sh", "--describe", "--topic", to)
	j = rk.java(t, "", "kafka-topics.sh", "--describe", "--topic", tj)
	same(t, "describe", o.stdout, j.stdout, topics)

	// Internal topics are listed too unless --exclude-internal (the group tests below create
	// __consumer_offsets if no test has yet).
	for _, args := range [][]string{{"--list", "--topic"}, {"--list", "--exclude-internal", "--topic"}} {
		o = rk.ours(t, "", "kafka-topics.sh", append(args, "__consumer_offsets|"+to)...)
		j = rk.java(t, "", "kafka-topics.sh", append(args, "__consumer_offsets|"+tj)...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout, topics)
	}

	// Each side reads the other's topic: both producers placed the records alike.
	props := []string{"--from-beginning", "--max-messages", "5", "--property", "print.timestamp=true", "--property", "print.key=true",
		"--property", "print.partition=true", "--property", "print.offset=true"}
	// Kafka 4.3 prints a deprecation note for --property on stdout; its tool gets the new name
	// (--formatter-property), ours the old one, which it accepts silently.
	javaProps := strings.Split(strings.ReplaceAll(strings.Join(props, "\x00"), "--property", "--formatter-property"), "\x00")
	o = rk.ours(t, "", "kafka-console-consumer.sh", append([]string{"--topic", tj}, props...)...)
	j = rk.java(t, "", "kafka-console-consumer.sh", append([]string{"--topic", to}, javaProps...)...)
	same(t, "consume (sorted)", sortedLines(o.stdout), sortedLines(j.stdout))
	if o.stderr != "Processed a total of 5 messages\n" || !strings.HasSuffix(j.stderr, "Processed a total of 5 messages\n") {
		t.Errorf("consumer stderr: ours %q, Kafka's %q", o.stderr, j.stderr)
	}
	o = rk.ours(t, "", "kafka-console-consumer.sh", "--topic", to, "--partition", "0", "--offset", "1", "--max-messages", "2", "--property", "print.key=true")
	j = rk.java(t, "", "kafka-console-consumer.sh", "--topic", tj, "--partition", "0", "--offset", "1", "--max-messages", "2", "--formatter-property", "print.key=true")
	same(t, "consume partition 0 from offset 1", o.stdout, j.stdout)

	// Groups: read 3, describe; read the rest, describe.
	gro, grj := twins("grp")
	groups := [2]string{gro, grj}
	for _, step := range []string{"3", "2"} {
		o = rk.ours(t, "", "kafka-console-consumer.sh", "--topic", to, "--group", gro, "--from-beginning", "--max-messages", step, "--timeout-ms", "10000")
		j = rk.java(t, "", "kafka-console-consumer.sh", "--topic", tj, "--group", grj, "--from-beginning", "--max-messages", step, "--timeout-ms", "10000")
		if o.code != 0 || j.code != 0 {
			t.Fatalf("group read: ours %+v, Kafka's %+v", o, j)
		}
	}
	o = rk.ours(t, "", "kafka-consumer-groups.sh", "--describe", "--group", gro)
	j = rk.java(t, "", "kafka-consumer-groups.sh", "--describe", "--group", grj)
	same(t, "consumer-groups --describe", o.stdout, j.stdout, topics, groups)
	same(t, "consumer-groups --describe (stderr)", o.stderr, j.stderr, groups)
	o = rk.ours(t, "", "kafka-consumer-groups.sh", "--describe", "--group", grj) // ours on Kafka's group
	same(t, "consumer-groups --describe, Kafka's group", o.stdout, j.stdout, [2]string{tj, tj}, [2]string{grj, grj})

	// The broker's own internal topic, with its 50 partitions and its configs in Kafka's order.
	o = rk.ours(t, "", "kafka-topics.sh", "--describe", "--topic", "__consumer_offsets")
	j = rk.java(t, "", "kafka-topics.sh", "--describe", "--topic", "__consumer_offsets")
	same(t, "describe __consumer_offsets", o.stdout, j.stdout)

	for _, view := range []string{"--members", "--state"} {
		o = rk.ours(t, "", "kafka-consumer-groups.sh", "--describe", "--group", gro, view)
		j = rk.java(t, "", "kafka-consumer-groups.sh", "--describe", "--group", grj, view)
		same(t, "consumer-groups --describe "+view, o.stdout, j.stdout, groups)
	}

	// Reset offsets: dry run, then executed moves, then the table describe shows.
	for _, args := range [][]string{
		{"--to-earliest"},
		{"--to-latest", "--dry-run"},
		{"--to-offset", "99", "--execute"},
		{"--shift-by", "-2", "--execute"},
	} {
		// Kafka prints the plan in HashMap order, which depends on the topic's name: both tools
		// plan for Kafka's group and topic (ours as a dry run, first), then ours acts on its own.
		dry := []string{"--reset-offsets", "--group", grj, "--topic", tj, "--dry-run"}
		for _, a := range args {
			if a != "--execute" && a != "--dry-run" {
				dry = append(dry, a)
			}
		}
		o = rk.ours(t, "", "kafka-consumer-groups.sh", dry...)
		j = rk.java(t, "", "kafka-consumer-groups.sh", append([]string{"--reset-offsets", "--group", grj, "--topic", tj}, args...)...)
		same(t, "reset-offsets "+strings.Join(args, " "), o.stdout, j.stdout)
		rk.ours(t, "", "kafka-consumer-groups.sh", append([]string{"--reset-offsets", "--group", gro, "--topic", to}, args...)...)
	}
	o = rk.ours(t, "", "kafka-consumer-groups.sh", "--describe", "--group", gro)
	j = rk.java(t, "", "kafka-consumer-groups.sh", "--describe", "--group", grj)
	same(t, "consumer-groups --describe after reset", o.stdout, j.stdout, topics, groups)

	// A live group (our console consumer running in it): both tools describe the same group.
	live, _ := twins("live")
	ctx, cancel := context.WithCancel(context.Background())
	var liveOut, liveErr lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, "kafka-console-consumer.sh", []string{"--topic", to, "--group", live, "--from-beginning"},
			IO{Stdout: &liveOut, Stderr: &liveErr}, []string{rk.bootstrap})
	}()
	deadline := time.Now().Add(60 * time.Second)
	for strings.Count(liveOut.String(), "\n") < 5 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(6 * time.Second) // one auto-commit interval (5 s, as Kafka's), so offsets are stable
	for _, view := range [][]string{{"--offsets"}, {"--members"}, {"--state"}, {"--members", "--verbose"}, {"--state", "--verbose"}, {"--verbose"}} {
		o = rk.ours(t, "", "kafka-consumer-groups.sh", append([]string{"--describe", "--group", live}, view...)...)
		j = rk.java(t, "", "kafka-consumer-groups.sh", append([]string{"--describe", "--group", live}, view...)...)
		same(t, "live group --describe "+strings.Join(view, " "), o.stdout, j.stdout)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("live consumer exit %d: %s", code, liveErr.String())
	}

	// Delete records, then configs.
	dir := t.TempDir()
	for i, name := range topics {
		os.WriteFile(filepath.Join(dir, fmt.Sprint(i)), []byte(`{"partitions":[{"topic":"`+name+`","partition":0,"offset":2}],"version":1}`), 0o644)
	}
	o = rk.ours(t, "", "kafka-delete-records.sh", "--offset-json-file", filepath.Join(dir, "0"))
	j = rk.java(t, "", "kafka-delete-records.sh", "--offset-json-file", filepath.Join(dir, "1"))
	same(t, "delete-records", o.stdout, j.stdout, topics)

	for _, args := range [][]string{
		{"--alter", "--add-config", "retention.ms=600000,max.message.bytes=2000,cleanup.policy=[compact,delete]"},
		{"--alter", "--delete-config", "max.message.bytes"},
		{"--describe"},
		{"--describe", "--all"},
	} {
		o = rk.ours(t, "", "kafka-configs.sh", append([]string{"--entity-type", "topics", "--entity-name", to}, args...)...)
		j = rk.java(t, "", "kafka-configs.sh", append([]string{"--entity-type", "topics", "--entity-name", tj}, args...)...)
		same(t, "kafka-configs "+strings.Join(args, " "), o.stdout, j.stdout, topics)
	}
	o = rk.ours(t, "", "kafka-topics.sh", "--describe", "--topic", to)
	j = rk.java(t, "", "kafka-topics.sh", "--describe", "--topic", tj)
	same(t, "describe with configs", o.stdout, j.stdout, topics)

	mustAlter := func(args ...string) {
		o := rk.ours(t, "", "kafka-topics.sh", append([]string{"--alter", "--topic", to}, args...)...)
		j := rk.java(t, "", "kafka-topics.sh", append([]string{"--alter", "--topic", tj}, args...)...)
		same(t, "alter "+strings.Join(args, " "), o.stdout, j.stdout, topics)
	}
	mustAlter("--partitions", "5")
	o = rk.ours(t, "", "kafka-get-offsets.sh", "--topic", to)
	j = rk.java(t, "", "kafka-get-offsets.sh", "--topic", tj)
	same(t, "get-offsets after alter", o.stdout, j.stdout, topics)

	// The same mistakes: Kafka's message is the start of ours (we add the fix).
	for _, args := range [][]string{
		{"--create", "--topic", to, "--partitions", "3"},
		{"--create", "--topic", "kt-rf", "--partitions", "3", "--replication-factor", "3"},
		{"--create", "--topic", "kt-p0", "--partitions", "0"},
		{"--create", "--topic", "kt-cfg", "--config", "retention.mss=5"},
		{"--create", "--topic", "bad name"},
		{"--describe", "--topic", "kt-nope"},
		{"--alter", "--topic", to, "--partitions", "2"},
		{"--alter", "--topic", to, "--partitions", "5"},
	} {
		o := rk.ours(t, "", "kafka-topics.sh", args...)
		jargs := append([]string(nil), args...)
		for i := range jargs {
			if jargs[i] == to {
				jargs[i] = tj
			}
		}
		j := rk.java(t, "", "kafka-topics.sh", jargs...)
		javaMsg := strings.ReplaceAll(strings.SplitN(j.stdout, "\n", 2)[0], tj, to)
		if o.code != 1 || j.code != 1 || javaMsg == "" || !strings.HasPrefix(o.stderr, strings.TrimSuffix(javaMsg, ".")) {
			t.Errorf("kafka-topics.sh %s:\nours  (exit %d) %q\nKafka (exit %d) %q", strings.Join(args, " "), o.code, o.stderr, j.code, javaMsg)
		}
	}
	r := rk.ours(t, "", "kafka-topics.sh", "--list", "--topic", "kt-.*")
	if r.stdout != "\n" {
		t.Errorf("a refused create left a topic behind: %q", r.stdout)
	}

	for _, name := range topics {
		rk.ours(t, "", "kafka-topics.sh", "--delete", "--topic", name)
	}
}

func TestAgainstApacheKafkaToolsHeadersAndFormatting(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("hdrs")
	topics := [2]string{to, tj}
	rk.ours(t, "", "kafka-topics.sh", "--create", "--topic", to, "--partitions", "1")
	rk.java(t, "", "kafka-topics.sh", "--create", "--topic", tj, "--partitions", "1")

	in := "h1:a,h2:b\tk1\tv1\n" + "NULL\tk2\tNULL\n" + "h3:NULL\tNULL\tv3\n" + "h4:x\tk4\t\n"
	reader := []string{"parse.headers=true", "parse.key=true", "null.marker=NULL"}
	var ourArgs, javaArgs []string
	for _, p := range reader {
		ourArgs = append(ourArgs, "--property", p)
		javaArgs = append(javaArgs, "--reader-property", p)
	}
	o := rk.ours(t, in, "kafka-console-producer.sh", append([]string{"--topic", to}, ourArgs...)...)
	j := rk.java(t, in, "kafka-console-producer.sh", append([]string{"--topic", tj}, javaArgs...)...)
	if o.code != 0 || j.code != 0 {
		t.Fatalf("produce: ours %+v, Kafka's %+v", o, j)
	}
	for _, props := range [][]string{
		{"print.headers=true", "print.key=true", "print.offset=true"},
		{"print.headers=true", "headers.separator=|", "null.literal=<none>", "print.key=true", "key.separator= => "},
		{"print.value=false", "print.key=true", "print.partition=true"},
		{"print.timestamp=true", "line.separator=;"},
		{"print.key=true", "key.separator=|", "print.delivery=true"},
		{"print.epoch=true", "print.partition=true", "print.offset=true", "print.delivery=true", "print.headers=true", "print.key=true"},
		{"key.deserializer=org.apache.kafka.common.serialization.StringDeserializer", "print.key=true", "print.epoch=true", "print.value=false"},
	} {
		var oa, ja []string
		for _, p := range props {
			oa = append(oa, "--property", p)
			ja = append(ja, "--formatter-property", p)
		}
		// Each side reads the other's topic.
		o = rk.ours(t, "", "kafka-console-consumer.sh", append([]string{"--topic", tj, "--from-beginning", "--max-messages", "4"}, oa...)...)
		j = rk.java(t, "", "kafka-console-consumer.sh", append([]string{"--topic", to, "--from-beginning", "--max-messages", "4"}, ja...)...)
		same(t, "consume with "+strings.Join(props, " "), o.stdout, j.stdout, topics)
	}
	// --key-deserializer and --value-deserializer name Kafka's deserializer classes.
	deser := []string{"--from-beginning", "--max-messages", "4", "--formatter-property", "print.key=true",
		"--key-deserializer", "org.apache.kafka.common.serialization.StringDeserializer",
		"--value-deserializer", "org.apache.kafka.common.serialization.StringDeserializer"}
	o = rk.ours(t, "", "kafka-console-consumer.sh", append([]string{"--topic", tj}, deser...)...)
	j = rk.java(t, "", "kafka-console-consumer.sh", append([]string{"--topic", to}, deser...)...)
	same(t, "--key-deserializer --value-deserializer", o.stdout, j.stdout, topics)
	// --include takes a regular expression over topic names.
	o = rk.ours(t, "", "kafka-console-consumer.sh", "--include", tj+"|nothing-else", "--from-beginning", "--max-messages", "4")
	j = rk.java(t, "", "kafka-console-consumer.sh", "--include", to+"|nothing-else", "--from-beginning", "--max-messages", "4")
	same(t, "--include", o.stdout, j.stdout, topics)
	// --topic-partitions rules of kafka-get-offsets.sh.
	o = rk.ours(t, "", "kafka-get-offsets.sh", "--topic-partitions", to+":0,"+to+":1-")
	j = rk.java(t, "", "kafka-get-offsets.sh", "--topic-partitions", tj+":0,"+tj+":1-")
	same(t, "--topic-partitions", o.stdout, j.stdout, topics)
	for _, name := range topics {
		rk.ours(t, "", "kafka-topics.sh", "--delete", "--topic", name)
	}
}

// The refusals of issue 14: what Kafka's tools print for a bad partition count, a bad topic
// config or a record past max.request.size is the start of what ours print (we add the fix).
func TestAgainstApacheKafkaToolsRefusals(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("refuse")
	rk.ours(t, "", "kafka-topics.sh", "--create", "--topic", to, "--partitions", "2")
	rk.java(t, "", "kafka-topics.sh", "--create", "--topic", tj, "--partitions", "2")
	defer func() {
		for _, name := range []string{to, tj} {
			rk.ours(t, "", "kafka-topics.sh", "--delete", "--topic", name)
		}
	}()
	side := func(args []string, name string) []string {
		out := make([]string, len(args))
		for i, a := range args {
			out[i] = strings.ReplaceAll(a, "NAME", name)
		}
		return out
	}
	for _, args := range [][]string{
		{"--create", "--topic", "NAME-c", "--partitions", "2147483648"},
		{"--create", "--topic", "NAME-c", "--partitions", "10001"},
		{"--create", "--topic", "NAME-c", "--config", "retention.ms=abc"},
		{"--create", "--topic", "NAME-c", "--config", "cleanup.policy=banana"},
		{"--create", "--topic", "NAME-c", "--config", "retention.mss=5"},
		{"--alter", "--topic", "NAME", "--partitions", "2147483648"},
	} {
		o := rk.ours(t, "", "kafka-topics.sh", side(args, to)...)
		j := rk.java(t, "", "kafka-topics.sh", side(args, tj)...)
		javaMsg := strings.ReplaceAll(strings.SplitN(j.stdout, "\n", 2)[0], tj, to)
		if o.code != 1 || javaMsg == "" || !strings.HasPrefix(o.stderr, strings.TrimSuffix(javaMsg, ".")) {
			t.Errorf("kafka-topics.sh %s:\nours  (exit %d) %q\nKafka (exit %d) %q", strings.Join(args, " "), o.code, o.stderr, j.code, javaMsg)
		}
	}

	// Each Java run takes seconds: a few configs here, every type and validator in
	// lab/broker's TestRefusalsMatchApacheKafka.
	const wrapper = "java.util.concurrent.ExecutionException: "
	for _, c := range []struct{ cfg, topic string }{
		{"retention.ms=abc", "NAME"}, {"max.message.bytes=-1", "NAME"}, {"cleanup.policy=banana", "NAME"},
		{"retention.mss=5", "NAME"}, {"min.cleanable.dirty.ratio=2", "NAME"}, {"retention.ms=5", "nope-NAME"},
	} {
		cfg := c.cfg
		for _, topic := range [][2]string{{strings.ReplaceAll(c.topic, "NAME", to), strings.ReplaceAll(c.topic, "NAME", tj)}} {
			args := []string{"--entity-type", "topics", "--alter", "--add-config", cfg, "--entity-name"}
			o := rk.ours(t, "", "kafka-configs.sh", append(args, topic[0])...)
			j := rk.java(t, "", "kafka-configs.sh", append(args, topic[1])...)
			var javaMsg string
			for _, line := range strings.Split(j.stdout+j.stderr, "\n") {
				if strings.HasPrefix(line, wrapper) {
					javaMsg = strings.ReplaceAll(strings.TrimPrefix(line, wrapper), topic[1], topic[0])
				}
			}
			if o.code != 1 || javaMsg == "" || !strings.HasPrefix(o.stderr, "Error while executing config command : "+strings.TrimSuffix(javaMsg, ".")) {
				t.Errorf("kafka-configs.sh --add-config %s on %s:\nours  (exit %d) %q\nKafka (exit %d) %q", cfg, topic[0], o.code, o.stderr, j.code, javaMsg)
			}
		}
	}

	big := strings.Repeat("x", 2000000) + "\n"
	o := rk.ours(t, big, "kafka-console-producer.sh", "--topic", to)
	j := rk.java(t, big, "kafka-console-producer.sh", "--topic", tj)
	javaMsg := ""
	for _, line := range strings.Split(j.stdout+j.stderr, "\n") {
		if strings.HasPrefix(line, "org.apache.kafka.common.errors.RecordTooLargeException") {
			javaMsg = line
		}
	}
	if javaMsg == "" || !strings.Contains(o.stderr, "with error: "+strings.TrimSuffix(javaMsg, ".")) {
		t.Errorf("a 2 MB line:\nours  %q\nKafka %q", o.stderr, j.stdout+j.stderr)
	}
}

// A real broker answers CreateTopics and CreatePartitions before its metadata shows the
// change. The next tool, run at once as a lesson's next line is, must still find the topic,
// and place keys by the new partition count: --create and --alter return once the broker's
// metadata shows them. Each round deletes the topic first, the case where a lesson starts
// over (a recreated topic took up to ~100 ms to appear here).
func TestAgainstApacheKafkaNextToolSeesCreateAndAlter(t *testing.T) {
	rk := needRealKafka(t)
	topic, _ := twins("fresh")
	for round := range 5 {
		if round > 0 {
			mustRun(t, rk.bootstrap, "", "kafka-topics.sh", "--delete", "--topic", topic)
			deadline := time.Now().Add(30 * time.Second)
			for runTool(t, rk.bootstrap, "", "kafka-topics.sh", "--describe", "--topic", topic).code == 0 {
				if time.Now().After(deadline) {
					t.Fatalf("topic %s still there 30s after --delete", topic)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		mustRun(t, rk.bootstrap, "", "kafka-topics.sh", "--create", "--topic", topic, "--partitions", "3", "--replication-factor", "1")
		mustRun(t, rk.bootstrap, "1001:a\n1005:b\n", "kafka-console-producer.sh", "--topic", topic, "--property", "parse.key=true", "--property", "key.separator=:")
		mustRun(t, rk.bootstrap, "", "kafka-topics.sh", "--alter", "--topic", topic, "--partitions", "5")
		mustRun(t, rk.bootstrap, "1001:c\n", "kafka-console-producer.sh", "--topic", topic, "--property", "parse.key=true", "--property", "key.separator=:")
		// murmur2: 1001 -> 0 and 1005 -> 2 of 3 partitions; 1001 -> 3 of 5.
		got := mustRun(t, rk.bootstrap, "", "kafka-get-offsets.sh", "--topic", topic).stdout
		want := fmt.Sprintf("%[1]s:0:1\n%[1]s:1:0\n%[1]s:2:1\n%[1]s:3:1\n%[1]s:4:0\n", topic)
		if got != want {
			t.Fatalf("round %d: offsets\n%s\nwant\n%s", round, got, want)
		}
	}
}

// Command lines from Kafka's documentation (ops.html "Managing Consumer Groups" and "Modifying
// topics", configuration.html's topic-level configs), each run by Kafka's tool and ours. Where
// a command only reads, ours reads Kafka's own topics and groups, so even the HashMap orders
// Kafka prints in must agree.
func TestAgainstApacheKafkaDocCommands(t *testing.T) {
	rk := needRealKafka(t)
	to, tj := twins("docs")
	po, pj := twins("plain")
	topics := [2]string{to, tj}
	for _, side := range []struct {
		run  func(t *testing.T, stdin, tool string, args ...string) result
		t, p string
	}{{rk.ours, to, po}, {rk.java, tj, pj}} {
		side.run(t, "", "kafka-topics.sh", "--create", "--topic", side.t, "--partitions", "3", "--config", "max.message.bytes=64000", "--config", "flush.messages=1")
		side.run(t, "", "kafka-topics.sh", "--create", "--topic", side.p, "--partitions", "1")
	}
	defer func() {
		for _, name := range []string{to, tj, po, pj} {
			rk.ours(t, "", "kafka-topics.sh", "--delete", "--topic", name)
		}
	}()
	var batch []string
	for _, b := range referenceBatches {
		batch = append(batch, b...)
	}
	in := strings.Join(batch, "\n") + "\n"
	rk.java(t, in, "kafka-console-producer.sh", "--topic", tj, "--reader-property", "parse.key=true", "--reader-property", "key.separator=:")

	// kafka-topics.sh --describe of several topics and its report options, on Kafka's topics.
	for _, args := range [][]string{
		{"--describe"},
		{"--describe", "--topics-with-overrides"},
		{"--describe", "--at-min-isr-partitions"},
		{"--describe", "--under-replicated-partitions"},
		{"--describe", "--unavailable-partitions"},
		{"--describe", "--under-min-isr-partitions"},
	} {
		args = append(args, "--topic", tj+"|"+pj)
		o := rk.ours(t, "", "kafka-topics.sh", args...)
		j := rk.java(t, "", "kafka-topics.sh", args...)
		same(t, "kafka-topics.sh "+strings.Join(args, " "), o.stdout, j.stdout)
		if o.code != j.code {
			t.Errorf("%v: exit %d, Kafka's %d", args, o.code, j.code)
		}
	}
	// An unknown config is reported before a replication factor the cluster cannot meet.
	o := rk.ours(t, "", "kafka-topics.sh", "--create", "--topic", to+"-rf", "--partitions", "20", "--replication-factor", "3", "--config", "x=y")
	j := rk.java(t, "", "kafka-topics.sh", "--create", "--topic", tj+"-rf", "--partitions", "20", "--replication-factor", "3", "--config", "x=y")
	if javaMsg := strings.SplitN(j.stdout, "\n", 2)[0]; o.code != 1 || javaMsg == "" || !strings.HasPrefix(o.stderr, javaMsg) {
		t.Errorf("create with x=y and 3 replicas:\nours  %q\nKafka %q", o.stderr, javaMsg)
	}

	// A group of Kafka's console consumer that read the 5 records.
	_, grj := twins("docgrp")
	rk.java(t, "", "kafka-console-consumer.sh", "--topic", tj, "--group", grj, "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")
	rk.java(t, "", "kafka-consumer-groups.sh", "--reset-offsets", "--group", grj, "--topic", tj+":0", "--to-offset", "1", "--execute")
	dir := t.TempDir()
	plan := filepath.Join(dir, "plan.csv")
	os.WriteFile(plan, []byte(tj+",0,2\n"+tj+",1,9\n"), 0o644)
	for _, args := range [][]string{
		{"--topic", tj, "--to-current"},
		{"--topic", tj, "--to-datetime", "2020-01-01T00:00:00.000"},
		{"--topic", tj, "--to-datetime", "2099-01-01T00:00:00.000", "--dry-run"},
		{"--topic", tj, "--by-duration", "PT1H", "--dry-run"},
		{"--topic", tj, "--by-duration", "P1DT2H"},
		{"--all-topics", "--to-latest", "--export"},
		{"--from-file", plan, "--dry-run"},
	} {
		args = append([]string{"--reset-offsets", "--group", grj}, args...)
		o := rk.ours(t, "", "kafka-consumer-groups.sh", args...)
		j := rk.java(t, "", "kafka-consumer-groups.sh", args...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout)
		same(t, strings.Join(args, " ")+" (stderr)", log4jStamp.ReplaceAllString(o.stderr, "[<time>]"), log4jStamp.ReplaceAllString(j.stderr, "[<time>]"))
	}
	// Kafka 4.x's names for client settings: --command-property and a --command-config file.
	props := filepath.Join(dir, "client.properties")
	os.WriteFile(props, []byte("# a client config\nclient.id=doc-reader\n"), 0o644)
	read := []string{"--topic", tj, "--partition", "0", "--offset", "0", "--max-messages", "2", "--command-property", "fetch.min.bytes=1", "--command-config", props}
	o = rk.ours(t, "", "kafka-console-consumer.sh", read...)
	j = rk.java(t, "", "kafka-console-consumer.sh", read...)
	same(t, "consumer --command-property --command-config", o.stdout, j.stdout)
	if o.code != 0 || j.code != 0 {
		t.Errorf("consumer --command-property --command-config: exit %d, Kafka's %d (%s)", o.code, j.code, o.stderr)
	}
	// Every group on the broker, in the order of Kafka's HashSet.
	for _, args := range [][]string{{"--list"}, {"--list", "--state"}} {
		o = rk.ours(t, "", "kafka-consumer-groups.sh", args...)
		j = rk.java(t, "", "kafka-consumer-groups.sh", args...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout)
	}

	// Deleting offsets and groups: twin groups on twin topics.
	gro, grj2 := twins("delgrp")
	gro2, grj3 := twins("delgrq")
	groups := [2]string{gro, grj2}
	rk.ours(t, in, "kafka-console-producer.sh", "--topic", to, "--property", "parse.key=true", "--property", "key.separator=:")
	for _, g := range [][2]string{{gro, grj2}, {gro2, grj3}} {
		rk.ours(t, "", "kafka-console-consumer.sh", "--topic", to, "--group", g[0], "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")
		rk.java(t, "", "kafka-console-consumer.sh", "--topic", tj, "--group", g[1], "--from-beginning", "--max-messages", "5", "--timeout-ms", "10000")
	}
	for _, args := range [][]string{
		{"--delete-offsets", "--group", "G", "--topic", "T:1", "--topic", "nosuchtopic"},
		{"--delete-offsets", "--group", "G", "--topic", "T"},
		{"--describe", "--group", "G"},
		{"--delete", "--group", "G"},
	} {
		side := func(g, tp string) []string {
			out := make([]string, len(args))
			for i, a := range args {
				out[i] = strings.ReplaceAll(strings.ReplaceAll(a, "G", g), "T", tp)
			}
			return out
		}
		o := rk.ours(t, "", "kafka-consumer-groups.sh", side(gro, to)...)
		j := rk.java(t, "", "kafka-consumer-groups.sh", side(grj2, tj)...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout, topics, groups)
	}
	// Deleting a group twice: Kafka prints its failure on stdout, ours on stderr (exit 1).
	o = rk.ours(t, "", "kafka-consumer-groups.sh", "--delete", "--group", gro)
	j = rk.java(t, "", "kafka-consumer-groups.sh", "--delete", "--group", grj2)
	if want := strings.ReplaceAll(strings.TrimSpace(j.stdout), grj2, gro); o.code != 1 || !strings.HasPrefix(oneLine(o.stderr), oneLine(want)) {
		t.Errorf("--delete of a deleted group:\nours  %q\nKafka %q", o.stderr, j.stdout)
	}
	// Ours deletes Kafka's other group and its own.
	o = rk.ours(t, "", "kafka-consumer-groups.sh", "--delete", "--group", grj3, "--group", gro2)
	if want := "Deletion of requested consumer groups ('" + strings.Join(javaStringSetOrder([]string{grj3, gro2}), "', '") + "') was successful.\n"; o.stdout != want {
		t.Errorf("--delete of two groups: %q, want %q", o.stdout, want)
	}
}

// kafka-configs.sh beyond topics, as ops.html (quotas) and configuration.html (broker configs)
// use it: twin users and clients on each side; the broker's cluster-wide default is one for
// both, so each side sets and removes it in turn.
func TestAgainstApacheKafkaConfigEntities(t *testing.T) {
	rk := needRealKafka(t)
	uo, uj := twins("user")
	co, cj := twins("client")
	users, clients := [2]string{uo, uj}, [2]string{co, cj}
	for _, args := range [][]string{
		{"--alter", "--add-config", "producer_byte_rate=1024,consumer_byte_rate=2048,request_percentage=200", "--entity-type", "users", "--entity-name", "U"},
		{"--alter", "--add-config", "producer_byte_rate=1024,consumer_byte_rate=2048,request_percentage=200", "--entity-type", "clients", "--entity-name", "C"},
		{"--describe", "--entity-type", "users", "--entity-name", "U"},
		{"--describe", "--entity-type", "clients", "--entity-name", "C"},
		// 4 values: the admin client's HashMap has 8 buckets instead of 4.
		{"--alter", "--add-config", "controller_mutation_rate=10", "--entity-type", "users", "--entity-name", "U"},
		{"--describe", "--entity-type", "users", "--entity-name", "U"},
		{"--alter", "--delete-config", "controller_mutation_rate", "--entity-type", "users", "--entity-name", "U"},
		{"--describe", "--entity-type", "users", "--entity-name", "U"},
		{"--alter", "--add-config", "producer_byte_rate=15000000", "--entity-type", "clients", "--entity-name", "C"},
		{"--describe", "--entity-type", "clients", "--entity-name", "C"},
		{"--alter", "--delete-config", "producer_byte_rate,consumer_byte_rate,request_percentage", "--entity-type", "users", "--entity-name", "U"},
		{"--describe", "--entity-type", "users", "--entity-name", "U"},
		{"--alter", "--delete-config", "producer_byte_rate,consumer_byte_rate,request_percentage", "--entity-type", "clients", "--entity-name", "C"},
		{"--alter", "--add-config", "producer_byte_rate=1024", "--entity-type", "users", "--entity-name", "U", "--entity-type", "clients", "--entity-name", "C"},
		{"--alter", "--add-config", "consumer_byte_rate=2048", "--entity-type", "users", "--entity-name", "U", "--entity-type", "clients", "--entity-default"},
		{"--describe", "--entity-type", "clients", "--entity-name", "C", "--entity-type", "users", "--entity-name", "U"},
		{"--describe", "--entity-type", "users", "--entity-name", "U", "--entity-type", "clients", "--entity-default"},
		{"--alter", "--delete-config", "producer_byte_rate", "--entity-type", "users", "--entity-name", "U", "--entity-type", "clients", "--entity-name", "C"},
		{"--alter", "--delete-config", "consumer_byte_rate", "--entity-type", "users", "--entity-name", "U", "--entity-type", "clients", "--entity-default"},
		{"--describe", "--entity-type", "brokers", "--entity-name", "4242"},
		{"--describe", "--entity-type", "topics", "--entity-name", "no-such-topic-U"},
	} {
		side := func(u, c string) []string {
			out := make([]string, len(args))
			for i, a := range args {
				out[i] = strings.ReplaceAll(strings.ReplaceAll(a, "U", u), "C", c)
			}
			return out
		}
		o := rk.ours(t, "", "kafka-configs.sh", side(uo, co)...)
		j := rk.java(t, "", "kafka-configs.sh", side(uj, cj)...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout, users, clients)
		if o.code != j.code {
			t.Errorf("%v: exit %d, Kafka's %d", args, o.code, j.code)
		}
	}
	// Every client's quotas: the entities in the order of the admin client's HashMap (the
	// same clients for both tools; other tests' clients may come and go between the runs).
	n := rand.IntN(1_000_000)
	var extra []string
	for _, p := range []string{"qa", "qb", "qc", "qd"} {
		c := fmt.Sprintf("%s-%06d", p, n)
		extra = append(extra, c)
		rk.ours(t, "", "kafka-configs.sh", "--alter", "--add-config", "producer_byte_rate=1024", "--entity-type", "clients", "--entity-name", c)
	}
	for try := 0; ; try++ {
		o := rk.ours(t, "", "kafka-configs.sh", "--describe", "--entity-type", "clients")
		j := rk.java(t, "", "kafka-configs.sh", "--describe", "--entity-type", "clients")
		if sortedLines(o.stdout) != sortedLines(j.stdout) && try < 3 {
			continue
		}
		same(t, "--describe --entity-type clients of every client", o.stdout, j.stdout)
		break
	}
	for _, c := range extra {
		rk.ours(t, "", "kafka-configs.sh", "--alter", "--delete-config", "producer_byte_rate", "--entity-type", "clients", "--entity-name", c)
	}
	// The brokers' default: set by one tool, described by both, removed by the other.
	for _, order := range [][2]func(t *testing.T, stdin, tool string, args ...string) result{{rk.ours, rk.java}, {rk.java, rk.ours}} {
		set, unset := order[0], order[1]
		o := set(t, "", "kafka-configs.sh", "--alter", "--add-config", "log.cleaner.threads=2", "--entity-type", "brokers", "--entity-default")
		if o.stdout != "Completed updating default config for brokers in the cluster.\n" {
			t.Errorf("--alter --entity-default: %+v", o)
		}
		// The broker answers a describe from its metadata image, which takes the new default
		// a moment after the alter returns: compare once it shows.
		for try := 0; ; try++ {
			o := rk.ours(t, "", "kafka-configs.sh", "--describe", "--entity-type", "brokers", "--entity-default")
			if strings.Contains(o.stdout, "log.cleaner.threads=2") {
				break
			}
			if try == 50 {
				t.Fatalf("the brokers' default log.cleaner.threads=2 did not show within 10s:\n%s", o.stdout)
			}
			time.Sleep(200 * time.Millisecond)
		}
		for _, args := range [][]string{
			{"--describe", "--entity-type", "brokers", "--entity-default"},
			{"--describe", "--entity-type", "brokers"},
		} {
			o := rk.ours(t, "", "kafka-configs.sh", args...)
			j := rk.java(t, "", "kafka-configs.sh", args...)
			same(t, strings.Join(args, " "), o.stdout, j.stdout)
		}
		unset(t, "", "kafka-configs.sh", "--alter", "--delete-config", "log.cleaner.threads", "--entity-type", "brokers", "--entity-default")
	}
	// Every topic of the broker, in Kafka's order (a HashSet filled in the broker's order).
	// Other packages' tests may create or delete topics between the two runs: then the two
	// lists differ as sets, and the comparison is tried again.
	for _, c := range []struct {
		tool string
		args []string
	}{{"kafka-configs.sh", []string{"--describe", "--entity-type", "topics"}}, {"kafka-topics.sh", []string{"--describe"}}} {
		for try := 0; ; try++ {
			o := rk.ours(t, "", c.tool, c.args...)
			j := rk.java(t, "", c.tool, c.args...)
			if sortedLines(o.stdout) != sortedLines(j.stdout) && try < 3 {
				continue
			}
			same(t, c.tool+" "+strings.Join(c.args, " ")+" of every topic", o.stdout, j.stdout)
			break
		}
	}
	// Refusals: Kafka's message starts ours.
	for _, args := range [][]string{
		{"--alter", "--add-config", "bogus_rate=1", "--entity-type", "users", "--entity-name", uo},
		{"--describe", "--entity-type", "brokers", "--entity-name", "one"},
	} {
		o := rk.ours(t, "", "kafka-configs.sh", args...)
		j := rk.java(t, "", "kafka-configs.sh", args...)
		javaMsg := strings.SplitN(strings.TrimSpace(j.stdout+j.stderr), "\n", 2)[0]
		if o.code != 1 || j.code != 1 || javaMsg == "" || !strings.Contains(o.stderr, strings.TrimSuffix(javaMsg, ".")) {
			t.Errorf("kafka-configs.sh %s:\nours  (exit %d) %q\nKafka (exit %d) %q", strings.Join(args, " "), o.code, o.stderr, j.code, javaMsg)
		}
	}
}

// kafka-configs.sh --entity-type groups and client-metrics, as Kafka 4.3.1's tool: twin
// group and subscription names on each side (no describe without a name: other tests'
// groups share the broker).
func TestAgainstApacheKafkaConfigGroupsAndClientMetrics(t *testing.T) {
	rk := needRealKafka(t)
	gro, grj := twins("cfggroup")
	cmo, cmj := twins("cfgmetric")
	groups, metrics := [2]string{gro, grj}, [2]string{cmo, cmj}
	for _, args := range [][]string{
		{"--describe", "--entity-type", "groups", "--entity-name", "G"},
		{"--alter", "--entity-type", "groups", "--entity-name", "G", "--add-config", "consumer.session.timeout.ms=50000,consumer.heartbeat.interval.ms=6000"},
		{"--describe", "--entity-type", "groups", "--entity-name", "G"},
		{"--describe", "--entity-type", "groups", "--entity-name", "G", "--all"},
		{"--alter", "--entity-type", "groups", "--entity-name", "G", "--delete-config", "consumer.heartbeat.interval.ms"},
		{"--describe", "--entity-type", "groups", "--entity-name", "G"},
		{"--alter", "--entity-type", "groups", "--entity-name", "G", "--delete-config", "consumer.session.timeout.ms"},
		{"--describe", "--entity-type", "client-metrics", "--entity-name", "M"},
		{"--alter", "--entity-type", "client-metrics", "--entity-name", "M", "--add-config", "metrics=org.apache.kafka.producer.,interval.ms=1000"},
		{"--describe", "--entity-type", "client-metrics", "--entity-name", "M"},
		{"--describe", "--entity-type", "client-metrics", "--entity-name", "M", "--all"},
		{"--alter", "--entity-type", "client-metrics", "--entity-name", "M", "--delete-config", "interval.ms,metrics"},
		{"--describe", "--entity-type", "client-metrics", "--entity-name", "M"},
	} {
		side := func(g, m string) []string {
			out := make([]string, len(args))
			for i, a := range args {
				switch a {
				case "G":
					a = g
				case "M":
					a = m
				}
				out[i] = a
			}
			return out
		}
		o := rk.ours(t, "", "kafka-configs.sh", side(gro, cmo)...)
		j := rk.java(t, "", "kafka-configs.sh", side(grj, cmj)...)
		same(t, strings.Join(args, " "), o.stdout, j.stdout, groups, metrics)
		if o.code != j.code {
			t.Errorf("%v: exit %d, Kafka's %d", args, o.code, j.code)
		}
	}
	// Refusals: Kafka's message is in ours.
	for _, args := range [][]string{
		{"--alter", "--entity-type", "groups", "--entity-name", gro, "--add-config", "bogus.x=1"},
		{"--alter", "--entity-type", "groups", "--entity-name", gro, "--add-config", "consumer.session.timeout.ms=1"},
		{"--alter", "--entity-type", "client-metrics", "--entity-name", cmo, "--add-config", "bogus=1"},
		{"--alter", "--entity-type", "groups", "--add-config", "consumer.session.timeout.ms=50000"},
		{"--describe", "--entity-type", "groups", "--entity-default"},
	} {
		o := rk.ours(t, "", "kafka-configs.sh", args...)
		j := rk.java(t, "", "kafka-configs.sh", args...)
		javaMsg := strings.TrimSpace(j.stdout + j.stderr)
		if i := strings.Index(javaMsg, "ExecutionException: "); i >= 0 {
			javaMsg = javaMsg[i+len("ExecutionException: "):]
		}
		javaMsg = strings.SplitN(javaMsg, "\n", 2)[0]
		if o.code != 1 || j.code != 1 || javaMsg == "" || !strings.Contains(o.stderr, javaMsg) {
			t.Errorf("kafka-configs.sh %s:\nours  (exit %d) %q\nKafka (exit %d) %q", strings.Join(args, " "), o.code, o.stderr, j.code, javaMsg)
		}
	}
}
