package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/kafkalab/kafkalab/ui/theme"
)

// markdownParser is made on first use: nothing of it runs when kafkalab starts.
var markdownParser goldmark.Markdown

// renderMarkdown lays a lesson's Markdown out in w cells: paragraphs wrapped at word
// boundaries, headings and bold as text styles (never their # and ** markers, coloured or
// not), code blocks highlighted, lists and quotes indented.
func renderMarkdown(th *theme.Theme, src string, w int) []string {
	if w < 8 {
		w = 8
	}
	if markdownParser == nil {
		markdownParser = goldmark.New()
	}
	source := []byte(src)
	doc := markdownParser.Parser().Parse(text.NewReader(source))
	r := &mdRenderer{th: th, src: source}
	r.blocks(doc, w, "", "")
	for len(r.out) > 0 && r.out[len(r.out)-1] == "" {
		r.out = r.out[:len(r.out)-1]
	}
	return r.out
}

type mdRenderer struct {
	th  *theme.Theme
	src []byte
	out []string
}

func (r *mdRenderer) gap() {
	if len(r.out) > 0 && r.out[len(r.out)-1] != "" {
		r.out = append(r.out, "")
	}
}

// blocks renders a container's children; first prefixes the first line of the first
// block (a list bullet), rest every other line.
func (r *mdRenderer) blocks(n ast.Node, w int, first, rest string) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		r.block(c, w, first, rest)
		first = rest
	}
}

func (r *mdRenderer) block(n ast.Node, w int, first, rest string) {
	t := r.th
	switch b := n.(type) {
	case *ast.Heading:
		r.gap()
		r.para(t.Title.Render(r.inline(b)), w, first, rest)
		r.out = append(r.out, "")
	case *ast.Paragraph, *ast.TextBlock:
		r.para(r.inline(b), w, first, rest)
		if _, tight := n.(*ast.TextBlock); !tight {
			r.out = append(r.out, "")
		}
	case *ast.List:
		num := b.Start
		for item := b.FirstChild(); item != nil; item = item.NextSibling() {
			bullet := "• "
			if b.IsOrdered() {
				bullet = strings.TrimSpace(itoa(num)+".") + " "
				num++
			}
			pad := strings.Repeat(" ", ansi.StringWidth(bullet))
			r.blocks(item, w-len(pad), first+t.Accent.Render(bullet), rest+pad)
			first = rest
		}
		r.gap()
	case *ast.Blockquote:
		bar := t.Muted.Render("│ ")
		r.blocks(b, w-2, first+bar, rest+bar)
		r.gap()
	case *ast.FencedCodeBlock:
		lang := string(b.Language(r.src))
		r.code(r.lines(b), lang, first, rest)
	case *ast.CodeBlock:
		r.code(r.lines(b), "", first, rest)
	case *ast.ThematicBreak:
		r.out = append(r.out, first+t.Muted.Render(strings.Repeat("─", max(1, w))), "")
	case *ast.HTMLBlock:
		// Comments (watch lists, crash directives) are for the lab, not the learner.
	default:
		r.blocks(b, w, first, rest)
	}
}

func (r *mdRenderer) lines(n ast.Node) string {
	var b strings.Builder
	ls := n.Lines()
	for i := 0; i < ls.Len(); i++ {
		seg := ls.At(i)
		b.Write(seg.Value(r.src))
	}
	return b.String()
}

func (r *mdRenderer) code(src, lang, first, rest string) {
	for i, l := range highlight(r.th, strings.TrimRight(src, "\n"), lang) {
		p := rest
		if i == 0 {
			p = first
		}
		r.out = append(r.out, p+"  "+l)
	}
	r.out = append(r.out, "")
}

// para wraps a styled paragraph at word boundaries; a hard break starts a new line.
func (r *mdRenderer) para(s string, w int, first, rest string) {
	prefix := first
	for _, hard := range strings.Split(s, "\n") {
		for _, l := range strings.Split(ansi.Wrap(hard, max(4, w), ""), "\n") {
			r.out = append(r.out, prefix+l)
			prefix = rest
		}
	}
}

// inline renders a block's inline content as one styled string.
func (r *mdRenderer) inline(n ast.Node) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		r.inlineNode(&b, c)
	}
	return b.String()
}

func (r *mdRenderer) inlineNode(b *strings.Builder, n ast.Node) {
	t := r.th
	switch x := n.(type) {
	case *ast.Text:
		b.Write(x.Segment.Value(r.src))
		switch {
		case x.HardLineBreak():
			b.WriteByte('\n')
		case x.SoftLineBreak():
			b.WriteByte(' ')
		}
	case *ast.String:
		b.Write(x.Value)
	case *ast.CodeSpan:
		var s strings.Builder
		for c := x.FirstChild(); c != nil; c = c.NextSibling() {
			if tx, ok := c.(*ast.Text); ok {
				s.Write(tx.Segment.Value(r.src))
			}
		}
		b.WriteString(t.Code.Render(s.String()))
	case *ast.Emphasis:
		inner := r.inline(x)
		if x.Level >= 2 {
			b.WriteString(t.Text.Bold(true).Render(inner))
		} else {
			b.WriteString(t.Text.Italic(true).Render(inner))
		}
	case *ast.Link:
		b.WriteString(t.Accent.Render(r.inline(x)))
	case *ast.AutoLink:
		b.WriteString(t.Accent.Render(string(x.URL(r.src))))
	case *ast.RawHTML:
	default:
		b.WriteString(r.inline(x))
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var d []byte
	for n > 0 {
		d = append([]byte{byte('0' + n%10)}, d...)
		n /= 10
	}
	if neg {
		return "-" + string(d)
	}
	return string(d)
}
