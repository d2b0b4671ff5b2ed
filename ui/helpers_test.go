package ui

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// updating reports whether -update asks to rewrite the golden screens (the flag is the
// one x/exp/golden defines, which teatest brings in).
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func testLessons(t testing.TB) []*lessons.Lesson {
	t.Helper()
	ls, err := lessons.LoadDir("testdata/lessons")
	if err != nil {
		t.Fatal(err)
	}
	return ls
}

func newTestModel(t testing.TB, mode Mode, th *theme.Theme) *Model {
	t.Helper()
	dir := t.TempDir()
	p := learner.New(filepath.Join(dir, "progress.txt"))
	m := New(Config{Mode: mode, Theme: th, Lessons: testLessons(t), Record: p, Work: learner.NewWork(filepath.Join(dir, "work")),
		NoTicks: true, Workspace: "/work/sandbox"})
	t.Cleanup(m.Shutdown)
	return m
}

// press turns a key name ("enter", "ctrl+r", "n", "?") into a key press message.
func press(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	}
	if c, ok := strings.CutPrefix(k, "ctrl+"); ok {
		return tea.KeyPressMsg{Code: rune(c[0]), Mod: tea.ModCtrl}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// send delivers messages and then the messages their quick commands make (a modal
// opening, a notice), as the program would; slow commands (a step, a tick) are left.
func (m *Model) send(msgs ...tea.Msg) {
	for _, msg := range msgs {
		_, cmd := m.Update(msg)
		m.drain(cmd, 0)
	}
}

func (m *Model) drain(cmd tea.Cmd, depth int) {
	if cmd == nil || depth > 8 {
		return
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		switch msg := msg.(type) {
		case nil, tea.QuitMsg:
		case tea.BatchMsg:
			for _, c := range msg {
				m.drain(c, depth+1)
			}
		default:
			_, next := m.Update(msg)
			m.drain(next, depth+1)
		}
	case <-time.After(50 * time.Millisecond):
	}
}

func typeText(m *Model, s string) {
	for _, r := range s {
		m.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// screen is the rendered screen without colours.
func screen(m *Model) string { return ansi.Strip(m.Render()) }

// fixture is a snapshot like the one a lesson produces after two batches.
func fixture() *observe.Snapshot {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return &observe.Snapshot{
		Topics: []observe.Topic{
			{Name: "uiclicks", Partitions: []observe.Partition{{ID: 0, End: 3}, {ID: 1, End: 2}, {ID: 2}}},
			{Name: "old_topic_a", Partitions: []observe.Partition{{ID: 0, End: 9}}},
			{Name: "old_topic_b", Partitions: []observe.Partition{{ID: 0, End: 4}}},
		},
		Groups: []observe.Group{{Name: "dashboard", Positions: map[string]map[int32]int64{"uiclicks": {0: 1, 1: 2, 2: 0}}}},
		Readers: []observe.Reader{{Path: "checkpoints/bronze_orders", Batch: 1, Committed: 1, Watermark: at.Add(10*time.Hour + 10*time.Minute).UnixMilli(),
			Positions: map[string]map[int32]int64{"orders": {0: 3, 1: 2, 2: 0}},
			Prev:      map[string]map[int32]int64{"orders": {0: 2, 1: 1, 2: 0}}}},
		Tables: []observe.Table{{Path: "spark-warehouse/bronze_orders", Name: "bronze_orders", Version: 2, Rows: 5},
			{Path: "spark-warehouse/orders_per_window", Name: "orders_per_window", Version: 1, Rows: 2, Windows: []observe.Window{
				{Start: at.Add(10 * time.Hour).UnixMicro(), End: at.Add(10*time.Hour + 5*time.Minute).UnixMicro(), Values: "orders=2"},
				{Start: at.Add(10*time.Hour + 5*time.Minute).UnixMicro(), End: at.Add(10*time.Hour + 10*time.Minute).UnixMicro(), Values: "orders=1"},
				{Start: at.Add(10*time.Hour + 15*time.Minute).UnixMicro(), End: at.Add(10*time.Hour + 20*time.Minute).UnixMicro(), Values: "orders=1"},
			}}},
		Files: []observe.File{
			{Path: "checkpoints/bronze_orders/commits/0", Size: 29, Mod: at},
			{Path: "checkpoints/bronze_orders/commits/1", Size: 29, Mod: at},
			{Path: "checkpoints/bronze_orders/metadata", Size: 45, Mod: at},
			{Path: "checkpoints/bronze_orders/offsets/0", Size: 500, Mod: at},
			{Path: "checkpoints/bronze_orders/offsets/1", Size: 500, Mod: at},
			{Path: "read_orders.py", Size: 400, Mod: at},
		},
	}
}

// ready makes a model look as if the broker were up, with the fixture in the live panes.
func ready(m *Model, w, h int) {
	m.send(tea.WindowSizeMsg{Width: w, Height: h},
		startedMsg{b: &Backend{Label: "embedded 127.0.0.1:9092"}},
		snapshotMsg(fixture()))
}

// runResult delivers a finished step as the lab would report it.
func runResult(m *Model, res *lab.StepResult) {
	m.send(stepDoneMsg{key: m.course.stepKey(), res: res})
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".golden")
	if updating() {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./ui -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("screen %s differs from %s (go test ./ui -update rewrites it):\n%s", name, path, got)
	}
}

// assertFits checks that a frame has at most h lines of at most w cells.
func assertFits(t *testing.T, frame string, w, h int) {
	t.Helper()
	lines := strings.Split(frame, "\n")
	if len(lines) > h {
		t.Errorf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("%dx%d: line %d is %d cells wide: %q", w, h, i, lw, ansi.Strip(l))
			return
		}
	}
}

func tWindow(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }

type driver struct {
	t    *testing.T
	m    *Model
	msgs chan tea.Msg
	quit bool
}

func newDriver(t *testing.T, m *Model) *driver {
	d := &driver{t: t, m: m, msgs: make(chan tea.Msg, 1024)}
	d.run(m.Init())
	return d
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { d.msgs <- cmd() }()
}

func (d *driver) handle(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
	case tea.QuitMsg:
		d.quit = true
	default:
		_, cmd := d.m.Update(msg)
		d.run(cmd)
	}
}

func (d *driver) press(keys ...string) {
	for _, k := range keys {
		_, cmd := d.m.Update(press(k))
		d.run(cmd)
	}
}

func (d *driver) until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(90 * time.Second)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.handle(msg)
		case <-deadline:
			d.t.Fatalf("timed out waiting for %s; screen:\n%s", what, screen(d.m))
		}
	}
}
