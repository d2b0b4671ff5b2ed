//go:build apachekafka

// Tests against a real Apache Kafka broker. mk/30-apache-kafka.mk starts one from the jars
// that scripts/kafka/fetch.sh downloads and runs these with -tags apachekafka,
// KAFKALAB_TEST_BOOTSTRAP=127.0.0.1:PORT and KAFKALAB_KAFKA_LIBS=<jar folder>.
//
// They live here because the reference scenario helpers do; the container tests run the
// same scenario against the container broker.

package container

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

func apacheKafka(t *testing.T) (bootstrap, libs string) { return testkit.RealKafka(t) }

// uniqueTopic keeps runs apart on a broker other tests share.
func uniqueTopic(base string) string {
	return fmt.Sprintf("%s-%d", base, time.Now().UnixNano())
}

// kafkaTool runs one of Kafka's own command-line tools (a main class from the same jars
// as the broker) with stdin, and returns its stdout.
func kafkaTool(t *testing.T, ctx context.Context, libs, stdin, class string, args ...string) string {
	t.Helper()
	log4j, err := filepath.Abs(filepath.Join("..", "..", "..", "scripts", "kafka", "tools-log4j2.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := testkit.KafkaToolCmd(ctx, libs, log4j, class, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\nstderr:\n%s", class, strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

func TestReferenceScenarioOnApacheKafka(t *testing.T) {
	bootstrap, _ := apacheKafka(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	runReferenceScenario(t, ctx, []string{bootstrap}, uniqueTopic("orders"))
}

// Records written by franz-go are read correctly by Kafka's own console consumer.
func TestKafkaConsoleConsumerReadsOurRecords(t *testing.T) {
	bootstrap, libs := apacheKafka(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	topic := uniqueTopic("orders-interop")
	runReferenceScenario(t, ctx, []string{bootstrap}, topic)

	out := kafkaTool(t, ctx, libs, "", "org.apache.kafka.tools.consumer.ConsoleConsumer",
		"--bootstrap-server", bootstrap, "--topic", topic, "--from-beginning",
		"--max-messages", "5", "--timeout-ms", "60000",
		"--formatter-property", "print.partition=true", "--formatter-property", "print.offset=true",
		"--formatter-property", "print.key=true")
	// The default formatter prints "Partition:P<TAB>Offset:O<TAB>KEY<TAB>VALUE" per record.
	var got []string
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		f := strings.SplitN(line, "\t", 4)
		if len(f) != 4 || !strings.HasPrefix(f[0], "Partition:") || !strings.HasPrefix(f[1], "Offset:") {
			t.Fatalf("unexpected console consumer line %q in:\n%s", line, out)
		}
		got = append(got, strings.TrimPrefix(f[0], "Partition:")+" "+strings.TrimPrefix(f[1], "Offset:")+" "+f[2]+" "+f[3])
	}
	sort.Strings(got)
	if want := refLines(referenceBatch()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("console consumer read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Records written by Kafka's console producer (the Java client's default partitioner) land
// where kgo put them, and franz-go reads them back unchanged.
func TestKafkaConsoleProducerRecordsReadByUs(t *testing.T) {
	bootstrap, libs := apacheKafka(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	topic := uniqueTopic("orders-java")

	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if res, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, topic); err != nil || res.Err != nil {
		t.Fatalf("create %s: %v %v", topic, err, res.Err)
	}

	var in strings.Builder
	for _, r := range referenceBatch() {
		in.WriteString(r.key + "|" + r.value + "\n")
	}
	kafkaTool(t, ctx, libs, in.String(), "org.apache.kafka.tools.ConsoleProducer",
		"--bootstrap-server", bootstrap, "--topic", topic,
		"--reader-property", "parse.key=true", "--reader-property", "key.separator=|")

	got := consumeLines(t, ctx, []string{bootstrap}, topic, len(referenceBatch()))
	if want := refLines(referenceBatch()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records from the console producer\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
