package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// e2eValue is one course event as the send script writes it (to_json of the row), padded
// to the issue's ~120 bytes with realistic field widths.
func e2eValue(dst []byte, i int) []byte {
	return fmt.Appendf(dst, `{"order_id":%d,"customer_id":"C%05d","status":"%s","amount":%d.%02d,"event_time":"2026-10-01T09:%02d:%02d.%03dZ"}`,
		1_000_000+i, i%10_000, [...]string{"placed", "shipped", "delivered"}[i%3], 10+i%990, i%100, (i/60)%60, i%60, i%1000)
}

// produceE2E writes n course events to topic (3 partitions, the default partitioner on
// the order id key), waiting for every ack.
func produceE2E(tb testing.TB, bootstrap, topic string, n int) {
	tb.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(bootstrap), kgo.ProducerLinger(5*time.Millisecond),
		kgo.MaxBufferedRecords(1<<16), kgo.DefaultProduceTopic(topic))
	if err != nil {
		tb.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, topic); err != nil {
		cancel()
		tb.Fatal(err)
	}
	cancel()
	var wg sync.WaitGroup
	var failed atomic.Value
	for i := 0; i < n; i++ {
		wg.Add(1)
		cl.Produce(context.Background(), &kgo.Record{Key: strconv.AppendInt(nil, int64(1_000_000+i), 10), Value: e2eValue(nil, i)},
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

// benchBrokerEnv makes the test binary a broker process (see TestMain).
const benchBrokerEnv = "KAFKALAB_BENCH_BROKER"

func TestMain(m *testing.M) {
	if os.Getenv(benchBrokerEnv) == "1" {
		os.Exit(serveBenchBroker(os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// serveBenchBroker runs an in-memory Kafka (kfake) and prints its address; every line
// "cpu" read from in is answered with the process's CPU seconds so far. It ends when in
// closes.
func serveBenchBroker(in io.Reader, out io.Writer) int {
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(0))
	if err != nil {
		fmt.Fprintln(out, "error", err)
		return 1
	}
	defer c.Close()
	fmt.Fprintln(out, c.ListenAddrs()[0])
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		if sc.Text() == "cpu" {
			fmt.Fprintf(out, "%.6f\n", cpuSeconds())
		}
	}
	return 0
}

// benchBroker is a kfake broker in a child process: the engine's heap and CPU are then
// measured alone, not mixed with the broker's log (10M events are ~1.5 GB of broker heap,
// whose garbage the GC would let grow with it).
type benchBroker struct {
	addr string
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	mu   sync.Mutex
}

func startBenchBroker(tb testing.TB) *benchBroker {
	tb.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchBrokerEnv+"=1")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	b := &benchBroker{cmd: cmd, in: in, out: bufio.NewReader(outPipe)}
	line, err := b.out.ReadString('\n')
	if err != nil || strings.HasPrefix(line, "error") {
		tb.Fatalf("bench broker: %q %v", line, err)
	}
	b.addr = strings.TrimSpace(line)
	return b
}

// cpuSeconds asks the broker process for its CPU time so far.
func (b *benchBroker) cpuSeconds() float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	if _, err := io.WriteString(b.in, "cpu\n"); err != nil {
		return 0
	}
	line, err := b.out.ReadString('\n')
	if err != nil {
		return 0
	}
	f, _ := strconv.ParseFloat(strings.TrimSpace(line), 64)
	return f
}

func (b *benchBroker) stop() {
	b.in.Close()
	b.cmd.Wait()
}

var (
	benchBrokerOnce sync.Once
	benchBrokerRun  *benchBroker
	benchTopics     = map[int]string{}
)

// benchTopic returns the shared bench broker and a topic holding n course events,
// producing them the first time n is asked for.
func benchTopic(b *testing.B, n int) (*benchBroker, string) {
	benchBrokerOnce.Do(func() { benchBrokerRun = startBenchBroker(b) })
	if benchBrokerRun == nil {
		b.Fatal("bench broker did not start")
	}
	topic, ok := benchTopics[n]
	if !ok {
		topic = fmt.Sprintf("orders_%d", n)
		produceE2E(b, benchBrokerRun.addr, topic, n)
		benchTopics[n] = topic
	}
	return benchBrokerRun, topic
}

// heapSampler records, every few milliseconds while a run is in flight, the peak of heap
// objects (live and not yet collected: what the process holds) and of the live heap as
// the last GC measured it (what the run needs; runtime/metrics: no stop-the-world, unlike
// ReadMemStats).
type heapSampler struct {
	stop     chan struct{}
	done     chan struct{}
	peak     uint64
	peakLive uint64
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func heapLive() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	h := &heapSampler{stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(h.done)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			h.peak = max(h.peak, heapObjects())
			h.peakLive = max(h.peakLive, heapLive())
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

// processUsage is the process's system CPU time so far (syscalls and page faults: the
// kernel's share of cpuSeconds) and its minor page faults (memory touched the first time).
func processUsage() (sysSeconds float64, minorFaults int64) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Stime.Nano()).Seconds(), ru.Minflt
}

// cpuSeconds is the process's user+system CPU time so far.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// e2eSizes are the sizes: cost per event and peak heap must stay flat across them.
var e2eSizes = []struct {
	name string
	n    int
}{{"100k", 100_000}, {"1M", 1_000_000}, {"10M", 10_000_000}}

// BenchmarkCourseReadKafkaToDelta is the end-to-end case through the public Go
// API: ~120-byte course events on Kafka (kfake, 3 partitions, in a child process), read
// with the course's read script's plan (engine/pyspark/testdata/course/read_orders.py:
// from_json of value cast to string with the course schema, event.*, partition, offset)
// into a Delta table with toTable and availableNow, at 100k, 1M and 10M events, in one
// batch and with maxOffsetsPerTrigger=100000 (at 100k also 2000: many small batches).
// Producing the events is not timed. The collector runs at GCPercent, as in kafkalab's
// binary, unless GOGC is set.
//
// Reports events/s (wall), CPU-s/1M (engine and broker processes, getrusage: meaningful
// on a loaded machine), engineCPU-s/1M (this process alone), peakHeapMB (the peak of heap
// objects, garbage included, above the heap before the run), peakLiveMB (the peak of the
// live heap each GC found, above the one before the run), engineSysCPU-s/1M (the kernel's
// part of engineCPU), pageFaults (minor faults of this process during the run) and
// batches. Each size first runs once untimed (see KAFKALAB_BENCH_COLD below).
//
//	go test -run '^$' -bench 'CourseReadKafkaToDelta/1M' -benchtime=1x ./engine
func BenchmarkCourseReadKafkaToDelta(b *testing.B) {
	if os.Getenv("GOGC") == "" { // as kafkalab's binary runs the engine
		defer debug.SetGCPercent(debug.SetGCPercent(GCPercent))
	}
	for _, size := range e2eSizes {
		limits := []string{"", "100000"}
		if size.n == 100_000 {
			// 51 batches of 2000 events: what a batch costs beyond its rows (plan, Kafka
			// consumers, files, the Delta log), which the small triggers of the lessons pay.
			limits = append(limits, "2000")
		}
		for _, limit := range limits {
			name := size.name + "/oneBatch"
			if limit != "" {
				name = size.name + "/maxOffsetsPerTrigger=" + limit
			}
			b.Run(name, func(b *testing.B) {
				broker, topic := benchTopic(b, size.n)
				if os.Getenv("KAFKALAB_BENCH_COLD") == "" {
					// The first run in a process also grows the heap from nothing (page
					// faults: ~6k at 100k, ~15 ms), which a smaller size then pays over
					// fewer events. One untimed run keeps that one-time cost out of the
					// per-event figures; KAFKALAB_BENCH_COLD=1 measures it instead.
					runCourseRead(b, broker, topic, size.n, limit, false)
				}
				for i := 0; i < b.N; i++ {
					runCourseRead(b, broker, topic, size.n, limit, true)
				}
			})
		}
	}
	if benchBrokerRun != nil {
		benchBrokerRun.stop()
	}
}

// runCourseRead runs the course read once; report says whether its figures are the
// benchmark's (false: a warm-up).
func runCourseRead(b *testing.B, broker *benchBroker, topic string, events int, limit string, report bool) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	rs := s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", broker.addr).
		Option("subscribe", topic).Option("startingOffsets", "earliest")
	if limit != "" {
		rs = rs.Option("maxOffsetsPerTrigger", limit)
	}
	runtime.GC()
	base, baseLive := heapObjects(), heapLive()
	sampler := startHeapSampler()
	brokerCPU0 := broker.cpuSeconds()
	cpu0, wall0 := cpuSeconds(), time.Now()
	sys0, faults0 := processUsage()

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
	sys1, faults1 := processUsage()
	brokerCPU := broker.cpuSeconds() - brokerCPU0
	pprof.SetGoroutineLabels(ctx)
	peak := sampler.Stop()
	// recentProgress keeps the last 100 batches only: the table is the count to check.
	batches := int64(0)
	for _, p := range q.RecentProgress() {
		if p.NumInputRows > 0 {
			batches = p.BatchID + 1
		}
	}
	n, err := s.Table(ctx, "bronze_orders")
	if err != nil {
		b.Fatal(err)
	}
	if c, err := n.Count(ctx); err != nil || c != int64(events) {
		b.Fatalf("table holds %d rows (%v), want %d", c, err, events)
	}
	if !report {
		return
	}
	b.ReportMetric(float64(events)/wall.Seconds(), "events/s")
	b.ReportMetric((cpu+brokerCPU)*1e6/float64(events), "CPU-s/1M")
	b.ReportMetric(cpu*1e6/float64(events), "engineCPU-s/1M")
	b.ReportMetric((sys1-sys0)*1e6/float64(events), "engineSysCPU-s/1M")
	b.ReportMetric(float64(faults1-faults0), "pageFaults")
	b.ReportMetric(float64(peak-min(peak, base))/(1<<20), "peakHeapMB")
	b.ReportMetric(float64(sampler.peakLive-min(sampler.peakLive, baseLive))/(1<<20), "peakLiveMB")
	b.ReportMetric(float64(batches), "batches")
}
