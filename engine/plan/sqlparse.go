package plan

import (
	"encoding/hex"
	"errors"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ParseExpression parses one SQL expression as F.expr / filter("...") accept it.
// BlankComments replaces a SQL text's comments (-- to the line's end, /* ... */ nested as
// Spark allows, hints /*+ ... */ too) with spaces, keeping newlines so positions in error
// messages stay those of the text the learner wrote. Quoted text is left alone.
func BlankComments(text string) string {
	if !strings.Contains(text, "--") && !strings.Contains(text, "/*") {
		return text
	}
	b := []byte(text)
	blank := func(from, to int) {
		for k := from; k < to; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
	}
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\'' || c == '"' || c == '`':
			for j := i + 1; j < len(b); j++ {
				if b[j] == '\\' && c != '`' {
					j++
					continue
				}
				if b[j] == c {
					i = j
					break
				}
				if j == len(b)-1 {
					i = j
				}
			}
		case c == '-' && i+1 < len(b) && b[i+1] == '-':
			j := i
			for j < len(b) && b[j] != '\n' {
				j++
			}
			blank(i, j)
			i = j
		case c == '/' && i+2 < len(b) && b[i+1] == '*' && b[i+2] == '+' && hintEnd(b, i) > 0:
			// A hint /*+ ... */ keeps its text between \x01\x01+ and \x02\x02 (same length),
			// for the lexer to hand to a SELECT.
			j := hintEnd(b, i)
			b[i], b[i+1], b[j-2], b[j-1] = 1, 1, 2, 2
			i = j - 1
		case c == '/' && i+1 < len(b) && b[i+1] == '*':
			depth, j := 1, i+2
			for j < len(b) && depth > 0 {
				switch {
				case b[j] == '/' && j+1 < len(b) && b[j+1] == '*':
					depth++
					j += 2
				case b[j] == '*' && j+1 < len(b) && b[j+1] == '/':
					depth--
					j += 2
				default:
					j++
				}
			}
			blank(i, j)
			i = j - 1
		}
	}
	return string(b)
}

// UnclosedComment is Spark's error for a text with a /* comment that is never closed
// (outside quotes): UNCLOSED_BRACKETED_COMMENT, nil when every comment is closed.
func UnclosedComment(text string) error {
	if !strings.Contains(text, "/*") {
		return nil
	}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(text) && text[j] != c {
				if text[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			i = j
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			depth, j := 1, i+2
			for j < len(text) && depth > 0 {
				switch {
				case strings.HasPrefix(text[j:], "/*"):
					depth, j = depth+1, j+2
				case strings.HasPrefix(text[j:], "*/"):
					depth, j = depth-1, j+2
				default:
					j++
				}
			}
			if depth > 0 {
				return sparkerrors.New(sparkerrors.ParseException, "UNCLOSED_BRACKETED_COMMENT")
			}
			i = j - 1
		}
	}
	return nil
}

// hintEnd is the end (past its */) of the hint comment starting at i, or 0 when it has no
// end or holds another comment.
func hintEnd(b []byte, i int) int {
	for j := i + 3; j+1 < len(b); j++ {
		if b[j] == '/' && b[j+1] == '*' {
			return 0
		}
		if b[j] == '*' && b[j+1] == '/' {
			return j + 2
		}
	}
	return 0
}

func ParseExpression(text string) (Expr, error) {
	e, err := parseExpression(text)
	return e, withExprContext(err, text)
}

func parseExpression(text string) (Expr, error) {
	p, err := newSQLParser(text)
	if err != nil {
		return nil, err
	}
	if p.at(tkEOF, "") {
		return nil, emptyStatement(text)
	}
	e, err := p.expr()
	if err != nil {
		return nil, p.placeParseError(err)
	}
	if !p.at(tkEOF, "") {
		// Spark's parser reads an alias after the expression too ("a b" is a named
		// expression); what follows it is extra.
		if _, err := p.selectAlias(e); err == nil && !p.at(tkEOF, "") {
			return nil, p.extraInput()
		}
		return nil, p.syntaxError()
	}
	return e, nil
}

// ParseSelectItem parses one selectExpr item: an expression with an optional alias
// ("CAST(value AS STRING) as json", "amount * 2 doubled", "*", "event.*").
func ParseSelectItem(text string) (Expr, error) {
	e, err := parseSelectItem(text)
	return e, withExprContext(err, text)
}

func parseSelectItem(text string) (Expr, error) {
	p, err := newSQLParser(text)
	if err != nil {
		return nil, err
	}
	if p.at(tkEOF, "") {
		return nil, emptyStatement(text)
	}
	e, err := p.expr()
	if err != nil {
		return nil, p.placeParseError(err)
	}
	if e, err = p.selectAlias(e); err != nil {
		return nil, p.placeParseError(err)
	}
	if !p.at(tkEOF, "") {
		return nil, p.extraInput()
	}
	return e, nil
}

// emptyStatement is Spark's error for a text with nothing to parse, placed at its end.
func emptyStatement(src string) error {
	return &AnalysisError{Kind: sparkerrors.ParseException, Class: "PARSE_EMPTY_STATEMENT",
		Message: "Syntax error, unexpected empty statement.", Params: []sparkerrors.Param{},
		ParseAt: len(src) + 1, ParseSrc: src}
}

// withExprContext adds the "== SQL ==" block to a parse error of an expression given on
// its own (F.expr, selectExpr, filter): the text shown is the expression's.
func withExprContext(err error, text string) error {
	if err == nil {
		return nil
	}
	return WithParseContext(err, text)
}

