package sqltypes

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseError is a DDL or type-string error in Spark's words, with the place it happened.
type ParseError struct {
	Class string // Spark's error class, e.g. PARSE_SYNTAX_ERROR
	Msg   string // the message after the class, ending with a period
	State string // SQLSTATE
	Line  int    // 1-based
	Pos   int    // 0-based character position in the line (Spark's "pos")
	Input string
}

// Error is one line: "[PARSE_SYNTAX_ERROR] Syntax error at or near 'x'. SQLSTATE: 42601 (line 1, pos 9)".
func (e *ParseError) Error() string {
	return fmt.Sprintf("[%s] %s SQLSTATE: %s (line %d, pos %d)", e.Class, e.Msg, e.State, e.Line, e.Pos)
}

// Detail adds Spark's "== SQL ==" block with a caret under the failing position.
func (e *ParseError) Detail() string {
	var b strings.Builder
	b.WriteString(e.Error())
	b.WriteString("\n\n== SQL ==\n")
	lines := strings.Split(e.Input, "\n")
	for i, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
		if i+1 == e.Line {
			b.WriteString(strings.Repeat("-", e.Pos))
			b.WriteString("^^^\n")
		}
	}
	return b.String()
}

// ParseDDL parses a Spark DDL schema string such as
// "order_id INT, customer_id STRING, amount DECIMAL(10,2), event_time TIMESTAMP".
// Like Spark's DataType.fromDDL it also accepts a single "STRUCT<...>" type and the
// "a: INT, b: STRING" colon form. NOT NULL is kept; call AsNullable where Spark forces
// nullability (from_json, Delta).
func ParseDDL(s string) (*StructType, error) {
	p := newDDLParser(s)
	if p.peek().kind == tkEOF {
		return &StructType{}, nil
	}
	// "struct<...>" alone is a data type, not a column named struct.
	if t := p.peek(); t.kind == tkIdent && !t.quoted && strings.EqualFold(t.text, "struct") {
		if n := p.peekAt(1); n.kind == tkPunct && (n.text == "<" || n.text == "<>") {
			dt, err := p.dataType()
			if err != nil {
				return nil, err
			}
			if err := p.expectEOF(); err != nil {
				return nil, err
			}
			return dt.(*StructType), nil
		}
	}
	var fields []StructField
	for {
		f, err := p.column(true)
		if err != nil {
			return nil, err
		}
		fields = append(fields, f)
		t := p.peek()
		if t.kind == tkPunct && t.text == "," {
			p.next()
			continue
		}
		if err := p.expectEOF(); err != nil {
			return nil, err
		}
		return &StructType{Fields: fields}, nil
	}
}

// ParseDataType parses one type string: "int", "string", "decimal(10,2)", "array<string>",
// "struct<a:int>", as .cast("...") and schema_of_* take them.
func ParseDataType(s string) (DataType, error) {
	p := newDDLParser(s)
	dt, err := p.dataType()
	if err != nil {
		return nil, err
	}
	if err := p.expectEOF(); err != nil {
		return nil, err
	}
	return dt, nil
}

// MustParseDDL is ParseDDL for schemas written in code; it panics on a bad string.
func MustParseDDL(s string) *StructType {
	st, err := ParseDDL(s)
	if err != nil {
		panic(err)
	}
	return st
}

type tokKind int

const (
	tkEOF tokKind = iota
	tkIdent
	tkNumber
	tkString
	tkPunct
	tkBad
)

type token struct {
	kind   tokKind
	text   string // identifier (unquoted), number digits, string value, punctuation
	raw    string // as written, for messages
	quoted bool   // back-quoted identifier
	off    int    // byte offset in the input
}

type ddlParser struct {
	in   string
	toks []token
	i    int
	err  *ParseError // a lexing error, reported when its token is reached
}

func newDDLParser(s string) *ddlParser {
	p := &ddlParser{in: s}
	p.lex()
	return p
}

