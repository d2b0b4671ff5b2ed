package python

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// jsonModule has dumps and loads, enough for printing progress or reading a config file.
func jsonModule(in *Interpreter) (*py.ModuleImpl, error) {
	return &py.ModuleImpl{
		Info: py.ModuleInfo{Doc: "JSON encoding and decoding"},
		Methods: []*py.Method{
			NewMethod("dumps", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				if len(args) != 1 {
					return nil, py.ExceptionNewf(py.TypeError, "dumps() takes 1 positional argument but %d were given", len(args))
				}
				s, err := jsonDumps(args[0], kwargs)
				if err != nil {
					return nil, err
				}
				return py.String(s), nil
			}),
			NewMethod("dump", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				if len(args) != 2 {
					return nil, py.ExceptionNewf(py.TypeError, "dump() takes 2 positional arguments but %d were given", len(args))
				}
				s, err := jsonDumps(args[0], kwargs)
				if err != nil {
					return nil, err
				}
				write, err := py.GetAttrString(args[1], "write")
				if err != nil {
					return nil, err
				}
				if _, err := py.Call(write, py.Tuple{py.String(s)}, nil); err != nil {
					return nil, err
				}
				return py.None, nil
			}),
			NewMethod("loads", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				if len(args) != 1 {
					return nil, py.ExceptionNewf(py.TypeError, "loads() takes 1 positional argument but %d were given", len(args))
				}
				return jsonLoads(args[0], kwargs)
			}),
			NewMethod("load", func(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
				if len(args) != 1 {
					return nil, py.ExceptionNewf(py.TypeError, "load() takes 1 positional argument but %d were given", len(args))
				}
				read, err := py.GetAttrString(args[0], "read")
				if err != nil {
					return nil, err
				}
				s, err := py.Call(read, nil, nil)
				if err != nil {
					return nil, err
				}
				return jsonLoads(s, kwargs)
			}),
		},
		Globals: py.StringDict{"JSONDecodeError": JSONDecodeError},
	}, nil
}

// JSONDumps is json.dumps(o) (indent < 0) or json.dumps(o, indent=indent).
func JSONDumps(o py.Object, indent int) (string, error) {
	kwargs := py.StringDict{}
	if indent >= 0 {
		kwargs["indent"] = py.Int(indent)
	}
	return jsonDumps(o, kwargs)
}

