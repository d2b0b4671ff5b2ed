package ui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// realModel is a model whose Start brings up an in-process embedded broker on a free port.
func realModel(t *testing.T, mode Mode) (*Model, *learner.Record) {
	t.Helper()
	root := t.TempDir()
	p := learner.New(filepath.Join(root, "state", "progress.txt"))
	ls := testLessons(t)
	m := New(Config{
		Mode: mode, Theme: theme.Plain(), Lessons: ls, Record: p, NoTicks: true,
		Workspace: filepath.Join(root, "ws", "sandbox"), HistoryFile: filepath.Join(root, "state", "history"),
		BrokerHint: "embedded",
		Start: func(ctx context.Context, observe func(lab.Event)) (*Backend, error) {
			b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1, DataDir: filepath.Join(root, "broker")})
			if err != nil {
				return nil, err
			}
			lb, err := lab.New(b, lab.Options{Root: filepath.Join(root, "ws"), Lessons: ls, Observe: observe, Snapshots: true})
			if err != nil {
				return nil, err
			}
			return &Backend{Lab: lb, Label: "embedded test", Close: func() { lb.Close(); b.Close(context.Background()) }}, nil
		},
	})
	t.Cleanup(m.Shutdown)
	m.Update(tWindow(120, 40))
	return m, p
}

func TestCourseRunPredictHintsResetOnRealBroker(t *testing.T) {
	m, p := realModel(t, Course)
	d := newDriver(t, m)
	if !strings.Contains(screen(m), "starting the embedded broker") {
		t.Errorf("no spinner line while the broker starts:\n%s", screen(m))
	}
	d.until("the broker", func() bool { return m.backend != nil })

	// Step 1 creates the topic: it passes, and the live panes and "what changed" show it.
	d.press("enter")
	if !m.running {
		t.Fatal("enter did not start the step")
	}
	d.until("step 1", func() bool { return !m.running && m.result != nil })
	if !m.result.Passed {
		t.Fatalf("step 1 failed: %+v", m.result.Failures)
	}
	if !p.IsDone("01-ui-demo", 1) {
		t.Error("step 1 not marked done")
	}
	if got := strings.Join(m.changes.Offsets, "\n"); !strings.Contains(got, "uiclicks: created with 3 partitions") {
		t.Errorf("what changed: %q", got)
	}

	// Step 2 asks a prediction first; a wrong answer is recorded and compared after.
	d.press("n", "enter")
	if !m.predicting {
		t.Fatal("step 2 did not ask its prediction")
	}
	d.press("2")
	d.until("step 2", func() bool { return !m.running && m.result != nil && m.resultKey == "01-ui-demo/2" })
	if !m.result.Passed {
		t.Fatalf("step 2 failed: %+v", m.result.Failures)
	}
	if p.Predicted("01-ui-demo", 2) != 2 || !strings.Contains(m.predictMsg, `the answer is "all into one partition"`) {
		t.Errorf("prediction: %d %q", p.Predicted("01-ui-demo", 2), m.predictMsg)
	}
	if got := strings.Join(m.changes.Offsets, "\n"); !strings.Contains(got, "uiclicks p0: end offset 0 → 4 (+4)") {
		t.Errorf("what changed: %q", got)
	}
	scr := screen(m)
	for _, want := range []string{"uiclicks · 3 partitions · 5 events", "[0,4)", "What just changed"} {
		if !strings.Contains(scr, want) {
			t.Errorf("screen lacks %q:\n%s", want, scr)
		}
	}

	// Hints, one at a time.
	d.press("h")
	if m.hints != 1 || !strings.Contains(screen(m), "Hint 1: the numbers are each partition's next offset.") {
		t.Errorf("first hint not shown:\n%s", screen(m))
	}
	d.press("h", "h")
	if m.hints != 2 {
		t.Errorf("hints = %d, want 2 (there are two)", m.hints)
	}

	// Step 3 with edited code fails, and shows expected against actual.
	d.press("n", "e")
	if !m.editing {
		t.Fatal("e did not start editing")
	}
	m.code.SetValue("kafka-get-offsets.sh --bootstrap-server localhost:9092 --topic uiclicks --partitions 0")
	d.press("ctrl+r")
	d.until("step 3", func() bool { return !m.running && m.result != nil && m.resultKey == "01-ui-demo/3" })
	if m.result.Passed || p.IsDone("01-ui-demo", 3) {
		t.Fatal("an edited step 3 that prints one partition passed")
	}
	if scr := screen(m); !strings.Contains(scr, "expected") || !strings.Contains(scr, "actual") {
		t.Errorf("no expected/actual on failure:\n%s", scr)
	}

	// Reset asks first, then clears the lesson's progress and its topic.
	d.press("x")
	if m.confirm == "" {
		t.Fatal("x did not ask for confirmation")
	}
	d.press("y")
	d.until("the reset", func() bool { return !m.running && m.snap != nil })
	d.until("the topic to go", func() bool {
		if _, ok := m.snap.Topic("uiclicks"); !ok {
			return true
		}
		d.run(m.snapshotCmd())
		return false
	})
	if p.DoneCount("01-ui-demo") != 0 || m.si != 0 || p.Predicted("01-ui-demo", 2) != 0 {
		t.Errorf("after reset: done=%d step=%d", p.DoneCount("01-ui-demo"), m.si)
	}

	// Quit, then Shutdown saves where the learner is.
	d.press("q")
	d.until("quit", func() bool { return d.quit })
	m.Shutdown()
	data, err := os.ReadFile(p.Path())
	if err != nil || !strings.Contains(string(data), "current 01-ui-demo 1") {
		t.Errorf("progress file: %v\n%s", err, data)
	}
}

