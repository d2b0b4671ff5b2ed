package parser

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/ast"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// stringParts splits a STRING token into its prefix (lower-cased) and body.
func stringParts(lit string) (prefix, body string) {
	q := strings.IndexAny(lit, `'"`)
	prefix = strings.ToLower(lit[:q])
	quote := lit[q : q+1]
	if strings.HasPrefix(lit[q:], strings.Repeat(quote, 3)) && len(lit)-q >= 6 {
		quote = lit[q : q+3]
	}
	return prefix, lit[q+len(quote) : len(lit)-len(quote)]
}

// strings parses adjacent string literals (implicit concatenation) into a Str,
// Bytes or, when one of them is an f-string, a JoinedStr.
func (p *parser) strings() ast.Expr {
	start := p.i
	end := start
	isBytes, isStr, isF := false, false, false
	for p.toks[end].kind == tkString {
		prefix, _ := stringParts(p.toks[end].val)
		if strings.Contains(prefix, "b") {
			isBytes = true
		} else {
			isStr = true
		}
		if strings.Contains(prefix, "f") {
			isF = true
		}
		end++
	}
	p.i = end
	after := p.tok()
	if isBytes && isStr {
		p.raiseTok(py.SyntaxError, "cannot mix bytes and nonbytes literals", after)
	}
	if isBytes {
		var buf bytes.Buffer
		for i := start; i < end; i++ {
			t := &p.toks[i]
			prefix, body := stringParts(t.val)
			for j := 0; j < len(body); j++ {
				if body[j] >= 0x80 {
					p.raiseTok(py.SyntaxError, "bytes can only contain ASCII literal characters", t)
				}
			}
			if strings.Contains(prefix, "r") {
				buf.WriteString(body)
				continue
			}
			buf.Write(p.decode(t, body, true))
		}
		return &ast.Bytes{ExprBase: ast.ExprBase{Pos: p.pos(start)}, S: py.Bytes(buf.Bytes())}
	}
	if !isF {
		var sb strings.Builder
		for i := start; i < end; i++ {
			t := &p.toks[i]
			prefix, body := stringParts(t.val)
			if strings.Contains(prefix, "r") {
				sb.WriteString(body)
				continue
			}
			sb.Write(p.decode(t, body, false))
		}
		return &ast.Str{ExprBase: ast.ExprBase{Pos: p.pos(start)}, S: py.String(sb.String())}
	}
	js := &joined{p: p, after: after}
	for i := start; i < end; i++ {
		t := &p.toks[i]
		prefix, body := stringParts(t.val)
		raw := strings.Contains(prefix, "r")
		if !strings.Contains(prefix, "f") {
			if raw {
				js.lit.WriteString(body)
			} else {
				js.lit.Write(p.decode(t, body, false))
			}
			continue
		}
		fs := &fstringScan{tok: t, body: body, raw: raw, bodyStart: len(t.val) - len(body) - quoteLen(t.val, prefix)}
		js.parse(fs, 0)
	}
	js.flush()
	return &ast.JoinedStr{ExprBase: ast.ExprBase{Pos: p.pos(start)}, Values: js.values}
}

func quoteLen(lit, prefix string) int {
	q := lit[len(prefix):]
	if len(q) >= 6 && (strings.HasPrefix(q, `"""`) || strings.HasPrefix(q, `'''`)) {
		return 3
	}
	return 1
}

// decode processes the backslash escapes of a literal's body; an error is reported
// at the token after the literals, as CPython does.
func (p *parser) decode(t *token, body string, byteMode bool) []byte {
	if strings.IndexByte(body, '\\') < 0 {
		return []byte(body)
	}
	out, msg := decodeEscapes(body, byteMode)
	if msg != "" {
		p.raiseTok(py.SyntaxError, msg, p.tok())
	}
	return out
}

// joined collects the parts of an f-string (and the literals concatenated to it).
type joined struct {
	p      *parser
	after  *token // the token after the literals: where CPython reports f-string errors
	values []ast.Expr
	lit    strings.Builder
}

