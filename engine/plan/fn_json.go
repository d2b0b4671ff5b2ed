package plan

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// get_json_object, json_tuple, json_array_length, json_object_keys and schema_of_json, as
// Spark evaluates them over Jackson: malformed JSON gives NULL, never an error.

func init() {
	register(bindGetJSONObject, "get_json_object")
	register(bindJSONArrayLength, "json_array_length")
	register(bindJSONObjectKeys, "json_object_keys")
	register(bindSchemaOfJSON, "schema_of_json")
	generators["json_tuple"] = bindJSONTuple
}

// A JSON path step, as Spark's JsonPathParser produces them.
type jsonPathStep struct {
	kind  byte // 'k' key, 'n' named, 's' subscript, '*' wildcard, 'i' index
	name  string
	index int64
}

// parseJSONPath is Spark's get_json_object path grammar: $ followed by .name, ['name'],
// [n], [*], .* or ['*']; ok is false for anything else (the result is then NULL).
func parseJSONPath(path string) ([]jsonPathStep, bool) {
	s := strings.TrimLeft(path, " \t\r\n")
	if !strings.HasPrefix(s, "$") {
		return nil, false
	}
	s = s[1:]
	var steps []jsonPathStep
	for {
		s = strings.TrimLeft(s, " \t\r\n")
		switch {
		case s == "":
			return steps, true
		case strings.HasPrefix(s, ".*"):
			steps = append(steps, jsonPathStep{kind: '*'})
			s = s[2:]
		case strings.HasPrefix(s, "['*']"):
			steps = append(steps, jsonPathStep{kind: '*'})
			s = s[5:]
		case s[0] == '.':
			rest := strings.TrimLeft(s[1:], " \t\r\n")
			end := strings.IndexAny(rest, ".[")
			if end < 0 {
				end = len(rest)
			}
			if end == 0 {
				return nil, false
			}
			steps = append(steps, jsonPathStep{kind: 'k'}, jsonPathStep{kind: 'n', name: rest[:end]})
			s = rest[end:]
		case strings.HasPrefix(s, "['"):
			end := strings.IndexByte(s[2:], '\'')
			if end <= 0 || !strings.HasPrefix(s[2+end:], "']") {
				return nil, false
			}
			steps = append(steps, jsonPathStep{kind: 'k'}, jsonPathStep{kind: 'n', name: s[2 : 2+end]})
			s = s[2+end+2:]
		case s[0] == '[':
			inner := strings.TrimLeft(s[1:], " \t\r\n")
			end := strings.IndexByte(inner, ']')
			if end < 0 {
				return nil, false
			}
			tok := strings.TrimRight(inner[:end], " \t\r\n")
			if tok == "*" {
				steps = append(steps, jsonPathStep{kind: 's'}, jsonPathStep{kind: '*'})
			} else {
				for _, c := range tok {
					if c < '0' || c > '9' {
						return nil, false
					}
				}
				n, err := strconv.ParseInt(tok, 10, 64)
				if err != nil {
					return nil, false
				}
				steps = append(steps, jsonPathStep{kind: 's'}, jsonPathStep{kind: 'i', index: n})
			}
			s = inner[end+1:]
		default:
			return nil, false
		}
	}
}

// jsonOut is the part of Jackson's generator get_json_object relies on: commas between
// the values of an open array, raw text written as it is.
type jsonOut struct {
	b      strings.Builder
	counts []int
}

func (g *jsonOut) beforeValue() {
	if n := len(g.counts); n > 0 {
		if g.counts[n-1] > 0 {
			g.b.WriteByte(',')
		}
		g.counts[n-1]++
	}
}
func (g *jsonOut) value(v *jsonValue) { g.beforeValue(); v.writeJSON(&g.b) }
func (g *jsonOut) rawValue(s string)  { g.beforeValue(); g.b.WriteString(s) }
func (g *jsonOut) startArray()        { g.beforeValue(); g.b.WriteByte('['); g.counts = append(g.counts, 0) }
func (g *jsonOut) endArray()          { g.b.WriteByte(']'); g.counts = g.counts[:len(g.counts)-1] }
func (g *jsonOut) raw(s string)       { g.b.WriteString(s) }

type jsonStyle int

const (
	rawStyle jsonStyle = iota
	quotedStyle
	flattenStyle
)

