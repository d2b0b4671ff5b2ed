package pyspark

import (
	"encoding/json"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A data type's JSON form as Python values: dataType.jsonValue() and the class methods
// StructType.fromJson / StructField.fromJson, which a learner uses to keep a schema in a
// file (json.dumps(schema.jsonValue()) and back).
func init() {
	python.DefMethod(dataTypeBase, "jsonValue", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		dec := json.NewDecoder(strings.NewReader(sqltypes.TypeJSON(self.(*pyDataType).t)))
		dec.UseNumber()
		return orderedJSON(dec)
	})
	python.DefMethod(structClass, "fromJson", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		// StructType.fromJson(d) calls with the dict as self; schema.fromJson(d) with it in args.
		src := self
		if len(args) == 1 {
			src = args[0]
		}
		return dataTypeFromJSONValue(src)
	})
}

// orderedJSON reads one JSON value into Python values, an object's keys in the order they
// come (PySpark's jsonValue dicts list "type" first, as the JSON does).
func orderedJSON(dec *json.Decoder) (py.Object, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			var items []py.Object
			for dec.More() {
				v, err := orderedJSON(dec)
				if err != nil {
					return nil, err
				}
				items = append(items, v)
			}
			_, err := dec.Token() // ]
			return py.NewListFromItems(items), err
		}
		d := py.NewDict()
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := orderedJSON(dec)
			if err != nil {
				return nil, err
			}
			d.SetStr(k.(string), v)
		}
		_, err := dec.Token() // }
		return d, err
	case string:
		return py.String(t), nil
	case bool:
		return py.NewBool(t), nil
	case json.Number:
		if n, err := t.Int64(); err == nil {
			return py.Int(n), nil
		}
		f, err := t.Float64()
		return py.Float(f), err
	}
	return py.None, nil
}

// dataTypeFromJSONValue reads a type from its jsonValue() form.
func dataTypeFromJSONValue(o py.Object) (py.Object, error) {
	v, err := pyToJSONValue(o)
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	t, err := sqltypes.ParseDataTypeJSON(string(raw))
	if err != nil {
		return nil, py.ExceptionNewf(py.ValueError, "not a Spark data type's JSON (%s): %v", raw, err)
	}
	return wrapDataType(t), nil
}

// pyToJSONValue turns dicts, lists, strings, numbers, booleans and None into Go values
// encoding/json writes.
func pyToJSONValue(o py.Object) (any, error) {
	switch x := o.(type) {
	case *py.Dict:
		m := make(map[string]any, x.Len())
		for _, k := range x.Keys() {
			ks, ok := k.(py.String)
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "a data type's JSON has string keys, not %s", k.Type().Name)
			}
			v, _, err := x.GetItem(k)
			if err != nil {
				return nil, err
			}
			if m[string(ks)], err = pyToJSONValue(v); err != nil {
				return nil, err
			}
		}
		return m, nil
	case *py.List:
		return pyItemsToJSON(x.Items)
	case py.Tuple:
		return pyItemsToJSON(x)
	case py.String:
		return string(x), nil
	case py.Bool:
		return bool(x), nil
	case py.Int:
		return int64(x), nil
	case py.Float:
		return float64(x), nil
	case py.NoneType:
		return nil, nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "a data type's JSON holds dicts, lists, strings, numbers and booleans, not %s", o.Type().Name)
}

func pyItemsToJSON(items []py.Object) (any, error) {
	out := make([]any, len(items))
	for i, it := range items {
		v, err := pyToJSONValue(it)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