// JSONSpacing turns compact JSON into json.dumps's default spacing, ", " and ": ".
func JSONSpacing(s string) string {
	var b strings.Builder
	inStr := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		b.WriteByte(c)
		switch {
		case inStr && c == '\\':
			i++
			if i < len(s) {
				b.WriteByte(s[i])
			}
		case c == '"':
			inStr = !inStr
		case !inStr && (c == ',' || c == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// ToJSON is the value encoding/json writes for a Python value (json.dumps): dicts keep
// their key order.
func ToJSON(o py.Object) (any, error) { return (&jsonWalk{}).value(o) }

// jsonWalk converts Python values for json.dumps, refusing circular references and
// nesting deeper than the recursion limit as CPython's json does.
type jsonWalk struct {
	active []py.Object
}

// JSONObject is a JSON object that keeps its keys in order (a dict's, a Row's fields'):
// encoding/json writes Keys[i]: Vals[i] in turn.
type JSONObject struct {
	Keys []string
	Vals []any
}

func (o JSONObject) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.Keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(o.Vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func (w *jsonWalk) enter(o py.Object) error {
	for _, a := range w.active {
		if py.Is(a, o) {
			return py.ExceptionNewf(py.ValueError, "Circular reference detected")
		}
	}
	if len(w.active) >= py.DefaultRecursionLimit {
		return py.ExceptionNewf(py.RecursionError, "maximum recursion depth exceeded while encoding a JSON object")
	}
	w.active = append(w.active, o)
	return nil
}

func (w *jsonWalk) leave() { w.active = w.active[:len(w.active)-1] }

// jsonKey is the text of a dict key in JSON, as CPython's json writes it.
func jsonKey(k py.Object) (string, error) {
	switch x := k.(type) {
	case py.String:
		return string(x), nil
	case py.Bool:
		if x {
			return "true", nil
		}
		return "false", nil
	case py.NoneType:
		return "null", nil
	case py.Int, *py.BigInt:
		return py.StrAsString(x)
	case py.Float:
		return py.FloatRepr(float64(x)), nil
	}
	return "", py.ExceptionNewf(py.TypeError, "keys must be str, int, float, bool or None, not %s", k.Type().Name)
}

func (w *jsonWalk) value(o py.Object) (any, error) {
	switch x := o.(type) {
	case py.NoneType:
		return nil, nil
	case py.Bool:
		return bool(x), nil
	case py.Int:
		return int64(x), nil
	case *py.BigInt:
		s, err := py.StrAsString(x)
		return json.Number(s), err
	case py.Float:
		return json.Number(py.FloatRepr(float64(x))), nil
	case py.String:
		return string(x), nil
	case *py.Dict, py.StringDict:
		if err := w.enter(o); err != nil {
			return nil, err
		}
		defer w.leave()
		var out JSONObject
		var err error
		add := func(k, v py.Object) bool {
			var ks string
			if ks, err = jsonKey(k); err != nil {
				return false
			}
			var jv any
			if jv, err = w.value(v); err != nil {
				return false
			}
			out.Keys = append(out.Keys, ks)
			out.Vals = append(out.Vals, jv)
			return true
		}
		if d, ok := x.(*py.Dict); ok {
			d.Range(add)
		} else {
			sd := x.(py.StringDict)
			for _, k := range sortedNames(sd) {
				if !add(py.String(k), sd[k]) {
					break
				}
			}
		}
		return out, err
	case *py.List:
		if err := w.enter(o); err != nil {
			return nil, err
		}
		defer w.leave()
		return w.seq(x.Items)
	case py.Tuple:
		if err := w.enter(o); err != nil {
			return nil, err
		}
		defer w.leave()
		return w.seq(x)
	case JSONValuer:
		return x.JSONValue()
	}
	return nil, py.ExceptionNewf(py.TypeError, "Object of type %s is not JSON serializable", o.Type().Name)
}

func (w *jsonWalk) seq(items []py.Object) (any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		v, err := w.value(it)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// JSONValuer is implemented by binding objects json.dumps can write (a Row, a query's
// progress): JSONValue is the value encoding/json writes for them.
type JSONValuer interface{ JSONValue() (any, error) }

// jsonDecode reads one JSON value from dec, objects as dicts in the document's order.
func jsonDecode(dec *json.Decoder) (py.Object, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			d := py.NewDict()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := jsonDecode(dec)
				if err != nil {
					return nil, err
				}
				d.SetStr(kt.(string), v)
			}
			_, err := dec.Token()
			return d, err
		case '[':
			l := py.NewList()
			for dec.More() {
				v, err := jsonDecode(dec)
				if err != nil {
					return nil, err
				}
				l.Append(v)
			}
			_, err := dec.Token()
			return l, err
		}
	}
	return FromJSON(tok), nil
}

// FromJSON is the Python value of a decoded JSON value (json.loads).
func FromJSON(v any) py.Object {
	switch x := v.(type) {
	case nil:
		return py.None
	case bool:
		return py.NewBool(x)
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return py.Int(i)
		}
		f, _ := x.Float64()
		return py.Float(f)
	case float64:
		return py.Float(x)
	// ToJSON gives a Python int as int64 (not json.Number): values built in-process, such as
	// field metadata from alias(metadata=...), come back through here.
	case int64:
		return py.Int(x)
	case int:
		return py.Int(x)
	case string:
		return py.String(x)
	case []any:
		l := py.NewListSized(len(x))
		for i, e := range x {
			l.Items[i] = FromJSON(e)
		}
		return l
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		d := py.NewDictSized(len(x))
		for _, k := range keys {
			d.SetStr(k, FromJSON(x[k]))
		}
		return d
	}
	return py.None
}

// sortedNames orders a namespace's keys (gpython's StringDict keeps no order).
func sortedNames(d py.StringDict) []string {
	keys := make([]string, 0, len(d))
	for k := range d {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// PlainJSON turns the ordered JSON objects ToJSON makes into maps, for Go code that reads
// JSON values (the bindings' column and field metadata).
func PlainJSON(v any) any {
	switch x := v.(type) {
	case JSONObject:
		m := make(map[string]any, len(x.Keys))
		for i, k := range x.Keys {
			m[k] = PlainJSON(x.Vals[i])
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = PlainJSON(e)
		}
		return out
	}
	return v
}