// evalJSONPath writes what path selects in v and reports whether anything matched; the
// cases are Spark's (Hive's) get_json_object rules, wildcard flattening included.
func evalJSONPath(v *jsonValue, g *jsonOut, style jsonStyle, path []jsonPathStep) bool {
	switch {
	case len(path) == 0 && v.kind == jsonString && style == rawStyle:
		g.raw(v.text)
		return true
	case len(path) == 0 && v.kind == jsonArray && style == flattenStyle:
		dirty := false
		for _, it := range v.items {
			dirty = evalJSONPath(it, g, style, nil) || dirty
		}
		return dirty
	case len(path) == 0:
		g.value(v)
		return true
	case v.kind == jsonObject && path[0].kind == 'k':
		for i, k := range v.keys {
			if evalJSONField(k, v.values[i], g, style, path[1:]) {
				return true
			}
		}
		return false
	case v.kind == jsonArray && len(path) >= 4 && path[0].kind == 's' && path[1].kind == '*' && path[2].kind == 's' && path[3].kind == '*':
		dirty := false
		g.startArray()
		for _, it := range v.items {
			dirty = evalJSONPath(it, g, flattenStyle, path[4:]) || dirty
		}
		g.endArray()
		return dirty
	case v.kind == jsonArray && len(path) >= 2 && path[0].kind == 's' && path[1].kind == '*' && style != quotedStyle:
		next := quotedStyle
		if style == flattenStyle {
			next = flattenStyle
		}
		inner := &jsonOut{}
		inner.startArray()
		n := 0
		for _, it := range v.items {
			if evalJSONPath(it, inner, next, path[2:]) {
				n++
			}
		}
		inner.endArray()
		buf := inner.b.String()
		if n > 1 {
			g.rawValue(buf)
		} else if n == 1 {
			g.rawValue(buf[1 : len(buf)-1])
		}
		return n > 0
	case v.kind == jsonArray && len(path) >= 2 && path[0].kind == 's' && path[1].kind == '*':
		dirty := false
		g.startArray()
		for _, it := range v.items {
			dirty = evalJSONPath(it, g, quotedStyle, path[2:]) || dirty
		}
		g.endArray()
		return dirty
	case v.kind == jsonArray && len(path) >= 2 && path[0].kind == 's' && path[1].kind == 'i':
		idx := path[1].index
		if idx >= int64(len(v.items)) {
			return false
		}
		rest := path[2:]
		if len(rest) >= 2 && rest[0].kind == 's' && rest[1].kind == '*' {
			style = quotedStyle // one or more results
		}
		return evalJSONPath(v.items[idx], g, style, rest)
	}
	return false
}

func evalJSONField(key string, v *jsonValue, g *jsonOut, style jsonStyle, path []jsonPathStep) bool {
	switch {
	case len(path) > 0 && path[0].kind == 'n' && path[0].name == key:
		if v.kind == jsonNull {
			return false
		}
		return evalJSONPath(v, g, style, path[1:])
	case len(path) > 0 && path[0].kind == '*':
		return evalJSONPath(v, g, style, path[1:])
	}
	return false
}

func getJSONObject(doc, path string) any {
	steps, ok := parseJSONPath(path)
	if !ok {
		return nil
	}
	v, err := parseFirstJSON(doc)
	if err != nil {
		return nil
	}
	g := &jsonOut{}
	if !evalJSONPath(v, g, rawStyle, steps) {
		return nil
	}
	return g.b.String()
}

func bindGetJSONObject(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	return fn2("get_json_object", args[0], args[1], sqltypes.String, func(_ *EvalContext, a, b any) (any, error) {
		return getJSONObject(a.(string), b.(string)), nil
	}).withNullable(true), nil
}

func bindJSONArrayLength(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("json_array_length", args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
		v, err := parseFirstJSON(a.(string))
		if err != nil || v.kind != jsonArray {
			return nil, nil
		}
		return int32(len(v.items)), nil
	}).withNullable(true), nil
}

func bindJSONObjectKeys(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	return fn1("json_object_keys", args[0], sqltypes.ArrayType{Element: sqltypes.String}, func(_ *EvalContext, a any) (any, error) {
		v, err := parseFirstJSON(a.(string))
		if err != nil || v.kind != jsonObject {
			return nil, nil
		}
		keys := make([]any, len(v.keys))
		for i, k := range v.keys {
			keys[i] = k
		}
		return keys, nil
	}).withNullable(true), nil
}