func TestNavigationAndResume(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 100, 30)
	m.send(press("p"))
	if m.li != 0 || m.si != 0 {
		t.Fatalf("p on the first step moved to %d/%d", m.li, m.si)
	}
	m.send(press("n"), press("n"), press("n"))
	if m.si != 3 {
		t.Fatalf("at step %d", m.si+1)
	}
	m.send(press("n")) // the prose-only step 4 counts as read, and the next lesson opens
	if m.li != 1 || m.si != 0 || !m.cfg.Record.IsDone("01-ui-demo", 4) {
		t.Fatalf("after the last step: lesson %d step %d", m.li, m.si)
	}
	m.send(press("p"))
	if m.li != 0 || m.si != 3 {
		t.Fatalf("p went to %d/%d", m.li, m.si)
	}
	m.send(press("l"), press("down"), press("enter"))
	if m.li != 1 || m.showList {
		t.Fatalf("the list did not open lesson 2")
	}
	// A new model on the same progress resumes there.
	m2 := New(Config{Theme: theme.Plain(), Lessons: testLessons(t), Record: m.cfg.Record, NoTicks: true})
	if m2.li != 1 || m2.si != 0 {
		t.Fatalf("resumed at %d/%d", m2.li, m2.si)
	}
	// Without a broker, run says why instead of doing nothing.
	m3 := newTestModel(t, Course)
	m3.send(tWindow(100, 30))
	m3.send(startedMsg{err: os.ErrPermission})
	m3.send(press("enter"))
	if m3.running || !strings.Contains(screen(m3), "The broker did not start.") {
		t.Fatalf("run without a broker:\n%s", screen(m3))
	}
}

