package parser

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// tokKind is the class of a token; keywords and operators are told apart by their text.
type tokKind uint8

const (
	tkEnd tokKind = iota // ENDMARKER
	tkNewline
	tkIndent
	tkDedent
	tkName
	tkNumber
	tkString
	tkOp
)

func (k tokKind) String() string {
	switch k {
	case tkEnd:
		return "ENDMARKER"
	case tkNewline:
		return "NEWLINE"
	case tkIndent:
		return "INDENT"
	case tkDedent:
		return "DEDENT"
	case tkName:
		return "NAME"
	case tkNumber:
		return "NUMBER"
	case tkString:
		return "STRING"
	case tkOp:
		return "OP"
	}
	return fmt.Sprintf("tokKind(%d)", uint8(k))
}

// token is one token of the source. Lines are 1-based, columns 0-based byte offsets
// within their line, as CPython's AST positions are.
type token struct {
	kind    tokKind
	val     string // the token's text (a string literal keeps its prefix and quotes)
	line    int
	col     int
	endLine int
	endCol  int
	level   int  // brackets open around the token
	eof     bool // a DEDENT or the ENDMARKER at the end of the source
}

// keywords are the hard keywords of Python 3.11; match, case and _ are soft.
var keywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true,
	"async": true, "await": true, "break": true, "class": true, "continue": true,
	"def": true, "del": true, "elif": true, "else": true, "except": true,
	"finally": true, "for": true, "from": true, "global": true, "if": true,
	"import": true, "in": true, "is": true, "lambda": true, "nonlocal": true,
	"not": true, "or": true, "pass": true, "raise": true, "return": true,
	"try": true, "while": true, "with": true, "yield": true,
}

// operators by length, longest first when scanning.
var (
	ops3 = map[string]bool{"**=": true, "...": true, "//=": true, "<<=": true, ">>=": true}
	ops2 = map[string]bool{"!=": true, "%=": true, "&=": true, "**": true, "*=": true,
		"+=": true, "-=": true, "->": true, "//": true, "/=": true, "<<": true, "<=": true,
		"==": true, ">=": true, ">>": true, "<>": true, "^=": true, "|=": true, ":=": true, "@=": true}
	ops1 = "()[]{}:,;+-*/|&<>=.%^~@"
)

const tabSize = 8

// CPython's tokenizer limits: brackets open at once, and indentation levels with the
// top level counted.
const (
	maxBrackets = 200
	maxIndents  = 100
)

// tokenizer turns source text into tokens, tracking indentation and brackets as
// CPython's tokenizer does, with its error messages.
type tokenizer struct {
	src      string
	filename string
	lines    []string // the source's lines, each with its "\n" if it had one
	toks     []token
	pos      int // byte offset into src
	line     int // current line (1-based)
	lineAt   int // byte offset where the current line starts

	indents     []int // indentation columns (tabs to multiples of 8)
	altIndents  []int // the same with tabs counting 1, to detect inconsistent tabs
	brackets    []token
	atLineStart bool
	interactive bool
	// unclosedAtEOF is the innermost bracket still open at the end of input; the
	// tokens are complete and the parser decides which error to report.
	unclosedAtEOF *token
	eofIdx        int // index of the first token made at the end of input
}