// WithParseContext completes a parse error of the SQL text sql as Spark's ParseException
// shows it: the place and the text with a caret under the failing token, or, for an error
// about a fragment, the fragment under "== SQL (line l, position p) ==". The parser may
// have read a part of sql (a WITH query's body, one side of a UNION): it is found in sql
// with comments blanked, as the parser read it. Other errors are returned as they are.
func WithParseContext(err error, sql string) error {
	var e *sparkerrors.Error
	if !errors.As(err, &e) || e.Tail != "" {
		return err
	}
	if e.Class == "UNCLOSED_BRACKETED_COMMENT" {
		e.Tail = "\n== SQL ==\n" + sql
		return err
	}
	if e.ParseAt == 0 {
		return err
	}
	base := strings.Index(BlankComments(sql), e.ParseSrc)
	if base < 0 {
		return err
	}
	off := base + e.ParseAt - 1
	if e.ParseEnd > 0 {
		e.Tail = sparkerrors.OriginTail(sql, off, base+e.ParseEnd)
		return err
	}
	if end := base + len(e.ParseSrc); off >= end && strings.TrimSpace(sql[end:]) == "" {
		// The end of the text the parser read is the end of the statement: Spark's
		// end of input is after whatever space follows.
		off = len(sql)
	}
	e.Tail = sparkerrors.SyntaxTail(sql, off)
	return err
}

type tokenKind int

const (
	tkEOF tokenKind = iota
	tkIdent
	tkQuoted // `name`
	tkNumber
	tkString
	tkOp
	tkBinary // X'hex'
	tkHint   // the text of a /*+ ... */ hint after SELECT
)

type token struct {
	kind tokenKind
	text string
	pos  int
}

type sqlParser struct {
	src  string
	toks []token
	i    int
	// ordinalErr is a GROUP BY ordinal outside the select list, reported after the clause.
	ordinalErr error
}

func newSQLParser(src string) (*sqlParser, error) {
	p := &sqlParser{src: src}
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == 1:
			// A hint BlankComments kept: a token right after SELECT, else nothing.
			end := strings.Index(src[i:], "\x02\x02")
			if end < 0 {
				end = len(src) - i - 2
			}
			if n := len(p.toks); n > 0 && p.toks[n-1].kind == tkIdent && strings.EqualFold(p.toks[n-1].text, "SELECT") {
				p.toks = append(p.toks, token{tkHint, src[i+3 : i+end], i})
			}
			i += end + 2
		case c == '`':
			j := i + 1
			var b strings.Builder
			for {
				if j >= len(src) {
					return nil, lexErr(src, i, "'`'")
				}
				if src[j] == '`' {
					if j+1 < len(src) && src[j+1] == '`' {
						b.WriteByte('`')
						j += 2
						continue
					}
					break
				}
				b.WriteByte(src[j])
				j++
			}
			p.toks = append(p.toks, token{tkQuoted, b.String(), i})
			i = j + 1
		case (c == 'x' || c == 'X') && i+1 < len(src) && src[i+1] == '\'':
			// A binary literal X'1F2E': hex digits, an odd count taking a leading 0.
			end := strings.IndexByte(src[i+2:], '\'')
			if end < 0 {
				return nil, lexErr(src, i+1, "'''")
			}
			p.toks = append(p.toks, token{tkBinary, src[i+2 : i+2+end], i})
			i += 3 + end
		case (c == 'r' || c == 'R') && i+1 < len(src) && (src[i+1] == '\'' || src[i+1] == '"'):
			// A raw string, r'...' or R"...": no escapes, its own quote ends it.
			end := strings.IndexByte(src[i+2:], src[i+1])
			if end < 0 {
				return nil, lexErr(src, i+1, "'"+src[i+1:i+2]+"'")
			}
			p.toks = append(p.toks, token{tkString, src[i+2 : i+2+end], i})
			i += 3 + end
		case c == '\'' || c == '"':
			j := i + 1
			var b strings.Builder
			for {
				if j >= len(src) {
					return nil, lexErr(src, i, "'"+string(c)+"'")
				}
				if src[j] == '\\' && j+1 < len(src) {
					j += unescapeSQLChar(&b, src[j+1:])
					continue
				}
				if src[j] == c {
					break
				}
				b.WriteByte(src[j])
				j++
			}
			p.toks = append(p.toks, token{tkString, b.String(), i})
			i = j + 1
		case c >= '0' && c <= '9' || (c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9'):
			j := i
			for j < len(src) && (src[j] >= '0' && src[j] <= '9' || src[j] == '.') {
				j++
			}
			if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
				k := j + 1
				if k < len(src) && (src[k] == '+' || src[k] == '-') {
					k++
				}
				if k < len(src) && src[k] >= '0' && src[k] <= '9' {
					j = k
					for j < len(src) && src[j] >= '0' && src[j] <= '9' {
						j++
					}
				}
			}
			// Type suffixes: L (BIGINT), S, Y, D (DOUBLE), F, BD (DECIMAL).
			if j+1 < len(src) && strings.EqualFold(src[j:j+2], "BD") {
				j += 2
			} else if j < len(src) && strings.ContainsRune("LlSsYyDdFf", rune(src[j])) && (j+1 == len(src) || !isIdentChar(src[j+1])) {
				j++
			}
			p.toks = append(p.toks, token{tkNumber, src[i:j], i})
			i = j
		case isIdentStart(c):
			j := i
			for j < len(src) && isIdentChar(src[j]) {
				j++
			}
			p.toks = append(p.toks, token{tkIdent, src[i:j], i})
			i = j
		default:
			ops := []string{"<=>", "::", "->", "==", "&", "^", "!=", "<>", "<=", ">=", "||", "|", "=", "<", ">", "+", "-", "*", "/", "%", "(", ")", "[", "]", ",", ".", "!", ";"}
			matched := false
			for _, op := range ops {
				if strings.HasPrefix(src[i:], op) {
					p.toks = append(p.toks, token{tkOp, op, i})
					i += len(op)
					matched = true
					break
				}
			}
			if !matched {
				return nil, lexErr(src, i, "'"+string(c)+"'")
			}
		}
	}
	p.toks = append(p.toks, token{tkEOF, "", len(src)})
	return p, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || unicode.IsLetter(rune(c)) || c >= 0x80
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// parseErr is a PARSE_SYNTAX_ERROR worded msg ("Syntax error at or near 'x'[: hint]."),
// with its parameters (error, hint) as Spark gives them. The parse entry points place it
// in the text (placeParseError) when its maker did not.
func parseErr(msg string) error {
	e := &AnalysisError{Kind: sparkerrors.ParseException, Class: "PARSE_SYNTAX_ERROR", Message: msg}
	if rest, ok := strings.CutPrefix(msg, "Syntax error at or near "); ok {
		rest = strings.TrimSuffix(rest, ".")
		near, hint := rest, ""
		if strings.HasPrefix(rest, "end of input") {
			near, hint = "end of input", strings.TrimPrefix(rest, "end of input")
		} else if i := strings.Index(rest, "': "); i >= 0 {
			near, hint = rest[:i+1], rest[i+1:]
		}
		e.Params = []sparkerrors.Param{{Name: "error", Value: near}, {Name: "hint", Value: hint}}
	}
	return e
}

