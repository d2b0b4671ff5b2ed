package ui

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/kafkalab/kafkalab/ui/theme"
)

// fit cuts or pads a styled line to exactly w cells, so no pane can overflow.
func fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if strings.IndexByte(s, '\t') >= 0 {
		s = strings.ReplaceAll(s, "\t", "    ")
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		return ansi.Truncate(s, w, "…")
	}
	return s + strings.Repeat(" ", w-sw)
}

// box draws a pane of exactly w x h cells: a rounded border with the title in the top edge
// and the lines from offset, cut to fit.
func box(t *theme.Theme, title string, lines []string, offset, w, h int, focused bool) string {
	if w < 4 || h < 2 {
		return blank(w, h)
	}
	bs := t.Pane
	ts := t.PaneTitle
	if focused {
		bs, ts = t.PaneFocus, t.PaneTitleFocus
	}
	border := bs.GetBorderStyle()
	edge := lipgloss.NewStyle().Foreground(bs.GetBorderTopForeground())
	if t.Plain {
		edge = lipgloss.NewStyle()
	}
	inner := w - 2
	var b strings.Builder
	top := ""
	if title != "" {
		top = ts.Render(ansi.Truncate(" "+title+" ", inner-1, "…"))
	}
	b.WriteString(edge.Render(border.TopLeft+border.Top) + top)
	if fill := inner - 1 - ansi.StringWidth(top); fill > 0 {
		b.WriteString(edge.Render(strings.Repeat(border.Top, fill)))
	}
	b.WriteString(edge.Render(border.TopRight))
	left, right := edge.Render(border.Left), edge.Render(border.Right)
	if offset < 0 {
		offset = 0
	}
	for i := 0; i < h-2; i++ {
		line := ""
		if offset+i < len(lines) {
			line = lines[offset+i]
		}
		b.WriteByte('\n')
		b.WriteString(left + fit(line, inner) + right)
	}
	b.WriteByte('\n')
	b.WriteString(edge.Render(border.BottomLeft + strings.Repeat(border.Bottom, inner) + border.BottomRight))
	return b.String()
}

func blank(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	line := strings.Repeat(" ", w)
	return strings.TrimSuffix(strings.Repeat(line+"\n", h), "\n")
}

// hjoin puts blocks side by side; each block must be exactly its width wide.
func hjoin(blocks ...string) string { return lipgloss.JoinHorizontal(lipgloss.Top, blocks...) }

// vjoin stacks blocks.
func vjoin(blocks ...string) string {
	var nonEmpty []string
	for _, b := range blocks {
		if b != "" {
			nonEmpty = append(nonEmpty, b)
		}
	}
	return strings.Join(nonEmpty, "\n")
}

// wrap breaks plain text to width w (words kept whole where they fit).
func wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	var out []string
	for _, para := range strings.Split(s, "\n") {
		if para == "" {
			out = append(out, "")
			continue
		}
		out = append(out, strings.Split(ansi.Wrap(para, w, ""), "\n")...)
	}
	return out
}

// clampScroll keeps an offset inside [0, n-visible].
func clampScroll(off, n, visible int) int {
	if off > n-visible {
		off = n - visible
	}
	if off < 0 {
		off = 0
	}
	return off
}

func wrapStyled(st interface{ Render(...string) string }, s string, w int) []string {
	lines := wrap(s, w)
	for i := range lines {
		lines[i] = st.Render(lines[i])
	}
	return lines
}
