package ui

import (
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/ui/theme"
)

// The highlighter is kafkalab's own small tokenizer for the languages lessons use
// (Python, shell lines, JSON): it has no start-up cost (its tables are built on first
// use) and colours by meaning through the theme, so a plain theme gets no styling at all.

var (
	pyKeywordsOnce sync.Once
	pyKeywords     map[string]bool
	pyConstants    map[string]bool
)

func loadPyWords() {
	pyKeywords = map[string]bool{}
	for _, k := range strings.Fields("and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield") {
		pyKeywords[k] = true
	}
	pyConstants = map[string]bool{"True": true, "False": true, "None": true}
}

// highlight colours src line by line (it never changes the text, only styles it).
func highlight(th *theme.Theme, src, lang string) []string {
	lines := strings.Split(src, "\n")
	if th.Plain {
		for i, l := range lines {
			lines[i] = strings.ReplaceAll(l, "\t", "    ")
		}
		return lines
	}
	switch strings.ToLower(lang) {
	case "python", "py":
		pyKeywordsOnce.Do(loadPyWords)
		return highlightPython(th, lines)
	case "sh", "bash", "shell":
		return highlightShell(th, lines)
	case "json", "jsonl":
		return highlightJSON(th, lines)
	}
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "\t", "    ")
	}
	return lines
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdent(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// scanString returns the end of a quoted string starting at i (quote q), or len(l).
func scanString(l string, i int, q byte) int {
	j := i + 1
	for j < len(l) {
		switch l[j] {
		case '\\':
			j += 2
			continue
		case q:
			return j + 1
		}
		j++
	}
	return len(l)
}

func highlightPython(th *theme.Theme, lines []string) []string {
	out := make([]string, len(lines))
	inTriple := byte(0) // the quote of a triple-quoted string still open from a line before
	for n, raw := range lines {
		l := strings.ReplaceAll(raw, "\t", "    ")
		var b strings.Builder
		i := 0
		if inTriple != 0 {
			end := strings.Index(l, strings.Repeat(string(inTriple), 3))
			if end < 0 {
				out[n] = th.Str.Render(l)
				continue
			}
			b.WriteString(th.Str.Render(l[:end+3]))
			i = end + 3
			inTriple = 0
		}
		for i < len(l) {
			c := l[i]
			switch {
			case c == '#':
				b.WriteString(th.Comment.Render(l[i:]))
				i = len(l)
			case c == '"' || c == '\'':
				if strings.HasPrefix(l[i:], strings.Repeat(string(c), 3)) {
					end := strings.Index(l[i+3:], strings.Repeat(string(c), 3))
					if end < 0 {
						b.WriteString(th.Str.Render(l[i:]))
						inTriple = c
						i = len(l)
						continue
					}
					b.WriteString(th.Str.Render(l[i : i+3+end+3]))
					i += 3 + end + 3
					continue
				}
				j := scanString(l, i, c)
				b.WriteString(th.Str.Render(l[i:j]))
				i = j
			case isDigit(c):
				j := i
				for j < len(l) && (isIdent(l[j]) || l[j] == '.') {
					j++
				}
				b.WriteString(th.Number.Render(l[i:j]))
				i = j
			case isIdentStart(c):
				j := i
				for j < len(l) && isIdent(l[j]) {
					j++
				}
				word := l[i:j]
				// A string prefix: f"...", r'...'.
				if j < len(l) && (l[j] == '"' || l[j] == '\'') && len(word) <= 2 && strings.Trim(strings.ToLower(word), "frbu") == "" {
					k := scanString(l, j, l[j])
					b.WriteString(th.Str.Render(l[i:k]))
					i = k
					continue
				}
				switch {
				case pyKeywords[word]:
					b.WriteString(th.Keyword.Render(word))
				case pyConstants[word]:
					b.WriteString(th.Number.Render(word))
				case j < len(l) && l[j] == '(':
					b.WriteString(th.Func.Render(word))
				default:
					b.WriteString(word)
				}
				i = j
			case c == '@' && strings.TrimSpace(l[:i]) == "":
				b.WriteString(th.Func.Render(l[i:]))
				i = len(l)
			default:
				b.WriteByte(c)
				i++
			}
		}
		out[n] = b.String()
	}
	return out
}

func highlightShell(th *theme.Theme, lines []string) []string {
	out := make([]string, len(lines))
	heredoc := ""
	for n, raw := range lines {
		l := strings.ReplaceAll(raw, "\t", "    ")
		if heredoc != "" {
			if strings.TrimSpace(l) == heredoc {
				heredoc = ""
				out[n] = th.Keyword.Render(l)
			} else {
				out[n] = th.Str.Render(l)
			}
			continue
		}
		if i := strings.Index(l, "<<"); i >= 0 {
			heredoc = strings.Trim(strings.TrimSpace(l[i+2:]), `'"`)
		}
		var b strings.Builder
		word := 0
		for i := 0; i < len(l); {
			c := l[i]
			switch {
			case c == '#' && (i == 0 || l[i-1] == ' '):
				b.WriteString(th.Comment.Render(l[i:]))
				i = len(l)
			case c == '"' || c == '\'':
				j := scanString(l, i, c)
				b.WriteString(th.Str.Render(l[i:j]))
				i = j
			case c == ' ':
				b.WriteByte(c)
				i++
			default:
				j := i
				for j < len(l) && l[j] != ' ' && l[j] != '"' && l[j] != '\'' {
					j++
				}
				tok := l[i:j]
				switch {
				case word == 0 && tok == "!":
					b.WriteString(th.Fail.Render(tok))
					word--
				case word == 0:
					b.WriteString(th.Func.Render(tok))
				case strings.HasPrefix(tok, "-"):
					b.WriteString(th.Keyword.Render(tok))
				case isDigit(tok[0]):
					b.WriteString(th.Number.Render(tok))
				default:
					b.WriteString(tok)
				}
				word++
				i = j
			}
		}
		out[n] = b.String()
	}
	return out
}

func highlightJSON(th *theme.Theme, lines []string) []string {
	out := make([]string, len(lines))
	for n, raw := range lines {
		l := strings.ReplaceAll(raw, "\t", "    ")
		var b strings.Builder
		for i := 0; i < len(l); {
			c := l[i]
			switch {
			case c == '"':
				j := scanString(l, i, c)
				k := j
				for k < len(l) && l[k] == ' ' {
					k++
				}
				if k < len(l) && l[k] == ':' {
					b.WriteString(th.Func.Render(l[i:j]))
				} else {
					b.WriteString(th.Str.Render(l[i:j]))
				}
				i = j
			case isDigit(c) || c == '-':
				j := i + 1
				for j < len(l) && (isDigit(l[j]) || strings.IndexByte(".eE+-", l[j]) >= 0) {
					j++
				}
				b.WriteString(th.Number.Render(l[i:j]))
				i = j
			case isIdentStart(c):
				j := i
				for j < len(l) && isIdent(l[j]) {
					j++
				}
				b.WriteString(th.Keyword.Render(l[i:j]))
				i = j
			default:
				b.WriteByte(c)
				i++
			}
		}
		out[n] = b.String()
	}
	return out
}