// syntaxErr is Spark's PARSE_SYNTAX_ERROR at or near near (a quoted token or "end of
// input") with an optional hint (": extra input 'x'"), placed at byte at of src.
func syntaxErr(src string, at int, near, hint string) *AnalysisError {
	return &AnalysisError{Kind: sparkerrors.ParseException, Class: "PARSE_SYNTAX_ERROR",
		Message: "Syntax error at or near " + near + hint + ".",
		Params:  []sparkerrors.Param{{Name: "error", Value: near}, {Name: "hint", Value: hint}},
		ParseAt: at + 1, ParseSrc: src}
}

// lexErr is the error of a character Spark's lexer cannot make a token of (a quote that
// is never closed, a stray character): a syntax error at or near it.
func lexErr(src string, at int, near string) error { return syntaxErr(src, at, near, "") }

// nearText is a token as a syntax error names it: 'text', or end of input.
func (t token) nearText() string {
	if t.kind == tkEOF {
		return "end of input"
	}
	if t.kind == tkString {
		return "''" + t.text + "''"
	}
	return "'" + t.text + "'"
}

// atSpan marks err as an error about the fragment of p's text from token from up to (not
// including) byte end, as Spark's errors raised while building a plan from the parse tree.
func (p *sqlParser) atSpan(err error, from token, end int) error {
	var e *sparkerrors.Error
	if errors.As(err, &e) && e.ParseAt == 0 {
		e.ParseAt, e.ParseEnd, e.ParseSrc = from.pos+1, end, p.src
	}
	return err
}

// prevEnd is the byte offset just past the token before the parser's current one.
func (p *sqlParser) prevEnd() int {
	if p.i == 0 {
		return 0
	}
	end := p.toks[p.i].pos
	if p.toks[p.i].kind == tkEOF {
		end = len(p.src)
	}
	for end > 0 && strings.ContainsRune(" \t\r\n", rune(p.src[end-1])) {
		end--
	}
	return end
}

// placeParseError gives a parse error the place in p's text its maker left out: the token
// its message names (looked for back from the parser's position, then forward), the end
// of the text for "end of input", else the current token.
func (p *sqlParser) placeParseError(err error) error {
	var e *sparkerrors.Error
	if err == nil || !errors.As(err, &e) || e.ParseAt != 0 {
		return err
	}
	if e.Kind != sparkerrors.ParseException && sparkerrors.KindOf(e.Class) != sparkerrors.ParseException {
		return err
	}
	e.ParseSrc = p.src
	near := ""
	for _, prm := range e.Parameters() {
		if prm.Name == "error" {
			near = prm.Value
		}
	}
	if near == "end of input" {
		e.ParseAt = len(p.src) + 1
		return err
	}
	if near != "" {
		for i := min(p.i, len(p.toks)-1); i >= 0; i-- {
			if strings.EqualFold(p.toks[i].nearText(), near) {
				e.ParseAt = p.toks[i].pos + 1
				return err
			}
		}
		for i := p.i; i < len(p.toks); i++ {
			if strings.EqualFold(p.toks[i].nearText(), near) {
				e.ParseAt = p.toks[i].pos + 1
				return err
			}
		}
	}
	e.ParseAt = p.peek().pos + 1
	return err
}

