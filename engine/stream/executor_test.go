package stream_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func TestReferenceScenario(t *testing.T) {
	b := startBroker(t)
	cp := t.TempDir()
	b.send(t, batch1)
	run := func() (*stream.Query, *stream.MemorySink) {
		sink := stream.NewMemorySink("bronze")
		q, err := runQuery(t, stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)},
			Plan: &identityPlan{}, Sink: sink, Trigger: stream.AvailableNow()})
		if err != nil {
			t.Fatal(err)
		}
		return q, sink
	}

	q, sink := run()
	if got := lastLine(readFile(t, cp, "offsets", "0")); got != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("offsets/0 ends %s", got)
	}
	if got := readFile(t, cp, "commits", "0"); got != "v1\n{\"nextBatchWatermarkMs\":0}" {
		t.Fatalf("commits/0 = %q", got)
	}
	if got := readFile(t, cp, "sources", "0", "0"); got != "\x00v1\n{\"orders\":{\"0\":0,\"1\":0,\"2\":0}}" {
		t.Fatalf("sources/0/0 = %q", got)
	}
	if got := readFile(t, cp, "metadata"); got != `{"id":"`+q.ID()+`"}` {
		t.Fatalf("metadata = %q (id %s)", got, q.ID())
	}
	off0 := readFile(t, cp, "offsets", "0")
	if !strings.HasPrefix(off0, "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":") ||
		!strings.Contains(off0, `"spark.sql.shuffle.partitions":"200"`) {
		t.Fatalf("offsets/0 = %q", off0)
	}
	if n := len(sink.Rows()); n != 3 {
		t.Fatalf("first run loaded %d rows", n)
	}
	prog := q.RecentProgress()
	if len(prog) != 1 || prog[0].BatchID != 0 || prog[0].NumInputRows != 3 || prog[0].Sink.NumOutputRows != 3 {
		t.Fatalf("progress %+v", prog)
	}
	src := prog[0].Sources[0]
	if src.StartOffset != nil || string(src.EndOffset) != `{"orders":{"0":2,"1":1,"2":0}}` ||
		string(src.LatestOffset) != `{"orders":{"0":2,"1":1,"2":0}}` || src.Description != "KafkaV2[Subscribe[orders]]" {
		t.Fatalf("source progress %+v", src)
	}
	id := q.ID()

	b.send(t, batch2)
	q, sink = run()
	if q.ID() != id {
		t.Fatalf("query id changed: %s -> %s", id, q.ID())
	}
	if got := lastLine(readFile(t, cp, "offsets", "1")); got != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("offsets/1 ends %s", got)
	}
	if n := len(sink.Rows()); n != 2 {
		t.Fatalf("second run loaded %d rows", n)
	}
	prog = q.RecentProgress()
	if len(prog) != 1 || prog[0].BatchID != 1 || prog[0].NumInputRows != 2 ||
		string(prog[0].Sources[0].StartOffset) != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("progress %+v", prog)
	}

	q, sink = run()
	if exists(cp, "offsets", "2") || exists(cp, "commits", "2") {
		t.Fatal("a run with nothing new wrote batch 2")
	}
	// Nothing new: no batch, but one "no data" progress entry for the next batch id, as a
	// real Spark 4.2 availableNow run reports (sparkdiff, lesson 08).
	prog = q.RecentProgress()
	if len(prog) != 1 || prog[0].BatchID != 2 || prog[0].NumInputRows != 0 || len(sink.Rows()) != 0 ||
		string(prog[0].Sources[0].EndOffset) != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("third run: progress %+v rows %d", prog, len(sink.Rows()))
	}
}

