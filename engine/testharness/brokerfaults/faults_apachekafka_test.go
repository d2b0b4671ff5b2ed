//go:build apachekafka

package brokerfaults

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/pyspark"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// These tests start their own Apache Kafka (scripts/kafka/start.sh, from the folder in
// KAFKALAB_KAFKA_SCRIPTS that the test-apache-kafka tier exports), because they stop it and
// start it again on the same port and data. The broker is stopped by PID (stop.sh) at the
// end, also when a test fails.

// failBound is how long a query may take to report a vanished broker. It is not a speed
// target (the figure is logged): it tells a slow detection from a hang.
const failBound = 90 * time.Second

const topic = "orders"

// realBroker is one private Kafka process.
type realBroker struct {
	scripts, dir string
	port         int
}

func (b *realBroker) addr() string { return "127.0.0.1:" + strconv.Itoa(b.port) }

func startPrivateBroker(t *testing.T) *realBroker {
	t.Helper()
	scripts := os.Getenv("KAFKALAB_KAFKA_SCRIPTS")
	if scripts == "" {
		t.Fatal("KAFKALAB_KAFKA_SCRIPTS is not set: run with make test-apache-kafka, or KAFKALAB_KAFKA_SCRIPTS=$PWD/scripts/kafka go test -tags apachekafka ./engine/testharness/brokerfaults")
	}
	b := &realBroker{scripts: scripts, dir: filepath.Join(t.TempDir(), "broker"), port: testkit.RestartablePort(t)}
	// Registered before starting: a start that half worked is stopped too.
	t.Cleanup(func() { b.mustStop(t) })
	b.start(t)
	return b
}

// script runs one of scripts/kafka's scripts and returns how long it took.
func (b *realBroker) script(name string, args ...string) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", append([]string{filepath.Join(b.scripts, name)}, args...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	began := time.Now()
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out.String())
	}
	return time.Since(began), nil
}

