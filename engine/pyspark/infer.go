package pyspark

import (
	"fmt"
	"sort"

	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Schema inference for createDataFrame rows holding nested values (lists, dicts, Rows,
// tuples), as PySpark's _infer_type and _merge_type do: every row's type is inferred,
// then the rows' types merge (NULL gives way to any type, structs merge by field name).

// hasNested reports whether any row holds a list, dict, Row or tuple value.
func hasNested(rows [][]py.Object) bool {
	for _, r := range rows {
		for _, v := range r {
			switch v.(type) {
			case *py.List, py.Tuple, *pyRow, *py.Dict, py.StringDict:
				return true
			}
		}
	}
	return false
}

// inferType is a Python value's Spark type; ok is false for a value PySpark cannot type.
func inferType(o py.Object) (sqltypes.DataType, bool) {
	switch x := o.(type) {
	case nil, py.NoneType:
		return sqltypes.Null, true
	case py.Bool:
		return sqltypes.Boolean, true
	case py.Int:
		return sqltypes.Long, true
	case py.Float:
		return sqltypes.Double, true
	case py.String:
		return sqltypes.String, true
	case py.Bytes:
		return sqltypes.Binary, true
	case *pyDecimal:
		return sqltypes.DecimalType{Precision: 38, Scale: 18}, true
	case *pyDate:
		return sqltypes.DateT, true
	case *pyDateTime:
		return sqltypes.TimestampT, true
	case *py.List:
		return inferArray(x.Items)
	case py.Tuple:
		names := make([]string, len(x))
		for i := range x {
			names[i] = fmt.Sprintf("_%d", i+1)
		}
		return inferStruct(names, x)
	case *pyRow:
		if x.names == nil {
			return nil, false
		}
		return inferStruct(x.names, x.values)
	case *py.Dict, py.StringDict:
		keys, vals, _ := pyDictItems(x)
		kt, ok := mergeAll(keys)
		if !ok {
			return nil, false
		}
		vt, ok := mergeAll(vals)
		if !ok {
			return nil, false
		}
		return sqltypes.MapType{Key: kt, Value: vt, ValueContainsNull: true}, true
	}
	return nil, false
}

func inferArray(items []py.Object) (sqltypes.DataType, bool) {
	t, ok := mergeAll(items)
	if !ok {
		return nil, false
	}
	return sqltypes.ArrayType{Element: t, ContainsNull: true}, true
}

func inferStruct(names []string, vals []py.Object) (sqltypes.DataType, bool) {
	st := &sqltypes.StructType{}
	for i, n := range names {
		if i >= len(vals) {
			break
		}
		t, ok := inferType(vals[i])
		if !ok {
			return nil, false
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: n, Type: t, Nullable: true})
	}
	return st, true
}

// mergeAll is the merged type of several values (NULL for none).
func mergeAll(vals []py.Object) (sqltypes.DataType, bool) {
	var t sqltypes.DataType = sqltypes.Null
	for _, v := range vals {
		vt, ok := inferType(v)
		if !ok {
			return nil, false
		}
		if t, ok = mergeTypes(t, vt); !ok {
			return nil, false
		}
	}
	return t, true
}

// mergeTypes is PySpark's _merge_type: NULL gives way, equal types stay, arrays, maps and
// structs merge inside; anything else cannot merge.
func mergeTypes(a, b sqltypes.DataType) (sqltypes.DataType, bool) {
	if _, ok := a.(sqltypes.NullType); ok {
		return b, true
	}
	if _, ok := b.(sqltypes.NullType); ok {
		return a, true
	}
	switch x := a.(type) {
	case sqltypes.ArrayType:
		y, ok := b.(sqltypes.ArrayType)
		if !ok {
			return nil, false
		}
		e, ok := mergeTypes(x.Element, y.Element)
		return sqltypes.ArrayType{Element: e, ContainsNull: true}, ok
	case sqltypes.MapType:
		y, ok := b.(sqltypes.MapType)
		if !ok {
			return nil, false
		}
		k, ok1 := mergeTypes(x.Key, y.Key)
		v, ok2 := mergeTypes(x.Value, y.Value)
		return sqltypes.MapType{Key: k, Value: v, ValueContainsNull: true}, ok1 && ok2
	case *sqltypes.StructType:
		y, ok := b.(*sqltypes.StructType)
		if !ok {
			return nil, false
		}
		out := &sqltypes.StructType{}
		for _, f := range x.Fields {
			nf := f
			for _, g := range y.Fields {
				if g.Name == f.Name {
					t, ok := mergeTypes(f.Type, g.Type)
					if !ok {
						return nil, false
					}
					nf.Type = t
				}
			}
			out.Fields = append(out.Fields, nf)
		}
		for _, g := range y.Fields {
			found := false
			for _, f := range x.Fields {
				found = found || f.Name == g.Name
			}
			if !found {
				out.Fields = append(out.Fields, g)
			}
		}
		return out, true
	}
	if sqltypes.EqualTypes(a, b, true) {
		return a, true
	}
	return nil, false
}

// hasNullType reports a NULL type left anywhere in a merged type: PySpark refuses to
// create the DataFrame then (CANNOT_DETERMINE_TYPE).
func hasNullType(t sqltypes.DataType) bool {
	switch x := t.(type) {
	case sqltypes.NullType:
		return true
	case sqltypes.ArrayType:
		return hasNullType(x.Element)
	case sqltypes.MapType:
		return hasNullType(x.Key) || hasNullType(x.Value)
	case *sqltypes.StructType:
		for _, f := range x.Fields {
			if hasNullType(f.Type) {
				return true
			}
		}
	}
	return false
}

// inferNestedSchema is the schema of rows with nested values (names given, from the first
// Row, dicts' sorted keys, or _1, _2, ...); ok is false when a value cannot be typed.
func inferNestedSchema(items []py.Object, names []string) (*sqltypes.StructType, bool, error) {
	var st sqltypes.DataType = sqltypes.Null
	for _, it := range items {
		var rowNames []string
		var vals []py.Object
		switch x := it.(type) {
		case *pyRow:
			vals, rowNames = x.values, x.names
		case py.Tuple:
			vals = x
		case *py.List:
			vals = x.Items
		case py.StringDict, *py.Dict:
			d, keys, ok := pyStrDict(x)
			if !ok {
				return nil, false, nil
			}
			sort.Strings(keys)
			rowNames = keys
			for _, k := range keys {
				vals = append(vals, d[k])
			}
		default:
			return nil, false, nil
		}
		if names != nil {
			rowNames = names
		}
		if rowNames == nil {
			for j := range vals {
				rowNames = append(rowNames, fmt.Sprintf("_%d", j+1))
			}
		}
		t, ok := inferStruct(rowNames, vals)
		if !ok {
			return nil, false, nil
		}
		if st, ok = mergeTypes(st, t); !ok {
			return nil, false, nil
		}
	}
	out, ok := st.(*sqltypes.StructType)
	if !ok {
		return nil, false, nil
	}
	if hasNullType(out) {
		return nil, true, raise(sparkerrors.PySparkValueError, "CANNOT_DETERMINE_TYPE")
	}
	return out, true, nil
}

// nestedRows reports whether createDataFrame's rows hold nested values.
func nestedRows(items []py.Object) bool {
	rows := make([][]py.Object, 0, len(items))
	for _, it := range items {
		switch x := it.(type) {
		case *pyRow:
			rows = append(rows, x.values)
		case py.Tuple:
			rows = append(rows, x)
		case *py.List:
			rows = append(rows, x.Items)
		case py.StringDict, *py.Dict:
			_, vals, _ := pyDictItems(x)
			rows = append(rows, vals)
		}
	}
	return hasNested(rows)
}