func TestEmptyTopicFirstBatchAndStartingLatest(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	sink := stream.NewMemorySink("m")
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b, "startingOffsets", "latest")},
		Plan: &identityPlan{}, Sink: sink, Trigger: stream.AvailableNow()}
	q, err := runQuery(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Batch 0 of a new query always runs, here with nothing to read.
	if got := lastLine(readFile(t, cp, "offsets", "0")); got != `{"orders":{"0":2,"1":1,"2":0}}` || len(sink.Rows()) != 0 {
		t.Fatalf("offsets/0 %s rows %d", got, len(sink.Rows()))
	}
	if p := q.LastProgress(); p == nil || p.NumInputRows != 0 || p.BatchID != 0 {
		t.Fatalf("progress %+v", p)
	}
	b.send(t, batch2)
	cfg.Sources = []stream.Source{newSource(t, b, "startingOffsets", "latest")}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	if n := len(sink.Rows()); n != 2 {
		t.Fatalf("second run read %d rows, want the 2 new ones", n)
	}
	// sources/0/0 wins over a changed startingOffsets.
	cfg.Sources = []stream.Source{newSource(t, b, "startingOffsets", "earliest")}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	if n := len(sink.Rows()); n != 2 || exists(cp, "offsets", "2") {
		t.Fatalf("restart re-read data: %d rows", n)
	}
}

func TestMaxOffsetsPerTriggerBatches(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	b.send(t, batch2)
	cp := t.TempDir()
	sink := newTxnSink()
	q, err := runQuery(t, stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")},
		Plan: &identityPlan{}, Sink: sink, Trigger: stream.AvailableNow()})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`{"orders":{"0":1,"1":1,"2":0}}`, `{"orders":{"0":2,"1":2,"2":0}}`, `{"orders":{"0":3,"1":2,"2":0}}`}
	for i, w := range want {
		if got := lastLine(readFile(t, cp, "offsets", fmt.Sprint(i))); got != w {
			t.Errorf("offsets/%d ends %s, want %s", i, got, w)
		}
	}
	var rows []int64
	for _, p := range q.RecentProgress() {
		rows = append(rows, p.NumInputRows)
	}
	if fmt.Sprint(rows) != "[2 2 1]" || exists(cp, "offsets", "3") {
		t.Fatalf("rows per batch %v", rows)
	}
	if m := q.RecentProgress()[0].Sources[0].Metrics; m["maxOffsetsBehindLatest"] != "2" || m["avgOffsetsBehindLatest"] != "1.0" {
		t.Fatalf("metrics %v", m)
	}
	// trigger(once) ignores maxOffsetsPerTrigger.
	b.send(t, batch1)
	b.send(t, batch2)
	q, err = runQuery(t, stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b, "maxOffsetsPerTrigger", "2")},
		Plan: &identityPlan{}, Sink: sink, Trigger: stream.Once()})
	if err != nil || len(q.RecentProgress()) != 1 || q.LastProgress().NumInputRows != 5 {
		t.Fatalf("once: %v %+v", err, q.RecentProgress())
	}
}

func TestWatermarkAndNoDataBatches(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	plan := &identityPlan{watermarkDelay: 10 * time.Minute}
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)},
		Plan: plan, Sink: newTxnSink(), Trigger: stream.AvailableNow()}
	q, err := runQuery(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	wm0945 := at("09:45").UnixMilli()
	// Batch 0 (data, wm 0) then a no-data batch 1 with the new watermark 09:45, then stop.
	if got := readFile(t, cp, "commits", "0"); got != fmt.Sprintf("v1\n{\"nextBatchWatermarkMs\":%d}", wm0945) {
		t.Fatalf("commits/0 = %q", got)
	}
	off1 := readFile(t, cp, "offsets", "1")
	if !strings.Contains(off1, fmt.Sprintf(`"batchWatermarkMs":%d,`, wm0945)) || lastLine(off1) != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("offsets/1 = %q", off1)
	}
	if exists(cp, "offsets", "2") {
		t.Fatal("unexpected batch 2")
	}
	bcs := plan.batches()
	if len(bcs) != 2 || bcs[0].BatchWatermarkMs != 0 || bcs[0].LateWatermarkMs != 0 || !bcs[1].IsNoDataBatch ||
		bcs[1].BatchWatermarkMs != wm0945 || bcs[1].LateWatermarkMs != 0 {
		t.Fatalf("batch contexts %+v", bcs)
	}
	p := q.RecentProgress()
	if len(p) != 2 || p[0].EventTime["max"] != "2026-10-01T09:55:00.000Z" || p[0].EventTime["min"] != "2026-10-01T09:15:00.000Z" ||
		p[0].EventTime["avg"] != "2026-10-01T09:36:40.000Z" || p[0].EventTime["watermark"] != "1970-01-01T00:00:00.000Z" ||
		p[1].EventTime["watermark"] != "2026-10-01T09:45:00.000Z" || p[1].NumInputRows != 0 {
		t.Fatalf("progress event time %v / %v", p[0].EventTime, p[1].EventTime)
	}

	// Restart: late filtering uses the previous batch's watermark; the watermark never
	// moves back (an older event does not lower it).
	b.send(t, []event{{"1005", `{}`, at("09:20")}})
	b.send(t, batch2)
	plan2 := &identityPlan{watermarkDelay: 10 * time.Minute}
	cfg.Plan, cfg.Sources = plan2, []stream.Source{newSource(t, b)}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	bcs = plan2.batches()
	wm1010 := at("10:10").UnixMilli()
	if len(bcs) != 2 || bcs[0].BatchID != 2 || bcs[0].BatchWatermarkMs != wm0945 || bcs[0].LateWatermarkMs != wm0945 ||
		bcs[1].BatchID != 3 || bcs[1].BatchWatermarkMs != wm1010 || bcs[1].LateWatermarkMs != wm0945 {
		t.Fatalf("restart contexts %+v", bcs)
	}
	if got := readFile(t, cp, "commits", "3"); got != fmt.Sprintf("v1\n{\"nextBatchWatermarkMs\":%d}", wm1010) {
		t.Fatalf("commits/3 = %q", got)
	}
}

