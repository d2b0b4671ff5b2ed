package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/ui/theme"
)

// editor is the in-app code editor: lines of text and a cursor that moves by logical
// line (a long line scrolls sideways, it never wraps), with line numbers and the
// language's highlighting.
type editor struct {
	lines    [][]rune
	row, col int
	top      int
	left     int
	w, h     int
	lang     string
	dirty    bool
}

func newEditor(src, lang string) *editor {
	e := &editor{lang: lang}
	e.SetValue(src)
	return e
}

func (e *editor) SetValue(src string) {
	src = strings.TrimSuffix(strings.ReplaceAll(src, "\t", "    "), "\n")
	e.lines = nil
	for _, l := range strings.Split(src, "\n") {
		e.lines = append(e.lines, []rune(l))
	}
	e.row, e.col, e.top, e.left, e.dirty = 0, 0, 0, 0, false
}

// Value is the text, ending in a newline as a saved file does.
func (e *editor) Value() string {
	parts := make([]string, len(e.lines))
	for i, l := range e.lines {
		parts[i] = string(l)
	}
	return strings.Join(parts, "\n") + "\n"
}

func (e *editor) SetSize(w, h int) { e.w, e.h = w, h }

// HandleKey edits; false for keys it leaves to others (esc, ctrl+s, ctrl+r).
func (e *editor) HandleKey(msg tea.KeyPressMsg) bool {
	line := e.lines[e.row]
	switch msg.String() {
	case "up":
		e.row = max(0, e.row-1)
	case "down":
		e.row = min(len(e.lines)-1, e.row+1)
	case "left":
		if e.col > 0 {
			e.col = min(e.col, len(line)) - 1
		} else if e.row > 0 {
			e.row--
			e.col = len(e.lines[e.row])
		}
	case "right":
		if e.col < len(line) {
			e.col++
		} else if e.row < len(e.lines)-1 {
			e.row, e.col = e.row+1, 0
		}
	case "home", "ctrl+a":
		e.col = 0
	case "end", "ctrl+e":
		e.col = len(line)
	case "pgup":
		e.row = max(0, e.row-max(1, e.h-1))
	case "pgdown":
		e.row = min(len(e.lines)-1, e.row+max(1, e.h-1))
	case "ctrl+home":
		e.row, e.col = 0, 0
	case "ctrl+end":
		e.row = len(e.lines) - 1
		e.col = len(e.lines[e.row])
	case "enter":
		c := min(e.col, len(line))
		indent := leadingSpaces(line)
		if strings.HasSuffix(strings.TrimSpace(string(line[:c])), ":") {
			indent += "    "
		}
		rest := append([]rune(indent), line[c:]...)
		e.lines[e.row] = append([]rune(nil), line[:c]...)
		e.lines = append(e.lines[:e.row+1], append([][]rune{rest}, e.lines[e.row+1:]...)...)
		e.row, e.col = e.row+1, len([]rune(indent))
		e.dirty = true
	case "backspace":
		c := min(e.col, len(line))
		switch {
		case c > 0:
			e.lines[e.row] = append(line[:c-1:c-1], line[c:]...)
			e.col = c - 1
		case e.row > 0:
			prev := e.lines[e.row-1]
			e.col = len(prev)
			e.lines[e.row-1] = append(prev, line...)
			e.lines = append(e.lines[:e.row], e.lines[e.row+1:]...)
			e.row--
		}
		e.dirty = true
	case "delete":
		c := min(e.col, len(line))
		switch {
		case c < len(line):
			e.lines[e.row] = append(line[:c:c], line[c+1:]...)
		case e.row < len(e.lines)-1:
			e.lines[e.row] = append(line, e.lines[e.row+1]...)
			e.lines = append(e.lines[:e.row+1], e.lines[e.row+2:]...)
		}
		e.dirty = true
	case "tab":
		e.insert("    ")
	case "ctrl+k":
		e.lines[e.row] = line[:min(e.col, len(line))]
		e.dirty = true
	default:
		if msg.Text == "" || msg.Mod&(tea.ModCtrl|tea.ModAlt) != 0 {
			return false
		}
		e.insert(msg.Text)
	}
	return true
}

// Paste inserts pasted text (several lines at once).
func (e *editor) Paste(s string) {
	for i, part := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		if i > 0 {
			e.HandleKey(tea.KeyPressMsg{Code: tea.KeyEnter})
			e.lines[e.row] = e.lines[e.row][:0]
			e.col = 0
		}
		e.insert(part)
	}
}

func (e *editor) insert(s string) {
	s = strings.ReplaceAll(s, "\t", "    ")
	line := e.lines[e.row]
	c := min(e.col, len(line))
	rs := []rune(s)
	nl := make([]rune, 0, len(line)+len(rs))
	nl = append(append(append(nl, line[:c]...), rs...), line[c:]...)
	e.lines[e.row] = nl
	e.col = c + len(rs)
	e.dirty = true
}

func leadingSpaces(l []rune) string {
	n := 0
	for n < len(l) && l[n] == ' ' {
		n++
	}
	return strings.Repeat(" ", n)
}

// Lines draws the visible part, exactly w x h, with the cursor as a reversed cell.
func (e *editor) Lines(th *theme.Theme) []string {
	col := min(e.col, len(e.lines[e.row]))
	nw := len(fmt.Sprint(len(e.lines)))
	text := max(1, e.w-nw-1)
	// Keep the cursor in view, vertically and sideways.
	if e.row < e.top {
		e.top = e.row
	}
	if e.row >= e.top+e.h {
		e.top = e.row - e.h + 1
	}
	if col < e.left {
		e.left = col
	}
	if col >= e.left+text {
		e.left = col - text + 1
	}
	src := make([]string, 0, e.h)
	for i := e.top; i < len(e.lines) && i < e.top+e.h; i++ {
		src = append(src, string(e.lines[i]))
	}
	hl := highlight(th, strings.Join(src, "\n"), e.lang)
	out := make([]string, 0, e.h)
	for i, l := range hl {
		row := e.top + i
		num := th.Muted.Render(fmt.Sprintf("%*d ", nw, row+1))
		if row == e.row {
			num = th.Accent.Render(fmt.Sprintf("%*d ", nw, row+1))
			raw := e.lines[row]
			// The cursor line is drawn plain with the cursor cell reversed.
			before := string(raw[min(e.left, len(raw)):col])
			at := " "
			if col < len(raw) {
				at = string(raw[col])
			}
			after := ""
			if col+1 < len(raw) {
				after = string(raw[col+1:])
			}
			l = before + th.Selected.Render(at) + after
			out = append(out, num+ansi.Truncate(l, text, ""))
			continue
		}
		out = append(out, num+ansi.Truncate(ansi.Cut(l, e.left, e.left+text), text, ""))
	}
	return out
}

// Position is "line 3, column 7".
func (e *editor) Position() string {
	return fmt.Sprintf("line %d col %d", e.row+1, min(e.col, len(e.lines[e.row]))+1)
}