func TestSandboxOnRealBroker(t *testing.T) {
	m, _ := realModel(t, Sandbox)
	d := newDriver(t, m)
	d.until("the interpreter", func() bool { return m.sb.console != nil })
	typeText(m, "kafka-topics.sh --bootstrap-server localhost:9092 --create --topic sbx --partitions 2")
	d.press("enter")
	d.until("the tool", func() bool {
		return !m.sb.busy && strings.Contains(strings.Join(m.sb.transcript, "\n"), "Created topic sbx.")
	})
	typeText(m, "for i in range(3):")
	d.press("enter")
	if m.sb.busy || !strings.Contains(m.sb.prompt.Value(), "\n") {
		t.Fatalf("an open block ran instead of continuing: %q", m.sb.prompt.Value())
	}
	typeText(m, "print(i * 7)")
	d.press("enter", "enter")
	d.until("python", func() bool { return !m.sb.busy && strings.Contains(strings.Join(m.sb.transcript, "\n"), "14") })
	// Completion: PySpark names and the topics the live pane knows.
	d.run(m.snapshotCmd())
	d.until("the topic in the snapshot", func() bool { _, ok := m.snap.Topic("sbx"); return m.snap != nil && ok })
	typeText(m, "spark.readSt")
	d.press("tab")
	if got := m.sb.prompt.Value(); got != "spark.readStream" {
		t.Errorf("completion gave %q", got)
	}
	m.sb.prompt.Reset()
	typeText(m, `x = "sb`)
	d.press("tab")
	if got := m.sb.prompt.Value(); got != `x = "sbx` {
		t.Errorf("topic completion gave %q", got)
	}
	// History is kept, and up brings the last entry back.
	m.sb.prompt.Reset()
	d.press("up")
	if got := m.sb.prompt.Value(); !strings.HasPrefix(got, "for i in range(3):") {
		t.Errorf("history up gave %q", got)
	}
	d.until("history file", func() bool {
		data, _ := os.ReadFile(m.cfg.HistoryFile)
		return strings.Count(string(data), "\n") >= 2
	})
	if h := loadHistory(m.cfg.HistoryFile); len(h) != 2 || h[1] != "for i in range(3):\n    print(i * 7)" {
		t.Errorf("history file: %q", h)
	}
	// A sample data set, copied into the folder and read there.
	m.sb.prompt.Reset()
	typeText(m, ".data orders.jsonl")
	d.press("enter")
	if got := strings.Join(m.sb.transcript, "\n"); !strings.Contains(got, `copied to data/orders.jsonl: spark.read.json("data/orders.jsonl").show()`) {
		t.Fatalf(".data did not copy the data set:\n%s", got)
	}
	typeText(m, `spark.read.json("data/orders.jsonl").count()`)
	d.press("enter")
	d.until("the data set read", func() bool {
		return !m.sb.busy && strings.Contains(strings.Join(m.sb.transcript, "\n"), "\n6\n")
	})
}

// While a step streams output, the output pane is laid out once per frame tick, not once
// per line, however fast lines arrive.
func TestStreamingOutputIsThrottled(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 120, 40)
	m.running = true
	m.Render()
	start := m.outBuilds
	for i := range 500 {
		m.send(labEventMsg(lab.Event{Kind: lab.OutputLine, Line: "line " + strings.Repeat("x", i%7)}))
		m.Render()
	}
	if n := m.outBuilds - start; n > 1 {
		t.Fatalf("500 lines without a frame tick laid the output out %d times", n)
	}
	m.send(frameMsg{})
	m.Render()
	if m.outBuilds-start != 1 || len(m.runOut) != 500 {
		t.Fatalf("after a frame tick: %d layouts, %d lines", m.outBuilds-start, len(m.runOut))
	}
	if !strings.Contains(screen(m), "line xxxxxx") {
		t.Errorf("the newest lines are not on screen:\n%s", screen(m))
	}
}

func TestMouseWheelScrollsThePaneUnderIt(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 120, 40)
	failedRun(m)
	m.Render()
	L := m.layout()
	y := 1 + L.proseH + L.codeH + 2 // inside the output pane
	m.send(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelDown})
	if m.scroll[paneOutput] != 3 || m.scroll[paneProse] != 0 {
		t.Fatalf("wheel down over the output: scroll %v", m.scroll)
	}
	m.send(tea.MouseWheelMsg{X: 5, Y: y, Button: tea.MouseWheelUp})
	if m.scroll[paneOutput] != 0 {
		t.Fatalf("wheel up: scroll %v", m.scroll)
	}
}

func TestSolutionNeedsATry(t *testing.T) {
	m := newTestModel(t, Course)
	ready(m, 120, 40)
	ex := &lessons.Step{Number: 9, Title: "Exercise", Starter: &lessons.Code{Lang: "python", Source: "gap"},
		Solution: &lessons.Code{Lang: "python", Source: "answer"}}
	m.cfg.Lessons[0].Steps = append(m.cfg.Lessons[0].Steps, ex)
	m.si = len(m.cfg.Lessons[0].Steps) - 1
	m.loadStep()
	m.send(press("s"))
	if m.code.Value() != "gap" || !strings.Contains(m.flash, "try the exercise first") {
		t.Fatalf("solution before a try: %q %q", m.code.Value(), m.flash)
	}
	m.send(stepDoneMsg{key: m.stepKey(), res: &lab.StepResult{Failures: []lab.Failure{{Check: "c"}}, Before: fixture(), After: fixture()}})
	m.send(press("s"))
	if m.code.Value() != "answer" {
		t.Fatalf("solution after a try: %q", m.code.Value())
	}
}
