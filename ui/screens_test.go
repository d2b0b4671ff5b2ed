package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/observe"
)

// A failed run whose output has a show() table (with a tab) and a wrong count.
func failedRun(m *Model) {
	m.send(press("n")) // step 2 has a prediction
	m.cfg.Record.Predict("01-ui-demo", 2, 2)
	before := fixture()
	after := fixture()
	after.Topics[0].Partitions[2].End = 4
	after.Tables[0].Version, after.Tables[0].Rows = 3, 9
	after.Files = append(after.Files, observe.File{Path: "checkpoints/bronze_orders/offsets/2", Size: 500})
	m.send(stepDoneMsg{key: m.stepKey(), res: &lab.StepResult{Before: before, After: after, Changes: observe.Diff(before, after),
		Lesson: "01-ui-demo", Step: 2,
		Output:   "+--------+-----+\n|order_id|total|\n+--------+-----+\n|    1001|12.50|\n|    1002|  7.0|\n+--------+-----+\n\nloaded\t2 rows\n",
		Failures: []lab.Failure{{Check: "latest offsets of uiclicks", Want: "0:4 1:0 2:1", Got: "0:4 1:0 2:4"}},
	}})
}

// screens are the states the golden and size tests draw.
var screens = []struct {
	name  string
	mode  Mode
	setup func(m *Model)
}{
	{"course", Course, func(m *Model) {}},
	{"course_failed", Course, failedRun},
	{"predict", Course, func(m *Model) { m.send(press("n"), press("enter")) }},
	{"hints", Course, func(m *Model) { m.send(press("n"), press("h"), press("h")) }},
	{"help", Course, func(m *Model) { m.send(press("?")) }},
	{"lessons", Course, func(m *Model) { m.send(press("l"), press("down")) }},
	{"reset_confirm", Course, func(m *Model) { m.send(press("x")) }},
	{"live_toggled", Course, func(m *Model) { m.send(press("v")) }},
	{"editing", Course, func(m *Model) { m.send(press("e")) }},
	{"query_progress", Course, queryEvents},
	{"query_progress_live", Course, func(m *Model) { queryEvents(m); m.send(press("v")) }},
	{"sandbox", Sandbox, func(m *Model) {
		m.sb.add("› kafka-topics.sh --bootstrap-server localhost:9092 --list", "orders", "")
		typeText(m, `spark.readStream.format("kafka")`)
	}},
}

func TestGoldenScreens(t *testing.T) {
	for _, sc := range screens {
		for _, size := range [][2]int{{80, 24}, {160, 48}} {
			t.Run(fmt.Sprintf("%s_%dx%d", sc.name, size[0], size[1]), func(t *testing.T) {
				m := newTestModel(t, sc.mode)
				ready(m, size[0], size[1])
				sc.setup(m)
				got := screen(m)
				assertFits(t, m.Render(), size[0], size[1])
				checkGolden(t, fmt.Sprintf("%s_%dx%d", sc.name, size[0], size[1]), got)
			})
		}
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

// TestEverySizeFits draws every screen at many sizes, and resizes one model through them
// all: no line wider than the terminal, no more lines than it has, no panic.
func TestEverySizeFits(t *testing.T) {
	widths := []int{1, 2, 10, 20, 39, 40, 41, 55, 60, 79, 80, 81, 99, 100, 109, 110, 111, 120, 149, 150, 151, 200, 320}
	heights := []int{1, 3, 11, 12, 13, 16, 20, 24, 30, 40, 48, 90}
	for _, sc := range screens {
		m := newTestModel(t, sc.mode)
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
