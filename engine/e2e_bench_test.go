package engine

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// e2eEvents is the benchmark size: 1M events of about 120 bytes.
const e2eEvents = 1_000_000

// e2eValue is one course event as the send script writes it (to_json of the row), padded
// to the issue's ~120 bytes with realistic field widths.
func e2eValue(dst []byte, i int) []byte {
	return fmt.Appendf(dst, `{"order_id":%d,"customer_id":"C%05d","status":"%s","amount":%d.%02d,"event_time":"2026-10-01T09:%02d:%02d.%03dZ"}`,
		1_000_000+i, i%10_000, [...]string{"placed", "shipped", "delivered"}[i%3], 10+i%990, i%100, (i/60)%60, i%60, i%1000)
}

// produceE2E writes n course events to topic orders (3 partitions, the default
// partitioner on the order id key), waiting for every ack.
func produceE2E(tb testing.TB, bootstrap string, n int) {
	tb.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ProducerLinger(5*time.Millisecond),
		kgo.MaxBufferedRecords(1<<16))
	if err != nil {
		tb.Fatal(err)
	}
	defer cl.Close()
	var wg sync.WaitGroup
	var failed atomic.Value
	for i := 0; i < n; i++ {
		wg.Add(1)
		cl.Produce(context.Background(), &kgo.Record{Topic: "orders",
			Key: fmt.Appendf(nil, "%d", 1_000_000+i), Value: e2eValue(nil, i)},
			func(_ *kgo.Record, err error) {
				if err != nil {
					failed.Store(err)
				}
				wg.Done()
			})
	}
	wg.Wait()
	if err, _ := failed.Load().(error); err != nil {
		tb.Fatal(err)
	}
}

// heapSampler records the peak of live heap objects every few milliseconds while a run
// is in flight (runtime/metrics: no stop-the-world, unlike ReadMemStats).
type heapSampler struct {
	stop chan struct{}
	done chan struct{}
	peak uint64
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	h := &heapSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			h.peak = max(h.peak, heapObjects())
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

func (h *heapSampler) Stop() uint64 {
	close(h.stop)
	<-h.done
	return max(h.peak, heapObjects())
}

// cpuSeconds is the process's user+system CPU time so far (includes the in-process broker).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// BenchmarkCourseReadKafkaToDelta is the end-to-end case through the public Go
// API: 1M ~120-byte course events on an in-process Kafka (kfake, 3 partitions), read by
// the course's read script (engine/pyspark/testdata/course/read_orders.py: from_json of
// value cast to string with the course schema, event.*, partition, offset) into a Delta table with toTable and availableNow.
// Producing the events is not timed. Reports events/s (wall), CPU-s per 1M events
// (getrusage; meaningful on a loaded machine) and peakHeapMB: the peak of live heap
// objects above the heap before the run (which holds the broker's log).
//
// Run: go test -run '^$' -bench CourseReadKafkaToDelta -benchtime=1x ./engine
func BenchmarkCourseReadKafkaToDelta(b *testing.B) {
	bootstrap := startOrdersBrokerTB(b)
	produceE2E(b, bootstrap, e2eEvents)
	for _, limit := range []string{"", "100000"} {
		name := "oneBatch"
		if limit != "" {
			name = "maxOffsetsPerTrigger=" + limit
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			for i := 0; i < b.N; i++ {
				s, err := NewSession(SessionConfig{WorkDir: b.TempDir()})
				if err != nil {
					b.Fatal(err)
				}
				rs := s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).
					Option("subscribe", "orders").Option("startingOffsets", "earliest")
				if limit != "" {
					rs = rs.Option("maxOffsetsPerTrigger", limit)
				}
				runtime.GC()
				base := heapObjects()
				sampler := startHeapSampler()
				cpu0, wall0 := cpuSeconds(), time.Now()

				// The label marks the timed run in a CPU profile: go tool pprof -tagfocus phase=run
				pprof.SetGoroutineLabels(pprof.WithLabels(ctx, pprof.Labels("phase", "run")))
				raw, err := rs.Load()
				if err != nil {
					b.Fatal(err)
				}
				parsed, err := raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset")
				if err != nil {
					b.Fatal(err)
				}
				flat, err := parsed.Select("event.*", "partition", "offset")
				if err != nil {
					b.Fatal(err)
				}
				q, err := flat.WriteStream().Format("delta").Option("checkpointLocation", "checkpoints/bronze_orders").
					Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "bronze_orders")
				if err != nil {
					b.Fatal(err)
				}
				if err := q.AwaitTermination(ctx); err != nil {
					b.Fatal(err)
				}

				wall, cpu := time.Since(wall0), cpuSeconds()-cpu0
				pprof.SetGoroutineLabels(ctx)
				peak := sampler.Stop()
				var got int64
				for _, p := range q.RecentProgress() {
					got += p.NumInputRows
				}
				if got != e2eEvents {
					b.Fatalf("loaded %d of %d events", got, e2eEvents)
				}
				n, err := s.Table(ctx, "bronze_orders")
				if err != nil {
					b.Fatal(err)
				}
				if c, err := n.Count(ctx); err != nil || c != e2eEvents {
					b.Fatalf("table holds %d rows (%v), want %d", c, err, e2eEvents)
				}
				b.ReportMetric(float64(e2eEvents)/wall.Seconds(), "events/s")
				b.ReportMetric(cpu*1e6/float64(e2eEvents), "CPU-s/1M")
				b.ReportMetric(float64(peak-min(peak, base))/(1<<20), "peakHeapMB")
				b.ReportMetric(float64(len(q.RecentProgress())), "batches")
			}
		})
	}
}
