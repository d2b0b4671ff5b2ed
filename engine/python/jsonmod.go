package python

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// JSONDecodeError is json.JSONDecodeError: a ValueError with msg, doc, pos, lineno
// and colno.
var JSONDecodeError = py.ValueError.NewType("JSONDecodeError", "Subclass of ValueError with the error's position in the document.", nil, nil)

func init() { JSONDecodeError.Dict["__module__"] = py.String("json.decoder") }

// jsonEncoder writes Python values as CPython's json.dumps does, with its options.
type jsonEncoder struct {
	skipKeys, ensureASCII, checkCircular, allowNaN, sortKeys bool
	indent                                                   *string
	itemSep, keySep                                          string
	def                                                      py.Object
	active                                                   []py.Object
	b                                                        strings.Builder
}

// newJSONEncoder reads json.dumps's keyword arguments.
func newJSONEncoder(kwargs py.StringDict) (*jsonEncoder, error) {
	e := &jsonEncoder{ensureASCII: true, checkCircular: true, allowNaN: true, itemSep: ", ", keySep: ": "}
	flag := func(name string, dst *bool) error {
		if v, ok := kwargs[name]; ok {
			t, err := py.ObjectIsTrue(v)
			if err != nil {
				return err
			}
			*dst = t
		}
		return nil
	}
	for name, v := range kwargs {
		var err error
		switch name {
		case "skipkeys":
			err = flag(name, &e.skipKeys)
		case "ensure_ascii":
			err = flag(name, &e.ensureASCII)
		case "check_circular":
			err = flag(name, &e.checkCircular)
		case "allow_nan":
			err = flag(name, &e.allowNaN)
		case "sort_keys":
			err = flag(name, &e.sortKeys)
		case "indent":
			switch x := py.Unwrap(v).(type) {
			case py.NoneType:
			case py.Int:
				s := strings.Repeat(" ", max(int(x), 0))
				e.indent = &s
			case py.String:
				s := string(x)
				e.indent = &s
			default:
				return nil, py.ExceptionNewf(py.TypeError, "indent must be None, an int or a str, not %s", v.Type().Name)
			}
		case "separators", "default", "cls":
		default:
			return nil, py.ExceptionNewf(py.TypeError, "JSONEncoder.__init__() got an unexpected keyword argument '%s'", name)
		}
		if err != nil {
			return nil, err
		}
	}
	if e.indent != nil {
		e.itemSep = ","
	}
	if seps, ok := kwargs["separators"]; ok && seps != py.None {
		items, err := py.SequenceTuple(seps)
		if err != nil {
			return nil, err
		}
		if len(items) != 2 {
			return nil, py.ExceptionNewf(py.ValueError, "separators must be an (item_separator, key_separator) pair")
		}
		is, ok1 := items[0].(py.String)
		ks, ok2 := items[1].(py.String)
		if !ok1 || !ok2 {
			return nil, py.ExceptionNewf(py.TypeError, "separators must be strings")
		}
		e.itemSep, e.keySep = string(is), string(ks)
	}
	if d, ok := kwargs["default"]; ok && d != py.None {
		e.def = d
	}
	return e, nil
}

func (e *jsonEncoder) enter(o py.Object) error {
	if e.checkCircular {
		for _, a := range e.active {
			if a == o {
				return py.ExceptionNewf(py.ValueError, "Circular reference detected")
			}
		}
	}
	if len(e.active) >= py.DefaultRecursionLimit {
		return py.ExceptionNewf(py.RecursionError, "maximum recursion depth exceeded while encoding a JSON object")
	}
	e.active = append(e.active, o)
	return nil
}

func (e *jsonEncoder) leave() { e.active = e.active[:len(e.active)-1] }

// newline starts a line at the given nesting level when indenting.
func (e *jsonEncoder) newline(level int) {
	if e.indent != nil {
		e.b.WriteByte('\n')
		e.b.WriteString(strings.Repeat(*e.indent, level))
	}
}

func (e *jsonEncoder) float(f float64) (string, error) {
	switch {
	case math.IsNaN(f):
		if !e.allowNaN {
			return "", py.ExceptionNewf(py.ValueError, "Out of range float values are not JSON compliant")
		}
		return "NaN", nil
	case math.IsInf(f, 1):
		if !e.allowNaN {
			return "", py.ExceptionNewf(py.ValueError, "Out of range float values are not JSON compliant")
		}
		return "Infinity", nil
	case math.IsInf(f, -1):
		if !e.allowNaN {
			return "", py.ExceptionNewf(py.ValueError, "Out of range float values are not JSON compliant")
		}
		return "-Infinity", nil
	}
	return py.FloatRepr(f), nil
}

