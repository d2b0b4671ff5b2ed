package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// A failed run of step 2: a show() table wider than the pane, a wrong prediction, a
// failed offsets check in the learner's words.
func failedRun(m *Model) {
	m.send(press("n"))
	m.cfg.Record.Predict("01-ui-demo", 2, 2)
	before, after := fixture(), fixture()
	after.Topics[0].Partitions[2].End = 4
	after.Tables[0].Version, after.Tables[0].Rows = 3, 9
	after.Files = append(after.Files, observe.File{Path: "checkpoints/bronze_orders/offsets/2", Size: 500})
	runResult(m, &lab.StepResult{Before: before, After: after, Changes: observe.Diff(before, after), Lesson: "01-ui-demo", Step: 2,
		Output: "+--------+-----------+------+------+-------------------+---------+------+\n|order_id|customer_id|status|amount|event_time         |partition|offset|\n+--------+-----------+------+------+-------------------+---------+------+\n|1001    |C01        |placed|25.50 |2026-10-01 09:15:00|0        |0     |\n+--------+-----------+------+------+-------------------+---------+------+\n\nloaded\t1 row\n",
		Failures: []lab.Failure{{Check: "next offset of each partition of uiclicks", Want: "0:4 1:0 2:1", Got: "0:4 1:0 2:4",
			Message: "topic uiclicks: partition 2 is at 4, expected 1"}}})
}

// A passed run whose output is far longer than the pane.
func longRun(m *Model) {
	var out strings.Builder
	for i := range 300 {
		fmt.Fprintf(&out, "line %d of a long output\n", i)
	}
	runResult(m, &lab.StepResult{Lesson: "01-ui-demo", Step: 1, Passed: true, Output: out.String()})
}

func queryEvents(m *Model) {
	for _, e := range []pyrun.QueryEvent{
		{Kind: pyrun.QueryStarted, QueryID: "q1", QueryName: "bronze", Checkpoint: "/ws/checkpoints/bronze_orders"},
		{Kind: pyrun.BatchStarted, QueryID: "q1", QueryName: "bronze", Checkpoint: "/ws/checkpoints/bronze_orders", BatchID: 2,
			Sources: []pyrun.SourceRange{{Kafka: true, Start: pyrun.Offsets{"orders": {0: 3}}, End: pyrun.Offsets{"orders": {0: 5}}}}},
		{Kind: pyrun.BatchFinished, QueryID: "q1", QueryName: "bronze", Checkpoint: "/ws/checkpoints/bronze_orders", BatchID: 2,
			Progress: &pyrun.Progress{BatchID: 2, InputRows: 2, StateOperators: 1, StateRows: 3, Sink: "DeltaSink[/ws/spark-warehouse/orders_per_window]"}},
		{Kind: pyrun.QueryStarted, QueryID: "q0", QueryName: "old", Checkpoint: "/tmp/x"},
		{Kind: pyrun.QueryTerminated, QueryID: "q0", QueryName: "old", Checkpoint: "/tmp/x"},
	} {
		m.send(labEventMsg(lab.Event{Kind: lab.QueryProgress, Lesson: "01-ui-demo", Query: &e}))
	}
}

