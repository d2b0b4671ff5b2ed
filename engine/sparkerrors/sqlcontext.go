package sparkerrors

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Place is where byte offset off falls in text as Spark counts it: the 1-based line and
// the 0-based character position in that line.
func Place(text string, off int) (line, pos int) {
	off = min(max(off, 0), len(text))
	before := text[:off]
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[lineStart:])
}

// javaLines splits text at newlines as Java's String.split("\n") does: without a newline
// the text is the one line; otherwise empty lines at the end are dropped.
func javaLines(text string) []string {
	if !strings.Contains(text, "\n") {
		return []string{text}
	}
	lines := strings.Split(text, "\n")
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// SyntaxTail is what Spark's ParseException adds after the SQLSTATE for an error at the
// token starting at byte off of sql: " (line l, pos p)", then "== SQL ==" and the
// statement with a line of dashes and "^^^" under the token's line.
func SyntaxTail(sql string, off int) string {
	line, pos := Place(sql, off)
	lines := javaLines(sql)
	cut := min(line, len(lines))
	var b strings.Builder
	fmt.Fprintf(&b, " (line %d, pos %d)\n\n== SQL ==\n", line, pos)
	b.WriteString(strings.Join(lines[:cut], "\n"))
	b.WriteString("\n")
	b.WriteString(strings.Repeat("-", pos))
	b.WriteString("^^^\n")
	for _, l := range lines[cut:] {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// originContextChars is how much text around a fragment Spark's query context shows on
// the fragment's first and last lines before cutting it short with "...".
const originContextChars = 32

// OriginTail is what Spark adds after the SQLSTATE of an error about the fragment
// [start, end) of sql (a typed literal it cannot read, a clause it refuses):
// "== SQL (line l, position p) ==" (p counted from 1), then the fragment's lines with at
// most 32 characters of their surroundings on either side ("..." marks a cut), each line
// followed by one with '^' under the fragment's characters.
func OriginTail(sql string, start, end int) string {
	start = min(max(start, 0), len(sql))
	end = min(max(end, start+1), len(sql))
	line, pos := Place(sql, start)
	// The fragment's first line is shown from its start, or from 32 characters before the
	// fragment when it has that many before it (then "..." leads); its last line to its end,
	// or to 32 characters past the fragment when more follow (then "..." ends it).
	from, cutLeft := strings.LastIndexByte(sql[:start], '\n')+1, false
	if start-from >= originContextChars {
		from, cutLeft = start-originContextChars, true
	}
	to, cutRight := len(sql), false
	if nl := strings.IndexByte(sql[end:], '\n'); nl >= 0 {
		to = end + nl
	}
	if to-end > originContextChars {
		to, cutRight = end+originContextChars, true
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n== SQL (line %d, position %d) ==\n", line, pos+1)
	shown := sql[from:to]
	if cutLeft {
		shown = "..." + shown
	}
	if cutRight {
		shown += "..."
	}
	// at is the offset in sql of the line's first character ("..." stands before from).
	at := from
	if cutLeft {
		at -= 3
	}
	for _, l := range javaLines(shown) {
		b.WriteString(l)
		b.WriteByte('\n')
		for i := 0; i < len(l); i++ {
			switch {
			case at+i < start:
				b.WriteByte(' ')
			case at+i < end:
				b.WriteByte('^')
			}
		}
		b.WriteByte('\n')
		at += len(l) + 1
	}
	return b.String()
}
