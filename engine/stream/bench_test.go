package stream_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/twmb/franz-go/pkg/kgo"
)

// parallelIdentityPlan passes the batch's rows through, task by task.
type parallelIdentityPlan struct{}

func (parallelIdentityPlan) RunBatch(ctx context.Context, bc *stream.BatchContext) (*stream.BatchResult, error) {
	return &stream.BatchResult{Schema: bc.Inputs[0].Schema, Tasks: bc.Inputs[0].Open(bc.ChunkRows)}, nil
}

func (parallelIdentityPlan) ShouldRunNoDataBatch(int64) bool { return false }

// discardSink reads every task, counts rows and drops them. With measure set it also
// records the live heap (after a GC) once per task, at its middle chunk.
type discardSink struct {
	rows    atomic.Int64
	measure bool
	mu      sync.Mutex
	peak    uint64
}

func (d *discardSink) Description() string { return "discard" }
func (d *discardSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	return rowiter.ForEachTask(ctx, b.Tasks, rowiter.Parallelism(), func(ctx context.Context, _ int, it rowiter.Iter) error {
		chunks := 0
		return rowiter.Each(ctx, it, func(rows []sqltypes.Row) error {
			d.rows.Add(int64(len(rows)))
			if chunks++; d.measure && chunks == 10 {
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				d.mu.Lock()
				d.peak = max(d.peak, ms.HeapAlloc)
				d.mu.Unlock()
			}
			return nil
		})
	})
}

// BenchmarkKafkaToSink: 1M ~120-byte JSON events in an in-process kfake broker, read by
// one availableNow query through the executor into a sink that discards them.
// Run: go test -run '^$' -bench KafkaToSink -benchtime=1x ./engine/stream
func BenchmarkKafkaToSink(b *testing.B) {
	const events = 1_000_000
	br := startBroker(b)
	cl := br.client(b)
	payload := `{"order_id":%d,"customer_id":"C%03d","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`
	var wg sync.WaitGroup
	for i := 0; i < events; i++ {
		wg.Add(1)
		cl.Produce(context.Background(), &kgo.Record{Topic: "orders", Key: fmt.Appendf(nil, "%d", 1000+i%5000),
			Value: fmt.Appendf(nil, payload, 1000+i, i%100)}, func(_ *kgo.Record, err error) {
			if err != nil {
				b.Error(err)
			}
			wg.Done()
		})
	}
	wg.Wait()
	cl.Close()
	b.Run("delta", func(b *testing.B) {
		// Same read, into a real Delta table (Kafka's binary rows, 3 tasks -> 3 files).
		for n := 0; n < b.N; n++ {
			ds, err := NewDeltaSink(b.TempDir()+"/t", "UTC")
			if err != nil {
				b.Fatal(err)
			}
			began := time.Now()
			q, err := stream.Start(context.Background(), stream.Config{CheckpointDir: b.TempDir(),
				Sources: []stream.Source{newSource(b, br)}, Plan: parallelIdentityPlan{}, Sink: ds,
				Trigger: stream.AvailableNow()})
			if err != nil {
				b.Fatal(err)
			}
			if err := q.AwaitTermination(context.Background()); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(events)/time.Since(began).Seconds(), "events/s")
		}
	})
	for _, limit := range []string{"", "100000"} {
		name := "oneBatch"
		if limit != "" {
			name = "maxOffsetsPerTrigger=" + limit
		}
		b.Run(name, func(b *testing.B) {
			extra := []string{}
			if limit != "" {
				extra = []string{"maxOffsetsPerTrigger", limit}
			}
			run := func(sink *discardSink) time.Duration {
				began := time.Now()
				q, err := stream.Start(context.Background(), stream.Config{CheckpointDir: b.TempDir(),
					Sources: []stream.Source{newSource(b, br, extra...)}, Plan: parallelIdentityPlan{}, Sink: sink,
					Trigger: stream.AvailableNow()})
				if err != nil {
					b.Fatal(err)
				}
				if err := q.AwaitTermination(context.Background()); err != nil {
					b.Fatal(err)
				}
				if sink.rows.Load() != events {
					b.Fatalf("sink got %d rows", sink.rows.Load())
				}
				return time.Since(began)
			}
			for n := 0; n < b.N; n++ {
				d := run(&discardSink{})
				b.ReportMetric(float64(events)/d.Seconds(), "events/s")
				// Second pass, untimed: live heap while the sink holds a batch, above the
				// heap before the run (which includes the broker's in-memory log).
				runtime.GC()
				var base runtime.MemStats
				runtime.ReadMemStats(&base)
				m := &discardSink{measure: true}
				run(m)
				b.ReportMetric(float64(m.peak-min(m.peak, base.HeapAlloc))/(1<<20), "batchHeapMB")
			}
		})
	}
}
