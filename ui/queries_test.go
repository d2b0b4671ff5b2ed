package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// queryEvents sends what the lab reports for two queries of lesson 01-ui-demo: one
// writing checkpoints/bronze_orders (a windowed count: 3 state rows, 1 late event dropped
// in batch 2), one with a temporary checkpoint (a console sink) still running batch 4.
func queryEvents(m *Model) {
	agg := func(kind pyrun.QueryEventKind, batch int64, mut func(*pyrun.QueryEvent)) tea0 {
		ev := pyrun.QueryEvent{Kind: kind, BatchID: batch, QueryID: "6f1c2a9e-0000-4000-8000-000000000001", QueryName: "orders_per_window",
			Checkpoint: "/home/me/kafkalab/01-ui-demo/checkpoints/bronze_orders"}
		mut(&ev)
		return labEventMsg(lab.Event{Kind: lab.QueryProgress, Lesson: "01-ui-demo", Query: &ev})
	}
	progress := func(batch, in, rows, dropped int64) func(*pyrun.QueryEvent) {
		return func(ev *pyrun.QueryEvent) {
			ev.Progress = &pyrun.Progress{BatchID: batch, InputRows: in, Watermark: "2026-01-01T10:10:00.000Z",
				Sink:           "DeltaSink[file:/home/me/kafkalab/01-ui-demo/spark-warehouse/orders_per_window]",
				StateOperators: 1, StateRows: rows, DroppedByWatermark: dropped}
		}
	}
	ranges := func(start, end pyrun.Offsets) func(*pyrun.QueryEvent) {
		return func(ev *pyrun.QueryEvent) {
			ev.Sources = []pyrun.SourceRange{{Description: "KafkaV2[Subscribe[orders]]", Kafka: true, Start: start, End: end}}
		}
	}
	orders := func(p0, p1, p2 int64) pyrun.Offsets { return pyrun.Offsets{"orders": {0: p0, 1: p1, 2: p2}} }
	m.send(
		agg(pyrun.BatchStarted, 1, ranges(orders(2, 1, 0), orders(3, 2, 0))),
		agg(pyrun.BatchFinished, 1, progress(1, 2, 2, 0)),
		agg(pyrun.BatchStarted, 2, ranges(orders(3, 2, 0), orders(3, 2, 2))),
		agg(pyrun.BatchFinished, 2, progress(2, 2, 3, 1)),
	)
	console := func(kind pyrun.QueryEventKind, mut func(*pyrun.QueryEvent)) tea0 {
		ev := pyrun.QueryEvent{Kind: kind, BatchID: 4, QueryID: "0a2b3c4d-0000-4000-8000-000000000002", Checkpoint: "/tmp/temporary-0a2b"}
		mut(&ev)
		return labEventMsg(lab.Event{Kind: lab.QueryProgress, Lesson: "01-ui-demo", Query: &ev})
	}
	m.send(console(pyrun.BatchStarted, ranges(orders(3, 2, 2), orders(5, 2, 2))))
}

type tea0 = labEventMsg