func (e *jsonEncoder) encode(o py.Object, level int) error {
	switch x := py.Unwrap(o).(type) {
	case py.NoneType:
		e.b.WriteString("null")
	case py.Bool:
		if x {
			e.b.WriteString("true")
		} else {
			e.b.WriteString("false")
		}
	case py.String:
		e.b.WriteString(jsonQuote(string(x), e.ensureASCII))
	case py.Int, *py.BigInt:
		s, err := py.ReprAsString(x)
		if err != nil {
			return err
		}
		e.b.WriteString(s)
	case py.Float:
		s, err := e.float(float64(x))
		if err != nil {
			return err
		}
		e.b.WriteString(s)
	case *py.List:
		return e.array(o, x.Items, level)
	case py.Tuple:
		return e.array(o, x, level)
	case *py.Dict:
		var keys, vals []py.Object
		x.Range(func(k, v py.Object) bool {
			keys = append(keys, k)
			vals = append(vals, v)
			return true
		})
		return e.object(o, keys, vals, level)
	case py.StringDict:
		var keys, vals []py.Object
		for _, k := range sortedNames(x) {
			keys = append(keys, py.String(k))
			vals = append(vals, x[k])
		}
		return e.object(o, keys, vals, level)
	case JSONValuer:
		v, err := x.JSONValue()
		if err != nil {
			return err
		}
		return e.encode(jsonAnyToPy(v), level)
	default:
		if e.def == nil {
			return py.ExceptionNewf(py.TypeError, "Object of type %s is not JSON serializable", o.Type().Name)
		}
		if err := e.enter(o); err != nil {
			return err
		}
		v, err := py.Call(e.def, py.Tuple{o}, nil)
		if err != nil {
			return err
		}
		if err := e.encode(v, level); err != nil {
			return err
		}
		e.leave()
	}
	return nil
}

func (e *jsonEncoder) array(o py.Object, items []py.Object, level int) error {
	if len(items) == 0 {
		e.b.WriteString("[]")
		return nil
	}
	if err := e.enter(o); err != nil {
		return err
	}
	e.b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			e.b.WriteString(e.itemSep)
		}
		e.newline(level + 1)
		if err := e.encode(it, level+1); err != nil {
			return err
		}
	}
	e.newline(level)
	e.b.WriteByte(']')
	e.leave()
	return nil
}

