package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// End to end through the engine: Kafka (kfake) -> from_json -> withWatermark -> window
// count -> a sink, run by kafkalab's micro-batch executor.

const orderDDL = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

func startBroker(t *testing.T) string {
	t.Helper()
	addr, _ := testkit.StartKafka(t)
	testkit.CreateTopic(t, addr, "orders", 3)
	return addr
}

// sendOrders produces one order per event time ("09:15"), ids from id.
func sendOrders(t *testing.T, addr string, id int, times ...string) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.DefaultProduceTopic("orders"))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for i, tm := range times {
		v := fmt.Sprintf(`{"order_id":%d,"customer_id":"C01","status":"placed","amount":10.0,"event_time":"2026-10-01T%s:00Z"}`, id+i, tm)
		if err := cl.ProduceSync(ctx, &kgo.Record{Key: []byte(fmt.Sprint(id + i)), Value: []byte(v)}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
}

func newSession(t *testing.T, dir string, hook func(stream.Step, int64) error) *engine.Session {
	t.Helper()
	s, err := engine.NewSession(engine.SessionConfig{WorkDir: dir, StreamHook: hook})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "4"); err != nil {
		t.Fatal(err)
	}
	return s
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// windowCounts is the lesson's query: orders per 5-minute window, 10-minute watermark.
func windowCounts(t *testing.T, s *engine.Session, addr string) *engine.DataFrame {
	t.Helper()
	raw := must[*engine.DataFrame](t)(s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", addr).
		Option("subscribe", "orders").Option("startingOffsets", "earliest").Load())
	o := must[*engine.DataFrame](t)(raw.Select(engine.FromJSON(engine.Col("value").Cast("string"), orderDDL, nil).Alias("o")))
	flat := must[*engine.DataFrame](t)(o.Select("o.*"))
	wm := must[*engine.DataFrame](t)(flat.WithWatermark("event_time", "10 minutes"))
	agg := must[*engine.DataFrame](t)(wm.GroupBy(engine.Window(engine.Col("event_time"), "5 minutes")).Agg(engine.Count("*").Alias("orders")))
	return must[*engine.DataFrame](t)(agg.Select(engine.Col("window.start").Alias("window_start"), engine.Col("window.end").Alias("window_end"), "orders"))
}

func tableRows(t *testing.T, ctx context.Context, s *engine.Session, name string) []string {
	t.Helper()
	df := must[*engine.DataFrame](t)(s.Table(ctx, name))
	rows := must[[]sqltypes.Row](t)(df.Collect(ctx))
	var out []string
	for _, r := range rows {
		out = append(out, hhmm(r[0])+"-"+hhmm(r[1])+" "+fmt.Sprint(r[2]))
	}
	sort.Strings(out)
	return out
}

func runAvailableNow(ctx context.Context, df *engine.DataFrame) (*engine.StreamingQuery, error) {
	q, err := df.WriteStream().Format("delta").OutputMode("append").Option("checkpointLocation", "checkpoints/w").
		Trigger(engine.Trigger{AvailableNow: true}).ToTable(ctx, "w")
	if err != nil {
		return nil, err
	}
	return q, q.AwaitTermination(ctx)
}

var closedWindows = []string{"09:15-09:20 1", "09:40-09:45 1", "09:55-10:00 1", "10:05-10:10 1"}

// Facts §4.5, availableNow variant: batch 0 reads all five orders and emits nothing; the
// no-data batch 1 emits the four windows ending by 10:10; [10:20,10:25) stays in state.
func TestAvailableNowWorkedExample(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr := startBroker(t)
	sendOrders(t, addr, 1001, "09:15", "09:40", "09:55", "10:05", "10:20")
	s := newSession(t, t.TempDir(), nil)
	q := must[*engine.StreamingQuery](t)(runAvailableNow(ctx, windowCounts(t, s, addr)))
	if got := tableRows(t, ctx, s, "w"); strings.Join(got, ",") != strings.Join(closedWindows, ",") {
		t.Fatalf("table = %v", got)
	}
	prog := q.RecentProgress()
	if len(prog) != 2 || prog[0].NumInputRows != 5 || prog[1].NumInputRows != 0 {
		t.Fatalf("progress: %d batches", len(prog))
	}
	if w := prog[1].EventTime["watermark"]; w != "2026-10-01T10:10:00.000Z" {
		t.Fatalf("batch 1 watermark %q", w)
	}
	// The numbers a real PySpark 4.2 run reports for the same query (5 rows put, then 4
	// removed, 1 left; the loaded-map cache counters of the HDFS-backed provider).
	if so := prog[0].StateOperators; len(so) != 1 || so[0].OperatorName != "stateStoreSave" || so[0].NumRowsTotal != 5 || so[0].NumRowsUpdated != 5 ||
		so[0].CustomMetrics["loadedMapCacheHitCount"] != 0 || so[0].CustomMetrics["SnapshotLastUploaded.partition_3_default"] != -1 {
		t.Fatalf("batch 0 state operators %+v", so)
	}
	if so := prog[1].StateOperators; len(so) != 1 || so[0].NumRowsTotal != 1 || so[0].NumRowsUpdated != 0 || so[0].NumRowsRemoved != 4 ||
		so[0].NumShufflePartitions != 4 || so[0].MemoryUsedBytes <= 0 || so[0].CustomMetrics["loadedMapCacheHitCount"] != 8 {
		t.Fatalf("batch 1 state operators %+v", so)
	}
	cp := filepath.Join(s.WorkDir(), "checkpoints", "w")
	if _, err := os.Stat(filepath.Join(cp, "state", "0", "0", "_metadata", "schema")); err != nil {
		t.Fatalf("no state schema file: %v", err)
	}
	for _, b := range []string{"0", "1"} {
		got, _ := os.ReadFile(filepath.Join(cp, "commits", b))
		if string(got) != "v1\n{\"nextBatchWatermarkMs\":1790849400000}" {
			t.Fatalf("commits/%s = %q", b, got)
		}
	}
	// A late order: dropped with the watermark of the previous run, counted in progress.
	// The next run's session asks for 8 shuffle partitions; the checkpoint's 4 win.
	sendOrders(t, addr, 1005, "09:50")
	s = newSession(t, s.WorkDir(), nil)
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "8"); err != nil {
		t.Fatal(err)
	}
	q = must[*engine.StreamingQuery](t)(runAvailableNow(ctx, windowCounts(t, s, addr)))
	if _, err := os.Stat(filepath.Join(cp, "state", "0", "4")); !os.IsNotExist(err) {
		t.Fatalf("state partition 4 exists after a restart asking for 8 partitions (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(cp, "state", "0", "3", "3.delta")); err != nil {
		t.Fatal(err)
	}
	last := q.LastProgress()
	if last == nil || len(last.StateOperators) != 1 || last.StateOperators[0].NumRowsDroppedByWatermark != 1 || last.StateOperators[0].NumRowsTotal != 1 ||
		last.StateOperators[0].CustomMetrics["loadedMapCacheMissCount"] != 4 || last.StateOperators[0].CustomMetrics["loadedMapCacheHitCount"] != 4 {
		t.Fatalf("late run progress %+v", last)
	}
	if got := tableRows(t, ctx, s, "w"); len(got) != 4 {
		t.Fatalf("late order reached the table: %v", got)
	}
}

// Spark reads every row's event time as a long for the watermark's statistics: a row
// whose time is null (here a time that does not parse) counts as 1970-01-01, so it is the
// batch's min and pulls the avg down, while the watermark follows the max alone (a real
// PySpark 4.2 run prints min 1970-01-01T00:00:00.000Z for such a batch).
func TestNullEventTimesCountAsZeroInProgress(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr := startBroker(t)
	sendOrders(t, addr, 1001, "09:15", "09:40", "not a time")
	s := newSession(t, t.TempDir(), nil)
	q := must[*engine.StreamingQuery](t)(runAvailableNow(ctx, windowCounts(t, s, addr)))
	p := q.RecentProgress()
	if len(p) != 2 {
		t.Fatalf("%d progress entries, want 2", len(p))
	}
	t1 := time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC).UnixMilli()
	t2 := time.Date(2026, 10, 1, 9, 40, 0, 0, time.UTC).UnixMilli()
	avg := time.UnixMilli((t1 + t2) / 3).UTC().Format("2006-01-02T15:04:05.000Z")
	want := map[string]string{"min": "1970-01-01T00:00:00.000Z", "max": "2026-10-01T09:40:00.000Z", "avg": avg, "watermark": "1970-01-01T00:00:00.000Z"}
	if fmt.Sprint(p[0].EventTime) != fmt.Sprint(want) {
		t.Fatalf("batch 0 eventTime = %v, want %v", p[0].EventTime, want)
	}
	if got := p[1].EventTime["watermark"]; got != "2026-10-01T09:30:00.000Z" {
		t.Fatalf("batch 1 watermark = %s, want 09:30 (the max minus 10 minutes)", got)
	}
}

