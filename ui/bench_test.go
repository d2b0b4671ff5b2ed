package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// BenchmarkFirstFrame is the work between `kafkalab` starting its UI and the first full
// frame: load the course, build the model (the step's files included), lay out and draw
// at 120x40 (the broker starts in the background and is not waited for). Target: under
// 150 ms.
func BenchmarkFirstFrame(b *testing.B) {
	for b.Loop() {
		ls, err := lessons.Builtin()
		if err != nil {
			b.Fatal(err)
		}
		dir := b.TempDir()
		m := New(Config{Theme: theme.ForProfile(colorprofile.TrueColor), Lessons: ls,
			Record: learner.New(filepath.Join(dir, "p.txt")), Work: learner.NewWork(filepath.Join(dir, "w")), NoTicks: true})
		m.Update(tWindow(120, 40))
		if len(m.Render()) == 0 {
			b.Fatal("empty frame")
		}
		m.Shutdown()
	}
}

func bigTable(rows int) string {
	var out strings.Builder
	out.WriteString("+--------+-------+------+\n|order_id|user   |total |\n+--------+-------+------+\n")
	for i := range rows {
		fmt.Fprintf(&out, "|%8d|user%3d|%6.2f|\n", 1000+i, i%100, float64(i%977)/7)
	}
	out.WriteString("+--------+-------+------+\n")
	return out.String()
}

// BenchmarkKeyPress10kRows is one key press and the frame it redraws, with a 10,000-row
// show() table in the output and every live pane filled (topics, a group's lag,
// checkpoints, running and stopped queries, tables with windows, files). Target: under
// 16 ms.
func BenchmarkKeyPress10kRows(b *testing.B) {
	for _, size := range sizes {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := newTestModel(b, Course, theme.ForProfile(colorprofile.TrueColor))
			ready(m, size[0], size[1])
			queryEvents(m)
			runResult(m, &lab.StepResult{Before: fixture(), After: fixture(), Passed: true, Output: bigTable(10000)})
			m.send(press("tab"), press("tab")) // the output pane
			m.Render()
			keys := []string{"down", "down", "pgdown", "right", "left", "up"}
			i := 0
			b.ResetTimer()
			for b.Loop() {
				m.Update(press(keys[i%len(keys)]))
				i++
				if len(m.Render()) == 0 {
					b.Fatal("empty frame")
				}
			}
		})
	}
}

// BenchmarkLayoutOutput10kRows is the one-off layout of a 10,000-row output (once per
// change, at most ten times a second while a step streams).
func BenchmarkLayoutOutput10kRows(b *testing.B) {
	out := bigTable(10000)
	th := theme.ForProfile(colorprofile.TrueColor)
	for b.Loop() {
		if n := len(renderOutput(th, out, 100)); n < 10000 {
			b.Fatal(n)
		}
	}
}