func (e *jsonEncoder) object(o py.Object, keys, vals []py.Object, level int) error {
	if len(keys) == 0 {
		e.b.WriteString("{}")
		return nil
	}
	if err := e.enter(o); err != nil {
		return err
	}
	if e.sortKeys {
		order := make([]int, len(keys))
		for i := range order {
			order[i] = i
		}
		var sortErr error
		// insertion sort keeps the comparison errors of Python's sorted()
		for i := 1; i < len(order) && sortErr == nil; i++ {
			for j := i; j > 0; j-- {
				lt, err := py.Lt(keys[order[j]], keys[order[j-1]])
				if err != nil {
					sortErr = err
					break
				}
				if lt != py.True {
					break
				}
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		if sortErr != nil {
			return sortErr
		}
		sk, sv := make([]py.Object, len(keys)), make([]py.Object, len(keys))
		for i, k := range order {
			sk[i], sv[i] = keys[k], vals[k]
		}
		keys, vals = sk, sv
	}
	e.b.WriteByte('{')
	first := true
	for i, k := range keys {
		var ks string
		switch x := py.Unwrap(k).(type) {
		case py.String:
			ks = string(x)
		case py.Bool:
			ks = map[bool]string{true: "true", false: "false"}[bool(x)]
		case py.NoneType:
			ks = "null"
		case py.Int, *py.BigInt:
			s, err := py.ReprAsString(x)
			if err != nil {
				return err
			}
			ks = s
		case py.Float:
			s, err := e.float(float64(x))
			if err != nil {
				return err
			}
			ks = s
		default:
			if e.skipKeys {
				continue
			}
			return py.ExceptionNewf(py.TypeError, "keys must be str, int, float, bool or None, not %s", k.Type().Name)
		}
		if !first {
			e.b.WriteString(e.itemSep)
		}
		first = false
		e.newline(level + 1)
		e.b.WriteString(jsonQuote(ks, e.ensureASCII))
		e.b.WriteString(e.keySep)
		if err := e.encode(vals[i], level+1); err != nil {
			return err
		}
	}
	e.newline(level)
	e.b.WriteByte('}')
	e.leave()
	return nil
}

// jsonQuote is a JSON string literal for s; with ensureASCII every character past
// 0x7e is a \u escape (UTF-16 surrogate pairs past 0xffff), as CPython writes them.
func jsonQuote(s string, ensureASCII bool) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20:
				fmt.Fprintf(&b, `\u%04x`, r)
			case ensureASCII && r > 0x7e:
				if r > 0xffff {
					r1, r2 := utf16.EncodeRune(r)
					fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
				} else {
					fmt.Fprintf(&b, `\u%04x`, r)
				}
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}

// jsonAnyToPy is the Python value of a value a JSONValuer gives.
func jsonAnyToPy(v any) py.Object {
	switch x := v.(type) {
	case JSONObject:
		d := py.NewDictSized(len(x.Keys))
		for i, k := range x.Keys {
			d.SetStr(k, jsonAnyToPy(x.Vals[i]))
		}
		return d
	case []any:
		l := py.NewListSized(len(x))
		for i, e := range x {
			l.Items[i] = jsonAnyToPy(e)
		}
		return l
	case int64:
		return py.Int(x)
	case int:
		return py.Int(x)
	case json.Number:
		if strings.ContainsAny(string(x), ".eEinfa") {
			f, _ := strconv.ParseFloat(string(x), 64)
			return py.Float(f)
		}
		if i, err := py.IntFromString(string(x), 10); err == nil {
			return i
		}
	case json.RawMessage:
		if o, err := jsonLoads(py.String(x), nil); err == nil {
			return o
		}
	case py.Object:
		return x
	}
	return FromJSON(v)
}

// jsonDecoder reads a document as CPython's json.loads does: positions count
// characters, errors are JSONDecodeError with its messages.
type jsonDecoder struct {
	doc                                              []rune
	text                                             string
	objectHook, pairsHook, parseFloat, parseInt, cst py.Object
	strict                                           bool
	depth                                            int
}

func (d *jsonDecoder) fail(msg string, pos int) error {
	line, col := 1, pos+1
	for k := 0; k < pos && k < len(d.doc); k++ {
		if d.doc[k] == '\n' {
			line++
			col = pos - k
		}
	}
	exc := py.ExceptionNewf(JSONDecodeError, "%s: line %d column %d (char %d)", msg, line, col, pos)
	exc.Dict["msg"] = py.String(msg)
	exc.Dict["doc"] = py.String(d.text)
	exc.Dict["pos"] = py.Int(pos)
	exc.Dict["lineno"] = py.Int(line)
	exc.Dict["colno"] = py.Int(col)
	return exc
}

func (d *jsonDecoder) skipSpace(i int) int {
	for i < len(d.doc) && (d.doc[i] == ' ' || d.doc[i] == '\t' || d.doc[i] == '\n' || d.doc[i] == '\r') {
		i++
	}
	return i
}

func (d *jsonDecoder) hasPrefix(i int, s string) bool {
	return strings.HasPrefix(string(d.doc[i:min(len(d.doc), i+len(s))]), s)
}

// value reads the value at i and returns it with the index after it.
func (d *jsonDecoder) value(i int) (py.Object, int, error) {
	if i >= len(d.doc) {
		return nil, i, d.fail("Expecting value", i)
	}
	switch c := d.doc[i]; {
	case c == '"':
		s, j, err := d.str(i + 1)
		return py.String(s), j, err
	case c == '{':
		return d.object(i + 1)
	case c == '[':
		return d.array(i + 1)
	case c == 'n' && d.hasPrefix(i, "null"):
		return py.None, i + 4, nil
	case c == 't' && d.hasPrefix(i, "true"):
		return py.True, i + 4, nil
	case c == 'f' && d.hasPrefix(i, "false"):
		return py.False, i + 5, nil
	case c == 'N' && d.hasPrefix(i, "NaN"):
		return d.constant("NaN", math.NaN(), i+3)
	case c == 'I' && d.hasPrefix(i, "Infinity"):
		return d.constant("Infinity", math.Inf(1), i+8)
	case c == '-' && d.hasPrefix(i, "-Infinity"):
		return d.constant("-Infinity", math.Inf(-1), i+9)
	case c == '-' || (c >= '0' && c <= '9'):
		return d.number(i)
	}
	return nil, i, d.fail("Expecting value", i)
}

func (d *jsonDecoder) constant(name string, f float64, next int) (py.Object, int, error) {
	if d.cst != nil {
		v, err := py.Call(d.cst, py.Tuple{py.String(name)}, nil)
		return v, next, err
	}
	return py.Float(f), next, nil
}

func digitsAt(doc []rune, i int) int {
	for i < len(doc) && doc[i] >= '0' && doc[i] <= '9' {
		i++
	}
	return i
}

func (d *jsonDecoder) number(i int) (py.Object, int, error) {
	start := i
	if d.doc[i] == '-' {
		i++
	}
	switch {
	case i < len(d.doc) && d.doc[i] == '0':
		i++
	case i < len(d.doc) && d.doc[i] >= '1' && d.doc[i] <= '9':
		i = digitsAt(d.doc, i)
	default:
		return nil, start, d.fail("Expecting value", start)
	}
	isFloat := false
	if i+1 < len(d.doc) && d.doc[i] == '.' && d.doc[i+1] >= '0' && d.doc[i+1] <= '9' {
		i = digitsAt(d.doc, i+1)
		isFloat = true
	}
	if i < len(d.doc) && (d.doc[i] == 'e' || d.doc[i] == 'E') {
		j := i + 1
		if j < len(d.doc) && (d.doc[j] == '+' || d.doc[j] == '-') {
			j++
		}
		if k := digitsAt(d.doc, j); k > j {
			i = k
			isFloat = true
		}
	}
	text := string(d.doc[start:i])
	if isFloat {
		if d.parseFloat != nil {
			v, err := py.Call(d.parseFloat, py.Tuple{py.String(text)}, nil)
			return v, i, err
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && !strings.Contains(err.Error(), "range") {
			return nil, i, d.fail("Expecting value", start)
		}
		return py.Float(f), i, nil
	}
	if d.parseInt != nil {
		v, err := py.Call(d.parseInt, py.Tuple{py.String(text)}, nil)
		return v, i, err
	}
	v, err := py.IntFromString(text, 10)
	return v, i, err
}

// str reads a string's body from i (after the opening quote).
func (d *jsonDecoder) str(i int) (string, int, error) {
	begin := i - 1
	var b strings.Builder
	for {
		if i >= len(d.doc) {
			return "", i, d.fail("Unterminated string starting at", begin)
		}
		c := d.doc[i]
		switch {
		case c == '"':
			return b.String(), i + 1, nil
		case c == '\\':
			if i+1 >= len(d.doc) {
				return "", i, d.fail("Unterminated string starting at", begin)
			}
			esc := d.doc[i+1]
			switch esc {
			case '"', '\\', '/':
				b.WriteRune(esc)
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
				r, ok := d.hex4(i + 2)
				if !ok {
					return "", i, d.fail("Invalid \\uXXXX escape", i+1)
				}
				i += 6
				if utf16.IsSurrogate(r) && r < 0xdc00 && d.hasPrefix(i, `\u`) {
					if r2, ok := d.hex4(i + 2); ok && r2 >= 0xdc00 && r2 <= 0xdfff {
						r = utf16.DecodeRune(r, r2)
						i += 6
					}
				}
				b.WriteRune(r)
				continue
			default:
				return "", i, d.fail("Invalid \\escape", i)
			}
			i += 2
		case c < 0x20 && d.strict:
			return "", i, d.fail("Invalid control character at", i)
		default:
			b.WriteRune(c)
			i++
		}
	}
}

func (d *jsonDecoder) hex4(i int) (rune, bool) {
	if i+4 > len(d.doc) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(d.doc[i:i+4]), 16, 32)
	if err != nil || strings.ContainsAny(string(d.doc[i:i+4]), "+-xX_") {
		return 0, false
	}
	return rune(n), true
}

func (d *jsonDecoder) nest() error {
	d.depth++
	if d.depth > py.DefaultRecursionLimit {
		return py.ExceptionNewf(py.RecursionError, "maximum recursion depth exceeded while decoding a JSON document")
	}
	return nil
}

func (d *jsonDecoder) array(i int) (py.Object, int, error) {
	if err := d.nest(); err != nil {
		return nil, i, err
	}
	defer func() { d.depth-- }()
	l := py.NewList()
	i = d.skipSpace(i)
	if i < len(d.doc) && d.doc[i] == ']' {
		return l, i + 1, nil
	}
	for {
		v, j, err := d.value(i)
		if err != nil {
			return nil, j, err
		}
		l.Append(v)
		i = d.skipSpace(j)
		if i < len(d.doc) && d.doc[i] == ']' {
			return l, i + 1, nil
		}
		if i >= len(d.doc) || d.doc[i] != ',' {
			return nil, i, d.fail("Expecting ',' delimiter", i)
		}
		i = d.skipSpace(i + 1)
	}
}

func (d *jsonDecoder) object(i int) (py.Object, int, error) {
	if err := d.nest(); err != nil {
		return nil, i, err
	}
	defer func() { d.depth-- }()
	var pairs []py.Object
	i = d.skipSpace(i)
	if i < len(d.doc) && d.doc[i] == '}' {
		return d.finishObject(pairs, i+1)
	}
	for {
		if i >= len(d.doc) || d.doc[i] != '"' {
			return nil, i, d.fail("Expecting property name enclosed in double quotes", i)
		}
		k, j, err := d.str(i + 1)
		if err != nil {
			return nil, j, err
		}
		i = d.skipSpace(j)
		if i >= len(d.doc) || d.doc[i] != ':' {
			return nil, i, d.fail("Expecting ':' delimiter", i)
		}
		i = d.skipSpace(i + 1)
		v, j, err := d.value(i)
		if err != nil {
			return nil, j, err
		}
		pairs = append(pairs, py.Tuple{py.String(k), v})
		i = d.skipSpace(j)
		if i < len(d.doc) && d.doc[i] == '}' {
			return d.finishObject(pairs, i+1)
		}
		if i >= len(d.doc) || d.doc[i] != ',' {
			return nil, i, d.fail("Expecting ',' delimiter", i)
		}
		i = d.skipSpace(i + 1)
	}
}

func (d *jsonDecoder) finishObject(pairs []py.Object, next int) (py.Object, int, error) {
	if d.pairsHook != nil {
		v, err := py.Call(d.pairsHook, py.Tuple{py.NewListFromItems(pairs)}, nil)
		return v, next, err
	}
	dict := py.NewDictSized(len(pairs))
	for _, p := range pairs {
		kv := p.(py.Tuple)
		dict.SetStr(string(kv[0].(py.String)), kv[1])
	}
	if d.objectHook != nil {
		v, err := py.Call(d.objectHook, py.Tuple{dict}, nil)
		return v, next, err
	}
	return dict, next, nil
}

// jsonLoads is json.loads(s, **kwargs).
func jsonLoads(s py.Object, kwargs py.StringDict) (py.Object, error) {
	var text string
	switch x := py.Unwrap(s).(type) {
	case py.String:
		text = string(x)
	case py.Bytes:
		text = strings.TrimPrefix(string(x), "\ufeff")
	default:
		return nil, py.ExceptionNewf(py.TypeError, "the JSON object must be str, bytes or bytearray, not %s", s.Type().Name)
	}
	d := &jsonDecoder{doc: []rune(text), text: text, strict: true}
	for name, v := range kwargs {
		if v == py.None {
			continue
		}
		switch name {
		case "object_hook":
			d.objectHook = v
		case "object_pairs_hook":
			d.pairsHook = v
		case "parse_float":
			d.parseFloat = v
		case "parse_int":
			d.parseInt = v
		case "parse_constant":
			d.cst = v
		case "strict":
			t, err := py.ObjectIsTrue(v)
			if err != nil {
				return nil, err
			}
			d.strict = t
		case "cls":
		default:
			return nil, py.ExceptionNewf(py.TypeError, "JSONDecoder.__init__() got an unexpected keyword argument '%s'", name)
		}
	}
	if len(d.doc) > 0 && d.doc[0] == '\ufeff' {
		return nil, d.fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0)
	}
	i := d.skipSpace(0)
	v, j, err := d.value(i)
	if err != nil {
		return nil, err
	}
	if end := d.skipSpace(j); end != len(d.doc) {
		return nil, d.fail("Extra data", end)
	}
	return v, nil
}

// jsonDumps is json.dumps(o, **kwargs).
func jsonDumps(o py.Object, kwargs py.StringDict) (string, error) {
	e, err := newJSONEncoder(kwargs)
	if err != nil {
		return "", err
	}
	if err := e.encode(o, 0); err != nil {
		return "", err
	}
	return e.b.String(), nil
}