// screens are the states the golden and size tests draw.
var screens = []struct {
	name  string
	mode  Mode
	setup func(m *Model)
}{
	{"course", Course, func(m *Model) {}},
	{"course_failed", Course, failedRun},
	{"course_failed_scrolled", Course, func(m *Model) { failedRun(m); m.send(press("tab"), press("tab"), press("right"), press("right")) }},
	{"long_output_verdict", Course, longRun},
	{"predict", Course, func(m *Model) { m.send(press("n"), press("enter")) }},
	{"after_the_run", Course, func(m *Model) {
		m.send(press("n"))
		m.cfg.Record.Predict("01-ui-demo", 2, 1)
		runResult(m, &lab.StepResult{Lesson: "01-ui-demo", Step: 2, Passed: true, Output: "sent\n"})
	}},
	{"hint_before_prediction", Course, func(m *Model) { m.send(press("n"), press("h")) }},
	{"hints", Course, func(m *Model) {
		m.send(press("n"))
		m.cfg.Record.Predict("01-ui-demo", 2, 1)
		m.send(press("h"), press("h"))
	}},
	{"help", Course, func(m *Model) { m.send(press("?")) }},
	{"lessons", Course, func(m *Model) { m.send(press("l"), press("down")) }},
	{"reset_confirm", Course, func(m *Model) { m.send(press("x")) }},
	{"live_toggled", Course, func(m *Model) { m.send(press("v")) }},
	{"editing", Course, func(m *Model) { m.send(press("e"), press("down"), press("end")); typeText(m, " --if-not-exists") }},
	{"exercise", Course, func(m *Model) { m.send(press("l"), press("G"), press("enter")) }},
	{"file_viewer", Course, func(m *Model) {
		m.send(openModalMsg{newFileViewer(m.env, "checkpoints/bronze_orders/offsets/1", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1767225600000,\"conf\":{\"spark.sql.streaming.stateStore.providerClass\":\"org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider\"}}\n{\"orders\":{\"2\":0,\"1\":2,\"0\":3}}", "")})
	}},
	{"file_viewer_pretty", Course, func(m *Model) {
		m.send(openModalMsg{newFileViewer(m.env, "checkpoints/bronze_orders/offsets/1", "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":1767225600000,\"conf\":{\"a\":\"b\"}}\n{\"orders\":{\"2\":0,\"1\":2,\"0\":3}}", "")}, press("J"))
	}},
	{"query_progress", Course, queryEvents},
	{"records", Course, func(m *Model) {
		m.send(openModalMsg{newRecordBrowser(m.env, "uiclicks")})
		at := time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC)
		m.send(recordsMsg{page: &observe.Page{Topic: "uiclicks", Partition: 0, Start: 0, End: 3, Records: []observe.Record{
			{Offset: 0, Timestamp: at, Key: "alice", Value: "home"},
			{Offset: 1, Timestamp: at, Key: "bob", Value: `{"page":"home","ms":1200}`, Headers: []observe.Header{{Key: "source", Value: "web"}}},
			{Offset: 2, Timestamp: at, Key: "alice", Value: "cart"},
		}}})
	}},
	{"record_detail", Course, func(m *Model) {
		m.send(openModalMsg{newRecordBrowser(m.env, "uiclicks")})
		m.send(recordsMsg{page: &observe.Page{Topic: "uiclicks", Partition: 0, Start: 0, End: 3, Records: []observe.Record{
			{Offset: 1, Timestamp: time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC), Key: "bob", Value: `{"page":"home","ms":1200}`, Headers: []observe.Header{{Key: "source", Value: "web"}}},
		}}}, press("enter"))
	}},
	{"complete", Course, func(m *Model) { m.send(openModalMsg{newComplete(m.env)}) }},
	{"sandbox", Sandbox, func(m *Model) {
		m.sb.add("› kafka-topics.sh --bootstrap-server localhost:9092 --list", "uiclicks", "")
		typeText(m, `spark.readStream.format("kafka")`)
	}},
	{"sandbox_real_python", Sandbox, func(m *Model) {
		m.sb.add("› .python")
		m.send(pythonModeMsg{console: nil, python: "/home/learner/.cache/kafkalab/pyspark-client-4.2.0/bin/python"})
		typeText(m, `spark.version`)
	}},
	{"sandbox_no_python", Sandbox, func(m *Model) {
		m.sb.add("› .python")
		m.send(pythonModeMsg{err: &lab.NoPythonError{Reason: "none found (not KAFKALAB_PYTHON, kafkalab's venv, nor python3 on PATH)"}})
	}},
	{"sandbox_search", Sandbox, func(m *Model) {
		m.sb.history = []string{"1+1", `spark.table("t").count()`, "ls"}
		m.send(press("ctrl+r"))
		typeText(m, "tab")
	}},
}

var sizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// TestGoldenScreens draws every screen at three sizes with NO_COLOR (the plain theme):
// what the learner reads, cell for cell.
func TestGoldenScreens(t *testing.T) {
	for _, sc := range screens {
		for _, size := range sizes {
			name := fmt.Sprintf("%s_%dx%d", sc.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				m := newTestModel(t, sc.mode, theme.Plain())
				ready(m, size[0], size[1])
				sc.setup(m)
				frame := m.Render()
				assertFits(t, frame, size[0], size[1])
				checkGolden(t, name, ansi.Strip(frame))
			})
		}
	}
}

// With NO_COLOR nothing is coloured and no Markdown marker shows; with colours the same
// screens carry the same text.
func TestNoColorHasNoMarkupAndNoColour(t *testing.T) {
	for _, sc := range screens {
		m := newTestModel(t, sc.mode, theme.Plain())
		ready(m, 120, 40)
		sc.setup(m)
		frame := m.Render()
		for _, marker := range []string{"**", "# Partitions", "```"} {
			if strings.Contains(frame, marker) {
				t.Errorf("%s: raw Markdown %q on a NO_COLOR screen", sc.name, marker)
			}
		}
		if strings.Contains(frame, "\x1b[3") || strings.Contains(frame, "\x1b[9") || strings.Contains(frame, "38;") {
			t.Errorf("%s: a colour on a NO_COLOR screen: %q", sc.name, frame)
		}
		c := newTestModel(t, sc.mode, theme.ForProfile(colorprofile.TrueColor))
		ready(c, 120, 40)
		sc.setup(c)
		if strings.Count(ansi.Strip(c.Render()), "\n") != strings.Count(ansi.Strip(frame), "\n") {
			t.Errorf("%s: the coloured screen has another shape", sc.name)
		}
	}
}

// TestEverySizeFits draws every screen at many sizes: no line wider than the terminal, no
// more lines than it has, no panic.
func TestEverySizeFits(t *testing.T) {
	widths := []int{1, 10, 39, 40, 41, 60, 79, 80, 81, 109, 110, 111, 149, 150, 200, 320}
	heights := []int{1, 11, 12, 13, 16, 24, 40, 60, 90}
	for _, sc := range screens {
		m := newTestModel(t, sc.mode, theme.Plain())
		ready(m, 120, 40)
		sc.setup(m)
		for _, w := range widths {
			for _, h := range heights {
				m.send(tWindow(w, h))
				frame := m.Render()
				assertFits(t, frame, w, h)
				if w >= minW && h >= minH {
					if n := len(strings.Split(frame, "\n")); n != h {
						t.Errorf("%s %dx%d: %d lines, want the full %d", sc.name, w, h, n, h)
					}
				}
			}
		}
	}
}
