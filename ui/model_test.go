package ui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// realConfig is a model config whose Start brings up an in-process embedded broker on a
// free port; root keeps the workspaces, the learner's work and record (a restart reuses it).
func realConfig(t *testing.T, mode Mode, root string) Config {
	t.Helper()
	ls := testLessons(t)
	p, err := learner.Load(filepath.Join(root, "state", "progress.txt"))
	if err != nil {
		t.Fatal(err)
	}
	work := learner.NewWork(lab.WorkFolder(filepath.Join(root, "ws")))
	return Config{
		Mode: mode, Theme: theme.Plain(), Lessons: ls, Record: p, Work: work, NoTicks: true,
		Workspace: filepath.Join(root, "ws", "sandbox"), HistoryFile: filepath.Join(root, "state", "history"),
		BrokerHint: "embedded",
		Start: func(ctx context.Context, observe func(lab.Event)) (*Backend, error) {
			b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1, DataDir: filepath.Join(root, "broker")})
			if err != nil {
				return nil, err
			}
			lb, err := lab.New(b, lab.Options{Root: filepath.Join(root, "ws"), Lessons: ls, Observe: observe, Snapshots: true, Work: work})
			if err != nil {
				return nil, err
			}
			return &Backend{Lab: lb, Label: "embedded test", Close: func() { lb.Close(); b.Close(context.Background()) }}, nil
		},
	}
}

func startReal(t *testing.T, cfg Config) (*Model, *driver) {
	t.Helper()
	m := New(cfg)
	t.Cleanup(m.Shutdown)
	m.Update(tWindow(120, 40))
	d := newDriver(t, m)
	d.until("the broker", func() bool { return m.env.lab != nil })
	return m, d
}

// The course as a learner meets it: the step's command on screen before it runs, a
// prediction asked first with its explanation absent until the run, hints only after the
// prediction, an exercise edited in the app that survives a restart and passes.
func TestCourseOnRealBroker(t *testing.T) {
	root := t.TempDir()
	m, d := startReal(t, realConfig(t, Course, root))
	if !strings.Contains(screen(m), "kafka-topics.sh --bootstrap-server localhost:9092 --create --topic") {
		t.Fatalf("the step's command is not on screen before it runs:\n%s", screen(m))
	}
	d.press("enter")
	d.until("step 1", func() bool { return !m.course.running && m.course.result != nil })
	if !m.course.result.Passed || !strings.Contains(screen(m), "✓ Passed") {
		t.Fatalf("step 1:\n%s", screen(m))
	}

	d.press("n")
	if strings.Contains(screen(m), "EXPLAINED-AFTER") {
		t.Fatal("the after-the-run text shows before the run")
	}
	d.press("h")
	d.until("the notice", func() bool { return strings.Contains(screen(m), "predict first") })
	if strings.Contains(screen(m), "Hint 1") {
		t.Fatalf("a hint came before the prediction:\n%s", screen(m))
	}
	d.press("enter")
	d.until("the prediction", func() bool { return m.modal != nil })
	if !strings.Contains(screen(m), "predict before you run") || !strings.Contains(screen(m), "1-2 or ↑↓") {
		t.Fatalf("no prediction (with its range) asked:\n%s", screen(m))
	}
	if strings.Contains(screen(m), "EXPLAINED-AFTER") {
		t.Fatal("the after-the-run text shows during the prediction")
	}
	d.press("1")
	d.until("step 2", func() bool { return !m.course.running && m.course.resultKey == "01-ui-demo/2" })
	s := screen(m)
	if !strings.Contains(s, "EXPLAINED-") || !strings.Contains(s, "that is what happened") {
		t.Fatalf("after the run:\n%s", s)
	}
	d.press("h")
	if !strings.Contains(screen(m), "Hint 1/2") {
		t.Fatalf("no hint after the prediction:\n%s", screen(m))
	}

	// The exercise of lesson 2: the starter fails, the learner's fix is kept as their copy.
	d.press("l")
	d.until("the lesson list", func() bool { return m.modal != nil })
	d.press("G", "enter")
	d.until("the exercise", func() bool { return m.course.li == 1 && m.course.si == 1 })
	if !strings.Contains(screen(m), "count_clicks.py") || !strings.Contains(screen(m), "df.count() + 1") {
		t.Fatalf("the exercise's file is not on screen:\n%s", screen(m))
	}
	d.press("e")
	for range 3 {
		d.press("down")
	}
	d.press("end")
	for range 5 {
		d.press("backspace")
	}
	d.press(")", "esc")
	if !strings.Contains(screen(m), "print(\"clicks:\", df.count())") {
		t.Fatalf("the edit did not show:\n%s", screen(m))
	}
	m.Shutdown()

	// A restart: the learner's copy is back, and it is what runs.
	m2, d2 := startReal(t, realConfig(t, Course, root))
	if !strings.Contains(screen(m2), "print(\"clicks:\", df.count())") || !strings.Contains(screen(m2), "your copy") {
		t.Fatalf("the edited exercise did not survive a restart:\n%s", screen(m2))
	}
	d2.press("enter")
	d2.until("the exercise", func() bool { return !m2.course.running && m2.course.result != nil })
	if !m2.course.result.Passed {
		t.Fatalf("the learner's fix did not pass:\n%s", screen(m2))
	}
	d2.press("s")
	d2.until("the solution", func() bool { return m2.modal != nil })
	if !strings.Contains(screen(m2), "Your code is the solution") {
		t.Fatalf("solution diff:\n%s", screen(m2))
	}
}

// The sandbox is a REPL: values echoed, Ctrl-C clears a half-typed line without leaving,
// the lab's commands and SHOW TABLES work, a failing command adds no "exit status".
func TestSandboxREPLOnRealBroker(t *testing.T) {
	m, d := startReal(t, realConfig(t, Sandbox, t.TempDir()))
	d.until("spark", func() bool { return m.sb.console != nil })
	entry := func(s, want string) {
		t.Helper()
		typeText(m, s)
		d.press("enter")
		d.until(s+" shows "+want, func() bool {
			return !m.sb.busy && strings.Contains(strings.Join(m.sb.transcript, "\n"), want)
		})
	}
	entry("1+1", "1+1\n2\n")
	typeText(m, "spark.rea")
	d.press("ctrl+c")
	if m.sb.prompt.Value() != "" || d.quit || !strings.Contains(screen(m), "KeyboardInterrupt") {
		t.Fatalf("ctrl+c did not clear the line (quit %v):\n%s", d.quit, screen(m))
	}
	entry("cat missing.txt", "cat: missing.txt: No such file or directory")
	entry(`spark.createDataFrame([(1, "a")], "id INT, s STRING").write.format("delta").saveAsTable("t1")`, "saveAsTable")
	entry("SHOW TABLES", "|default  |t1       |false      |")
	entry("ls", "spark-warehouse")
	entry(`spark.table("t1")`, "DataFrame[id: int, s: string]")
	if strings.Contains(strings.Join(m.sb.transcript, "\n"), "exit status") {
		t.Errorf("an exit status is shown:\n%s", screen(m))
	}
	d.press("ctrl+d")
	d.until("quit", func() bool { return d.quit })
}

var _ = time.Second
var _ tea.Msg