func (p *sqlParser) peek() token { return p.toks[p.i] }
func (p *sqlParser) next() token {
	t := p.toks[p.i]
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

// unescapeSQLChar writes the character a backslash in a string literal stands for, rest
// being the text after the backslash, and returns how many bytes the escape took with its
// backslash. It follows Spark's unescapeSQLString: \uXXXX, a three-digit octal \ddd, the
// letters \0 \b \n \r \t \Z, and \% and \_ kept with their backslash (so LIKE can
// escape its wildcards); any other character stands for itself.
func unescapeSQLChar(b *strings.Builder, rest string) int {
	if len(rest) >= 5 && rest[0] == 'u' {
		if n, err := strconv.ParseUint(rest[1:5], 16, 16); err == nil {
			b.WriteRune(rune(n))
			return 6
		}
	}
	if len(rest) >= 3 && rest[0] >= '0' && rest[0] <= '3' && rest[1] >= '0' && rest[1] <= '7' && rest[2] >= '0' && rest[2] <= '7' {
		b.WriteRune(rune((rest[0]-'0')*64 + (rest[1]-'0')*8 + (rest[2] - '0')))
		return 4
	}
	switch c := rest[0]; c {
	case '0':
		b.WriteByte(0)
	case 'b':
		b.WriteByte('\b')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'Z':
		b.WriteByte(0x1a)
	case '%', '_':
		b.WriteByte('\\')
		b.WriteByte(c)
	default:
		r, size := utf8.DecodeRuneInString(rest)
		b.WriteRune(r)
		return 1 + size
	}
	return 2
}

func (p *sqlParser) at(kind tokenKind, text string) bool {
	t := p.peek()
	return t.kind == kind && (text == "" || strings.EqualFold(t.text, text))
}

func (p *sqlParser) op(text string) bool {
	if p.at(tkOp, text) {
		p.next()
		return true
	}
	return false
}

func (p *sqlParser) keyword(kw string) bool {
	if p.at(tkIdent, kw) {
		p.next()
		return true
	}
	return false
}

func (p *sqlParser) identifier() (string, bool) {
	t := p.peek()
	if t.kind == tkIdent || t.kind == tkQuoted {
		p.next()
		return t.text, true
	}
	return "", false
}

func (p *sqlParser) syntaxError() error {
	t := p.peek()
	return syntaxErr(p.src, t.pos, t.nearText(), "")
}

// extraInput is Spark's error for a token after a complete statement or expression:
// PARSE_SYNTAX_ERROR with the hint ": extra input 'x'" when the token is the last one or
// follows a ';' (where Spark's parser can drop it and go on), else without a hint.
func (p *sqlParser) extraInput() error {
	t := p.peek()
	last := p.i+1 < len(p.toks) && p.toks[p.i+1].kind == tkEOF
	afterEnd := p.i > 0 && p.toks[p.i-1].kind == tkOp && p.toks[p.i-1].text == ";"
	if !last && !afterEnd {
		return p.syntaxError()
	}
	return syntaxErr(p.src, t.pos, t.nearText(), ": extra input "+t.nearText())
}

func (p *sqlParser) expect(op string) error {
	if !p.op(op) {
		return p.syntaxError()
	}
	return nil
}

func (p *sqlParser) expr() (Expr, error) { return p.or() }

func (p *sqlParser) or() (Expr, error) {
	l, err := p.and()
	if err != nil {
		return nil, err
	}
	for p.keyword("OR") {
		r, err := p.and()
		if err != nil {
			return nil, err
		}
		l = BinaryOp{Op: "OR", Left: l, Right: r}
	}
	return l, nil
}

func (p *sqlParser) and() (Expr, error) {
	l, err := p.not()
	if err != nil {
		return nil, err
	}
	for p.keyword("AND") {
		r, err := p.not()
		if err != nil {
			return nil, err
		}
		l = BinaryOp{Op: "AND", Left: l, Right: r}
	}
	return l, nil
}

func (p *sqlParser) not() (Expr, error) {
	if p.keyword("NOT") || p.op("!") {
		e, err := p.not()
		if err != nil {
			return nil, err
		}
		return Not{Child: e}, nil
	}
	return p.predicate()
}

// bitOr, bitXor and bitAnd are Spark's | ^ & operators, binding looser than arithmetic
// and tighter than comparisons, & tightest.
func (p *sqlParser) bitOr() (Expr, error) { return p.bitLevel(0) }

func (p *sqlParser) bitLevel(level int) (Expr, error) {
	ops := []string{"|", "^", "&"}
	next := func() (Expr, error) {
		if level == len(ops)-1 {
			return p.additive()
		}
		return p.bitLevel(level + 1)
	}
	l, err := next()
	if err != nil {
		return nil, err
	}
	for p.op(ops[level]) {
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = Call{Name: BitwiseFunc, Args: []Expr{Literal{Value: ops[level], Type: sqltypes.String}, l, r}}
	}
	return l, nil
}

func (p *sqlParser) predicate() (Expr, error) {
	l, err := p.bitOr()
	if err != nil {
		return nil, err
	}
	for _, op := range []string{"<=>", "==", "!=", "<>", "<=", ">=", "=", "<", ">"} {
		if p.op(op) {
			r, err := p.bitOr()
			if err != nil {
				return nil, err
			}
			return BinaryOp{Op: op, Left: l, Right: r}, nil
		}
	}
	if p.keyword("IS") {
		neg := p.keyword("NOT")
		if !p.keyword("NULL") {
			return nil, p.syntaxError()
		}
		return IsNull{Child: l, Not: neg}, nil
	}
	neg := p.keyword("NOT")
	switch {
	case p.keyword("IN"):
		if p.at(tkOp, "(") && p.queryAhead(p.i+1) {
			text, err := p.parenthesised()
			if err != nil {
				return nil, err
			}
			var e Expr = InSubquery{Child: l, Text: text}
			if neg {
				e = Not{Child: e}
			}
			return e, nil
		}
		if err := p.expect("("); err != nil {
			return nil, err
		}
		list, err := p.exprList(")")
		if err != nil {
			return nil, err
		}
		var e Expr = In{Child: l, List: list}
		if neg {
			e = Not{Child: e}
		}
		return e, nil
	case p.at(tkIdent, "LIKE") || p.at(tkIdent, "ILIKE"):
		return p.likePredicate(l, neg)
	case p.keyword("RLIKE") || p.keyword("REGEXP"):
		pat, err := p.bitOr()
		if err != nil {
			return nil, err
		}
		var e Expr = Call{Name: "rlike", Args: []Expr{l, pat}}
		if neg {
			e = Not{Child: e}
		}
		return e, nil
	case p.keyword("BETWEEN"):
		lo, err := p.bitOr()
		if err != nil {
			return nil, err
		}
		if !p.keyword("AND") {
			return nil, p.syntaxError()
		}
		hi, err := p.bitOr()
		if err != nil {
			return nil, err
		}
		var e Expr = BinaryOp{Op: "AND", Left: BinaryOp{Op: ">=", Left: l, Right: lo}, Right: BinaryOp{Op: "<=", Left: l, Right: hi}}
		if neg {
			e = Not{Child: e}
		}
		return e, nil
	}
	if neg {
		return nil, p.syntaxError()
	}
	return l, nil
}

// likePredicate reads the rest of l [NOT] LIKE|ILIKE ...: a pattern with an optional
// ESCAPE 'c', or ANY|SOME|ALL (patterns). A quantified form is each pattern's test joined
// by OR (ANY, SOME) or AND (ALL), NOT applying to each test, which gives Spark's LikeAny,
// LikeAll, NotLikeAny and NotLikeAll their values, NULL where no pattern decides.
func (p *sqlParser) likePredicate(l Expr, neg bool) (Expr, error) {
	name := strings.ToLower(p.next().text)
	test := func(args ...Expr) Expr {
		var e Expr = Call{Name: name, Args: args}
		if neg {
			e = Not{Child: e}
		}
		return e
	}
	var join string
	switch {
	case p.keyword("ANY") || p.keyword("SOME"):
		join = "OR"
	case p.keyword("ALL"):
		join = "AND"
	}
	if join == "" {
		pat, err := p.bitOr()
		if err != nil {
			return nil, err
		}
		if !p.keyword("ESCAPE") {
			return test(l, pat), nil
		}
		t := p.next()
		if t.kind != tkString {
			return nil, parseErr("Syntax error at or near '" + t.text + "'.")
		}
		if utf8.RuneCountInString(t.text) != 1 {
			return nil, sparkerrors.New(sparkerrors.ParseException, "INVALID_ESC", "invalidEscape", "'"+t.text+"'")
		}
		return test(l, pat, Literal{Value: t.text, Type: sqltypes.String}), nil
	}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	pats, err := p.exprList(")")
	if err != nil {
		return nil, err
	}
	if len(pats) == 0 {
		return nil, p.syntaxError()
	}
	e := test(l, pats[0])
	for _, pat := range pats[1:] {
		e = BinaryOp{Op: join, Left: e, Right: test(l, pat)}
	}
	return e, nil
}

func (p *sqlParser) additive() (Expr, error) {
	l, err := p.multiplicative()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.op("+"):
			r, err := p.multiplicative()
			if err != nil {
				return nil, err
			}
			l = BinaryOp{Op: "+", Left: l, Right: r}
		case p.op("-"):
			r, err := p.multiplicative()
			if err != nil {
				return nil, err
			}
			l = BinaryOp{Op: "-", Left: l, Right: r}
		case p.op("||"):
			r, err := p.multiplicative()
			if err != nil {
				return nil, err
			}
			l = Call{Name: "concat", Args: []Expr{l, r}}
		default:
			return l, nil
		}
	}
}

