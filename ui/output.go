package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// outputPane is what the step did: a verdict line that stays on top however long the
// output, then hints, what the checks found, the output (show() tables drawn whole and
// scrolled sideways, never cut) and what changed.
type outputPane struct {
	e       *env
	verdict string
	view    textView
	focused bool
	w, h    int
	builds  int // how often the body was laid out (tests check the throttle)
}

func (o *outputPane) SetFocused(f bool)      { o.focused = f }
func (o *outputPane) Update(tea.Msg) tea.Cmd { return nil }
func (o *outputPane) SetSize(w, h int) {
	o.w, o.h = w, h
	o.view.SetSize(w-2, max(1, h-3))
}

func (o *outputPane) set(verdict string, lines []string) {
	o.builds++
	o.verdict = verdict
	o.view.SetLines(lines)
}

func (o *outputPane) HandleKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	return nil, o.view.HandleKey(msg)
}

func (o *outputPane) Keys() help.KeyMap {
	return keys{short: []key.Binding{scrollKeys[0], sideKeys}, full: [][]key.Binding{append(scrollKeys, sideKeys)}}
}

func (o *outputPane) View() string {
	t := o.e.th
	title := "output"
	if m := o.view.More(); m != "" {
		title += " · " + m
	}
	lines := append([]string{fit(o.verdict, o.w-2)}, o.view.Lines(t)...)
	return box(t, title, lines, 0, o.w, o.h, o.focused)
}

// ---- what the output pane shows ----

// expectedActual shows a failed check's want and got: side by side when both fit, else
// one above the other; the lines that differ are marked and the first differing column
// is kept in view, so the differing word is never cut off.
func expectedActual(t *theme.Theme, want, got string, w int) []string {
	wl := strings.Split(strings.TrimRight(want, "\n"), "\n")
	gl := strings.Split(strings.TrimRight(got, "\n"), "\n")
	widest := 0
	for _, l := range append(append([]string{}, wl...), gl...) {
		widest = max(widest, ansi.StringWidth(l))
	}
	var out []string
	if w >= 40 && widest <= (w-3)/2 {
		cw := (w - 3) / 2
		out = append(out, t.OK.Render(fit("expected", cw))+" │ "+t.Fail.Render("yours"))
		for i := 0; i < max(len(wl), len(gl)); i++ {
			a, b := at(wl, i), at(gl, i)
			mark := " │ "
			if a != b {
				b = t.Changed.Render(b)
				mark = t.Changed.Render(" ≠ ")
			}
			out = append(out, fit(a, cw)+mark+b)
		}
		return out
	}
	// Stacked: each differing pair shown from a little before its first difference.
	out = append(out, t.OK.Render("expected:"))
	for i, l := range wl {
		out = append(out, "  "+shiftTo(l, firstDiff(l, at(gl, i)), w-2))
	}
	out = append(out, t.Fail.Render("yours:"))
	for i, l := range gl {
		s := "  " + shiftTo(l, firstDiff(at(wl, i), l), w-2)
		if l != at(wl, i) {
			s = t.Changed.Render(s)
		}
		out = append(out, s)
	}
	return out
}

func at(ls []string, i int) string {
	if i < len(ls) {
		return ls[i]
	}
	return ""
}

// firstDiff is the first rune position where a and b differ (-1 when equal).
func firstDiff(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	for i := 0; i < len(ra) && i < len(rb); i++ {
		if ra[i] != rb[i] {
			return i
		}
	}
	if len(ra) == len(rb) {
		return -1
	}
	return min(len(ra), len(rb))
}

// shiftTo shows a line in w cells so that column d is visible ("…" marks a cut start).
func shiftTo(l string, d, w int) string {
	if ansi.StringWidth(l) <= w || d < 0 || d < w-10 {
		return l
	}
	start := max(0, d-w/3)
	return "…" + ansi.Cut(l, start+1, ansi.StringWidth(l))
}

// failureLines are one failed check: its message in the learner's words, then the
// expected and actual text when they say more than the message.
func failureLines(t *theme.Theme, f lab.Failure, w int) []string {
	head := f.Message
	if head == "" {
		head = f.Check
	}
	out := wrapStyled(t.Fail, theme.GlyphFail+" "+head, w)
	if f.Message == "" || strings.Contains(f.Want, "\n") || strings.Contains(f.Got, "\n") {
		out = append(out, expectedActual(t, f.Want, f.Got, w)...)
	}
	return out
}

// verdictLine is the sticky first line of the output pane.
func verdictLine(t *theme.Theme, r *lab.StepResult) string {
	if r.Passed {
		return t.OK.Render(fmt.Sprintf("%s Passed", theme.GlyphDone)) + t.Muted.Render(fmt.Sprintf(" in %s · n for the next step", dur(r)))
	}
	msg := fmt.Sprintf("%s Not yet", theme.GlyphFail)
	if len(r.Failures) > 0 {
		f := r.Failures[0]
		what := f.Message
		if what == "" {
			what = f.Check
		}
		msg += ": " + what
		if len(r.Failures) > 1 {
			msg += fmt.Sprintf(" (and %d more)", len(r.Failures)-1)
		}
	}
	return t.Fail.Render(msg)
}

func dur(r *lab.StepResult) string {
	d := r.Duration
	switch {
	case d < 1e9:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	default:
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
}
