package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/lab/showtext"
	"github.com/kafkalab/kafkalab/ui/theme"
)

// showTable is a table printed by DataFrame.show(): its header and rows as text cells.
type showTable struct {
	Header  []string
	Rows    [][]string
	numeric []bool
}

// renderOutput turns a step's output into display lines: show() tables redrawn with box
// characters and numbers right-aligned, whole (as wide as their cells: the pane scrolls
// sideways, no column is cut, and a truncate=False table keeps its long cells); other
// lines wrapped at word boundaries to width w.
func renderOutput(t *theme.Theme, out string, w int) []string {
	if out == "" {
		return nil
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	for i, l := range lines {
		if strings.IndexByte(l, '\t') >= 0 {
			lines[i] = expandTabs(l)
		}
	}
	tables := showtext.Tables(lines)
	var res []string
	for i := 0; i < len(lines); i++ {
		if len(tables) > 0 && tables[0].First == i {
			tb := &showTable{Header: tables[0].Header, Rows: tables[0].Rows}
			res = append(res, tb.render(t, 0, len(tb.Rows))...)
			i = tables[0].Last
			tables = tables[1:]
			continue
		}
		// Long lines wrap at word boundaries: nothing the step printed is lost.
		res = append(res, strings.Split(ansi.Wrap(lines[i], w, ""), "\n")...)
	}
	return res
}

func isNumber(s string) bool {
	if s == "" || s == "null" {
		return s == "null"
	}
	digits := 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case (r == '-' || r == '+') && i == 0, r == '.', r == 'E', r == 'e':
		default:
			return false
		}
	}
	return digits > 0
}

// render draws rows [from, to) of the table: columns sized to their content (as show()
// printed it), numbers right-aligned.
func (tb *showTable) render(t *theme.Theme, from, to int) []string {
	n := len(tb.Header)
	widths := make([]int, n)
	if tb.numeric == nil {
		tb.numeric = make([]bool, n)
		for c := range n {
			tb.numeric[c] = len(tb.Rows) > 0
		}
		for _, r := range tb.Rows {
			for c := 0; c < n && c < len(r); c++ {
				if !isNumber(r[c]) {
					tb.numeric[c] = false
				}
			}
		}
	}
	for c, h := range tb.Header {
		widths[c] = ansi.StringWidth(h)
	}
	// Widths from the rows shown (a 10,000-row table only measures what it draws, plus
	// a sample of the rest for stable columns while scrolling).
	measure := func(r []string) {
		for c := 0; c < n && c < len(r); c++ {
			widths[c] = max(widths[c], cellWidth(r[c]))
		}
	}
	for i := from; i < to && i < len(tb.Rows); i++ {
		measure(tb.Rows[i])
	}
	for i := 0; i < len(tb.Rows) && i < 200; i++ {
		measure(tb.Rows[i])
	}
	shown := n
	border := t.TableBorder
	line := func(l, m, r string) string {
		var b strings.Builder
		b.WriteString(l)
		for c := range shown {
			if c > 0 {
				b.WriteString(m)
			}
			b.WriteString(strings.Repeat("─", widths[c]+2))
		}
		b.WriteString(r)
		return border.Render(b.String())
	}
	sep := border.Render("│") // styled once: a 10,000-row table has 40,000 of them
	row := func(vals []string, head bool) string {
		var b strings.Builder
		b.WriteString(sep)
		for c := range shown {
			v := ""
			if c < len(vals) {
				v = vals[c]
			}
			vw := cellWidth(v)
			if vw > widths[c] {
				v = ansi.Truncate(v, widths[c], "…")
				vw = ansi.StringWidth(v)
			}
			pad := strings.Repeat(" ", widths[c]-vw)
			switch {
			case head:
				v = t.TableHeader.Render(v) + pad
			case tb.numeric[c]:
				v = pad + v
			default:
				v += pad
			}
			b.WriteString(" " + v + " " + sep)
		}
		return b.String()
	}
	out := []string{line("╭", "┬", "╮"), row(tb.Header, true), line("├", "┼", "┤")}
	for i := from; i < to && i < len(tb.Rows); i++ {
		out = append(out, row(tb.Rows[i], false))
	}
	return append(out, line("╰", "┴", "╯"))
}

// expandTabs replaces tabs with spaces to the next multiple of 8 columns, as a terminal
// would (a tab has no width of its own, so it would break the panes' alignment).
func expandTabs(l string) string {
	var b strings.Builder
	col := 0
	for _, r := range l {
		if r == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}

// cellWidth is a cell's width in terminal cells; plain ASCII (nearly every cell) is
// measured without the Unicode machinery.
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] < 0x20 {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}