// Facts §4.5, update mode into a memory sink (Spark takes update there as append): the
// data batch emits every window it touched, the no-data batch that follows evicts
// [09:15..10:10) without emitting anything, so the table holds each window once.
func TestUpdateModeIntoMemorySink(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr := startBroker(t)
	sendOrders(t, addr, 1001, "09:15", "09:40", "09:55", "10:05", "10:20")
	s := newSession(t, t.TempDir(), nil)
	q := must[*engine.StreamingQuery](t)(windowCounts(t, s, addr).WriteStream().Format("memory").QueryName("updates").
		OutputMode("update").Option("checkpointLocation", "checkpoints/updates").Trigger(engine.Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	want := append(append([]string(nil), closedWindows...), "10:20-10:25 1")
	if got := tableRows(t, ctx, s, "updates"); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("memory table = %v, want %v", got, want)
	}
	var emitted []int64
	for _, p := range q.RecentProgress() {
		emitted = append(emitted, p.Sink.NumOutputRows)
	}
	if fmt.Sprint(emitted) != "[5 0]" {
		t.Fatalf("rows emitted per batch = %v, want [5 0] (a data batch, then a no-data batch that only evicts)", emitted)
	}
	// The rows were in memory only: Spark refuses to continue such a query from its checkpoint.
	_, err := windowCounts(t, s, addr).WriteStream().Format("memory").QueryName("updates2").
		OutputMode("update").Option("checkpointLocation", "checkpoints/updates").Trigger(engine.Trigger{AvailableNow: true}).Start(ctx)
	if err == nil || !strings.Contains(err.Error(), "This query does not support recovering from checkpoint location. Delete checkpoints/updates/offsets to start over.") {
		t.Fatalf("a second update-mode memory query on the same checkpoint: err = %v", err)
	}
}

// Facts §4.5, continuous variant: the windows close batch by batch as the orders arrive.
func TestContinuousWorkedExample(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr := startBroker(t)
	sendOrders(t, addr, 1001, "09:15", "09:40", "09:55")
	s := newSession(t, t.TempDir(), nil)
	q := must[*engine.StreamingQuery](t)(windowCounts(t, s, addr).WriteStream().Format("memory").QueryName("live").
		OutputMode("append").Option("checkpointLocation", "checkpoints/live").Start(ctx))
	defer q.Stop(ctx)
	waitRows := func(want []string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			got := tableRows(t, ctx, s, "live")
			if strings.Join(got, ",") == strings.Join(want, ",") {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("memory table = %v, want %v", got, want)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitRows(closedWindows[:2])
	sendOrders(t, addr, 1004, "10:05", "10:20")
	waitRows(closedWindows)
	sendOrders(t, addr, 1005, "09:50")
	deadline := time.Now().Add(20 * time.Second)
	for {
		var dropped int64
		for _, p := range q.RecentProgress() {
			for _, so := range p.StateOperators {
				dropped += so.NumRowsDroppedByWatermark
			}
		}
		if dropped == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("late order never counted as dropped (%d)", dropped)
		}
		time.Sleep(20 * time.Millisecond)
	}
	waitRows(closedWindows)
	// Batch boundaries depend on when the orders become visible; the watermarks in the
	// commits only move forward and end at 10:10, and the late order's batch (a data batch
	// that did not move the watermark) is the last one: no no-data batch follows it.
	cp := filepath.Join(s.WorkDir(), "checkpoints", "live")
	prog := q.RecentProgress()
	last := prog[len(prog)-1]
	if last.NumInputRows != 1 || last.StateOperators[0].NumRowsDroppedByWatermark != 1 {
		t.Fatalf("last batch read %d rows, dropped %d", last.NumInputRows, last.StateOperators[0].NumRowsDroppedByWatermark)
	}
	prev := int64(0)
	for b := int64(0); b <= last.BatchID; b++ {
		got, err := os.ReadFile(filepath.Join(cp, "commits", fmt.Sprint(b)))
		if err != nil {
			t.Fatal(err)
		}
		var wm int64
		if _, err := fmt.Sscanf(strings.TrimPrefix(string(got), "v1\n"), `{"nextBatchWatermarkMs":%d}`, &wm); err != nil || wm < prev {
			t.Fatalf("commits/%d = %q after watermark %d", b, got, prev)
		}
		prev = wm
	}
	if prev != 1790849400000 {
		t.Fatalf("final watermark %d, want 10:10", prev)
	}
}

// Exactly once with state: crash at every point of every batch, restart, and the table
// holds each closed window exactly once.
func TestFaultInjectionExactlyOnce(t *testing.T) {
	steps := []stream.Step{stream.StepOffsetsWritten, stream.StepBatchPlanned, stream.StepSinkWriting, stream.StepSinkDone, stream.StepCommitted}
	for _, batch := range []int64{0, 1} {
		for _, step := range steps {
			t.Run(fmt.Sprintf("batch%d-%s", batch, step), func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				addr := startBroker(t)
				sendOrders(t, addr, 1001, "09:15", "09:40", "09:55", "10:05", "10:20")
				dir := t.TempDir()
				crash := errors.New("injected crash")
				s := newSession(t, dir, func(st stream.Step, b int64) error {
					if st == step && b == batch {
						return crash
					}
					return nil
				})
				if _, err := runAvailableNow(ctx, windowCounts(t, s, addr)); err == nil || !strings.Contains(err.Error(), "injected crash") {
					t.Fatalf("crash run: %v", err)
				}
				s2 := newSession(t, dir, nil)
				rerun, err := runAvailableNow(ctx, windowCounts(t, s2, addr))
				if err != nil {
					t.Fatal(err)
				}
				if step == stream.StepSinkDone {
					// The table holds the batch, so the rerun is planned but never run: as in
					// Spark, its progress still has the watermark and the operator, all zero.
					p := rerun.RecentProgress()[0]
					wantWm := map[int64]string{0: "1970-01-01T00:00:00.000Z", 1: "2026-10-01T10:10:00.000Z"}[batch]
					if p.BatchID != batch || p.NumInputRows != 0 || fmt.Sprint(p.EventTime) != fmt.Sprint(map[string]string{"watermark": wantWm}) ||
						len(p.StateOperators) != 1 || p.StateOperators[0].OperatorName != "stateStoreSave" || p.StateOperators[0].NumRowsTotal != 0 ||
						p.StateOperators[0].CustomMetrics["loadedMapCacheMissCount"] != 0 || len(p.StateOperators[0].CustomMetrics) != 9 {
						t.Fatalf("progress of the skipped rerun: %+v", p)
					}
				}
				got := tableRows(t, ctx, s2, "w")
				if batch == 0 && (step == stream.StepCommitted || step == stream.StepSinkDone) {
					// Batch 0 was committed (or the table holds it, so the rerun is skipped
					// unread and the watermark does not move, as Spark's Delta sink does); a
					// restarted query never starts with a no-data batch, so the windows wait
					// for new data (as in Spark).
					if len(got) != 0 {
						t.Fatalf("restart without new data emitted %v", got)
					}
				} else if strings.Join(got, ",") != strings.Join(closedWindows, ",") {
					t.Fatalf("after restart table = %v", got)
				}
				// New data runs a batch with the stored watermark: every closed window is
				// there exactly once, and [10:20,10:25) is still open.
				sendOrders(t, addr, 1006, "10:21")
				if _, err := runAvailableNow(ctx, windowCounts(t, s2, addr)); err != nil {
					t.Fatal(err)
				}
				if got := tableRows(t, ctx, s2, "w"); strings.Join(got, ",") != strings.Join(closedWindows, ",") {
					t.Fatalf("after new data table = %v", got)
				}
			})
		}
	}
}

func TestAppendWithoutWatermarkRefusedAtStart(t *testing.T) {
	ctx := context.Background()
	s := newSession(t, t.TempDir(), nil)
	raw := must[*engine.DataFrame](t)(s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", "127.0.0.1:1").
		Option("subscribe", "orders").Load())
	o := must[*engine.DataFrame](t)(raw.Select(engine.FromJSON(engine.Col("value").Cast("string"), orderDDL, nil).Alias("o")))
	flat := must[*engine.DataFrame](t)(o.Select("o.*"))
	agg := must[*engine.DataFrame](t)(flat.GroupBy(engine.Window(engine.Col("event_time"), "5 minutes")).Agg(engine.Count("*")))
	_, err := agg.WriteStream().Format("delta").Option("checkpointLocation", "cp").ToTable(ctx, "t")
	if err == nil || !strings.Contains(err.Error(), "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: append. This output mode is not supported for streaming aggregations without watermark on streaming DataFrames/DataSets.") {
		t.Fatalf("append without watermark: %v", err)
	}
	if _, err := agg.WriteStream().Format("delta").OutputMode("update").Option("checkpointLocation", "cp").ToTable(ctx, "t"); err == nil || !strings.Contains(err.Error(), "does not support Update output mode") {
		t.Fatalf("update into delta: %v", err)
	}
	if got := agg.Columns(); strings.Join(got, ",") != "window,count(1)" {
		t.Fatalf("columns %v", got)
	}
	// As in Spark, toTable made the table before the query was refused: version 0 (CREATE
	// TABLE) and nothing else; the checkpoint folder exists but holds nothing, as Spark
	// creates it before its unsupported-operation checks (the corpus's j02 on real Spark).
	logs, _ := filepath.Glob(filepath.Join(s.WorkDir(), "spark-warehouse", "t", "_delta_log", "*.json"))
	if len(logs) != 1 || filepath.Base(logs[0]) != "00000000000000000000.json" {
		t.Fatalf("table t after two refused queries: %v, want only version 0", logs)
	}
	if entries, err := os.ReadDir(filepath.Join(s.WorkDir(), "cp")); err != nil || len(entries) != 0 {
		t.Fatalf("a refused query's checkpoint folder: %v entries, %v; want an empty folder", len(entries), err)
	}
}

// hhmm shows a timestamp (or a window of two) as 15:04 in UTC, a decimal as text.
func hhmm(v any) string {
	switch x := v.(type) {
	case sqltypes.Timestamp:
		return time.UnixMicro(int64(x)).UTC().Format("15:04")
	case sqltypes.Row:
		return "[" + hhmm(x[0]) + "," + hhmm(x[1]) + ")"
	case sqltypes.Decimal:
		return x.String()
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}