func (j *joined) flush() {
	if j.lit.Len() == 0 {
		return
	}
	pos := j.p.pos(j.p.i - 1)
	j.values = append(j.values, &ast.Str{ExprBase: ast.ExprBase{Pos: pos}, S: py.String(j.lit.String())})
	j.lit.Reset()
}

func (j *joined) fail(msg string) {
	j.p.raiseTok(py.SyntaxError, msg, j.after)
}

// fstringScan is the position in one f-string literal's body.
type fstringScan struct {
	tok       *token
	body      string
	raw       bool
	bodyStart int // byte offset of the body within the token text
	i         int
}

// parse scans literal text and replacement fields. At level 0 it runs to the end of
// the body; in a format spec (level > 0) it stops at the '}' that closes the field.
func (j *joined) parse(fs *fstringScan, lvl int) {
	body := fs.body
	for fs.i < len(body) {
		litStart := fs.i
		var raw strings.Builder
		for fs.i < len(body) {
			c := body[fs.i]
			if !fs.raw && c == '\\' && fs.i+1 < len(body) {
				if body[fs.i+1] == 'N' && fs.i+2 < len(body) && body[fs.i+2] == '{' {
					k := strings.IndexByte(body[fs.i:], '}')
					if k < 0 {
						k = len(body) - fs.i - 1
					}
					raw.WriteString(body[fs.i : fs.i+k+1])
					fs.i += k + 1
					continue
				}
				raw.WriteString(body[fs.i : fs.i+2])
				fs.i += 2
				continue
			}
			if c == '{' || c == '}' {
				if lvl == 0 && fs.i+1 < len(body) && body[fs.i+1] == c {
					raw.WriteByte(c)
					fs.i += 2
					continue
				}
				if c == '}' && lvl == 0 {
					j.fail("f-string: single '}' is not allowed")
				}
				break
			}
			raw.WriteByte(c)
			fs.i++
		}
		_ = litStart
		if raw.Len() > 0 {
			if fs.raw {
				j.lit.WriteString(raw.String())
			} else {
				j.lit.Write(j.p.decode(fs.tok, raw.String(), false))
			}
		}
		if fs.i >= len(body) || body[fs.i] == '}' {
			return
		}
		j.field(fs, lvl)
	}
}