// bindJSONTuple is json_tuple(json, name, ...): one row of strings c0, c1... holding the
// named top-level fields (a JSON null or a missing field is NULL).
func bindJSONTuple(r *resolver, c Call) (*boundGenerator, error) {
	if len(c.Args) < 2 {
		return nil, wrongArgs("json_tuple", "> 1", len(c.Args))
	}
	args, err := r.bindArgs(c, 2, -1, inString)
	if err != nil {
		return nil, err
	}
	names := args[1:]
	g := &boundGenerator{name: "json_tuple", args: args}
	for i := range names {
		g.fields = append(g.fields, sqltypes.StructField{Name: "c" + strconv.Itoa(i), Type: sqltypes.String, Nullable: true})
	}
	g.gen = func(_ *EvalContext, vals []any, emit func([]any)) error {
		out := make([]any, len(names))
		doc, _ := vals[0].(string)
		v, err := parseFirstJSON(doc)
		if vals[0] == nil || err != nil || v.kind != jsonObject {
			emit(out)
			return nil
		}
		for i, k := range v.keys {
			if v.values[i].kind == jsonNull {
				continue
			}
			for j, n := range vals[1:] {
				if s, ok := n.(string); ok && s == k {
					out[j] = v.values[i].rawText()
				}
			}
		}
		emit(out)
		return nil
	}
	return g, nil
}

// bindSchemaOfJSON is schema_of_json(json literal[, options map]): the type Spark's JSON
// schema inference gives the value, in SQL spelling. Of the options that change inference,
// allowNumericLeadingZeros, allowUnquotedFieldNames and primitivesAsString are honoured; the others are refused by
// name rather than ignored (Spark ignores only options it does not know).
func bindSchemaOfJSON(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2)
	if err != nil {
		return nil, err
	}
	v, ok := literalArg(args[0])
	s, isString := v.(string)
	if !ok || !isString {
		if _, str := args[0].DataType().(sqltypes.StringType); !str {
			return nil, unexpectedInputType(callSQL("schema_of_json", args), "first", args[0].SQL(), args[0].DataType(), `"STRING"`)
		}
		return nil, nonFoldable("json", `"STRING"`, args[0], callSQL("schema_of_json", args))
	}
	p := &jsonParser{s: s}
	asStrings := false
	if len(args) == 2 {
		opts, err := jsonInferenceOptions(args[1])
		if err != nil {
			return nil, err
		}
		p.leadingZeros = opts["allownumericleadingzeros"] == "true"
		p.unquotedKeys = opts["allowunquotedfieldnames"] == "true"
		asStrings = opts["primitivesasstring"] == "true"
	}
	var out string
	if doc, err := p.value(0); err == nil {
		t := inferJSONType(doc)
		if asStrings {
			t = primitivesAsString(t)
		}
		out = canonicalJSONType(t, true).SQL()
	} else {
		out = sqltypes.String.SQL()
	}
	return &boundFunc{name: "schema_of_json", args: args, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.String,
		fn: func(*EvalContext, []any) (any, error) { return out, nil }}, nil
}

// jsonInferenceOptions reads schema_of_json's options (a constant map of strings), keys
// lower-cased as Spark's case-insensitive options.
func jsonInferenceOptions(b Bound) (map[string]string, error) {
	v, ok := literalArg(b)
	m, isMap := v.(*sqltypes.MapValue)
	if !ok || !isMap {
		return nil, analysisErr("INVALID_OPTIONS.NON_MAP_FUNCTION", "Invalid options: Must use the `map()` function for options.")
	}
	out := map[string]string{}
	for i, k := range m.Keys {
		key, _ := k.(string)
		val, _ := m.Values[i].(string)
		key = strings.ToLower(key)
		switch key {
		case "prefersdecimal", "allowcomments", "allownonnumericnumbers",
			"allowbackslashescapinganycharacter", "allowunquotedcontrolchars", "dropfieldifallnull",
			"infertimestamp", "timestampformat", "timestampntzformat", "dateformat":
			return nil, &UnsupportedError{Message: fmt.Sprintf("kafkalab's schema_of_json does not support the option %s yet (it honours allowNumericLeadingZeros, allowUnquotedFieldNames and primitivesAsString); run the script on real Spark with kafkalab export", key)}
		}
		out[key] = strings.ToLower(strings.TrimSpace(val))
	}
	return out, nil
}

// primitivesAsString is the primitivesAsString option: every number and boolean inferred
// as a string.
func primitivesAsString(t sqltypes.DataType) sqltypes.DataType {
	switch x := t.(type) {
	case *sqltypes.StructType:
		fields := make([]sqltypes.StructField, len(x.Fields))
		for i, f := range x.Fields {
			f.Type = primitivesAsString(f.Type)
			fields[i] = f
		}
		return &sqltypes.StructType{Fields: fields}
	case sqltypes.ArrayType:
		x.Element = primitivesAsString(x.Element)
		return x
	case sqltypes.NullType:
		return t
	}
	return sqltypes.String
}

