package python

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// gpython parses Python 3.4, which has no f-strings, yet course scripts use them. We
// rewrite each f-string into an expression gpython understands before compiling:
//
//	f"sent {n} events to {topic!r:>10}"
//	-> ("sent " + __kl_format__((n), "") + " events to " + __kl_format__(__kl_repr__((topic)), ">10"))
//
// Line breaks are kept where they were, so error lines still point at the learner's code.

// rewriteFStrings returns src with every f-string replaced; other code is untouched.
func rewriteFStrings(src string) (string, error) {
	if !strings.ContainsAny(src, "fF") {
		return src, nil
	}
	var out strings.Builder
	out.Grow(len(src) + 64)
	i := 0
	line := 1
	prevString := false // the previous token was a string literal (implicit concatenation)
	prevF := false      // ...and it was an f-string we rewrote
	for i < len(src) {
		c := src[i]
		switch {
		case c == '#':
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				j = len(src) - i
			}
			out.WriteString(src[i : i+j])
			i += j
		case c == '\n':
			line++
			out.WriteByte(c)
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\\' || c == '\f':
			out.WriteByte(c)
			i++
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			word := src[i:j]
			if j < len(src) && (src[j] == '"' || src[j] == '\'') && isStringPrefix(word) {
				lit, end, err := scanString(src, j, strings.ContainsAny(word, "rR"), line)
				if err != nil {
					return "", err
				}
				isF := strings.ContainsAny(word, "fF")
				if isF {
					if prevString {
						out.WriteString(" + ")
					}
					expr, err := fstringExpr(strings.NewReplacer("f", "", "F", "").Replace(word), lit, line)
					if err != nil {
						return "", err
					}
					out.WriteString(expr)
				} else {
					if prevF {
						out.WriteString(" + ")
					}
					out.WriteString(src[i:end])
				}
				line += strings.Count(src[i:end], "\n")
				prevString, prevF = true, isF
				i = end
				continue
			}
			out.WriteString(word)
			i = j
			prevString, prevF = false, false
		case c == '"' || c == '\'':
			_, end, err := scanString(src, i, false, line)
			if err != nil {
				return "", err
			}
			if prevF {
				out.WriteString(" + ")
			}
			out.WriteString(src[i:end])
			line += strings.Count(src[i:end], "\n")
			i = end
			prevString, prevF = true, false
		default:
			out.WriteByte(c)
			i++
			prevString, prevF = false, false
		}
	}
	return out.String(), nil
}

func isIdentStart(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func isStringPrefix(w string) bool {
	if len(w) > 2 {
		return false
	}
	seen := map[byte]bool{}
	for i := 0; i < len(w); i++ {
		c := w[i] | 0x20
		if c != 'r' && c != 'b' && c != 'u' && c != 'f' {
			return false
		}
		if seen[c] {
			return false
		}
		seen[c] = true
	}
	return true
}

// fstringLit is one scanned string literal: its quote and body (escapes not processed).
type fstringLit struct {
	quote string // ', ", ''' or """
	body  string
}

// scanString scans the literal whose opening quote is at src[i] and returns it and the
// index just past its closing quote.
func scanString(src string, i int, raw bool, line int) (fstringLit, int, error) {
	q := src[i : i+1]
	if strings.HasPrefix(src[i:], strings.Repeat(q, 3)) {
		q = strings.Repeat(q, 3)
	}
	j := i + len(q)
	for j < len(src) {
		if src[j] == '\\' {
			j += 2
			continue
		}
		if len(q) == 1 && src[j] == '\n' {
			break
		}
		if strings.HasPrefix(src[j:], q) {
			return fstringLit{quote: q, body: src[i+len(q) : j]}, j + len(q), nil
		}
		j++
	}
	// Unterminated: leave it for the real parser to report with its own caret.
	return fstringLit{quote: q, body: src[i+len(q) : min(j, len(src))]}, min(j, len(src)), nil
}

// fstringExpr turns one f-string into a parenthesised concatenation.
func fstringExpr(prefix string, lit fstringLit, line int) (string, error) {
	var parts []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			parts = append(parts, prefix+lit.quote+text.String()+lit.quote)
			text.Reset()
		}
	}
	b := lit.body
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\\' && i+1 < len(b):
			text.WriteString(b[i : i+2])
			i += 2
		case c == '{' && i+1 < len(b) && b[i+1] == '{':
			text.WriteByte('{')
			i += 2
		case c == '}' && i+1 < len(b) && b[i+1] == '}':
			text.WriteByte('}')
			i += 2
		case c == '}':
			return "", fstringError(line, "f-string: single '}' is not allowed")
		case c == '{':
			expr, conv, spec, end, err := scanField(b, i+1, line)
			if err != nil {
				return "", err
			}
			flush()
			value := "(" + expr + ")"
			switch conv {
			case "r", "a":
				value = "__kl_repr__(" + value + ")"
			case "s":
				value = "__kl_str__(" + value + ")"
			case "":
			default:
				return "", fstringError(line, "f-string: invalid conversion character: expected 's', 'r', or 'a'")
			}
			specExpr := `""`
			if spec != "" {
				if strings.Contains(spec, "{") {
					se, err := fstringExpr(prefix, fstringLit{quote: lit.quote, body: spec}, line)
					if err != nil {
						return "", err
					}
					specExpr = se
				} else {
					specExpr = prefix + lit.quote + spec + lit.quote
				}
			}
			parts = append(parts, "__kl_format__("+value+", "+specExpr+")")
			i = end
		default:
			text.WriteByte(c)
			i++
		}
	}
	flush()
	if len(parts) == 0 {
		return prefix + lit.quote + lit.quote, nil
	}
	return "(" + strings.Join(parts, " + ") + ")", nil
}