func TestProgressJSON(t *testing.T) {
	name := "orders_bronze"
	p := stream.Progress{ID: "i", RunID: "r", Name: &name, Timestamp: "2026-10-01T09:15:00.000Z", BatchID: 0,
		BatchDuration: 12, NumInputRows: 3, InputRowsPerSecond: 0, ProcessedRowsPerSecond: 250,
		DurationMs:     map[string]int64{"triggerExecution": 12, "addBatch": 5},
		StateOperators: []stream.StateOperatorProgress{},
		Sources: []stream.SourceProgress{{Description: "KafkaV2[Subscribe[orders]]", EndOffset: json.RawMessage(`{"orders":{"0":2}}`),
			LatestOffset: json.RawMessage(`{"orders":{"0":2}}`), NumInputRows: 3, ProcessedRowsPerSecond: 250}},
		Sink: stream.SinkProgress{Description: "MemorySink", NumOutputRows: 3}}
	got, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"i","runId":"r","name":"orders_bronze","timestamp":"2026-10-01T09:15:00.000Z","batchId":0,"batchDuration":12,` +
		`"numInputRows":3,"inputRowsPerSecond":0.0,"processedRowsPerSecond":250.0,"durationMs":{"addBatch":5,"triggerExecution":12},` +
		`"stateOperators":[],"sources":[{"description":"KafkaV2[Subscribe[orders]]","startOffset":null,"endOffset":{"orders":{"0":2}},` +
		`"latestOffset":{"orders":{"0":2}},"numInputRows":3,"inputRowsPerSecond":0.0,"processedRowsPerSecond":250.0}],` +
		`"sink":{"description":"MemorySink","numOutputRows":3}}`
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestContinuousTriggersStopAndEvents(t *testing.T) {
	for _, trig := range []stream.Trigger{{}, stream.ProcessingTime(50 * time.Millisecond)} {
		t.Run(fmt.Sprint("kind", trig.Kind), func(t *testing.T) {
			b := startBroker(t)
			sink := stream.NewMemorySink("m")
			q, err := stream.Start(context.Background(), stream.Config{CheckpointDir: t.TempDir(),
				Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{}, Sink: sink, Trigger: trig, Name: "live"})
			if err != nil {
				t.Fatal(err)
			}
			events := q.Subscribe()
			b.send(t, batch1)
			waitFor(t, func() bool { return len(sink.Rows()) == 3 })
			b.send(t, batch2)
			waitFor(t, func() bool { return len(sink.Rows()) == 5 })
			if !q.IsActive() {
				t.Fatal("query stopped by itself")
			}
			if err := q.Stop(); err != nil {
				t.Fatal(err)
			}
			if q.IsActive() {
				t.Fatal("still active after Stop")
			}
			var kinds []string
			started := 0
			for e := range events {
				switch e.Kind {
				case stream.EventBatchStarted:
					started++
					if e.BatchID == 0 && e.Sources[0].StartOffset != "" {
						t.Errorf("batch 0 start %q", e.Sources[0].StartOffset)
					}
					kinds = append(kinds, "S")
				case stream.EventBatchFinished:
					if e.Progress == nil || *e.Progress.Name != "live" {
						t.Errorf("finished without progress")
					}
					kinds = append(kinds, "F")
				case stream.EventTerminated:
					if e.Err != nil {
						t.Errorf("terminated with %v", e.Err)
					}
					kinds = append(kinds, "T")
				}
			}
			k := strings.Join(kinds, "")
			if !strings.HasPrefix(k, "SF") || !strings.HasSuffix(k, "FT") || started < 2 || strings.Count(k, "S") != strings.Count(k, "F") {
				t.Fatalf("events %s", k)
			}
		})
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not reached in 20s")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestRestartRerunsUncommittedBatch(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	crash := errors.New("crash")
	clock := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: newTxnSink(), Trigger: stream.AvailableNow(), Now: func() time.Time { return clock },
		Hook: func(s stream.Step, id int64) error {
			if s == stream.StepOffsetsWritten {
				return crash
			}
			return nil
		}}
	if _, err := runQuery(t, cfg); !errors.Is(err, crash) {
		t.Fatalf("err %v", err)
	}
	off0 := readFile(t, cp, "offsets", "0")
	if exists(cp, "commits", "0") {
		t.Fatal("commit written")
	}
	// New data arrives; the re-run keeps the recorded range and timestamp.
	b.send(t, batch2)
	clock = clock.Add(time.Hour)
	plan := &identityPlan{}
	cfg.Hook, cfg.Plan, cfg.Sources = nil, plan, []stream.Source{newSource(t, b)}
	q, err := runQuery(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if readFile(t, cp, "offsets", "0") != off0 {
		t.Fatal("offsets/0 rewritten")
	}
	bcs := plan.batches()
	if len(bcs) != 2 || bcs[0].BatchID != 0 || bcs[0].BatchTimestampMs != time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC).UnixMilli() ||
		!bcs[0].IsRerun || bcs[1].BatchID != 1 || bcs[1].BatchTimestampMs != clock.UnixMilli() || bcs[1].IsRerun {
		t.Fatalf("contexts %+v", bcs)
	}
	var rows []int64
	for _, p := range q.RecentProgress() {
		rows = append(rows, p.NumInputRows)
	}
	if fmt.Sprint(rows) != "[3 2]" {
		t.Fatalf("rows %v", rows)
	}
}

func TestCheckpointOfAnotherQuery(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: newTxnSink(), Trigger: stream.AvailableNow()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b), newSource(t, b)}
	_, err := stream.Start(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "different query") {
		t.Fatalf("two sources: %v", err)
	}
	cfg.Sources = []stream.Source{newSource(t, b, "subscribe", "payments")}
	_, err = stream.Start(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), cp+"/offsets/0") || !strings.Contains(err.Error(), "topic(s) orders") ||
		!strings.Contains(err.Error(), "Subscribe[payments]") {
		t.Fatalf("other topic: %v", err)
	}
}

// A commit file deleted without its Hadoop checksum: on restart the batch runs again, its
// commit goes in place but the old checksum blocks the checksum's rename, and the query
// fails as Spark's does (HDFSMetadataLog's "Multiple streaming queries are concurrently
// using"). The commit then stays, so the next start finds the batch done.
func TestCommitDeletedWithoutChecksum(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	sink := newTxnSink()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: sink, Trigger: stream.AvailableNow()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(cp, "commits", "0")); err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	_, err := runQuery(t, cfg)
	se, ok := sparkerrors.As(err)
	want := "Multiple streaming queries are concurrently using file:" + filepath.Join(cp, "commits") + "."
	if !ok || se.Class != "_LEGACY_ERROR_TEMP_2207" || se.Error() != want {
		t.Fatalf("restart after deleting commits/0 alone: err %v, want %q", err, want)
	}
	if !exists(cp, "commits", "0") {
		t.Fatal("commits/0 is missing after the failed rename of its checksum")
	}
	if fmt.Sprint(sink.calls) != "[0 0]" {
		t.Fatalf("sink calls %v, want batch 0 twice", sink.calls)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatalf("third start: %v", err)
	}
	if fmt.Sprint(sink.calls) != "[0 0]" {
		t.Fatalf("sink calls %v after the third start, want batch 0 done", sink.calls)
	}
}

func TestCorruptOffsetsFile(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: newTxnSink(), Trigger: stream.AvailableNow()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(cp, "offsets", "0")
	if err := os.WriteFile(path, []byte("v1\n{\"batchWatermarkMs\":0,"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	_, err := stream.Start(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("corrupt offsets: %v", err)
	}
}

func TestFailOnDataLossStopsQuery(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	sink := newTxnSink()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)},
		Plan: &identityPlan{}, Sink: sink, Trigger: stream.Once()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	// Batch 2 lands at partition 0 offset 2, then retention removes it before we read it.
	b.send(t, batch2)
	deleteBefore(t, b, 0, 3)
	b.send(t, batch1)
	cfg.Sources = []stream.Source{newSource(t, b)}
	_, err := runQuery(t, cfg)
	var dl *kafkasource.DataLossError
	if !errors.As(err, &dl) || dl.Partition != 0 || dl.From != 2 || !strings.Contains(err.Error(), "failOnDataLoss") {
		t.Fatalf("err %v", err)
	}
	cfg.Sources = []stream.Source{newSource(t, b, "failOnDataLoss", "false")}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	// Offset 2 of partition 0 was lost; everything else arrived once.
	want := "0/0 0/1 0/3 0/4 1/0 1/1 1/2"
	if got := strings.Join(sink.keys(), " "); got != want {
		t.Fatalf("rows %s, want %s", got, want)
	}
}

func TestIdleProgressEveryTenSeconds(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	var mu sync.Mutex
	skew := time.Duration(0)
	now := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return time.Now().Add(skew)
	}
	q, err := stream.Start(context.Background(), stream.Config{CheckpointDir: t.TempDir(), Now: now,
		Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{}, Sink: stream.NewMemorySink("m")})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Stop()
	waitFor(t, func() bool { return len(q.RecentProgress()) == 1 })
	time.Sleep(50 * time.Millisecond)
	if n := len(q.RecentProgress()); n != 1 {
		t.Fatalf("idle progress too early: %d", n)
	}
	mu.Lock()
	skew = 11 * time.Second
	mu.Unlock()
	waitFor(t, func() bool { return len(q.RecentProgress()) == 2 })
	p := q.LastProgress()
	if p.BatchID != 1 || p.NumInputRows != 0 || string(p.Sources[0].EndOffset) != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("idle progress %+v", p)
	}
	// The idle progress after a batch is announced as Spark's QueryIdleEvent.
	q.Stop()
	var kinds []stream.EventKind
	for ev := range q.Subscribe() {
		kinds = append(kinds, ev.Kind)
	}
	want := []stream.EventKind{stream.EventStarted, stream.EventBatchStarted, stream.EventBatchFinished, stream.EventIdle, stream.EventTerminated}
	if fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Fatalf("events %v, want %v", kinds, want)
	}
}

// A query's failure is Spark's STREAM_FAILED, which names the query by its ids (Spark
// 4.2 leaves its name for the debug text after the message).
func TestQueryErrorNamesTheQuery(t *testing.T) {
	b := startBroker(t)
	q, err := runQuery(t, stream.Config{CheckpointDir: t.TempDir(), Name: "bronze",
		Sources: []stream.Source{newSource(t, b, "subscribe", "nope")}, Plan: &identityPlan{}, Sink: newTxnSink(),
		Trigger: stream.AvailableNow()})
	var qe *stream.QueryError
	if !errors.As(err, &qe) || qe.ID != q.ID() || !strings.HasPrefix(err.Error(), "[STREAM_FAILED] Query [id = "+q.ID()+", runId = "+q.RunID()+"] terminated with exception: ") ||
		!strings.Contains(err.Error(), "topic 'nope' does not exist") || q.Exception() != err || q.IsActive() {
		t.Fatalf("err %v", err)
	}
}

func TestNewPartitionIsReadFromZero(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	cp := t.TempDir()
	sink := newTxnSink()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: sink, Trigger: stream.AvailableNow()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	cl := b.client(t)
	if _, err := kadm.NewClient(cl).CreatePartitions(context.Background(), 1, "orders"); err != nil {
		t.Fatal(err)
	}
	cl.Close()
	pcl, err := kgo.NewClient(kgo.SeedBrokers(b.addr), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	if err != nil {
		t.Fatal(err)
	}
	err = pcl.ProduceSync(context.Background(), &kgo.Record{Topic: "orders", Partition: 3, Value: []byte("{}")}).FirstErr()
	pcl.Close()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	q, err := runQuery(t, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if got := lastLine(readFile(t, cp, "offsets", "1")); got != `{"orders":{"0":2,"1":1,"2":0,"3":1}}` {
		t.Fatalf("offsets/1 ends %s", got)
	}
	if got := strings.Join(sink.keys(), " "); got != "0/0 0/1 1/0 3/0" || q.LastProgress().NumInputRows != 1 {
		t.Fatalf("rows %s", got)
	}
}

type readAllPlan struct{}

func (readAllPlan) RunBatch(ctx context.Context, bc *stream.BatchContext) (*stream.BatchResult, error) {
	return &stream.BatchResult{Schema: bc.Inputs[0].Schema, Tasks: bc.Inputs[0].Open(bc.ChunkRows)}, nil
}
func (readAllPlan) ShouldRunNoDataBatch(int64) bool { return false }

func TestReadAllKeepsTaskOrder(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	b.send(t, batch2)
	var got []string
	sink := &funcSink{fn: func(_ *stream.SinkBatch, tasks [][]sqltypes.Row) {
		for i, task := range tasks {
			for _, r := range task {
				got = append(got, fmt.Sprintf("t%d:%d/%d", i, r[kafkasource.ColPartition], r[kafkasource.ColOffset]))
			}
		}
	}}
	q, err := runQuery(t, stream.Config{CheckpointDir: t.TempDir(), Sources: []stream.Source{newSource(t, b, "minPartitions", "5")},
		Plan: readAllPlan{}, Sink: sink, Trigger: stream.AvailableNow()})
	if err != nil {
		t.Fatal(err)
	}
	if want := "t0:0/0 t1:0/1 t2:0/2 t3:1/0 t4:1/1"; strings.Join(got, " ") != want || q.LastProgress().NumInputRows != 5 {
		t.Fatalf("got %v, want %s", got, want)
	}
}

// funcSink reads every task of a batch and hands the rows, by task, to fn.
type funcSink struct {
	fn func(b *stream.SinkBatch, tasks [][]sqltypes.Row)
}

func (f *funcSink) Description() string { return "func" }
func (f *funcSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	tasks, err := rowiter.CollectTasks(ctx, b.Tasks)
	if err != nil {
		return err
	}
	f.fn(b, tasks)
	return nil
}

func TestSameCheckpointTwiceIsRefused(t *testing.T) {
	b := startBroker(t)
	cp := t.TempDir()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b)}, Plan: &identityPlan{},
		Sink: stream.NewMemorySink("m")}
	q, err := stream.Start(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	if _, err := stream.Start(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "another query with same id is already active") {
		t.Fatalf("second start: %v", err)
	}
	if err := q.Stop(); err != nil {
		t.Fatal(err)
	}
	cfg.Sources = []stream.Source{newSource(t, b)}
	q2, err := stream.Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("restart after stop: %v", err)
	}
	q2.Stop()
}

type panicPlan struct{}

func (panicPlan) RunBatch(context.Context, *stream.BatchContext) (*stream.BatchResult, error) {
	var m map[string]int
	m["boom"]++ // a nil-map write: a bug in a plan
	return nil, nil
}
func (panicPlan) ShouldRunNoDataBatch(int64) bool { return false }

func TestPanicInPlanFailsTheQueryNotTheProcess(t *testing.T) {
	b := startBroker(t)
	_, err := runQuery(t, stream.Config{CheckpointDir: t.TempDir(), Sources: []stream.Source{newSource(t, b)},
		Plan: panicPlan{}, Sink: newTxnSink(), Trigger: stream.AvailableNow()})
	var pe *stream.PanicError
	if !errors.As(err, &pe) || !strings.Contains(err.Error(), "internal error") || !strings.Contains(pe.Stack, "RunBatch") {
		t.Fatalf("err %v", err)
	}
}
