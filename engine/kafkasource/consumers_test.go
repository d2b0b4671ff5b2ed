package kafkasource

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestConsumersCarryOverBatches: a stream's batches read a partition in consecutive
// ranges; from the second batch on, each range goes on with the consumer that ended the
// one before (and the records it had fetched past it), and the rows are the same as
// fresh consumers give. Closing the stream closes the consumers it kept.
func TestConsumersCarryOverBatches(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(1)
	var recs []Record
	for i := 0; i < 50; i++ {
		recs = append(recs, Record{Key: []byte(fmt.Sprint("k", i)), Value: []byte(fmt.Sprint("v", i)), Partition: &p})
	}
	if err := WriteRecords(ctx, []string{addr}, "orders", recs); err != nil {
		t.Fatal(err)
	}
	s, err := NewStream(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"startingOffsets": "earliest", "maxOffsetsPerTrigger": "7"})
	if err != nil {
		t.Fatal(err)
	}
	cur, err := s.InitialOffsets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	batches := 0
	for {
		next, err := s.LatestOffsets(ctx, cur)
		if err != nil {
			t.Fatal(err)
		}
		if next == cur {
			break
		}
		tasks, err := s.PlanTasks(ctx, cur, next)
		if err != nil {
			t.Fatal(err)
		}
		for _, task := range tasks {
			if err := scanTask(ctx, task, func(r sqltypes.Row) error {
				got = append(got, fmt.Sprintf("%v:%s", r[ColOffset], r[ColValue]))
				return nil
			}); err != nil {
				t.Fatal(err)
			}
		}
		batches++
		cur = next
	}
	want := make([]string, 50)
	for i := range want {
		want[i] = fmt.Sprintf("%d:v%d", i, i)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("rows\n%v\nwant\n%v", got, want)
	}
	if batches != 8 {
		t.Errorf("%d batches, want 8 (7 offsets each)", batches)
	}
	c := s.consumers
	c.mu.Lock()
	hits, parked := c.hits, len(c.parked[TopicPartition{"orders", 1}])
	c.mu.Unlock()
	if hits != batches-1 || parked != 1 {
		t.Errorf("consumers taken back %d times, %d parked: want %d and 1", hits, parked, batches-1)
	}
	s.Close()
	if len(c.parked) != 0 || !c.closed {
		t.Errorf("after Close: %d partitions with parked consumers", len(c.parked))
	}
}

// TestConsumerCacheMatchesStartAndAges: a consumer is taken back only at the offset it
// stopped at, and one parked longer than parkedIdle is closed instead.
func TestConsumerCacheMatchesStartAndAges(t *testing.T) {
	addr, _ := startBroker(t)
	ctx := context.Background()
	p := int32(0)
	if err := WriteRecords(ctx, []string{addr}, "orders", []Record{{Value: []byte("a"), Partition: &p}, {Value: []byte("b"), Partition: &p}}); err != nil {
		t.Fatal(err)
	}
	opts, err := ParseBatchOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders"})
	if err != nil {
		t.Fatal(err)
	}
	c := newConsumerCache()
	defer c.Close()
	now := time.Unix(1000, 0)
	c.now = func() time.Time { return now }
	read := func(r OffsetRange) int {
		n := 0
		for _, err := range rowiter.Rows(ctx, openRange(opts, r, 10, c)) {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		return n
	}
	tp := TopicPartition{"orders", 0}
	if n := read(OffsetRange{tp, 0, 1}); n != 1 {
		t.Fatalf("read %d rows of [0, 1)", n)
	}
	if c.take(tp, 0) != nil {
		t.Error("a consumer parked at offset 1 was lent for offset 0")
	}
	now = now.Add(parkedIdle + time.Second)
	if c.take(tp, 1) != nil {
		t.Error("a consumer parked past parkedIdle was lent")
	}
	if len(c.parked) != 0 {
		t.Errorf("%d partitions still hold consumers after they aged", len(c.parked))
	}
}
