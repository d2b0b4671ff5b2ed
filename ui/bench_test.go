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
// frame: load the course, build the model, lay out and draw at 120x40 (the broker starts
// in the background and is not waited for).
func BenchmarkFirstFrame(b *testing.B) {
	for b.Loop() {
		ls, err := lessons.Builtin()
		if err != nil {
			b.Fatal(err)
		}
		m := New(Config{Theme: theme.ForProfile(colorprofile.TrueColor), Lessons: ls,
			Record: learner.New(filepath.Join(b.TempDir(), "p.txt")), NoTicks: true})
		m.Update(tWindow(120, 40))
		if len(m.Render()) == 0 {
			b.Fatal("empty frame")
		}
		m.Shutdown()
	}
}

// BenchmarkFrame10kRows draws a frame whose output holds a 10,000-row show() table, with
// the three live panes filled, after the output has been laid out once (as every frame
// but the first after a change is).
func BenchmarkFrame10kRows(b *testing.B) {
	for _, size := range [][2]int{{120, 40}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := newTestModel(b, Course)
			m.th = theme.ForProfile(colorprofile.TrueColor)
			ready(m, size[0], size[1])
			var out strings.Builder
			out.WriteString("+--------+-------+------+\n|order_id|user   |total |\n+--------+-------+------+\n")
			for i := range 10000 {
				fmt.Fprintf(&out, "|%8d|user%3d|%6.2f|\n", 1000+i, i%100, float64(i%977)/7)
			}
			out.WriteString("+--------+-------+------+\n")
			m.send(stepDoneMsg{key: m.stepKey(), res: &lab.StepResult{Before: fixture(), After: fixture(), Passed: true, Output: out.String()}})
			m.Render() // lays the output out once
			b.ResetTimer()
			for b.Loop() {
				m.scroll[paneOutput] += 7 // a scrolled frame, as a learner reads down
				if len(m.Render()) == 0 {
					b.Fatal("empty frame")
				}
			}
		})
	}
}

// BenchmarkLayoutOutput10kRows is the one-off layout of a 10,000-row output (done once
// per change, at most ten times a second while a step streams).
func BenchmarkLayoutOutput10kRows(b *testing.B) {
	var out strings.Builder
	out.WriteString("+--------+-------+------+\n|order_id|user   |total |\n+--------+-------+------+\n")
	for i := range 10000 {
		fmt.Fprintf(&out, "|%8d|user%3d|%6.2f|\n", 1000+i, i%100, float64(i%977)/7)
	}
	out.WriteString("+--------+-------+------+\n")
	th := theme.ForProfile(colorprofile.TrueColor)
	for b.Loop() {
		if n := len(renderOutput(th, out.String(), 100)); n < 10000 {
			b.Fatal(n)
		}
	}
}