// sourceLines splits src into lines keeping their line breaks.
func sourceLines(src string) []string {
	lines := strings.SplitAfter(src, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func (t *tokenizer) lineText(n int) string {
	if t.lines == nil {
		t.lines = sourceLines(t.src)
	}
	if n < 1 || n > len(t.lines) {
		return ""
	}
	return t.lines[n-1]
}

// errAt makes a SyntaxError (or a subclass) located at byte columns of a line.
func (t *tokenizer) errAt(kind *py.Type, msg string, line, col, endLine, endCol int) error {
	return newSyntaxError(kind, msg, t.filename, t.lineText(line), line, col, t.lineText(endLine), endLine, endCol)
}

func (t *tokenizer) col() int { return t.pos - t.lineAt }

func (t *tokenizer) emit(kind tokKind, val string, line, col int) {
	t.toks = append(t.toks, token{kind: kind, val: val, line: line, col: col, endLine: t.line, endCol: t.col(), level: len(t.brackets)})
}

func (t *tokenizer) newLine() {
	t.line++
	t.lineAt = t.pos
}

func (t *tokenizer) run() error {
	src := t.src
	for {
		if t.atLineStart && len(t.brackets) == 0 {
			done, err := t.indentation()
			if err != nil {
				return err
			}
			if done {
				return nil
			}
		}
		if t.pos >= len(src) {
			return t.finish()
		}
		c := src[t.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\f':
			t.pos++
		case c == '\r' && t.pos+1 < len(src) && src[t.pos+1] == '\n':
			t.pos++
		case c == '\n' || c == '\r':
			if len(t.brackets) == 0 {
				t.emit(tkNewline, "", t.line, t.col())
				t.toks[len(t.toks)-1].endCol++
			}
			t.pos++
			t.newLine()
			t.atLineStart = len(t.brackets) == 0
		case c == '#':
			for t.pos < len(src) && src[t.pos] != '\n' && src[t.pos] != '\r' {
				t.pos++
			}
		case c == '\\':
			if err := t.continuation(); err != nil {
				return err
			}
		case c >= '0' && c <= '9' || c == '.' && t.pos+1 < len(src) && src[t.pos+1] >= '0' && src[t.pos+1] <= '9':
			if err := t.number(); err != nil {
				return err
			}
		case c == '"' || c == '\'':
			if err := t.str(t.pos); err != nil {
				return err
			}
		case c < 0x80 && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') || c >= 0x80:
			if err := t.name(); err != nil {
				return err
			}
		default:
			if err := t.operator(); err != nil {
				return err
			}
		}
	}
}

// continuation handles a backslash: it must end its line.
func (t *tokenizer) continuation() error {
	src := t.src
	next := t.pos + 1
	if next < len(src) && src[next] == '\r' && next+1 < len(src) && src[next+1] == '\n' {
		next++
	}
	if next >= len(src) {
		col := t.col()
		return t.errAt(py.SyntaxError, "unexpected EOF while parsing", t.line, col+1, t.line, -1)
	}
	if src[next] != '\n' {
		return t.errAt(py.SyntaxError, "unexpected character after line continuation character", t.line, t.col()+1, t.line, endZero)
	}
	t.pos = next + 1
	t.newLine()
	if t.pos >= len(src) {
		return t.errAt(py.SyntaxError, "unexpected EOF while parsing", t.line-1, len(strings.TrimRight(t.lineText(t.line-1), "\r\n")), t.line-1, -1)
	}
	return nil
}

// indentation measures the indent of a new line and emits INDENT/DEDENT; blank and
// comment-only lines are skipped. It reports done at the end of input.
func (t *tokenizer) indentation() (bool, error) {
	src := t.src
	for {
		col, alt := 0, 0
		start := t.pos
		for t.pos < len(src) {
			switch src[t.pos] {
			case ' ':
				col++
				alt++
			case '\t':
				col = (col/tabSize + 1) * tabSize
				alt++
			case '\f':
				col, alt = 0, 0
			default:
				goto measured
			}
			t.pos++
		}
	measured:
		if t.pos >= len(src) {
			return true, t.finish()
		}
		c := src[t.pos]
		if c == '#' || c == '\n' || c == '\r' {
			// a blank line: no tokens, no indentation change
			for t.pos < len(src) && src[t.pos] != '\n' {
				t.pos++
			}
			if t.pos < len(src) {
				t.pos++
				t.newLine()
				continue
			}
			return true, t.finish()
		}
		if c == '\\' {
			// a line that starts with a continuation joins the next; indentation is
			// taken from this line as CPython does
			_ = start
		}
		t.atLineStart = false
		top := t.indents[len(t.indents)-1]
		altTop := t.altIndents[len(t.altIndents)-1]
		switch {
		case col == top:
			if alt != altTop {
				return false, t.errAt(py.TabError, "inconsistent use of tabs and spaces in indentation", t.line, 0, t.line, endZero)
			}
		case col > top:
			if alt <= altTop {
				return false, t.errAt(py.TabError, "inconsistent use of tabs and spaces in indentation", t.line, 0, t.line, endZero)
			}
			if len(t.indents) >= maxIndents {
				return false, t.errAt(py.IndentationError, "too many levels of indentation", t.line, 0, t.line, -1)
			}
			t.indents = append(t.indents, col)
			t.altIndents = append(t.altIndents, alt)
			t.toks = append(t.toks, token{kind: tkIndent, line: t.line, col: 0, endLine: t.line, endCol: t.col()})
		default:
			for len(t.indents) > 1 && col < t.indents[len(t.indents)-1] {
				t.indents = t.indents[:len(t.indents)-1]
				t.altIndents = t.altIndents[:len(t.altIndents)-1]
				t.toks = append(t.toks, token{kind: tkDedent, line: t.line, col: t.col(), endLine: t.line, endCol: t.col()})
			}
			if col != t.indents[len(t.indents)-1] {
				return false, t.errAt(py.IndentationError, "unindent does not match any outer indentation level", t.line, len(strings.TrimRight(t.lineText(t.line), "\r\n")), t.line, -1)
			}
			if alt != t.altIndents[len(t.altIndents)-1] {
				return false, t.errAt(py.TabError, "inconsistent use of tabs and spaces in indentation", t.line, 0, t.line, endZero)
			}
		}
		return false, nil
	}
}

// finish ends the token stream: an open bracket is an error, otherwise NEWLINE (if the
// last line had tokens), DEDENTs and ENDMARKER.
func (t *tokenizer) finish() error {
	var err error
	if n := len(t.brackets); n > 0 {
		b := t.brackets[n-1]
		t.unclosedAtEOF = &b
		err = t.errAt(py.SyntaxError, fmt.Sprintf("'%s' was never closed", b.val), b.line, b.col, b.line, endZero)
	}
	line, col := t.line, t.col()
	t.eofIdx = len(t.toks)
	if n := len(t.toks); n > 0 {
		last := t.toks[n-1]
		if last.kind != tkNewline && last.kind != tkIndent && last.kind != tkDedent {
			t.toks = append(t.toks, token{kind: tkNewline, line: last.endLine, col: last.endCol, endLine: last.endLine, endCol: last.endCol + 1})
		}
	}
	for len(t.indents) > 1 {
		t.indents = t.indents[:len(t.indents)-1]
		t.toks = append(t.toks, token{kind: tkDedent, line: line, col: col, endLine: line, endCol: col, eof: true})
	}
	t.toks = append(t.toks, token{kind: tkEnd, line: line, col: col, endLine: line, endCol: col, eof: true})
	return err
}

func isIDStart(r rune) bool {
	if r < 0x80 {
		return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Ll, unicode.Lt, unicode.Lm, unicode.Lo, unicode.Nl, unicode.Other_ID_Start)
}

func isIDContinue(r rune) bool {
	if r < 0x80 {
		return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	return isIDStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// name scans an identifier, or a string literal when the word is a string prefix.
func (t *tokenizer) name() error {
	src := t.src
	start := t.pos
	line, col := t.line, t.col()
	i := t.pos
	for i < len(src) {
		r, size := rune(src[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRuneInString(src[i:])
		}
		ok := isIDContinue(r)
		if i == start {
			ok = isIDStart(r)
		}
		if !ok {
			break
		}
		i += size
	}
	if i == start {
		r, _ := utf8.DecodeRuneInString(src[i:])
		if unicode.IsPrint(r) {
			return t.errAt(py.SyntaxError, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r), line, col, line, col)
		}
		return t.errAt(py.SyntaxError, fmt.Sprintf("invalid non-printable character U+%04X", r), line, col, line, col)
	}
	word := src[start:i]
	if i < len(src) && (src[i] == '"' || src[i] == '\'') && isStringPrefix(word) {
		return t.str(start)
	}
	t.pos = i
	t.emit(tkName, word, line, col)
	return nil
}

// isStringPrefix reports whether w is one of Python 3's string prefixes.
func isStringPrefix(w string) bool {
	switch strings.ToLower(w) {
	case "r", "u", "b", "f", "br", "rb", "fr", "rf":
		return true
	}
	return false
}

// str scans a string literal whose prefix starts at start (the quote is after it).
func (t *tokenizer) str(start int) error {
	src := t.src
	line, col := t.line, start-t.lineAt
	q := t.pos
	for src[q] != '"' && src[q] != '\'' {
		q++
	}
	quote := src[q : q+1]
	if strings.HasPrefix(src[q:], strings.Repeat(quote, 3)) {
		quote = src[q : q+3]
	}
	i := q + len(quote)
	for {
		if i >= len(src) {
			t.pos = i
			return t.unterminated(quote, line, col)
		}
		c := src[i]
		switch {
		case c == '\\':
			i++
			if i < len(src) {
				if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
					i++
				}
				if src[i] == '\n' {
					t.pos = i + 1
					t.newLine()
				}
				i++
			}
			continue
		case c == '\n':
			if len(quote) == 1 {
				t.pos = i
				return t.unterminated(quote, line, col)
			}
			t.pos = i + 1
			i++
			t.newLine()
			continue
		case c == quote[0] && strings.HasPrefix(src[i:], quote):
			t.pos = i + len(quote)
			t.emit(tkString, src[start:t.pos], line, col)
			return nil
		}
		i++
	}
}

func (t *tokenizer) unterminated(quote string, line, col int) error {
	detected := t.line
	if len(quote) == 3 {
		return t.errAt(py.SyntaxError, fmt.Sprintf("unterminated triple-quoted string literal (detected at line %d)", detected), line, col, line, col)
	}
	return t.errAt(py.SyntaxError, fmt.Sprintf("unterminated string literal (detected at line %d)", detected), line, col, line, col)
}

func isDigit(c byte) bool    { return c >= '0' && c <= '9' }
func isHexDigit(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number scans a numeric literal with CPython's checks and messages.
func (t *tokenizer) number() error {
	src := t.src
	start := t.pos
	line, col := t.line, t.col()
	i := t.pos
	fail := func(msg string, at int) error {
		c := at - t.lineAt
		return t.errAt(py.SyntaxError, msg, line, c, line, c)
	}
	// digitsRun scans digits accepted by ok with single underscores between them.
	digitsRun := func(ok func(byte) bool, kind string) (int, error) {
		n := 0
		for i < len(src) {
			if ok(src[i]) {
				i++
				n++
				continue
			}
			if src[i] == '_' {
				if i+1 < len(src) && ok(src[i+1]) {
					i++
					continue
				}
				return n, fail("invalid "+kind+" literal", i)
			}
			break
		}
		return n, nil
	}
	end := func(kind string) error {
		// A number may not run into a name, except for the keywords CPython allows.
		if i < len(src) {
			r, _ := utf8.DecodeRuneInString(src[i:])
			if isIDContinue(r) {
				rest := src[i:]
				for _, kw := range []string{"and", "else", "for", "if", "in", "is", "not", "or"} {
					if strings.HasPrefix(rest, kw) {
						t.pos = i
						t.emit(tkNumber, src[start:i], line, col)
						return nil
					}
				}
				if kind == "decimal" || kind == "hexadecimal" || kind == "octal" || kind == "binary" {
					return fail("invalid "+kind+" literal", i-1)
				}
			}
		}
		t.pos = i
		t.emit(tkNumber, src[start:i], line, col)
		return nil
	}
	if src[i] == '0' && i+1 < len(src) {
		switch src[i+1] | 0x20 {
		case 'x':
			i += 2
			if i < len(src) && src[i] == '_' {
				i++
			}
			n, err := digitsRun(isHexDigit, "hexadecimal")
			if err != nil {
				return err
			}
			if n == 0 {
				return fail("invalid hexadecimal literal", i-1)
			}
			return end("hexadecimal")
		case 'o':
			i += 2
			if i < len(src) && src[i] == '_' {
				i++
			}
			n, err := digitsRun(func(c byte) bool { return c >= '0' && c <= '7' }, "octal")
			if err != nil {
				return err
			}
			if i < len(src) && isDigit(src[i]) {
				return fail(fmt.Sprintf("invalid digit '%c' in octal literal", src[i]), i)
			}
			if n == 0 {
				return fail("invalid octal literal", i-1)
			}
			return end("octal")
		case 'b':
			i += 2
			if i < len(src) && src[i] == '_' {
				i++
			}
			n, err := digitsRun(func(c byte) bool { return c == '0' || c == '1' }, "binary")
			if err != nil {
				return err
			}
			if i < len(src) && isDigit(src[i]) {
				return fail(fmt.Sprintf("invalid digit '%c' in binary literal", src[i]), i)
			}
			if n == 0 {
				return fail("invalid binary literal", i-1)
			}
			return end("binary")
		}
	}
	isFloat := false
	if src[i] != '.' {
		if _, err := digitsRun(isDigit, "decimal"); err != nil {
			return err
		}
	}
	if i < len(src) && src[i] == '.' {
		isFloat = true
		i++
		if i < len(src) && isDigit(src[i]) {
			if _, err := digitsRun(isDigit, "decimal"); err != nil {
				return err
			}
		}
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		j := i + 1
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if j < len(src) && isDigit(src[j]) {
			isFloat = true
			i = j
			if _, err := digitsRun(isDigit, "decimal"); err != nil {
				return err
			}
		} else {
			return fail("invalid decimal literal", i-1)
		}
	}
	if i < len(src) && (src[i] == 'j' || src[i] == 'J') {
		i++
		return end("imaginary")
	}
	if !isFloat {
		lit := strings.ReplaceAll(src[start:i], "_", "")
		if len(lit) > 1 && lit[0] == '0' && strings.Trim(lit, "0") != "" {
			return t.errAt(py.SyntaxError, "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", line, col, line, col+len(lit)-len(strings.TrimLeft(lit, "0")))
		}
		return end("decimal")
	}
	return end("decimal")
}

// operator scans an operator or bracket, keeping the bracket stack.
func (t *tokenizer) operator() error {
	src := t.src
	line, col := t.line, t.col()
	rest := src[t.pos:]
	var op string
	switch {
	case len(rest) >= 3 && ops3[rest[:3]]:
		op = rest[:3]
	case len(rest) >= 2 && ops2[rest[:2]]:
		op = rest[:2]
	case strings.IndexByte(ops1, rest[0]) >= 0:
		op = rest[:1]
	case rest[0] == '!':
		op = "!"
	default:
		r, _ := utf8.DecodeRuneInString(rest)
		if r == '$' || r == '?' || r == '`' {
			t.pos++
			t.emit(tkOp, string(r), line, col)
			return nil
		}
		if unicode.IsPrint(r) {
			return t.errAt(py.SyntaxError, fmt.Sprintf("invalid character '%c' (U+%04X)", r, r), line, col, line, col)
		}
		return t.errAt(py.SyntaxError, fmt.Sprintf("invalid non-printable character U+%04X", r), line, col, line, col)
	}
	t.pos += len(op)
	switch op {
	case "(", "[", "{":
		if len(t.brackets) >= maxBrackets {
			return t.errAt(py.SyntaxError, "too many nested parentheses", line, col, line, col)
		}
		t.emit(tkOp, op, line, col)
		t.brackets = append(t.brackets, t.toks[len(t.toks)-1])
		return nil
	case ")", "]", "}":
		if len(t.brackets) == 0 {
			return t.errAt(py.SyntaxError, fmt.Sprintf("unmatched '%s'", op), line, col, line, col)
		}
		open := t.brackets[len(t.brackets)-1]
		if pair := map[string]string{"(": ")", "[": "]", "{": "}"}[open.val]; pair != op {
			msg := fmt.Sprintf("closing parenthesis '%s' does not match opening parenthesis '%s'", op, open.val)
			if open.line != line {
				msg += fmt.Sprintf(" on line %d", open.line)
			}
			return t.errAt(py.SyntaxError, msg, line, col, line, col)
		}
		t.brackets = t.brackets[:len(t.brackets)-1]
	}
	t.emit(tkOp, op, line, col)
	return nil
}