func (p *sqlParser) multiplicative() (Expr, error) {
	l, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		var op string
		switch {
		case p.op("*"):
			op = "*"
		case p.op("/"):
			op = "/"
		case p.op("%"):
			op = "%"
		case p.keyword("DIV"):
			op = "div"
		default:
			return l, nil
		}
		r, err := p.unary()
		if err != nil {
			return nil, err
		}
		if op == "div" {
			// a DIV b is the quotient truncated toward zero, as a BIGINT (Spark's
			// IntegralDivide); a zero divisor is DIVIDE_BY_ZERO as for "/".
			l = Cast{Child: BinaryOp{Op: "/", Left: l, Right: r}, To: sqltypes.Long}
			continue
		}
		l = BinaryOp{Op: op, Left: l, Right: r}
	}
}

func (p *sqlParser) unary() (Expr, error) {
	if p.op("-") {
		e, err := p.unary()
		if err != nil {
			return nil, err
		}
		if lit, ok := e.(Literal); ok {
			if neg, ok := negateLiteral(lit); ok {
				return neg, nil
			}
		}
		return Negate{Child: e}, nil
	}
	if p.op("+") {
		return p.unary()
	}
	e, err := p.primary()
	if err != nil {
		return nil, err
	}
	return p.doubleColonCasts(e)
}

// doubleColonCasts reads Spark 4's expr::type casts after a primary expression (they bind
// tighter than any operator: -x::int is -(CAST(x AS INT))). The type is a name, with
// (precision, scale) or <element types> when it has them.
func (p *sqlParser) doubleColonCasts(e Expr) (Expr, error) {
	for p.op("::") {
		start := p.peek().pos
		if _, ok := p.identifier(); !ok {
			return nil, p.syntaxError()
		}
		if p.at(tkOp, "(") || p.at(tkOp, "<") {
			closing := map[string]string{"(": ")", "<": ">"}[p.peek().text]
			opening := p.next().text
			for depth := 1; depth > 0; {
				t := p.next()
				switch {
				case t.kind == tkEOF:
					return nil, p.syntaxError()
				case t.kind == tkOp && t.text == opening:
					depth++
				case t.kind == tkOp && t.text == closing:
					depth--
				}
			}
		}
		end := len(p.src)
		if p.peek().kind != tkEOF {
			end = p.peek().pos
		}
		dt, err := sqltypes.ParseDataType(strings.TrimSpace(p.src[start:end]))
		if err != nil {
			return nil, err
		}
		e = Cast{Child: e, To: dt}
	}
	return e, nil
}

func negateLiteral(l Literal) (Literal, bool) {
	switch v := l.Value.(type) {
	case int32:
		return Literal{Value: -v, Type: l.Type}, true
	case int64:
		return Literal{Value: -v, Type: l.Type}, true
	case float64:
		return Literal{Value: -v, Type: l.Type}, true
	case sqltypes.Decimal:
		return Literal{Value: makeDecimal(new(big.Int).Neg(decimalUnscaled(v)), v.Scale), Type: l.Type}, true
	}
	return l, false
}