// scanField reads a replacement field starting just after '{': expression, conversion and
// format spec, and the index just past the closing '}'.
func scanField(b string, i, line int) (expr, conv, spec string, end int, err error) {
	depth := 0
	start := i
	var quote byte
	for ; i < len(b); i++ {
		c := b[i]
		if quote != 0 {
			if c == quote {
				quote = 0
			}
			continue
		}
		switch c {
		case '\'', '"':
			quote = c
		case '(', '[', '{':
			depth++
		case ')', ']':
			depth--
		case '}':
			if depth > 0 {
				depth--
				continue
			}
			expr = b[start:i]
			return checkExpr(expr, line), "", "", i + 1, nilIfExpr(expr, line)
		case '!':
			if depth == 0 && i+1 < len(b) && b[i+1] != '=' {
				expr = b[start:i]
				j := i + 1
				for j < len(b) && b[j] != ':' && b[j] != '}' {
					j++
				}
				conv = b[i+1 : j]
				if j < len(b) && b[j] == ':' {
					spec, end, err = scanSpec(b, j+1, line)
					return expr, conv, spec, end, nilIfExpr(expr, line, err)
				}
				if j >= len(b) {
					return "", "", "", 0, fstringError(line, "f-string: expecting '}'")
				}
				return expr, conv, "", j + 1, nilIfExpr(expr, line)
			}
		case ':':
			if depth == 0 {
				expr = b[start:i]
				spec, end, err = scanSpec(b, i+1, line)
				return expr, "", spec, end, nilIfExpr(expr, line, err)
			}
		}
	}
	return "", "", "", 0, fstringError(line, "f-string: expecting '}'")
}

func scanSpec(b string, i, line int) (string, int, error) {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				return b[i:j], j + 1, nil
			}
			depth--
		}
	}
	return "", 0, fstringError(line, "f-string: expecting '}'")
}

func checkExpr(expr string, line int) string { return expr }

func nilIfExpr(expr string, line int, errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	if strings.TrimSpace(expr) == "" {
		return fstringError(line, "f-string: empty expression not allowed")
	}
	return nil
}

func fstringError(line int, msg string) error {
	e := py.ExceptionNewf(py.SyntaxError, "%s", msg)
	e.Dict["lineno"] = py.Int(line)
	e.Dict["offset"] = py.Int(0)
	e.Dict["line"] = py.String("")
	return e
}

// Every compilation goes through the rewrite, so exec(), eval() and compile() of source
// with f-strings work too.
func init() {
	compile := py.Compile
	py.Compile = func(src, srcDesc string, mode py.CompileMode, flags int, dontInherit bool) (*py.Code, error) {
		rewritten, err := rewriteFStrings(src)
		if err != nil {
			if exc, ok := err.(*py.Exception); ok {
				exc.Dict["filename"] = py.String(srcDesc)
			}
			return nil, err
		}
		return compile(rewritten, srcDesc, mode, flags, dontInherit)
	}
}