func TestLivePaneShowsQueryProgress(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 160, 48)
	queryEvents(m)
	got := screen(m)
	for _, want := range []string{
		"query orders_per_window · batch 2: 2 rows in", // under its checkpoint
		"state 3 rows · ✗ dropped as late 1",
		"query 0a2b3c4d · running batch 4", // the console query, on its own
		"batch 4: orders p0 3→5 p1 2→2 p2 2→2",
		"✗ 1 row late: dropped, their windows had closed", // on the window lanes
	} {
		if !strings.Contains(got, want) {
			t.Errorf("live pane lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "input rows 2") {
		t.Errorf("the checkpoint's own input-row count is shown beside the query's:\n%s", got)
	}

	// While a step runs, the line beside the spinner names the batch in flight.
	m.running, m.outDirty = true, true
	m.send(frameMsg{})
	if got := screen(m); !strings.Contains(got, "running step… query 0a2b3c4d: batch 4 (orders p0 3→5") {
		t.Errorf("the running line does not name the batch:\n%s", got)
	}
	m.running, m.outDirty = false, true

	// A no-data batch after the late event reports 0 dropped; the run's total stays.
	m.send(labEventMsg(lab.Event{Kind: lab.QueryProgress, Lesson: "01-ui-demo", Query: &pyrun.QueryEvent{
		Kind: pyrun.BatchFinished, BatchID: 3, QueryID: "6f1c2a9e-0000-4000-8000-000000000001", QueryName: "orders_per_window",
		Checkpoint: "/home/me/kafkalab/01-ui-demo/checkpoints/bronze_orders",
		Progress:   &pyrun.Progress{BatchID: 3, StateOperators: 1, StateRows: 1}}}))
	if got := screen(m); !strings.Contains(got, "state 1 row · ✗ dropped as late 0 (1 this run)") {
		t.Errorf("after a no-data batch:\n%s", got)
	}

	// The end of a query, and a failure, show as such.
	m.send(labEventMsg(lab.Event{Kind: lab.QueryProgress, Lesson: "01-ui-demo", Query: &pyrun.QueryEvent{
		Kind: pyrun.QueryTerminated, QueryID: "0a2b3c4d-0000-4000-8000-000000000002", Checkpoint: "/tmp/temporary-0a2b",
		Error: "broker gone"}}))
	if got := screen(m); !strings.Contains(got, "query 0a2b3c4d · ✗ failed") || !strings.Contains(got, "broker gone") {
		t.Errorf("a failed query:\n%s", got)
	}

	// Another lesson's queries are not this lesson's business.
	m.li, m.si = 1, 0
	m.loadStep()
	if got := screen(m); strings.Contains(got, "query orders_per_window") || strings.Contains(got, "query 0a2b3c4d") {
		t.Errorf("lesson 2 shows lesson 1's query:\n%s", got)
	}
}

// With the frame timer on, events wait for the next frame: a fast stream redraws the
// pane at most ten times a second.
func TestQueryProgressIsTakenInOncePerFrame(t *testing.T) {
	m := newTestModel(t, Course)
	m.cfg.NoTicks = false
	ready(m, 160, 48)
	queryEvents(m)
	if len(m.queries) != 0 || len(m.pendingQ) != 5 {
		t.Fatalf("before the frame: %d queries shown, %d events queued", len(m.queries), len(m.pendingQ))
	}
	m.send(frameMsg{})
	if len(m.queries) != 2 || len(m.pendingQ) != 0 {
		t.Fatalf("after the frame: %d queries, %d events queued", len(m.queries), len(m.pendingQ))
	}
}

// The batches a step ran are listed in "what just changed", each with its offsets, and a
// batch that dropped late rows says so.
func TestWhatChangedListsEveryBatch(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 160, 48)
	m.runLesson = "01-ui-demo"
	queryEvents(m)
	m.send(stepDoneMsg{key: m.stepKey(), res: &lab.StepResult{Before: fixture(), After: fixture(), Lesson: "01-ui-demo", Step: 1, Passed: true}})
	got := screen(m)
	for _, want := range []string{
		"batch  1 of query orders_per_window: orders p0 2→3 p1 1→2 p2 0→0 · 2 rows in",
		"batch  2 of query orders_per_window: orders p0 3→3 p1 2→2 p2 0→2 · 2 rows in",
		"✗ 1 row dropped as late (older than the watermark)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("what changed lacks %q:\n%s", want, got)
		}
	}
}

// A streaming query started at the sandbox's prompt reports its batches to the live pane:
// three events produced, one availableNow batch of three rows, the query stopped.
func TestSandboxQueryProgressOnRealBroker(t *testing.T) {
	m, _ := realModel(t, Sandbox)
	d := newDriver(t, m)
	d.until("the interpreter", func() bool { return m.sb.console != nil })
	enter := func(src, until string) {
		t.Helper()
		m.sb.prompt.SetValue(src)
		d.press("enter")
		d.until(until, func() bool { return !m.sb.busy && strings.Contains(strings.Join(m.sb.transcript, "\n"), until) })
	}
	enter("kafka-topics.sh --bootstrap-server localhost:9092 --create --topic sbq --partitions 2", "Created topic sbq.")
	enter("kafka-console-producer.sh --bootstrap-server localhost:9092 --topic sbq <<EOF\na\nb\nc\nEOF", "› kafka-console-producer")
	enter(`q = spark.readStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("subscribe", "sbq").option("startingOffsets", "earliest").load().writeStream.format("memory").queryName("sbq_copy").trigger(availableNow=True).start()`, "› q = spark")
	d.until("the query's progress", func() bool {
		for _, q := range m.queries {
			if q.name == "sbq_copy" && q.ended && q.last != nil {
				return true
			}
		}
		return false
	})
	got := screen(m)
	if !strings.Contains(got, "query sbq_copy · stopped · batch 0: 3 rows in") {
		t.Errorf("the live pane does not show the query's batch:\n%s", got)
	}
	if !regexp.MustCompile(`batch 0: sbq p0 →\d p1 →\d`).MatchString(got) {
		t.Errorf("the live pane does not show batch 0's offsets per partition:\n%s", got)
	}
}
