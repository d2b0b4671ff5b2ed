package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/ui/theme"
)

// textView is a scrollable block of styled lines, vertically and (like less -S)
// horizontally: lines are never cut for good, only shifted and clipped at the edge, and
// marks say when more is to the right or below.
type textView struct {
	lines    []string
	top      int // first line shown
	left     int // first column shown
	w, h     int
	maxWidth int // widest line, for the horizontal limit
	// follow keeps the end in view as lines are added (streaming output).
	follow bool
}

func (v *textView) SetLines(lines []string) {
	v.lines = lines
	v.maxWidth = 0
	for _, l := range lines {
		v.maxWidth = max(v.maxWidth, ansi.StringWidth(l))
	}
	v.clamp()
}

func (v *textView) SetSize(w, h int) {
	v.w, v.h = w, h
	v.clamp()
}

func (v *textView) clamp() {
	if v.follow {
		v.top = len(v.lines) - v.h
	}
	v.top = clampScroll(v.top, len(v.lines), v.h)
	v.left = max(0, min(v.left, v.maxWidth-v.w+1))
}

func (v *textView) ScrollBy(n int) {
	v.follow = false
	v.top += n
	v.clamp()
}

func (v *textView) ScrollX(n int) {
	v.left += n
	v.clamp()
}

func (v *textView) Top()    { v.follow = false; v.top = 0; v.clamp() }
func (v *textView) Bottom() { v.top = len(v.lines); v.clamp() }

// HandleKey scrolls with the usual keys: ↑↓ j k, pgup pgdn, g G, ← → h l (sideways).
func (v *textView) HandleKey(msg tea.KeyPressMsg) bool {
	page := max(1, v.h-1)
	switch msg.String() {
	case "up", "k":
		v.ScrollBy(-1)
	case "down", "j":
		v.ScrollBy(1)
	case "pgup", "ctrl+u", "b":
		v.ScrollBy(-page)
	case "pgdown", "ctrl+d", " ":
		v.ScrollBy(page)
	case "home", "g":
		v.Top()
	case "end", "G":
		v.Bottom()
	case "left":
		v.ScrollX(-8)
	case "right":
		v.ScrollX(8)
	default:
		return false
	}
	return true
}

// Lines are the visible lines, each exactly w cells: clipped sideways with a › mark
// where a line goes on to the right and a ‹ where it started to the left.
func (v *textView) Lines(th *theme.Theme) []string {
	out := make([]string, 0, v.h)
	for i := v.top; i < len(v.lines) && len(out) < v.h; i++ {
		out = append(out, clipLine(th, v.lines[i], v.left, v.w))
	}
	return out
}

// More says how many lines are below (and above) the view, for a pane's title.
func (v *textView) More() string {
	below := len(v.lines) - v.top - v.h
	var parts []string
	if v.top > 0 {
		parts = append(parts, fmt.Sprintf("↑%d", v.top))
	}
	if below > 0 {
		parts = append(parts, fmt.Sprintf("↓%d more", below))
	}
	if v.left > 0 {
		parts = append(parts, fmt.Sprintf("col %d", v.left+1))
	}
	return strings.Join(parts, " ")
}

// clipLine shows w cells of a styled line from column left.
func clipLine(th *theme.Theme, l string, left, w int) string {
	lw := ansi.StringWidth(l)
	if left == 0 && lw <= w {
		return l
	}
	s := l
	if left > 0 {
		s = ansi.Cut(l, left, lw)
		if w > 1 {
			s = th.Muted.Render("‹") + ansi.Cut(s, 1, lw)
		}
	}
	if ansi.StringWidth(s) > w {
		s = ansi.Truncate(s, w-1, "") + th.Muted.Render("›")
	}
	return s
}