func (p *sqlParser) exprList(closing string) ([]Expr, error) {
	var out []Expr
	if p.op(closing) {
		return out, nil
	}
	for {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		out = append(out, e)
		if p.op(closing) {
			return out, nil
		}
		if t := p.peek(); closing == ")" && t.kind == tkIdent && isClauseWord(t.text) {
			// A clause word can follow the ')': Spark's parser says the ')' is missing.
			return nil, syntaxErr(p.src, t.pos, t.nearText(), ": missing ')'")
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
	}
}

// namedExprList is struct(...)'s arguments up to ")": Spark's grammar gives struct named
// expressions, so each may carry an alias, with or without AS (struct(1 AS a, 'b' b)),
// which names the field.
func (p *sqlParser) namedExprList() ([]Expr, error) {
	var out []Expr
	if p.op(")") {
		return out, nil
	}
	for {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		if p.keyword("AS") {
			name, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			e = Alias{Child: e, Name: name}
		} else if p.peek().kind == tkIdent {
			name, _ := p.identifier()
			e = Alias{Child: e, Name: name}
		}
		out = append(out, e)
		if p.op(")") {
			return out, nil
		}
		if err := p.expect(","); err != nil {
			return nil, err
		}
	}
}

// rowConstructor is the rest of "(first, more...)", Spark's row constructor: a struct of
// its named expressions (struct(first, more...)).
func (p *sqlParser) rowConstructor(first Expr) (Expr, error) {
	if p.keyword("AS") {
		name, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		first = Alias{Child: first, Name: name}
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	rest, err := p.namedExprList()
	if err != nil {
		return nil, err
	}
	return p.postfix(Call{Name: "struct", Args: append([]Expr{first}, rest...)})
}

func (p *sqlParser) primary() (Expr, error) {
	t := p.peek()
	switch t.kind {
	case tkNumber:
		p.next()
		e, err := numberLiteral(t.text)
		return e, p.atSpan(err, t, t.pos+len(t.text))
	case tkBinary:
		p.next()
		h := t.text
		if len(h)%2 == 1 {
			h = "0" + h
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			return nil, p.atSpan(sparkerrors.New(sparkerrors.ParseException, "INVALID_TYPED_LITERAL",
				"valueType", `"X"`, "value", "'"+t.text+"'"), t, p.prevEnd())
		}
		return Literal{Value: b, Type: sqltypes.Binary}, nil
	case tkString:
		p.next()
		// Adjacent string literals are one ('a' 'b' is 'ab'), as Spark's stringLit+.
		text := t.text
		for p.peek().kind == tkString {
			text += p.next().text
		}
		return Literal{Value: text, Type: sqltypes.String}, nil
	case tkOp:
		if params, ok := p.lambdaParams(); ok {
			return p.lambda(params)
		}
		if p.at(tkOp, "(") && p.queryAhead(p.i+1) {
			text, err := p.parenthesised()
			if err != nil {
				return nil, err
			}
			return p.postfix(ScalarSubquery{Text: text})
		}
		if p.op("(") {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			if p.at(tkOp, ",") || p.at(tkIdent, "AS") {
				return p.rowConstructor(e)
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return p.postfix(e)
		}
		if p.op("*") {
			return Star{}, nil
		}
		return nil, p.syntaxError()
	case tkIdent, tkQuoted:
		if params, ok := p.lambdaParams(); ok {
			return p.lambda(params)
		}
		if t.kind == tkIdent {
			switch strings.ToUpper(t.text) {
			case "NULL":
				p.next()
				return Literal{Value: nil, Type: sqltypes.Null}, nil
			case "TRUE", "FALSE":
				p.next()
				return Literal{Value: strings.EqualFold(t.text, "TRUE"), Type: sqltypes.Boolean}, nil
			case "CAST", "TRY_CAST":
				if p.toks[p.i+1].kind == tkOp && p.toks[p.i+1].text == "(" {
					return p.cast()
				}
			case "CASE":
				p.next()
				return p.caseWhen()
			case "EXISTS":
				if p.toks[p.i+1].kind == tkOp && p.toks[p.i+1].text == "(" && p.queryAhead(p.i+2) {
					p.next()
					text, err := p.parenthesised()
					if err != nil {
						return nil, err
					}
					return Exists{Text: text}, nil
				}
			case "INTERVAL":
				if p.intervalValueAhead(p.i+1) || p.toks[p.i+1].kind == tkString {
					p.next()
					return p.intervalLiteral()
				}
			case "TIME":
				if p.toks[p.i+1].kind == tkString {
					p.next()
					s := p.next().text
					v, ok := sqltypes.ParseTime(s)
					if !ok {
						return nil, p.atSpan(sparkerrors.New(sparkerrors.ParseException, "INVALID_TYPED_LITERAL",
							"valueType", `"TIME"`, "value", "'"+s+"'"), t, p.prevEnd())
					}
					return Literal{Value: v, Type: sqltypes.TimeT}, nil
				}
			case "TIMESTAMP", "DATE", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ":
				if p.toks[p.i+1].kind == tkString {
					p.next()
					s := p.next().text
					to := sqltypes.DataType(sqltypes.TimestampT)
					valid := true
					switch strings.ToUpper(t.text) {
					case "DATE":
						to = sqltypes.DateT
						_, valid = sqltypes.ParseDate(s)
					case "TIMESTAMP_NTZ":
						to = sqltypes.TimestampNTZT
						_, valid = sqltypes.ParseTimestampNTZ(s)
					default:
						_, valid = sqltypes.ParseTimestamp(s, time.UTC)
					}
					if !valid {
						// Spark checks a typed literal when it parses it.
						return nil, p.atSpan(sparkerrors.New(sparkerrors.ParseException, "INVALID_TYPED_LITERAL",
							"valueType", `"`+strings.ToUpper(t.text)+`"`, "value", "'"+s+"'"), t, p.prevEnd())
					}
					return Cast{Child: Literal{Value: s, Type: sqltypes.String}, To: to}, nil
				}
			}
		}
		p.next()
		// Function call?
		if t.kind == tkIdent && p.at(tkOp, "(") {
			p.next()
			lname := strings.ToLower(t.text)
			// extract(field FROM source) is date_part('field', source).
			if lname == "extract" && p.peek().kind == tkIdent && strings.EqualFold(p.toks[p.i+1].text, "FROM") {
				field := p.next().text
				p.next()
				src, err := p.expr()
				if err != nil {
					return nil, err
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				return p.postfix(Call{Name: "extract", Args: []Expr{Literal{Value: field, Type: sqltypes.String}, src}})
			}
			distinct := p.keyword("DISTINCT")
			var args []Expr
			var err error
			if lname == "struct" {
				args, err = p.namedExprList()
			} else if lname == "first" || lname == "last" || lname == "any_value" {
				// FIRST(x IGNORE NULLS), LAST(...), ANY_VALUE(...): the flag becomes the second
				// argument, first(x, true), which keeps the column name first(x).
				start := p.i
				var e Expr
				e, err = p.expr()
				if err == nil && p.keyword("IGNORE") {
					if !p.keyword("NULLS") {
						return nil, p.syntaxError()
					}
					if err = p.expect(")"); err == nil {
						args = []Expr{e, Literal{Value: true, Type: sqltypes.Boolean}}
					}
				} else if err == nil {
					p.i = start
					args, err = p.exprList(")")
				}
			} else {
				args, err = p.exprList(")")
			}
			if err != nil {
				return nil, err
			}
			// timestampadd(MINUTE, n, ts): the unit is a bare word, read as its name; the
			// three-argument dateadd / datediff are timestampadd / timestampdiff.
			switch lname {
			case "timestampadd", "timestamp_add", "timestampdiff", "timestamp_diff", "dateadd", "datediff", "date_add", "date_diff":
				ref, bare := ColumnRef{}, false
				if len(args) == 3 {
					ref, bare = args[0].(ColumnRef)
				}
				if bare && len(ref.Parts) == 1 {
					args[0] = Literal{Value: strings.ToUpper(ref.Parts[0]), Type: sqltypes.String}
					switch lname {
					case "dateadd", "date_add":
						t.text = "timestampadd"
					case "datediff", "date_diff":
						t.text = "timestampdiff"
					}
				}
			}
			call := Call{Name: strings.ToLower(t.text), Args: args, Distinct: distinct}
			if p.at(tkIdent, "FILTER") && p.toks[p.i+1].text == "(" && strings.EqualFold(p.toks[p.i+2].text, "WHERE") {
				// agg(x) FILTER (WHERE cond) aggregates only the rows cond keeps: the argument
				// becomes CASE WHEN cond THEN x END, which the aggregates skip as NULL.
				p.next()
				p.next()
				p.next()
				cond, err := p.expr()
				if err != nil {
					return nil, err
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				if len(call.Args) == 0 {
					return nil, p.syntaxError()
				}
				arg := call.Args[0]
				if _, ok := arg.(Star); ok {
					arg = Literal{Value: int32(1), Type: sqltypes.Integer}
				}
				call.Args = append([]Expr{CaseWhen{Conds: []Expr{cond}, Values: []Expr{arg}}}, call.Args[1:]...)
			}
			if p.keyword("OVER") {
				return p.over(call)
			}
			return p.postfix(call)
		}
		parts := []string{t.text}
		for p.at(tkOp, ".") {
			p.next()
			if p.op("*") {
				return Star{Target: parts}, nil
			}
			name, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			parts = append(parts, name)
		}
		line, pos := p.lineAndPos(t.pos)
		if p.at(tkOp, "[") {
			return p.postfix(ColumnRef{Parts: parts, Line: line, Pos: pos})
		}
		return ColumnRef{Parts: parts, Line: line, Pos: pos}, nil
	}
	return nil, p.syntaxError()
}

// postfix handles ".field" after a parenthesised expression or call.
func (p *sqlParser) postfix(e Expr) (Expr, error) {
	for p.at(tkOp, ".") || p.at(tkOp, "[") {
		if p.op("[") {
			// expr[key]: an array's item from 0 or a map's value (Spark's UnresolvedExtractValue).
			key, err := p.expr()
			if err != nil {
				return nil, err
			}
			if !p.op("]") {
				return nil, p.syntaxError()
			}
			e = ExtractValue{Child: e, Key: key}
			continue
		}
		p.next()
		name, ok := p.identifier()
		if !ok {
			return nil, p.syntaxError()
		}
		e = GetField{Child: e, Field: name}
	}
	return e, nil
}

func (p *sqlParser) cast() (Expr, error) {
	try := strings.EqualFold(p.next().text, "TRY_CAST")
	p.next() // (
	e, err := p.expr()
	if err != nil {
		return nil, err
	}
	if !p.keyword("AS") {
		return nil, p.syntaxError()
	}
	// The type runs to the matching ")".
	start := p.peek().pos
	depth := 0
	for {
		t := p.peek()
		if t.kind == tkEOF {
			return nil, p.syntaxError()
		}
		if t.kind == tkOp && t.text == "(" {
			depth++
		}
		if t.kind == tkOp && t.text == ")" {
			if depth == 0 {
				break
			}
			depth--
		}
		p.next()
	}
	typeText := p.src[start:p.peek().pos]
	p.next()
	dt, err := sqltypes.ParseDataType(strings.TrimSpace(typeText))
	if err != nil {
		return nil, err
	}
	return p.postfix(Cast{Child: e, To: dt, Try: try})
}

func (p *sqlParser) caseWhen() (Expr, error) {
	var operand Expr
	if !p.at(tkIdent, "WHEN") {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		operand = e
	}
	cw := CaseWhen{}
	for p.keyword("WHEN") {
		c, err := p.expr()
		if err != nil {
			return nil, err
		}
		if operand != nil {
			c = BinaryOp{Op: "=", Left: operand, Right: c}
		}
		if !p.keyword("THEN") {
			return nil, p.syntaxError()
		}
		v, err := p.expr()
		if err != nil {
			return nil, err
		}
		cw.Conds = append(cw.Conds, c)
		cw.Values = append(cw.Values, v)
	}
	if len(cw.Conds) == 0 {
		return nil, p.syntaxError()
	}
	if p.keyword("ELSE") {
		e, err := p.expr()
		if err != nil {
			return nil, err
		}
		cw.Else = e
	}
	if !p.keyword("END") {
		return nil, p.syntaxError()
	}
	return cw, nil
}

// numberLiteral types a numeric literal as Spark's parser does: integers are INT, then
// BIGINT, then DECIMAL; a literal with a point is an exact DECIMAL; an exponent makes DOUBLE;
// suffixes L, S, Y, D, F, BD force a type.
func numberLiteral(text string) (Expr, error) {
	upper := strings.ToUpper(text)
	bad := func() (Expr, error) {
		return nil, parseErr("Syntax error at or near '" + text + "'.")
	}
	switch {
	case strings.HasSuffix(upper, "BD"):
		return decimalLiteral(text[:len(text)-2])
	case strings.HasSuffix(upper, "L"):
		v, err := strconv.ParseInt(text[:len(text)-1], 10, 64)
		if err != nil {
			return outOfRange(text, "bigint", math.MinInt64, math.MaxInt64, err)
		}
		return Literal{Value: v, Type: sqltypes.Long}, nil
	case strings.HasSuffix(upper, "S"):
		v, err := strconv.ParseInt(text[:len(text)-1], 10, 16)
		if err != nil {
			return outOfRange(text, "smallint", math.MinInt16, math.MaxInt16, err)
		}
		return Literal{Value: int16(v), Type: sqltypes.Short}, nil
	case strings.HasSuffix(upper, "Y"):
		v, err := strconv.ParseInt(text[:len(text)-1], 10, 8)
		if err != nil {
			return outOfRange(text, "tinyint", math.MinInt8, math.MaxInt8, err)
		}
		return Literal{Value: int8(v), Type: sqltypes.Byte}, nil
	case strings.HasSuffix(upper, "D"):
		v, err := strconv.ParseFloat(text[:len(text)-1], 64)
		if err != nil {
			return bad()
		}
		return Literal{Value: v, Type: sqltypes.Double}, nil
	case strings.HasSuffix(upper, "F"):
		v, err := strconv.ParseFloat(text[:len(text)-1], 32)
		if err != nil {
			return bad()
		}
		return Literal{Value: float32(v), Type: sqltypes.Float}, nil
	case strings.ContainsAny(upper, "E"):
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return bad()
		}
		return Literal{Value: v, Type: sqltypes.Double}, nil
	case strings.Contains(text, "."):
		return decimalLiteral(text)
	}
	if v, err := strconv.ParseInt(text, 10, 32); err == nil {
		return Literal{Value: int32(v), Type: sqltypes.Integer}, nil
	}
	if v, err := strconv.ParseInt(text, 10, 64); err == nil {
		return Literal{Value: v, Type: sqltypes.Long}, nil
	}
	return decimalLiteral(text)
}

// outOfRange is the error of an integral literal with a type suffix (128Y) whose digits do
// not fit the type: Spark's INVALID_NUMERIC_LITERAL_RANGE when they are a number too large,
// a syntax error otherwise. (Spark's grammar takes a leading minus into the literal, so
// -128Y is the minimum; here the minus is applied after, and -128Y is refused too.)
func outOfRange(text, typeName string, lo, hi int64, err error) (Expr, error) {
	digits := text[:len(text)-1]
	if !errors.Is(err, strconv.ErrRange) {
		return nil, parseErr("Syntax error at or near '" + text + "'.")
	}
	return nil, sparkerrors.New(sparkerrors.ParseException, "INVALID_NUMERIC_LITERAL_RANGE",
		"rawStrippedQualifier", digits, "minValue", strconv.FormatInt(lo, 10), "maxValue", strconv.FormatInt(hi, 10), "typeName", typeName)
}

func decimalLiteral(text string) (Expr, error) {
	intPart, frac, _ := strings.Cut(text, ".")
	u, ok := new(big.Int).SetString(intPart+frac, 10)
	if !ok {
		return nil, parseErr("Syntax error at or near '" + text + "'.")
	}
	d := makeDecimal(u, int32(len(frac)))
	// The type is Java BigDecimal's: as many digits as the unscaled value has, at least the
	// scale (0.5 is DECIMAL(1,1), 0.05 DECIMAL(2,2)), as Spark types a decimal literal.
	digits := len(new(big.Int).Abs(u).String())
	t := sqltypes.DecimalType{Precision: max(digits, len(frac), 1), Scale: len(frac)}
	if t.Precision > sqltypes.MaxDecimalPrecision {
		return nil, parseErr("The decimal literal " + text + " exceeds the maximum precision 38.")
	}
	return Literal{Value: d, Type: t}, nil
}

// lineAndPos is where a byte offset of the text is, as Spark's origins count: line from 1,
// position from 0 within the line.
func (p *sqlParser) lineAndPos(offset int) (line, pos int) {
	before := p.src[:min(offset, len(p.src))]
	nl := strings.LastIndexByte(before, '\n')
	return strings.Count(before, "\n") + 1, len(before) - nl - 1
}