func (p *ddlParser) lex() {
	s := p.in
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		// SQL comments: -- to end of line.
		if i+1 < len(s) && s[i] == '-' && s[i+1] == '-' {
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		if i >= len(s) {
			p.toks = append(p.toks, token{kind: tkEOF, off: len(s)})
			return
		}
		start := i
		c := s[i]
		switch {
		case c == '`':
			var b strings.Builder
			i++
			closed := false
			for i < len(s) {
				if s[i] == '`' {
					if i+1 < len(s) && s[i+1] == '`' {
						b.WriteByte('`')
						i += 2
						continue
					}
					i++
					closed = true
					break
				}
				b.WriteByte(s[i])
				i++
			}
			if !closed {
				p.toks = append(p.toks, token{kind: tkBad, raw: s[start:], off: start})
				p.toks = append(p.toks, token{kind: tkEOF, off: len(s)})
				return
			}
			p.toks = append(p.toks, token{kind: tkIdent, text: b.String(), raw: s[start:i], quoted: true, off: start})
		case c == '\'' || c == '"':
			var b strings.Builder
			i++
			closed := false
			for i < len(s) {
				if s[i] == '\\' && i+1 < len(s) {
					switch s[i+1] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
						b.WriteByte('\r')
					case '0':
						b.WriteByte(0)
					default:
						b.WriteByte(s[i+1])
					}
					i += 2
					continue
				}
				if s[i] == c {
					i++
					closed = true
					break
				}
				b.WriteByte(s[i])
				i++
			}
			if !closed {
				p.toks = append(p.toks, token{kind: tkBad, raw: s[start:], off: start})
				p.toks = append(p.toks, token{kind: tkEOF, off: len(s)})
				return
			}
			p.toks = append(p.toks, token{kind: tkString, text: b.String(), raw: s[start:i], off: start})
		case isIdentByte(c):
			for i < len(s) && isIdentByte(s[i]) {
				i++
			}
			w := s[start:i]
			kind := tkIdent
			if allDigits(w) {
				kind = tkNumber
			}
			p.toks = append(p.toks, token{kind: kind, text: w, raw: w, off: start})
		case c == '<' && i+1 < len(s) && s[i+1] == '>':
			i += 2
			p.toks = append(p.toks, token{kind: tkPunct, text: "<>", raw: "<>", off: start})
		case strings.IndexByte("<>(),:", c) >= 0:
			i++
			p.toks = append(p.toks, token{kind: tkPunct, text: s[start:i], raw: s[start:i], off: start})
		default:
			// One character (a whole UTF-8 sequence) Spark's lexer would not accept.
			i++
			for i < len(s) && s[i]&0xC0 == 0x80 {
				i++
			}
			p.toks = append(p.toks, token{kind: tkBad, raw: s[start:i], off: start})
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c >= 0x80
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func (p *ddlParser) peek() token { return p.toks[p.i] }

func (p *ddlParser) peekAt(n int) token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *ddlParser) next() token {
	t := p.toks[p.i]
	if t.kind != tkEOF {
		p.i++
	}
	return t
}

// position turns a byte offset into Spark's (line, pos): pos counts characters in the line.
func (p *ddlParser) position(off int) (int, int) {
	line, pos := 1, 0
	for _, r := range p.in[:off] {
		if r == '\n' {
			line++
			pos = 0
			continue
		}
		pos++
	}
	return line, pos
}

func (p *ddlParser) errAt(t token, class, state, msg string) *ParseError {
	line, pos := p.position(t.off)
	return &ParseError{Class: class, Msg: msg, State: state, Line: line, Pos: pos, Input: p.in}
}

// syntaxErr is Spark's PARSE_SYNTAX_ERROR at token t, with an optional hint (": missing ')'").
func (p *ddlParser) syntaxErr(t token, hint string) *ParseError {
	near := "end of input"
	if t.kind != tkEOF {
		near = "'" + t.raw + "'"
	}
	return p.errAt(t, "PARSE_SYNTAX_ERROR", "42601", "Syntax error at or near "+near+hint+".")
}

func (p *ddlParser) expectEOF() error {
	if t := p.peek(); t.kind != tkEOF {
		return p.syntaxErr(t, "")
	}
	return nil
}

func (p *ddlParser) expectPunct(s string) error {
	t := p.peek()
	if t.kind == tkPunct && t.text == s {
		p.next()
		return nil
	}
	return p.syntaxErr(t, ": missing '"+s+"'")
}

func (t token) is(word string) bool {
	return t.kind == tkIdent && !t.quoted && strings.EqualFold(t.text, word)
}

// column parses "name [:] type [NOT NULL] [COMMENT 'text']". Top-level table columns may
// omit the colon; struct members may use it.
func (p *ddlParser) column(top bool) (StructField, error) {
	nt := p.next()
	if nt.kind != tkIdent && nt.kind != tkNumber {
		return StructField{}, p.syntaxErr(nt, "")
	}
	f := StructField{Name: nt.text, Nullable: true}
	if t := p.peek(); t.kind == tkPunct && t.text == ":" {
		p.next()
	}
	dt, err := p.dataType()
	if err != nil {
		return StructField{}, err
	}
	f.Type = dt
	for {
		t := p.peek()
		switch {
		case t.is("NOT"):
			p.next()
			if n := p.peek(); !n.is("NULL") {
				return StructField{}, p.syntaxErr(n, "")
			}
			p.next()
			f.Nullable = false
		case t.is("COMMENT"):
			p.next()
			s := p.next()
			if s.kind != tkString {
				return StructField{}, p.syntaxErr(s, "")
			}
			if f.Metadata == nil {
				f.Metadata = map[string]any{}
			}
			f.Metadata["comment"] = s.text
		case top && t.is("GENERATED"):
			// delta-spark's generated column: GENERATED ALWAYS AS (expr), its text kept in
			// the column's metadata as delta-spark writes it.
			p.next()
			for _, w := range []string{"ALWAYS", "AS"} {
				if n := p.next(); !n.is(w) {
					return StructField{}, p.syntaxErr(n, "")
				}
			}
			open := p.next()
			if open.kind != tkPunct || open.text != "(" {
				return StructField{}, p.syntaxErr(open, "")
			}
			for depth := 1; depth > 0; {
				n := p.next()
				switch {
				case n.kind == tkEOF:
					return StructField{}, p.syntaxErr(n, ": missing ')'")
				case n.kind == tkPunct && n.text == "(":
					depth++
				case n.kind == tkPunct && n.text == ")":
					if depth--; depth == 0 {
						if f.Metadata == nil {
							f.Metadata = map[string]any{}
						}
						f.Metadata["delta.generationExpression"] = strings.TrimSpace(p.in[open.off+1 : n.off])
					}
				}
			}
		default:
			return f, nil
		}
	}
}

func (p *ddlParser) dataType() (DataType, error) {
	t := p.next()
	if t.kind == tkBad {
		return nil, p.syntaxErr(t, "")
	}
	if t.kind != tkIdent || t.quoted {
		return nil, p.syntaxErr(t, "")
	}
	name := strings.ToUpper(t.text)
	switch name {
	case "ARRAY":
		if err := p.expectPunct("<"); err != nil {
			return nil, err
		}
		el, err := p.dataType()
		if err != nil {
			return nil, err
		}
		if err := p.expectPunct(">"); err != nil {
			return nil, err
		}
		return ArrayType{Element: el, ContainsNull: true}, nil
	case "MAP":
		if err := p.expectPunct("<"); err != nil {
			return nil, err
		}
		k, err := p.dataType()
		if err != nil {
			return nil, err
		}
		if err := p.expectPunct(","); err != nil {
			return nil, err
		}
		v, err := p.dataType()
		if err != nil {
			return nil, err
		}
		if err := p.expectPunct(">"); err != nil {
			return nil, err
		}
		return MapType{Key: k, Value: v, ValueContainsNull: true}, nil
	case "STRUCT":
		if n := p.peek(); n.kind == tkPunct && n.text == "<>" {
			p.next()
			return &StructType{}, nil
		}
		if err := p.expectPunct("<"); err != nil {
			return nil, err
		}
		st := &StructType{}
		if n := p.peek(); n.kind == tkPunct && n.text == ">" {
			p.next()
			return st, nil
		}
		for {
			f, err := p.column(false)
			if err != nil {
				return nil, err
			}
			st.Fields = append(st.Fields, f)
			n := p.next()
			if n.kind == tkPunct && n.text == "," {
				continue
			}
			if n.kind == tkPunct && n.text == ">" {
				return st, nil
			}
			return nil, p.syntaxErr(n, "")
		}
	}
	// A primitive type, possibly with (n) or (p, s).
	var params []int
	if n := p.peek(); n.kind == tkPunct && n.text == "(" {
		p.next()
		for {
			v := p.next()
			if v.kind != tkNumber {
				return nil, p.syntaxErr(v, "")
			}
			x, err := strconv.Atoi(v.text)
			if err != nil {
				return nil, p.syntaxErr(v, "")
			}
			params = append(params, x)
			s := p.next()
			if s.kind == tkPunct && s.text == "," {
				continue
			}
			if s.kind == tkPunct && s.text == ")" {
				break
			}
			return nil, p.syntaxErr(s, ": missing ')'")
		}
	}
	return p.primitive(t, name, params)
}

var simpleTypes = map[string]DataType{
	"BOOLEAN": Boolean, "TINYINT": Byte, "BYTE": Byte, "SMALLINT": Short, "SHORT": Short,
	"INT": Integer, "INTEGER": Integer, "BIGINT": Long, "LONG": Long, "FLOAT": Float, "REAL": Float,
	"DOUBLE": Double, "DATE": DateT, "TIMESTAMP": TimestampT, "TIMESTAMP_LTZ": TimestampT,
	"TIMESTAMP_NTZ": TimestampNTZT, "STRING": String, "BINARY": Binary, "VOID": Null,
	"VARIANT": VariantT,
}

func (p *ddlParser) primitive(t token, name string, params []int) (DataType, error) {
	unsupported := func() error {
		text := strings.ToUpper(p.in[t.off : p.toks[p.i-1].off+len(p.toks[p.i-1].raw)])
		return p.errAt(t, "UNSUPPORTED_DATATYPE", "0A000", "Unsupported data type \""+text+"\".")
	}
	switch name {
	case "DECIMAL", "DEC", "NUMERIC":
		prec, scale := 10, 0
		switch len(params) {
		case 0:
		case 1:
			prec = params[0]
		case 2:
			prec, scale = params[0], params[1]
		default:
			return nil, unsupported()
		}
		if prec > MaxDecimalPrecision {
			return nil, p.errAt(t, "DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION", "22003",
				fmt.Sprintf("Decimal precision %d exceeds max precision %d.", prec, MaxDecimalPrecision))
		}
		if prec == 0 || scale > prec {
			return nil, p.errAt(t, "INVALID_PARAMETER_VALUE", "22023",
				fmt.Sprintf("Decimal scale (%d) cannot be greater than precision (%d).", scale, prec))
		}
		return DecimalType{prec, scale}, nil
	case "TIME":
		prec := DefaultTimePrecision
		switch len(params) {
		case 0:
		case 1:
			prec = params[0]
		default:
			return nil, unsupported()
		}
		if prec < 0 || prec > MaxTimePrecision {
			return nil, p.errAt(t, "UNSUPPORTED_TIME_PRECISION", "0A001",
				fmt.Sprintf("The seconds precision %d of the TIME data type is out of the supported range [0, %d].", prec, MaxTimePrecision))
		}
		return TimeType{prec}, nil
	case "CHAR", "CHARACTER", "VARCHAR":
		if len(params) != 1 {
			return nil, p.errAt(t, "DATATYPE_MISSING_SIZE", "42K01",
				"DataType \""+name+"\" requires a length parameter, for example \""+name+"(10)\". Please specify the length.")
		}
		// Spark keeps CHAR/VARCHAR as STRING in schemas read back from DDL.
		return String, nil
	}
	if dt, ok := simpleTypes[name]; ok && len(params) == 0 {
		return dt, nil
	}
	return nil, unsupported()
}
