package container

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// The course's reference scenario (shared/spec/course.md): batch 1 then batch 2 of orders,
// keyed by order id, into a topic with 3 partitions.
type refRecord struct {
	key, value string
	partition  int32
	offset     int64
}

func referenceBatch() []refRecord {
	ev := func(id int, cust, status, amount, at string) string {
		return fmt.Sprintf(`{"order_id":%d,"customer_id":%q,"status":%q,"amount":%s,"event_time":%q}`, id, cust, status, amount, at)
	}
	// Placement and offsets as Kafka's Java client puts them (murmur2 of the key).
	return []refRecord{
		{"1001", ev(1001, "C01", "placed", "25.5", "2026-10-01T09:15:00Z"), 0, 0},
		{"1002", ev(1002, "C02", "placed", "12.0", "2026-10-01T09:40:00Z"), 0, 1},
		{"1003", ev(1003, "C03", "placed", "31.0", "2026-10-01T09:55:00Z"), 1, 0},
		{"1001", ev(1001, "C01", "paid", "25.5", "2026-10-01T10:05:00Z"), 0, 2},
		{"1004", ev(1004, "C01", "placed", "40.0", "2026-10-01T10:20:00Z"), 1, 1},
	}
}

// line renders a record as "partition offset key value", the form every reader in these
// tests is compared in.
func (r refRecord) line() string {
	return fmt.Sprintf("%d %d %s %s", r.partition, r.offset, r.key, r.value)
}

func refLines(recs []refRecord) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.line())
	}
	sort.Strings(out)
	return out
}

// runReferenceScenario creates a 3-partition topic on the broker at seeds, produces the
// reference batch with kgo's default partitioner, and checks where every record landed,
// the end offsets per partition, and what a consumer reads back.
func runReferenceScenario(t *testing.T, ctx context.Context, seeds []string, topic string) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(seeds...), kgo.DefaultProduceTopic(topic))
	if err != nil {
		t.Fatalf("client for %v: %v", seeds, err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)

	created, err := adm.CreateTopic(ctx, 3, 1, nil, topic)
	if err != nil || created.Err != nil {
		t.Fatalf("create topic %s with 3 partitions: %v %v", topic, err, created.Err)
	}

	want := referenceBatch()
	for i, r := range want {
		res := cl.ProduceSync(ctx, &kgo.Record{Key: []byte(r.key), Value: []byte(r.value)})
		rec, err := res.First()
		if err != nil {
			t.Fatalf("produce record %d (key %s): %v", i, r.key, err)
		}
		if rec.Partition != r.partition || rec.Offset != r.offset {
			t.Errorf("record %d key %s landed at partition %d offset %d, want partition %d offset %d",
				i, r.key, rec.Partition, rec.Offset, r.partition, r.offset)
		}
	}

	ends, err := adm.ListEndOffsets(ctx, topic)
	if err != nil {
		t.Fatalf("list end offsets of %s: %v", topic, err)
	}
	for p, want := range map[int32]int64{0: 3, 1: 2, 2: 0} {
		o, ok := ends.Lookup(topic, p)
		if !ok || o.Err != nil || o.Offset != want {
			t.Errorf("partition %d end offset = %d (found %v, err %v), want %d", p, o.Offset, ok, o.Err, want)
		}
	}

	got := consumeLines(t, ctx, seeds, topic, len(want))
	if strings.Join(got, "\n") != strings.Join(refLines(want), "\n") {
		t.Errorf("consumed records differ\n got: %q\nwant: %q", got, refLines(want))
	}
}

// consumeLines reads n records of topic from the start and renders them as refRecord lines.
func consumeLines(t *testing.T, ctx context.Context, seeds []string, topic string, n int) []string {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(seeds...), kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatalf("consumer for %v: %v", seeds, err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var got []string
	for len(got) < n {
		fs := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			t.Fatalf("consumed %d of %d records of %s before giving up: %v", len(got), n, topic, err)
		}
		fs.EachError(func(topic string, p int32, err error) {
			t.Fatalf("fetch %s[%d]: %v", topic, p, err)
		})
		fs.EachRecord(func(r *kgo.Record) {
			got = append(got, refRecord{string(r.Key), string(r.Value), r.Partition, r.Offset}.line())
		})
	}
	sort.Strings(got)
	return got
}

// The scenario on franz-go's embedded broker, so the helpers above are exercised by the
// plain unit tests too; the tagged tests run them against real Apache Kafka.
func TestReferenceScenarioOnKfake(t *testing.T) {
	addr, _ := testkit.StartKafka(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	runReferenceScenario(t, ctx, []string{addr}, "orders")
}
