package kafkatools

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// The kcat interop tests check that a client that is not franz-go (kcat, on librdkafka) reads
// exactly what our console producer wrote, and that our console consumer reads what kcat
// wrote. They run wherever kcat is installed; the `make test` tier test-kcat (mk/20-kcat.mk)
// installs it and sets KAFKALAB_REQUIRE_KCAT=1, so there a missing kcat is a failure.

func TestKcatReadsWhatTheConsoleProducerWrote(t *testing.T) {
	kcat := testkit.Kcat(t)
	bs := startBroker(t)
	createOrders(t, bs)

	out := testkit.RunKcat(t, context.Background(), kcat, "", "-C", "-b", bs, "-t", "orders", "-e", "-q", "-f", "%p %o %k %s\n")
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	sort.Strings(got)
	want := []string{
		"0 0 1001 " + value(0, 0),
		"0 1 1002 " + value(0, 1),
		"0 2 1001 " + value(1, 0),
		"1 0 1003 " + value(0, 2),
		"1 1 1004 " + value(1, 1),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("kcat read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// kcat's view of the topic agrees with ours: 3 partitions, leader broker 0.
	meta := testkit.RunKcat(t, context.Background(), kcat, "", "-L", "-b", bs, "-t", "orders")
	if !strings.Contains(meta, `topic "orders" with 3 partitions:`) {
		t.Errorf("kcat -L:\n%s", meta)
	}
}

func TestConsoleConsumerReadsWhatKcatWrote(t *testing.T) {
	kcat := testkit.Kcat(t)
	bs := startBroker(t)
	mustRun(t, bs, "", "kafka-topics.sh", "--create", "--topic", "orders", "--partitions", "3")
	var lines []string
	for _, b := range referenceBatches {
		lines = append(lines, b...)
	}
	// librdkafka's murmur2 partitioner is the Java client's: the same keys land in the same
	// partitions as with our producer.
	testkit.RunKcat(t, context.Background(), kcat, strings.Join(lines, "\n")+"\n", "-P", "-b", bs, "-t", "orders", "-K", ":", "-X", "partitioner=murmur2_random")

	r := mustRun(t, bs, "", "kafka-console-consumer.sh", "--topic", "orders", "--from-beginning", "--max-messages", "5",
		"--property", "print.partition=true", "--property", "print.offset=true", "--property", "print.key=true", "--property", "key.separator= ")
	got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	sort.Strings(got)
	want := []string{
		"Partition:0 Offset:0 1001 " + value(0, 0),
		"Partition:0 Offset:1 1002 " + value(0, 1),
		"Partition:0 Offset:2 1001 " + value(1, 0),
		"Partition:1 Offset:0 1003 " + value(0, 2),
		"Partition:1 Offset:1 1004 " + value(1, 1),
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("our consumer read\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