func (b *realBroker) start(t *testing.T) {
	t.Helper()
	d, err := b.script("start.sh", strconv.Itoa(b.port), b.dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Apache Kafka up on %s in %s", b.addr(), d.Round(100*time.Millisecond))
}

// stop is SIGTERM by PID then SIGKILL after 30 s (stop.sh); a stopped broker is a no-op.
// It may run off the test goroutine (a stream hook), so it returns its error.
func (b *realBroker) stop() (time.Duration, error) { return b.script("stop.sh", b.dir) }

// kill crashes the broker: SIGKILL by the PID start.sh recorded, then waits until it is
// gone and lets stop.sh clear the PID file. It may run off the test goroutine.
func (b *realBroker) kill() error {
	raw, err := os.ReadFile(filepath.Join(b.dir, "kafka.pid"))
	if err != nil {
		return fmt.Errorf("reading the broker's PID: %w", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || pid <= 0 {
		return fmt.Errorf("%s/kafka.pid holds %q, not a PID", b.dir, raw)
	}
	cmdline, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	if err != nil || !bytes.Contains(cmdline, []byte("kafka.Kafka")) {
		return fmt.Errorf("PID %d is not the broker (%v)", pid, err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		return fmt.Errorf("killing broker PID %d: %w", pid, err)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if err != nil || len(c) == 0 { // gone, or a zombie waiting to be reaped
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("broker PID %d still runs 30 s after SIGKILL", pid)
		}
	}
	_, err = b.stop()
	return err
}

func (b *realBroker) mustStop(t *testing.T) time.Duration {
	t.Helper()
	d, err := b.stop()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("Apache Kafka on %s stopped in %s", b.addr(), d.Round(100*time.Millisecond))
	return d
}

func (b *realBroker) client(t *testing.T, opts ...kgo.Opt) *kgo.Client {
	t.Helper()
	cl, err := kgo.NewClient(append([]kgo.Opt{kgo.SeedBrokers(b.addr())}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	return cl
}

func (b *realBroker) createTopic(t *testing.T, partitions int32) {
	t.Helper()
	cl := b.client(t)
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, partitions, 1, nil, topic); err != nil {
		t.Fatalf("creating topic %s: %v", topic, err)
	}
}

// order is the course's order event, one JSON line per record, keyed by the order id.
type order struct {
	OrderID    int32   `json:"order_id"`
	CustomerID string  `json:"customer_id"`
	Status     string  `json:"status"`
	Amount     float64 `json:"amount"`
	EventTime  string  `json:"event_time"`
}

// produce sends orders first..first+n-1 and waits for every acknowledgement.
func (b *realBroker) produce(t *testing.T, first, n int) {
	t.Helper()
	cl := b.client(t, kgo.DefaultProduceTopic(topic))
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	recs := make([]*kgo.Record, n)
	for i := range recs {
		id := first + i
		v, _ := json.Marshal(order{OrderID: int32(id), CustomerID: fmt.Sprintf("C%02d", id%17), Status: "placed",
			Amount: float64(id%50) + 0.5, EventTime: time.Date(2026, 10, 1, 9, 0, i%60, 0, time.UTC).Format(time.RFC3339)})
		recs[i] = &kgo.Record{Key: []byte(strconv.Itoa(id)), Value: v}
	}
	if err := cl.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		t.Fatalf("producing orders %d..%d: %v", first, first+n-1, err)
	}
}

// at is one record's place in the topic.
type at struct {
	partition int32
	offset    int64
}

// readTopic reads the whole topic with a plain consumer: order id by (partition, offset).
func (b *realBroker) readTopic(t *testing.T) map[at]int32 {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	adm := b.client(t)
	want := map[int32]int64{}
	// Right after a restart a partition may answer without a leader for a moment.
	for {
		ends, err := kadm.NewClient(adm).ListEndOffsets(ctx, topic)
		if err == nil {
			err = ends.Error()
		}
		if err == nil {
			ends.Each(func(l kadm.ListedOffset) { want[l.Partition] = l.Offset })
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("listing end offsets of %s: %v", topic, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	adm.Close()
	cl := b.client(t, kgo.ConsumeTopics(topic), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	defer cl.Close()
	out := map[at]int32{}
	next := map[int32]int64{}
	behind := func() bool {
		for p, end := range want {
			if next[p] < end {
				return true
			}
		}
		return false
	}
	for behind() {
		fs := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			t.Fatalf("reading topic %s: %v (read up to %v of %v)", topic, err, next, want)
		}
		fs.EachError(func(_ string, p int32, err error) { t.Fatalf("reading %s-%d: %v", topic, p, err) })
		fs.EachRecord(func(r *kgo.Record) {
			var o order
			if err := json.Unmarshal(r.Value, &o); err != nil {
				t.Fatalf("%s-%d offset %d is not an order: %v", topic, r.Partition, r.Offset, err)
			}
			out[at{r.Partition, r.Offset}] = o.OrderID
			next[r.Partition] = r.Offset + 1
		})
	}
	return out
}

// learner is one run of the course's load script: Kafka -> from_json -> Delta table
// bronze_orders with the record's partition and offset, in a fresh session as a rerun of
// the script would have, over the same working folder (so the same checkpoint).
type learner struct {
	t       *testing.T
	workDir string
	hook    func(step stream.Step, batchID int64) error
}

func (l *learner) start(ctx context.Context, bootstrap string, trigger engine.Trigger, options map[string]string) *engine.StreamingQuery {
	t := l.t
	t.Helper()
	s, err := engine.NewSession(engine.SessionConfig{WorkDir: l.workDir, StreamHook: l.hook})
	if err != nil {
		t.Fatal(err)
	}
	rs := s.ReadStream().Format("kafka").
		Option("kafka.bootstrap.servers", bootstrap).
		Option("subscribe", topic).
		Option("startingOffsets", "earliest")
	for k, v := range options {
		rs = rs.Option(k, v)
	}
	raw, err := rs.Load()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := raw.Select(engine.FromJSON(engine.Col("value").Cast("string"),
		"order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP", nil).Alias("event"),
		"partition", "offset")
	if err != nil {
		t.Fatal(err)
	}
	flat, err := parsed.Select("event.*", "partition", "offset")
	if err != nil {
		t.Fatal(err)
	}
	q, err := flat.WriteStream().Format("delta").
		Option("checkpointLocation", "checkpoints/bronze_orders").
		Trigger(trigger).
		ToTable(ctx, "bronze_orders")
	if err != nil {
		t.Fatalf("starting the query: %v", err)
	}
	return q
}

// table reads bronze_orders: order id by (partition, offset), failing on a row seen twice.
func (l *learner) table(ctx context.Context) (map[at]int32, error) {
	tbl, err := delta.Open(filepath.Join(l.workDir, "spark-warehouse", "bronze_orders"))
	if err != nil {
		return nil, err
	}
	rows, schema, err := tbl.ReadRows(ctx)
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, f := range schema.Fields {
		col[f.Name] = i
	}
	out := map[at]int32{}
	for _, r := range rows {
		k := at{r[col["partition"]].(int32), r[col["offset"]].(int64)}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("the table holds %s-%d offset %d twice", topic, k.partition, k.offset)
		}
		id, _ := r[col["order_id"]].(int32)
		out[k] = id
	}
	return out, nil
}

// waitForRows polls the table until it holds n rows (or fails).
func (l *learner) waitForRows(ctx context.Context, q *engine.StreamingQuery, n int) {
	t := l.t
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		got, err := l.table(ctx)
		if err == nil && len(got) >= n {
			return
		}
		if !q.IsActive() {
			t.Fatalf("the query ended before the table had %d rows (it has %d, read error %v): %v", n, len(got), err, q.Exception())
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table has %d rows after 2 minutes, want %d (read error %v)", len(got), n, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// sameAsTopic requires the table to hold every record of the topic exactly once.
func sameAsTopic(t *testing.T, tableRows, topicRows map[at]int32) {
	t.Helper()
	var missing, extra, wrong []string
	for k, id := range topicRows {
		got, ok := tableRows[k]
		switch {
		case !ok:
			missing = append(missing, fmt.Sprintf("%d@%d", k.partition, k.offset))
		case got != id:
			wrong = append(wrong, fmt.Sprintf("%d@%d: order %d, table %d", k.partition, k.offset, id, got))
		}
	}
	for k := range tableRows {
		if _, ok := topicRows[k]; !ok {
			extra = append(extra, fmt.Sprintf("%d@%d", k.partition, k.offset))
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing)+len(extra)+len(wrong) > 0 {
		t.Fatalf("the table differs from topic %s (%d records, table %d rows):\nlost (partition@offset): %v\nnot in the topic: %v\nwrong order id: %v",
			topic, len(topicRows), len(tableRows), missing, extra, wrong)
	}
}

// checkBrokerError requires the failure to be Spark's STREAM_FAILED naming the broker.
func checkBrokerError(t *testing.T, err error, b *realBroker) {
	t.Helper()
	if err == nil {
		t.Fatal("the query ended without an error after the broker stopped")
	}
	msg := err.Error()
	t.Logf("the learner sees: %s", msg)
	var sqe *engine.StreamingQueryError
	if !errors.As(err, &sqe) {
		t.Errorf("the failure is a %T, want *engine.StreamingQueryError", err)
	}
	var bu *kafkasource.BrokerUnreachableError
	if !errors.As(err, &bu) || bu.Bootstrap != b.addr() {
		t.Errorf("the failure does not carry a *kafkasource.BrokerUnreachableError for %s: %v", b.addr(), err)
	}
	for _, want := range []string{"[STREAM_FAILED]", b.addr(), "did not answer", "check that it is running"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q: %s", want, msg)
		}
	}
	if n := strings.Count(msg, "[STREAM_FAILED]"); n != 1 {
		t.Errorf("the error says [STREAM_FAILED] %d times: %s", n, msg)
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("the error is not one line: %q", msg)
	}
}

// stopAbandoned asks a hung query to stop without waiting long for it.
func stopAbandoned(q *engine.StreamingQuery) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	q.Stop(ctx)
}

// TestFaultBrokerKilledDuringProcessingTimeBatch kills Apache Kafka (SIGKILL: a crash, no
// clean shutdown) the moment an always-on query has written offsets/N for new orders and
// starts reading them. The query must fail naming the broker; after Kafka recovers its logs
// on the same port and data, a rerun re-runs batch N and goes on, and the table must equal
// the topic.
func TestFaultBrokerKilledDuringProcessingTimeBatch(t *testing.T) {
	began := time.Now()
	b := startPrivateBroker(t)
	b.createTopic(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	var armed, fired atomic.Bool
	crashed := make(chan error, 1)
	var killedAt atomic.Int64
	var killedBatch atomic.Int64
	l := &learner{t: t, workDir: t.TempDir()}
	l.hook = func(step stream.Step, batchID int64) error {
		if step == stream.StepOffsetsWritten && armed.Load() && fired.CompareAndSwap(false, true) {
			killedBatch.Store(batchID)
			// Not waited for: the batch goes on reading while the broker dies.
			go func() {
				err := b.kill()
				killedAt.Store(time.Now().UnixNano())
				crashed <- err
			}()
		}
		return nil
	}
	trigger := engine.Trigger{ProcessingTime: "500 milliseconds"}

	b.produce(t, 1001, 40)
	q := l.start(ctx, b.addr(), trigger, nil)
	l.waitForRows(ctx, q, 40)

	armed.Store(true)
	b.produce(t, 1041, 30)
	ok, err := q.AwaitTerminationTimeout(ctx, failBound+30*time.Second)
	if !ok {
		stopAbandoned(q)
		t.Fatalf("the query still runs %s after new orders and a broker crash: a hang", failBound)
	}
	if !fired.Load() {
		t.Fatalf("the query ended before the broker was killed: %v", err)
	}
	if kerr := <-crashed; kerr != nil {
		t.Fatal(kerr)
	}
	t.Logf("broker killed as batch %d started; the query failed %s after the broker was gone",
		killedBatch.Load(), max(0, time.Since(time.Unix(0, killedAt.Load()))).Round(100*time.Millisecond))
	checkBrokerError(t, err, b)
	// The batch in flight may have finished its read before the broker died (then it
	// committed); either way the table holds exactly the committed batches' rows.
	var committedRows int64
	for _, p := range q.RecentProgress() {
		committedRows += p.NumInputRows
	}
	if got, err := l.table(ctx); err != nil || int64(len(got)) != committedRows || committedRows < 40 {
		t.Fatalf("after the crash the table has %d rows (%v), want the %d of the committed batches (at least 40)", len(got), err, committedRows)
	}
	t.Logf("%d orders in the table at the crash", committedRows)

	// Same port, same data (Kafka recovers its logs); more orders while the query is down.
	restarted := time.Now()
	b.start(t)
	b.produce(t, 1071, 25)
	want := b.readTopic(t)
	if len(want) != 95 {
		t.Fatalf("the topic holds %d records, want the 95 produced (acknowledged orders lost in the crash?)", len(want))
	}
	l.hook = nil
	q = l.start(ctx, b.addr(), trigger, nil)
	l.waitForRows(ctx, q, len(want))
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if err := q.Exception(); err != nil {
		t.Fatalf("the rerun failed: %v", err)
	}
	t.Logf("broker restart + rerun caught up in %s", time.Since(restarted).Round(100*time.Millisecond))
	got, err := l.table(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameAsTopic(t, got, want)
	t.Logf("whole test %s", time.Since(began).Round(100*time.Millisecond))
}

// TestFaultBrokerStopsBetweenAvailableNowBatches stops Apache Kafka right after batch 0 of
// an availableNow run commits. The run's target offsets are already fixed, so the next
// batch is planned without the broker and fails only when it reads (after the read wait,
// kafkaConsumer.pollTimeoutMs), where an idle always-on query (the learner script test)
// fails at once asking for the latest offsets.
func TestFaultBrokerStopsBetweenAvailableNowBatches(t *testing.T) {
	began := time.Now()
	b := startPrivateBroker(t)
	b.createTopic(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	var stoppedAt atomic.Int64
	var stopErr atomic.Value
	l := &learner{t: t, workDir: t.TempDir()}
	l.hook = func(step stream.Step, batchID int64) error {
		if step == stream.StepCommitted && batchID == 0 && stoppedAt.Load() == 0 {
			if _, err := b.stop(); err != nil {
				stopErr.Store(err)
			}
			stoppedAt.Store(time.Now().UnixNano())
		}
		return nil
	}
	trigger := engine.Trigger{AvailableNow: true}
	// Three batches of about 20 orders each.
	limit := map[string]string{"maxOffsetsPerTrigger": "20"}

	b.produce(t, 2001, 60)
	q := l.start(ctx, b.addr(), trigger, limit)
	ok, err := q.AwaitTerminationTimeout(ctx, failBound+2*time.Minute)
	if !ok {
		stopAbandoned(q)
		t.Fatal("the availableNow run did not end after the broker stopped: a hang")
	}
	if e := stopErr.Load(); e != nil {
		t.Fatalf("stopping the broker after batch 0: %v", e)
	}
	if stoppedAt.Load() == 0 {
		t.Fatalf("the run ended before batch 0 committed: %v", err)
	}
	detect := time.Since(time.Unix(0, stoppedAt.Load()))
	t.Logf("availableNow run failed %s after the broker was down", detect.Round(100*time.Millisecond))
	checkBrokerError(t, err, b)
	// Only batch 0 reached the table; batch 1's offsets/1 is written but not committed.
	var committedRows int64
	for _, p := range q.RecentProgress() {
		committedRows += p.NumInputRows
	}
	if got, err := l.table(ctx); err != nil || int64(len(got)) != committedRows || committedRows == 0 || committedRows >= 60 {
		t.Fatalf("after the failure the table has %d rows (%v), want batch 0's %d of 60", len(got), err, committedRows)
	}

	restarted := time.Now()
	b.start(t)
	b.produce(t, 2061, 10)
	want := b.readTopic(t)
	if len(want) != 70 {
		t.Fatalf("the topic holds %d records, want the 70 produced", len(want))
	}
	l.hook = nil
	q = l.start(ctx, b.addr(), trigger, limit)
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatalf("the availableNow rerun failed: %v", err)
	}
	t.Logf("broker restart + availableNow rerun in %s", time.Since(restarted).Round(100*time.Millisecond))
	got, err := l.table(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameAsTopic(t, got, want)
	t.Logf("whole test %s", time.Since(began).Round(100*time.Millisecond))
}

// loadOrdersPy is a course-style load script: an always-on query by default, one catch-up
// run with the argument "now".
const loadOrdersPy = `"""Keeps bronze_orders up to date with the orders topic."""
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

spark = SparkSession.builder.appName("load-orders").config("spark.sql.session.timeZone", "UTC").getOrCreate()
source = (
    spark.readStream.format("kafka")
    .option("kafka.bootstrap.servers", "localhost:9092")
    .option("subscribe", "orders")
    .option("startingOffsets", "earliest")
    .load()
)
events = source.select(
    F.from_json(F.col("value").cast("string"), SCHEMA).alias("event"), "partition", "offset"
).select("event.*", "partition", "offset")
writer = events.writeStream.format("delta").option("checkpointLocation", "checkpoints/bronze_orders")
if len(sys.argv) > 1 and sys.argv[1] == "now":
    writer = writer.trigger(availableNow=True)
else:
    writer = writer.trigger(processingTime="500 milliseconds")
query = writer.toTable("bronze_orders")
query.awaitTermination()
print(f"loaded {sum(p.numInputRows for p in query.recentProgress)} events")
`

// runLoad runs load_orders.py as kafkalab runs a learner's script, with localhost:9092
// pointing at the broker.
func runLoad(ctx context.Context, dir string, b *realBroker, args ...string) (string, error) {
	var out bytes.Buffer
	in, err := pyspark.NewInterpreter(pyspark.Config{ScriptPath: "load_orders.py", Args: args, WorkDir: dir, Stdout: &out, Stderr: &out,
		BootstrapRewrite: map[string]string{"localhost:9092": b.addr()}})
	if err != nil {
		return "", err
	}
	defer in.Close()
	err = in.ExecFile(ctx, "load_orders.py")
	return out.String(), err
}

// offsetsFiles lists the checkpoint's offsets/ folder.
func offsetsFiles(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(filepath.Join(dir, "checkpoints", "bronze_orders", "offsets"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestFaultBrokerStopsUnderLearnerScript is the learner's view: their always-on script is
// running when Kafka stops; the script ends with a StreamingQueryException that names the
// broker, a rerun while Kafka is still down fails the same way without touching the
// checkpoint, and once Kafka is back a catch-up run makes the table equal the topic.
func TestFaultBrokerStopsUnderLearnerScript(t *testing.T) {
	began := time.Now()
	b := startPrivateBroker(t)
	b.createTopic(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	l := &learner{t: t, workDir: t.TempDir()}
	if err := os.WriteFile(filepath.Join(l.workDir, "load_orders.py"), []byte(loadOrdersPy), 0o644); err != nil {
		t.Fatal(err)
	}

	b.produce(t, 3001, 40)
	type result struct {
		out string
		err error
	}
	done := make(chan result, 1)
	go func() {
		out, err := runLoad(ctx, l.workDir, b)
		done <- result{out, err}
	}()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		got, _ := l.table(ctx)
		if len(got) >= 40 {
			break
		}
		select {
		case r := <-done:
			t.Fatalf("the script ended before loading the first orders: %v\n%s", r.err, r.out)
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the table has %d rows after 2 minutes, want 40", len(got))
		}
	}

	b.produce(t, 3041, 30)
	stopped := time.Now()
	killed := b.mustStop(t)
	var r result
	select {
	case r = <-done:
	case <-time.After(failBound):
		cancel() // unblocks the script so the test can end
		t.Fatalf("the script still runs %s after the broker stopped: a hang", failBound)
	}
	t.Logf("the script failed %s after stop.sh began, %s after it returned",
		time.Since(stopped).Round(100*time.Millisecond), max(0, time.Since(stopped)-killed).Round(100*time.Millisecond))
	checkScriptError(t, r.err, b)

	// The learner runs it again at once: same clear error, and the checkpoint is untouched.
	before := offsetsFiles(t, l.workDir)
	rerun := time.Now()
	_, err := runLoad(ctx, l.workDir, b, "now")
	t.Logf("a rerun with the broker down failed in %s", time.Since(rerun).Round(100*time.Millisecond))
	checkScriptError(t, err, b)
	if after := offsetsFiles(t, l.workDir); strings.Join(after, ",") != strings.Join(before, ",") {
		t.Fatalf("the failed rerun changed offsets/: %v -> %v", before, after)
	}

	restarted := time.Now()
	b.start(t)
	b.produce(t, 3071, 25)
	want := b.readTopic(t)
	if len(want) != 95 {
		t.Fatalf("the topic holds %d records, want the 95 produced", len(want))
	}
	out, err := runLoad(ctx, l.workDir, b, "now")
	if err != nil {
		t.Fatalf("the catch-up run failed: %v\n%s", err, out)
	}
	t.Logf("broker restart + catch-up run in %s; the script printed %q", time.Since(restarted).Round(100*time.Millisecond), strings.TrimSpace(out))
	got, err := l.table(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameAsTopic(t, got, want)
	t.Logf("whole test %s", time.Since(began).Round(100*time.Millisecond))
}

// checkScriptError requires a Python StreamingQueryException naming the broker, raised at
// the script's awaitTermination line.
func checkScriptError(t *testing.T, err error, b *realBroker) {
	t.Helper()
	if err == nil {
		t.Fatal("the script ended without an error although the broker is down")
	}
	msg := err.Error()
	t.Logf("the learner sees:\n%s", msg)
	var pe *python.Error
	if !errors.As(err, &pe) {
		t.Fatalf("the failure is a %T, want *python.Error", err)
	}
	var bu *kafkasource.BrokerUnreachableError
	if !errors.As(err, &bu) || bu.Bootstrap != b.addr() {
		t.Errorf("the failure does not carry a *kafkasource.BrokerUnreachableError for %s: %v", b.addr(), err)
	}
	if pe.Kind != "StreamingQueryException" || pe.Line == 0 || !strings.Contains(pe.Source, "awaitTermination") {
		t.Errorf("got %s at line %d (%q), want StreamingQueryException at query.awaitTermination()", pe.Kind, pe.Line, pe.Source)
	}
	for _, want := range []string{"[STREAM_FAILED]", b.addr(), "did not answer", "check that it is running"} {
		if !strings.Contains(pe.Message, want) {
			t.Errorf("the message does not say %q: %s", want, pe.Message)
		}
	}
	if n := strings.Count(msg, "[STREAM_FAILED]"); n != 1 {
		t.Errorf("the error says [STREAM_FAILED] %d times: %s", n, msg)
	}
}

// signal sends sig to the broker process (by the PID start.sh recorded).
func (b *realBroker) signal(sig syscall.Signal) error {
	raw, err := os.ReadFile(filepath.Join(b.dir, "kafka.pid"))
	if err != nil {
		return fmt.Errorf("reading the broker's PID: %w", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || pid <= 0 {
		return fmt.Errorf("%s/kafka.pid holds %q, not a PID", b.dir, raw)
	}
	return syscall.Kill(pid, sig)
}

// TestFaultBrokerFrozen freezes Apache Kafka (SIGSTOP: the port still accepts connections
// but nothing answers, as in a long GC pause or a stuck VM) under an always-on query, first
// while it waits for orders, then as a batch starts reading new ones. The query must not
// hang: each time it fails naming the broker. Once Kafka runs again (SIGCONT) a rerun
// re-runs the failed batch and the table equals the topic.
func TestFaultBrokerFrozen(t *testing.T) {
	began := time.Now()
	b := startPrivateBroker(t)
	// Runs before the stop registered by startPrivateBroker: a frozen JVM ignores SIGTERM.
	t.Cleanup(func() { b.signal(syscall.SIGCONT) })
	b.createTopic(t, 3)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	l := &learner{t: t, workDir: t.TempDir()}
	trigger := engine.Trigger{ProcessingTime: "500 milliseconds"}
	thaw := func() {
		t.Helper()
		if err := b.signal(syscall.SIGCONT); err != nil {
			t.Fatal(err)
		}
	}
	awaitFailure := func(q *engine.StreamingQuery, frozen func() time.Time, what string) {
		t.Helper()
		ok, err := q.AwaitTerminationTimeout(ctx, failBound)
		if !ok {
			thaw()
			stopAbandoned(q)
			t.Fatalf("the query still runs %s after the broker froze %s: a hang", failBound, what)
		}
		if frozen().IsZero() {
			t.Fatalf("the query ended before the broker froze: %v", err)
		}
		t.Logf("frozen %s: the query failed %s later", what, time.Since(frozen()).Round(100*time.Millisecond))
		checkBrokerError(t, err, b)
	}

	// 1. Frozen while the query waits for orders.
	b.produce(t, 4001, 40)
	q := l.start(ctx, b.addr(), trigger, nil)
	l.waitForRows(ctx, q, 40)
	frozeIdle := time.Now()
	if err := b.signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	awaitFailure(q, func() time.Time { return frozeIdle }, "while the query waited")
	thaw()

	// 2. Frozen as the batch for new orders starts reading (offsets/N written).
	var frozeAt atomic.Int64
	var freezeErr atomic.Value
	// The batch can start while the orders are still being produced: freeze only once the
	// producer has its answers, or it would time out on the frozen broker itself.
	produced := make(chan struct{})
	l.hook = func(step stream.Step, batchID int64) error {
		if step == stream.StepOffsetsWritten && batchID > 0 && frozeAt.Load() == 0 {
			select {
			case <-produced:
			case <-time.After(30 * time.Second):
			}
			if err := b.signal(syscall.SIGSTOP); err != nil {
				freezeErr.Store(err)
			}
			frozeAt.Store(time.Now().UnixNano())
		}
		return nil
	}
	q = l.start(ctx, b.addr(), trigger, nil)
	b.produce(t, 4041, 30)
	close(produced)
	awaitFailure(q, func() time.Time {
		if n := frozeAt.Load(); n != 0 {
			return time.Unix(0, n)
		}
		return time.Time{}
	}, "as a batch started reading")
	if e := freezeErr.Load(); e != nil {
		t.Fatal(e)
	}
	thawed := time.Now()
	thaw()

	b.produce(t, 4071, 25)
	want := b.readTopic(t)
	if len(want) != 95 {
		t.Fatalf("the topic holds %d records, want the 95 produced", len(want))
	}
	l.hook = nil
	q = l.start(ctx, b.addr(), trigger, nil)
	l.waitForRows(ctx, q, len(want))
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if err := q.Exception(); err != nil {
		t.Fatalf("the rerun failed: %v", err)
	}
	t.Logf("broker thawed + rerun caught up in %s", time.Since(thawed).Round(100*time.Millisecond))
	got, err := l.table(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sameAsTopic(t, got, want)
	t.Logf("whole test %s", time.Since(began).Round(100*time.Millisecond))
}
