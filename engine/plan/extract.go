package plan

import (
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// resolveExtractValue binds child[key] by the child's type, as Spark's ExtractValue does: a
// struct takes a string literal naming a field, an array of structs a field name (giving the
// array of that field), an array an integral index and a map a key of its key type.
func (r *resolver) resolveExtractValue(e ExtractValue) (Bound, error) {
	child, err := r.resolve(e.Child)
	if err != nil {
		return nil, err
	}
	key, err := r.resolve(e.Key)
	if err != nil {
		return nil, err
	}
	name, isName := stringLiteralKey(key)
	switch t := child.DataType().(type) {
	case *sqltypes.StructType:
		if !isName {
			return nil, analysisErr("INVALID_EXTRACT_FIELD_TYPE",
				"Field name should be a non-null string literal, but it's %s.", quoteSQL(key.SQL()))
		}
		b, err := r.fieldOf(child, name)
		if err != nil {
			return nil, err
		}
		f := b.(*boundField)
		f.extracted = true
		return f, nil
	case sqltypes.ArrayType:
		if st, ok := t.Element.(*sqltypes.StructType); ok && isName {
			return r.arrayStructField(child, st, t.ContainsNull, name)
		}
		return arrayItem(child, key)
	case sqltypes.MapType:
		k := castTo(key, t.Key)
		return fn2("map_value", child, k, t.Value, func(_ *EvalContext, m, kv any) (any, error) {
			mv := m.(*sqltypes.MapValue)
			for i, x := range mv.Keys {
				if compareValues(x, kv, t.Key) == 0 {
					return mv.Values[i], nil
				}
			}
			return nil, nil
		}).withNullable(true).withSQLText(child.SQL() + "[" + key.SQL() + "]"), nil
	}
	return nil, analysisErr("INVALID_EXTRACT_BASE_FIELD_TYPE",
		"Can't extract a value from %s. Need a complex type [STRUCT, ARRAY, MAP] but got %s.",
		quoteSQL(child.SQL()), quoteSQL(child.DataType().SQL()))
}

// stringLiteralKey is the key of child[key] when it is a non-null string literal.
func stringLiteralKey(key Bound) (string, bool) {
	if l, ok := unzoned(key).(*boundLit); ok {
		if s, ok := l.value.(string); ok {
			return s, true
		}
	}
	return "", false
}

// arrayItem is arr[i]: 0-based; an index out of range is INVALID_ARRAY_INDEX under ANSI (the
// default), NULL without it.
func arrayItem(child, key Bound) (Bound, error) {
	sql := child.SQL() + "[" + key.SQL() + "]"
	switch key.DataType().(type) {
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
	default:
		return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The second parameter requires the %s type, however %s has the type %s.",
			quoteSQL(sql), quoteSQL("INTEGRAL"), quoteSQL(key.SQL()), quoteSQL(key.DataType().SQL()))
	}
	elem := child.DataType().(sqltypes.ArrayType).Element
	return fn2("array_item", child, key, elem, func(ec *EvalContext, a, i any) (any, error) {
		xs, n := a.([]any), toInt64(i)
		if n < 0 || n >= int64(len(xs)) {
			if !ec.Ansi {
				return nil, nil
			}
			return nil, arrayIndexError("INVALID_ARRAY_INDEX", int(n), len(xs))
		}
		return xs[n], nil
	}).withNullable(true).withSQLText(sql), nil
}

// arrayStructField is arr.field on an array of structs: the array of each element's field.
func (r *resolver) arrayStructField(child Bound, st *sqltypes.StructType, containsNull bool, name string) (Bound, error) {
	idx := -1
	for i, f := range st.Fields {
		if r.scope.eq(f.Name, name) {
			idx = i
			break
		}
	}
	if idx < 0 {
		// fieldOf words the missing-field error as Spark does.
		_, err := r.fieldOf(&boundLit{typ: st}, name)
		return nil, err
	}
	f := st.Fields[idx]
	typ := sqltypes.ArrayType{Element: f.Type, ContainsNull: containsNull || f.Nullable}
	return fn1("array_struct_field", child, typ, func(_ *EvalContext, a any) (any, error) {
		xs := a.([]any)
		out := make([]any, len(xs))
		for i, x := range xs {
			if x != nil {
				out[i] = x.(sqltypes.Row)[idx]
			}
		}
		return out, nil
	}).withSQLText(child.SQL() + "." + f.Name), nil
}