// field parses one replacement field, body[fs.i] being its '{'.
func (j *joined) field(fs *fstringScan, lvl int) {
	body := fs.body
	if lvl >= 2 {
		j.fail("f-string: expressions nested too deeply")
	}
	fs.i++
	exprStart := fs.i
	var quote string
	var stack []byte
	for fs.i < len(body) {
		c := body[fs.i]
		if c == '\\' {
			j.fail("f-string expression part cannot include a backslash")
		}
		if quote != "" {
			if strings.HasPrefix(body[fs.i:], quote) {
				fs.i += len(quote)
				quote = ""
				continue
			}
			fs.i++
			continue
		}
		switch {
		case c == '\'' || c == '"':
			quote = body[fs.i : fs.i+1]
			if strings.HasPrefix(body[fs.i:], strings.Repeat(quote, 3)) {
				quote = strings.Repeat(quote, 3)
			}
			fs.i += len(quote)
			continue
		case c == '[' || c == '{' || c == '(':
			if len(stack) >= 200 {
				j.fail("f-string: too many nested parenthesis")
			}
			stack = append(stack, c)
		case c == '#':
			j.fail("f-string expression part cannot include '#'")
		case len(stack) == 0 && (c == '!' || c == ':' || c == '}' || c == '=' || c == '>' || c == '<'):
			if fs.i+1 < len(body) {
				n := body[fs.i+1]
				if (c == '!' || c == '=' || c == '<' || c == '>') && n == '=' {
					fs.i += 2
					continue
				}
			}
			if c == '>' || c == '<' {
				fs.i++
				continue
			}
			goto exprEnd
		case c == ']' || c == '}' || c == ')':
			if len(stack) == 0 {
				j.fail(fmt.Sprintf("f-string: unmatched '%c'", c))
			}
			open := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !(open == '(' && c == ')' || open == '[' && c == ']' || open == '{' && c == '}') {
				j.fail(fmt.Sprintf("f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", c, open))
			}
		}
		fs.i++
	}
exprEnd:
	if quote != "" {
		j.fail("f-string: unterminated string")
	}
	if len(stack) > 0 {
		j.fail(fmt.Sprintf("f-string: unmatched '%c'", stack[len(stack)-1]))
	}
	if fs.i >= len(body) {
		j.fail("f-string: expecting '}'")
	}
	exprText := body[exprStart:fs.i]
	if strings.TrimSpace(exprText) == "" {
		j.fail("f-string: empty expression not allowed")
	}
	line := fs.tok.line + strings.Count(fs.tok.val[:fs.bodyStart+exprStart], "\n")
	value := j.p.fieldExpr(exprText, line)
	debug := ""
	if body[fs.i] == '=' {
		fs.i++
		for fs.i < len(body) && strings.IndexByte(" \t\n\r\f\v", body[fs.i]) >= 0 {
			fs.i++
		}
		if fs.i >= len(body) {
			j.fail("f-string: expecting '}'")
		}
		debug = body[exprStart:fs.i]
	}
	conversion := -1
	if body[fs.i] == '!' {
		fs.i++
		if fs.i >= len(body) {
			j.fail("f-string: expecting '}'")
		}
		conversion = int(body[fs.i])
		fs.i++
		if conversion != 's' && conversion != 'r' && conversion != 'a' {
			j.fail("f-string: invalid conversion character: expected 's', 'r', or 'a'")
		}
	}
	var spec ast.Expr
	if fs.i < len(body) && body[fs.i] == ':' {
		fs.i++
		if fs.i >= len(body) {
			j.fail("f-string: expecting '}'")
		}
		sub := &joined{p: j.p, after: j.after}
		sub.parse(fs, lvl+1)
		sub.flush()
		spec = &ast.JoinedStr{ExprBase: ast.ExprBase{Pos: posOf(value)}, Values: sub.values}
	}
	if fs.i >= len(body) || body[fs.i] != '}' {
		j.fail("f-string: expecting '}'")
	}
	fs.i++
	if debug != "" {
		j.lit.WriteString(debug)
		if spec == nil && conversion == -1 {
			conversion = 'r'
		}
	}
	j.flush()
	j.values = append(j.values, &ast.FormattedValue{ExprBase: ast.ExprBase{Pos: posOf(value)}, Value: value, Conversion: conversion, FormatSpec: spec})
}

// fieldExpr parses the expression of a replacement field as CPython 3.11 does: the
// text in parentheses, errors prefixed "f-string: " and located in that text.
func (p *parser) fieldExpr(text string, line int) ast.Expr {
	src := "(" + text + ")"
	t := &tokenizer{src: src, filename: p.filename, line: 1, indents: []int{0}, altIndents: []int{0}, atLineStart: true}
	if err := t.run(); err != nil {
		if exc, ok := err.(*py.Exception); ok {
			msg := "f-string: " + string(exc.Dict["msg"].(py.String))
			exc.Args = py.Tuple{py.String(msg)}
			exc.Dict["msg"] = py.String(msg)
			if l, ok := exc.Dict["lineno"].(py.Int); ok {
				exc.Dict["lineno"] = l + py.Int(line-1)
			}
			if l, ok := exc.Dict["end_lineno"].(py.Int); ok {
				exc.Dict["end_lineno"] = l + py.Int(line-1)
			}
		}
		panic(err)
	}
	for k := range t.toks {
		t.toks[k].line += line - 1
		t.toks[k].endLine += line - 1
	}
	sub := &parser{toks: t.toks, filename: p.filename, src: src, lines: sourceLines(src), lineShift: line - 1, inFString: true}
	e := sub.starExpressions()
	for sub.tok().kind == tkNewline {
		sub.next()
	}
	if sub.tok().kind != tkEnd {
		sub.fail()
	}
	return e
}
