package pyspark

import (
	"fmt"
	"sort"
	"strconv"

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
	case *pyTime:
		return sqltypes.TimeT, true
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
			// a Row made positionally is a tuple to PySpark: fields _1, _2, ...
			return inferType(py.Tuple(x.values))
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
	// A string beside another atomic value makes the column a string one (PySpark 4's
	// _merge_type); the other values are written as Java prints them (see asInferred).
	if isStringType(a) && isAtomicType(b) || isStringType(b) && isAtomicType(a) {
		return sqltypes.String, true
	}
	return nil, false
}

func isStringType(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.StringType)
	return ok
}

func isAtomicType(t sqltypes.DataType) bool {
	switch t.(type) {
	case sqltypes.ArrayType, sqltypes.MapType, *sqltypes.StructType, sqltypes.NullType:
		return false
	}
	return true
}

// asInferred rewrites the numbers and booleans a merged string type holds as the strings
// Spark stores for them (the JVM's toString: 1, 2.5, true), so rows convert as for a
// string column. Other values are left for the usual conversion to judge.
func asInferred(o py.Object, t sqltypes.DataType) py.Object {
	switch tt := t.(type) {
	case sqltypes.StringType:
		switch x := o.(type) {
		case py.Bool:
			if x {
				return py.String("true")
			}
			return py.String("false")
		case py.Int:
			return py.String(strconv.FormatInt(int64(x), 10))
		case *py.BigInt:
			s, _ := py.StrAsString(x)
			return py.String(s)
		case py.Float:
			return py.String(sqltypes.JavaDoubleString(float64(x)))
		}
	case sqltypes.ArrayType:
		var items []py.Object
		switch x := o.(type) {
		case *py.List:
			items = x.Items
		case py.Tuple:
			items = x
		default:
			return o
		}
		out := make([]py.Object, len(items))
		for i, it := range items {
			out[i] = asInferred(it, tt.Element)
		}
		return py.NewListFromItems(out)
	case *sqltypes.StructType:
		switch x := o.(type) {
		case py.Tuple:
			return py.Tuple(asInferredFields(x, nil, tt))
		case *py.List:
			return py.NewListFromItems(asInferredFields(x.Items, nil, tt))
		case *pyRow:
			return &pyRow{names: x.names, values: asInferredFields(x.values, x.names, tt)}
		}
	}
	return o
}

// asInferredFields is asInferred over a row's values, matched to the fields by name when
// the row has names, else by position.
func asInferredFields(vals []py.Object, names []string, st *sqltypes.StructType) []py.Object {
	out := make([]py.Object, len(vals))
	for i, v := range vals {
		out[i] = v
		var f *sqltypes.StructField
		if names != nil && i < len(names) {
			for j := range st.Fields {
				if st.Fields[j].Name == names[i] {
					f = &st.Fields[j]
				}
			}
		} else if i < len(st.Fields) {
			f = &st.Fields[i]
		}
		if f != nil {
			out[i] = asInferred(v, f.Type)
		}
	}
	return out
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
	return hasNested(rows) || mixedStringColumn(rows)
}

// mixedStringColumn reports a column holding strings beside numbers or booleans: its type
// is inferred by merging, as for nested values.
func mixedStringColumn(rows [][]py.Object) bool {
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	for j := 0; j < width; j++ {
		str, other := false, false
		for _, r := range rows {
			if j >= len(r) {
				continue
			}
			switch r[j].(type) {
			case py.String:
				str = true
			case py.Int, *py.BigInt, py.Float, py.Bool:
				other = true
			}
		}
		if str && other {
			return true
		}
	}
	return false
}
