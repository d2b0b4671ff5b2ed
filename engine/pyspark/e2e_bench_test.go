package pyspark

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// BenchmarkCourseReadScript1M runs the course's read script (testdata/course/read_orders.py)
// unchanged through the interpreter over 1M ~120-byte events on an in-process Kafka: the
// learner's path end to end (script -> engine -> Delta table bronze_orders). Producing the
// events is not timed. Reports events/s, CPU-s per 1M events (getrusage) and peakHeapMB
// (peak live heap objects above the heap before the run, which holds the broker's log).
//
// Run: go test -run '^$' -bench CourseReadScript1M -benchtime=1x ./engine/pyspark
func BenchmarkCourseReadScript1M(b *testing.B) {
	const events = 1_000_000
	bootstrap := startBroker(b)
	produceCourseEvents(b, bootstrap, events)
	for i := 0; i < b.N; i++ {
		dir := copyCourse(b, "testdata/course")
		runtime.GC()
		base := benchLiveHeap()
		var peak atomic.Uint64
		stop := make(chan struct{})
		sampled := make(chan struct{})
		go func() {
			defer close(sampled)
			t := time.NewTicker(5 * time.Millisecond)
			defer t.Stop()
			for {
				peak.Store(max(peak.Load(), benchLiveHeap()))
				select {
				case <-stop:
					return
				case <-t.C:
				}
			}
		}()
		cpu0, wall0 := benchCPUSeconds(), time.Now()
		out := runScript(b, dir, bootstrap, filepath.Join(dir, "read_orders.py"))
		wall, cpu := time.Since(wall0), benchCPUSeconds()-cpu0
		close(stop)
		<-sampled
		if want := fmt.Sprintf("loaded %d events", events); !strings.Contains(out, want) {
			b.Fatalf("script printed %q, want %q", out, want)
		}
		p := max(peak.Load(), base)
		b.ReportMetric(events/wall.Seconds(), "events/s")
		b.ReportMetric(cpu*1e6/events, "CPU-s/1M")
		b.ReportMetric(float64(p-base)/(1<<20), "peakHeapMB")
	}
}

func benchLiveHeap() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func benchCPUSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// produceCourseEvents writes n course events (~120 bytes of JSON, key = order id) to orders.
func produceCourseEvents(tb testing.TB, bootstrap string, n int) {
	tb.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ProducerLinger(5*time.Millisecond))
	if err != nil {
		tb.Fatal(err)
	}
	defer cl.Close()
	var wg sync.WaitGroup
	var failed atomic.Value
	statuses := [...]string{"placed", "shipped", "delivered"}
	for i := 0; i < n; i++ {
		wg.Add(1)
		v := fmt.Appendf(nil, `{"order_id":%d,"customer_id":"C%05d","status":"%s","amount":%d.%02d,"event_time":"2026-10-01T09:%02d:%02d.%03dZ"}`,
			1_000_000+i, i%10_000, statuses[i%3], 10+i%990, i%100, (i/60)%60, i%60, i%1000)
		cl.Produce(context.Background(), &kgo.Record{Topic: "orders", Key: fmt.Appendf(nil, "%d", 1_000_000+i), Value: v},
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
