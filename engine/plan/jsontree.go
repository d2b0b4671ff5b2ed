package plan

import (
	"errors"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A JSON value read as Spark's JSON functions read it with Jackson: the first value of the
// text (what follows it is not looked at), single-quoted strings and raw control
// characters inside strings accepted, numbers kept as written.

type jsonKind int

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

type jsonValue struct {
	kind   jsonKind
	text   string // the string, or the number as written
	truth  bool
	float  bool // a number with a fraction or an exponent
	items  []*jsonValue
	keys   []string // object member names, in order (duplicates kept)
	values []*jsonValue
}

var errBadJSON = errors.New("malformed JSON")

// parseFirstJSON reads the first JSON value of s.
func parseFirstJSON(s string) (*jsonValue, error) {
	p := &jsonParser{s: s}
	return p.value(0)
}

type jsonParser struct {
	s   string
	pos int
	// leadingZeros accepts numbers like 007 (the allowNumericLeadingZeros option).
	leadingZeros bool
	// unquotedKeys accepts object keys without quotes (the allowUnquotedFieldNames option):
	// a Java identifier, as Jackson reads one.
	unquotedKeys bool
}

// bareKey reads an unquoted object key at p.pos, when they are allowed.
func (p *jsonParser) bareKey() (string, bool) {
	start := p.pos
	for p.unquotedKeys && p.pos < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[p.pos:])
		if r != '_' && r != '$' && !unicode.IsLetter(r) && (p.pos == start || !unicode.IsDigit(r)) {
			break
		}
		p.pos += size
	}
	return p.s[start:p.pos], p.pos > start
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

const maxJSONDepth = 1000

func (p *jsonParser) value(depth int) (*jsonValue, error) {
	if depth > maxJSONDepth {
		return nil, errBadJSON
	}
	p.skipSpace()
	if p.pos >= len(p.s) {
		return nil, errBadJSON
	}
	switch c := p.s[p.pos]; {
	case c == '{':
		p.pos++
		v := &jsonValue{kind: jsonObject}
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return v, nil
		}
		for {
			p.skipSpace()
			if p.pos >= len(p.s) {
				return nil, errBadJSON
			}
			var key string
			if c := p.s[p.pos]; c == '"' || c == '\'' {
				k, err := p.str()
				if err != nil {
					return nil, err
				}
				key = k
			} else if k, ok := p.bareKey(); ok {
				key = k
			} else {
				return nil, errBadJSON
			}
			p.skipSpace()
			if p.pos >= len(p.s) || p.s[p.pos] != ':' {
				return nil, errBadJSON
			}
			p.pos++
			item, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.keys = append(v.keys, key)
			v.values = append(v.values, item)
			p.skipSpace()
			if p.pos >= len(p.s) {
				return nil, errBadJSON
			}
			if p.s[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.s[p.pos] == '}' {
				p.pos++
				return v, nil
			}
			return nil, errBadJSON
		}
	case c == '[':
		p.pos++
		v := &jsonValue{kind: jsonArray}
		p.skipSpace()
		if p.pos < len(p.s) && p.s[p.pos] == ']' {
			p.pos++
			return v, nil
		}
		for {
			item, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.items = append(v.items, item)
			p.skipSpace()
			if p.pos >= len(p.s) {
				return nil, errBadJSON
			}
			if p.s[p.pos] == ',' {
				p.pos++
				continue
			}
			if p.s[p.pos] == ']' {
				p.pos++
				return v, nil
			}
			return nil, errBadJSON
		}
	case c == '"' || c == '\'':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return &jsonValue{kind: jsonString, text: s}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	}
	for _, w := range []struct {
		word string
		v    jsonValue
	}{{"true", jsonValue{kind: jsonBool, truth: true}}, {"false", jsonValue{kind: jsonBool}}, {"null", jsonValue{kind: jsonNull}}} {
		if strings.HasPrefix(p.s[p.pos:], w.word) {
			end := p.pos + len(w.word)
			if end < len(p.s) && isJSONWordChar(p.s[end]) {
				return nil, errBadJSON
			}
			p.pos = end
			v := w.v
			return &v, nil
		}
	}
	return nil, errBadJSON
}

func isJSONWordChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func (p *jsonParser) number() (*jsonValue, error) {
	start := p.pos
	if p.s[p.pos] == '-' {
		p.pos++
	}
	digits := func() int {
		n := 0
		for p.pos < len(p.s) && p.s[p.pos] >= '0' && p.s[p.pos] <= '9' {
			p.pos++
			n++
		}
		return n
	}
	intStart := p.pos
	if digits() == 0 || (p.s[intStart] == '0' && p.pos-intStart > 1 && !p.leadingZeros) {
		return nil, errBadJSON // no digits, or a leading zero
	}
	float := false
	if p.pos < len(p.s) && p.s[p.pos] == '.' {
		p.pos++
		float = true
		if digits() == 0 {
			return nil, errBadJSON
		}
	}
	if p.pos < len(p.s) && (p.s[p.pos] == 'e' || p.s[p.pos] == 'E') {
		p.pos++
		float = true
		if p.pos < len(p.s) && (p.s[p.pos] == '+' || p.s[p.pos] == '-') {
			p.pos++
		}
		if digits() == 0 {
			return nil, errBadJSON
		}
	}
	if p.pos < len(p.s) && isJSONWordChar(p.s[p.pos]) {
		return nil, errBadJSON
	}
	return &jsonValue{kind: jsonNumber, text: p.s[start:p.pos], float: float}, nil
}

func (p *jsonParser) str() (string, error) {
	quote := p.s[p.pos]
	p.pos++
	var b strings.Builder
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == quote:
			p.pos++
			return b.String(), nil
		case c == '\\':
			if p.pos+1 >= len(p.s) {
				return "", errBadJSON
			}
			e := p.s[p.pos+1]
			p.pos += 2
			switch e {
			case '"', '\\', '/', '\'':
				b.WriteByte(e)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r, ok := p.hex4()
				if !ok {
					return "", errBadJSON
				}
				if r >= 0xD800 && r < 0xDC00 && strings.HasPrefix(p.s[p.pos:], "\\u") {
					save := p.pos
					p.pos += 2
					if lo, ok := p.hex4(); ok && lo >= 0xDC00 && lo < 0xE000 {
						r = 0x10000 + (r-0xD800)<<10 + (lo - 0xDC00)
					} else {
						p.pos = save
					}
				}
				b.WriteRune(r)
			default:
				return "", errBadJSON
			}
		default:
			b.WriteByte(c)
			p.pos++
		}
	}
	return "", errBadJSON
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.pos+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.pos:p.pos+4], 16, 32)
	if err != nil {
		return 0, false
	}
	p.pos += 4
	return rune(v), true
}

// numberText is a number as Jackson copies it: integers in their plain form, other
// numbers as the double Java prints.
func (v *jsonValue) numberText() string {
	if !v.float {
		n, ok := new(big.Int).SetString(v.text, 10)
		if ok {
			return n.String()
		}
		return v.text
	}
	f, err := strconv.ParseFloat(v.text, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return v.text
	}
	return sqltypes.JavaDoubleString(f)
}

// writeJSON appends v as Jackson's generator writes a copied value: compact, strings
// escaped the way Jackson escapes them.
func (v *jsonValue) writeJSON(b *strings.Builder) {
	switch v.kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool:
		b.WriteString(strconv.FormatBool(v.truth))
	case jsonNumber:
		b.WriteString(v.numberText())
	case jsonString:
		writeJacksonString(b, v.text)
	case jsonArray:
		b.WriteByte('[')
		for i, it := range v.items {
			if i > 0 {
				b.WriteByte(',')
			}
			it.writeJSON(b)
		}
		b.WriteByte(']')
	case jsonObject:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJacksonString(b, k)
			b.WriteByte(':')
			v.values[i].writeJSON(b)
		}
		b.WriteByte('}')
	}
}

func writeJacksonString(b *strings.Builder, s string) {
	const hexDigits = "0123456789ABCDEF"
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\b':
			b.WriteString(`\b`)
		case r == '\f':
			b.WriteString(`\f`)
		case r < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hexDigits[r>>4])
			b.WriteByte(hexDigits[r&15])
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// rawText is a value as Spark returns it from get_json_object and json_tuple: a string
// without its quotes, anything else as JSON.
func (v *jsonValue) rawText() string {
	if v.kind == jsonString {
		return v.text
	}
	var b strings.Builder
	v.writeJSON(&b)
	return b.String()
}