// inferJSONType is JsonInferSchema.inferField with Spark's default options.
func inferJSONType(v *jsonValue) sqltypes.DataType {
	switch v.kind {
	case jsonNull:
		return sqltypes.Null
	case jsonString:
		return sqltypes.String
	case jsonBool:
		return sqltypes.Boolean
	case jsonNumber:
		if v.float {
			return sqltypes.Double
		}
		if _, err := strconv.ParseInt(v.text, 10, 64); err == nil {
			return sqltypes.Long
		}
		digits := strings.TrimLeft(strings.TrimPrefix(v.text, "-"), "0")
		if len(digits) <= 38 {
			return sqltypes.DecimalType{Precision: len(digits), Scale: 0}
		}
		return sqltypes.Double
	case jsonArray:
		var elem sqltypes.DataType = sqltypes.Null
		for _, it := range v.items {
			elem = compatibleJSONType(elem, inferJSONType(it))
		}
		return sqltypes.ArrayType{Element: elem, ContainsNull: true}
	}
	st := &sqltypes.StructType{}
	seen := map[string]int{}
	for i, k := range v.keys {
		t := inferJSONType(v.values[i])
		if j, ok := seen[k]; ok {
			st.Fields[j].Type = compatibleJSONType(st.Fields[j].Type, t)
			continue
		}
		seen[k] = len(st.Fields)
		st.Fields = append(st.Fields, sqltypes.StructField{Name: k, Type: t, Nullable: true})
	}
	sort.SliceStable(st.Fields, func(i, j int) bool { return st.Fields[i].Name < st.Fields[j].Name })
	return st
}

// compatibleJSONType merges two inferred types as JsonInferSchema.compatibleType does.
func compatibleJSONType(a, b sqltypes.DataType) sqltypes.DataType {
	switch {
	case a == nil || isNullType(a):
		return b
	case b == nil || isNullType(b):
		return a
	case sqltypes.EqualTypes(a, b, false):
		return a
	}
	_, aLong := a.(sqltypes.LongType)
	_, bLong := b.(sqltypes.LongType)
	_, aDouble := a.(sqltypes.DoubleType)
	_, bDouble := b.(sqltypes.DoubleType)
	ad, aDec := a.(sqltypes.DecimalType)
	bd, bDec := b.(sqltypes.DecimalType)
	switch {
	case (aLong || aDouble || aDec) && (bLong || bDouble || bDec) && (aDouble || bDouble):
		return sqltypes.Double
	case aDec && bDec:
		scale := max(ad.Scale, bd.Scale)
		digits := max(ad.Precision-ad.Scale, bd.Precision-bd.Scale)
		if digits+scale > 38 {
			return sqltypes.Double
		}
		return sqltypes.DecimalType{Precision: digits + scale, Scale: scale}
	case aLong && bDec:
		return compatibleJSONType(sqltypes.DecimalType{Precision: 20}, b)
	case aDec && bLong:
		return compatibleJSONType(a, sqltypes.DecimalType{Precision: 20})
	}
	as, aStruct := a.(*sqltypes.StructType)
	bs, bStruct := b.(*sqltypes.StructType)
	if aStruct && bStruct {
		out := &sqltypes.StructType{}
		idx := map[string]int{}
		for _, f := range append(append([]sqltypes.StructField(nil), as.Fields...), bs.Fields...) {
			if j, ok := idx[f.Name]; ok {
				out.Fields[j].Type = compatibleJSONType(out.Fields[j].Type, f.Type)
				continue
			}
			idx[f.Name] = len(out.Fields)
			out.Fields = append(out.Fields, f)
		}
		sort.SliceStable(out.Fields, func(i, j int) bool { return out.Fields[i].Name < out.Fields[j].Name })
		return out
	}
	aa, aArr := a.(sqltypes.ArrayType)
	ba, bArr := b.(sqltypes.ArrayType)
	if aArr && bArr {
		return sqltypes.ArrayType{Element: compatibleJSONType(aa.Element, ba.Element), ContainsNull: true}
	}
	return sqltypes.String
}

func isNullType(t sqltypes.DataType) bool { _, ok := t.(sqltypes.NullType); return ok }

// canonicalJSONType turns what inference left NULL into STRING (top: the value itself).
func canonicalJSONType(t sqltypes.DataType, top bool) sqltypes.DataType {
	switch x := t.(type) {
	case sqltypes.NullType:
		return sqltypes.String
	case sqltypes.ArrayType:
		return sqltypes.ArrayType{Element: canonicalJSONType(x.Element, false), ContainsNull: x.ContainsNull}
	case *sqltypes.StructType:
		out := &sqltypes.StructType{}
		for _, f := range x.Fields {
			f.Type = canonicalJSONType(f.Type, false)
			out.Fields = append(out.Fields, f)
		}
		return out
	}
	return t
}
