package plan

import (
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Array and map functions. Arrays are []any, maps *sqltypes.MapValue (keys in insertion
// order). Element comparisons follow Spark's ordering (NaN is one value, NULL is skipped or
// kept as each function says).

func init() {
	register(bindArray, "array")
	register(bindCreateMap, "map")
	register(bindSize("size"), "size", "cardinality")
	register(bindSize("array_size"), "array_size")
	register(bindArrayContains, "array_contains")
	register(bindArrayPosition, "array_position")
	register(bindArrayDistinct, "array_distinct")
	register(bindArraySetOp("array_except"), "array_except")
	register(bindArraySetOp("array_intersect"), "array_intersect")
	register(bindArraySetOp("array_union"), "array_union")
	register(bindArraysOverlap, "arrays_overlap")
	register(bindArrayJoin, "array_join")
	register(bindArrayExtreme("array_max", 1), "array_max")
	register(bindArrayExtreme("array_min", -1), "array_min")
	register(bindArrayRemove, "array_remove")
	register(bindArrayRepeat, "array_repeat")
	register(bindSortArray, "sort_array")
	register(bindArraySort, "array_sort")
	register(bindArrayAppend(false), "array_append")
	register(bindArrayAppend(true), "array_prepend")
	register(bindArrayInsert, "array_insert")
	register(bindArrayCompact, "array_compact")
	register(bindArraysZip, "arrays_zip")
	register(bindElementAt("element_at", false), "element_at")
	register(bindElementAt("try_element_at", true), "try_element_at")
	register(bindGet, "get")
	register(bindSlice, "slice")
	register(bindFlatten, "flatten")
	register(bindSequence, "sequence")
	register(bindShuffle, "shuffle")
	register(bindMapKeys(true), "map_keys")
	register(bindMapKeys(false), "map_values")
	register(bindMapEntries, "map_entries")
	register(bindMapContainsKey, "map_contains_key")
	register(bindMapFromArrays, "map_from_arrays")
	register(bindMapFromEntries, "map_from_entries")
	register(bindMapConcat, "map_concat")
}

func bindArray(r *resolver, c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	cast, t, err := commonType("array", args)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		t = sqltypes.Null
	}
	return &boundFunc{name: "array", args: cast, sqlArgs: sqlOf(args), typ: sqltypes.ArrayType{Element: t, ContainsNull: anyNullable(args)},
		fn: func(_ *EvalContext, v []any) (any, error) { return append([]any(nil), v...), nil }}, nil
}

func bindCreateMap(r *resolver, c Call) (Bound, error) {
	if len(c.Args)%2 != 0 {
		return nil, wrongArgs("map", "2n (n > 0)", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	var ks, vs []Bound
	for i := 0; i < len(args); i += 2 {
		ks = append(ks, args[i])
		vs = append(vs, args[i+1])
	}
	ks, kt, err := commonType("map", ks)
	if err != nil {
		return nil, err
	}
	vs, vt, err := commonType("map", vs)
	if err != nil {
		return nil, err
	}
	all := make([]Bound, 0, len(args))
	for i := range ks {
		all = append(all, ks[i], vs[i])
	}
	typ := sqltypes.MapType{Key: kt, Value: vt, ValueContainsNull: anyNullable(vs)}
	return &boundFunc{name: "map", args: all, sqlArgs: sqlOf(args), typ: typ,
		fn: func(ec *EvalContext, v []any) (any, error) {
			return buildMap(ec, v, kt)
		}}, nil
}

// buildMap makes a map of alternating keys and values: a NULL key is NULL_MAP_KEY, a
// repeated one DUPLICATED_MAP_KEY (spark.sql.mapKeyDedupPolicy=EXCEPTION), or under
// LAST_WIN the later value replaces the earlier in the key's first place, as Spark's map
// builder does.
func buildMap(ec *EvalContext, kv []any, kt sqltypes.DataType) (*sqltypes.MapValue, error) {
	m := &sqltypes.MapValue{}
	var seen map[string]int
	for i := 0; i < len(kv); i += 2 {
		if kv[i] == nil {
			return nil, nullMapKey()
		}
		if seen == nil {
			seen = map[string]int{}
		}
		k := keyOf(kv[i:i+1], []sqltypes.DataType{kt})
		if at, dup := seen[k]; dup {
			if ec == nil || !ec.MapKeyLastWin {
				return nil, duplicateMapKey(sqltypes.FormatValue(kv[i], kt, nil))
			}
			m.Values[at] = kv[i+1]
			continue
		}
		seen[k] = len(m.Keys)
		m.Keys = append(m.Keys, kv[i])
		m.Values = append(m.Values, kv[i+1])
	}
	return m, nil
}

func bindSize(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		switch args[0].DataType().(type) {
		case sqltypes.ArrayType:
		case sqltypes.MapType:
			if name == "array_size" {
				return nil, unexpectedInput(callSQL(name, args), 0, inArray, args[0])
			}
		default:
			return nil, unexpectedInput(callSQL(strings.ToLower(c.Name), args), 0, inArray, args[0])
		}
		return fn1(strings.ToLower(c.Name), args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
			switch x := a.(type) {
			case []any:
				return int32(len(x)), nil
			case *sqltypes.MapValue:
				return int32(len(x.Keys)), nil
			}
			return nil, nil
		}), nil
	}
}

// elementArgs binds (array, value) with the value cast to the element type (or both to a
// common type).
func elementArgs(r *resolver, c Call, name string) (Bound, Bound, sqltypes.DataType, error) {
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, nil, nil, err
	}
	at, err := arrayArg(name, args, 0)
	if err != nil {
		return nil, nil, nil, err
	}
	t, ok := wider(at.Element, args[1].DataType())
	if !ok {
		return nil, nil, nil, analysisErr("DATATYPE_MISMATCH.ARRAY_FUNCTION_DIFF_TYPES",
			"Cannot resolve %s due to data type mismatch: Input to `%s` should have been \"ARRAY\" followed by a value with same element type, but it's [%s, %s].",
			quoteSQL(callSQL(name, args)), name, quoteSQL(args[0].DataType().SQL()), quoteSQL(args[1].DataType().SQL()))
	}
	return castTo(args[0], sqltypes.ArrayType{Element: t, ContainsNull: at.ContainsNull}), castTo(args[1], t), t, nil
}

func bindArrayContains(r *resolver, c Call) (Bound, error) {
	arr, v, t, err := elementArgs(r, c, "array_contains")
	if err != nil {
		return nil, err
	}
	return fn2("array_contains", arr, v, sqltypes.Boolean, func(_ *EvalContext, a, x any) (any, error) {
		sawNull := false
		for _, e := range a.([]any) {
			if e == nil {
				sawNull = true
				continue
			}
			if compareValues(e, x, t) == 0 {
				return true, nil
			}
		}
		if sawNull {
			return nil, nil
		}
		return false, nil
	}).withNullable(true).withSQL(sqlOf(mustResolveAll(r, c))...), nil
}

// mustResolveAll re-resolves a call's arguments for printing (they resolved once already).
func mustResolveAll(r *resolver, c Call) []Bound {
	out, _ := r.resolveAll(c.Args)
	return out
}

func bindArrayPosition(r *resolver, c Call) (Bound, error) {
	arr, v, t, err := elementArgs(r, c, "array_position")
	if err != nil {
		return nil, err
	}
	return fn2("array_position", arr, v, sqltypes.Long, func(_ *EvalContext, a, x any) (any, error) {
		for i, e := range a.([]any) {
			if e != nil && compareValues(e, x, t) == 0 {
				return int64(i + 1), nil
			}
		}
		return int64(0), nil
	}).withSQL(sqlOf(mustResolveAll(r, c))...), nil
}

// distinctValues keeps the first of equal elements (NULL counts once).
func distinctValues(a []any, t sqltypes.DataType) []any {
	out := []any{}
	seen := map[string]bool{}
	sawNull := false
	for _, e := range a {
		if e == nil {
			if !sawNull {
				sawNull = true
				out = append(out, nil)
			}
			continue
		}
		k := keyOf([]any{e}, []sqltypes.DataType{t})
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

func bindArrayDistinct(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("array_distinct", args, 0)
	if err != nil {
		return nil, err
	}
	return fn1("array_distinct", args[0], at, func(_ *EvalContext, a any) (any, error) {
		return distinctValues(a.([]any), at.Element), nil
	}), nil
}

func bindArraySetOp(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2)
		if err != nil {
			return nil, err
		}
		if _, err := arrayArg(name, args, 0); err != nil {
			return nil, err
		}
		if _, err := arrayArg(name, args, 1); err != nil {
			return nil, err
		}
		cast, t, err := commonType(name, args)
		if err != nil {
			return nil, err
		}
		at := t.(sqltypes.ArrayType)
		et := at.Element
		return fn2(name, cast[0], cast[1], at, func(_ *EvalContext, a, b any) (any, error) {
			x, y := a.([]any), b.([]any)
			inY := map[string]bool{}
			yNull := false
			for _, e := range y {
				if e == nil {
					yNull = true
					continue
				}
				inY[keyOf([]any{e}, []sqltypes.DataType{et})] = true
			}
			has := func(e any) bool {
				if e == nil {
					return yNull
				}
				return inY[keyOf([]any{e}, []sqltypes.DataType{et})]
			}
			switch name {
			case "array_union":
				return distinctValues(append(append([]any(nil), x...), y...), et), nil
			case "array_intersect":
				out := []any{}
				for _, e := range distinctValues(x, et) {
					if has(e) {
						out = append(out, e)
					}
				}
				return out, nil
			}
			out := []any{}
			for _, e := range distinctValues(x, et) {
				if !has(e) {
					out = append(out, e)
				}
			}
			return out, nil
		}).withSQL(sqlOf(args)...), nil
	}
}

func bindArraysOverlap(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, err
	}
	cast, t, err := commonType("arrays_overlap", args)
	if err != nil {
		return nil, err
	}
	at, ok := t.(sqltypes.ArrayType)
	if !ok {
		return nil, unexpectedInput(callSQL("arrays_overlap", args), 0, inArray, args[0])
	}
	return fn2("arrays_overlap", cast[0], cast[1], sqltypes.Boolean, func(_ *EvalContext, a, b any) (any, error) {
		x, y := a.([]any), b.([]any)
		seen := map[string]bool{}
		sawNull := false
		for _, e := range x {
			if e == nil {
				sawNull = true
				continue
			}
			seen[keyOf([]any{e}, []sqltypes.DataType{at.Element})] = true
		}
		for _, e := range y {
			if e == nil {
				sawNull = true
				continue
			}
			if seen[keyOf([]any{e}, []sqltypes.DataType{at.Element})] {
				return true, nil
			}
		}
		if sawNull && len(x) > 0 && len(y) > 0 {
			return nil, nil
		}
		return false, nil
	}).withNullable(true).withSQL(sqlOf(args)...), nil
}

func bindArrayJoin(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3)
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("array_join", args, 0)
	if err != nil {
		return nil, err
	}
	if !isString(at.Element) {
		args[0] = castTo(args[0], sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: at.ContainsNull})
	}
	for i := 1; i < len(args); i++ {
		b, ok := coerceTo(args[i], inString)
		if !ok {
			return nil, unexpectedInput(callSQL("array_join", args), i, inString, args[i])
		}
		args[i] = b
	}
	return fnN("array_join", args, sqltypes.String, func(_ *EvalContext, v []any) (any, error) {
		var b strings.Builder
		first := true
		for _, e := range v[0].([]any) {
			s, ok := e.(string)
			if !ok {
				if len(v) < 3 {
					continue
				}
				s = v[2].(string)
			}
			if !first {
				b.WriteString(v[1].(string))
			}
			first = false
			b.WriteString(s)
		}
		return b.String(), nil
	}), nil
}

func bindArrayExtreme(name string, sign int) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		at, err := arrayArg(name, args, 0)
		if err != nil {
			return nil, err
		}
		return fn1(name, args[0], at.Element, func(_ *EvalContext, a any) (any, error) {
			var best any
			for _, e := range a.([]any) {
				if e != nil && (best == nil || compareValues(e, best, at.Element)*sign > 0) {
					best = e
				}
			}
			return best, nil
		}).withNullable(true), nil
	}
}

func bindArrayRemove(r *resolver, c Call) (Bound, error) {
	arr, v, t, err := elementArgs(r, c, "array_remove")
	if err != nil {
		return nil, err
	}
	return fn2("array_remove", arr, v, arr.DataType(), func(_ *EvalContext, a, x any) (any, error) {
		out := []any{}
		for _, e := range a.([]any) {
			if e == nil || compareValues(e, x, t) != 0 {
				out = append(out, e)
			}
		}
		return out, nil
	}).withSQL(sqlOf(mustResolveAll(r, c))...), nil
}

func bindArrayRepeat(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inAny, inInt)
	if err != nil {
		return nil, err
	}
	a := args[0]
	return &boundFunc{name: "array_repeat", args: args, typ: sqltypes.ArrayType{Element: a.DataType(), ContainsNull: a.Nullable()}, nullable: args[1].Nullable(),
		fn2: func(_ *EvalContext, v, n any) (any, error) {
			if n == nil {
				return nil, nil
			}
			k := int(n.(int32))
			out := make([]any, max(k, 0))
			for i := range out {
				out[i] = v
			}
			return out, nil
		}}, nil
}

func bindSortArray(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 1 {
		c.Args = append(c.Args, Literal{Value: true, Type: sqltypes.Boolean})
	}
	args, err := r.bindArgs(c, 2, 2, inArray, inBoolean)
	if err != nil {
		return nil, err
	}
	at := args[0].DataType().(sqltypes.ArrayType)
	asc, err := boolLiteralArg("sort_array", "ascendingOrder", args[1])
	if err != nil {
		return nil, err
	}
	return fn1("sort_array", args[0], at, func(_ *EvalContext, a any) (any, error) {
		return sortArray(a.([]any), at.Element, asc, asc), nil
	}).withSQL(args[0].SQL(), args[1].SQL()), nil
}

func bindArrayAppend(prepend bool) binder {
	name := "array_append"
	if prepend {
		name = "array_prepend"
	}
	return func(r *resolver, c Call) (Bound, error) {
		arr, v, _, err := elementArgs(r, c, name)
		if err != nil {
			return nil, err
		}
		at := arr.DataType().(sqltypes.ArrayType)
		at.ContainsNull = at.ContainsNull || v.Nullable()
		return &boundFunc{name: name, args: []Bound{arr, v}, typ: at, nullable: arr.Nullable(), sqlArgs: sqlOf(mustResolveAll(r, c)),
			fn2: func(_ *EvalContext, a, x any) (any, error) {
				xs, ok := a.([]any)
				if !ok {
					return nil, nil
				}
				if prepend {
					return append([]any{x}, xs...), nil
				}
				return append(append([]any(nil), xs...), x), nil
			}}, nil
	}
}

// bindArrayInsert is array_insert(arr, pos, value): 1-based; a negative pos counts from
// the end (-1 appends); a position past the end pads with NULLs.
func bindArrayInsert(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 3 {
		return nil, wrongArgs("array_insert", "3", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	arr, v, _, err := elementArgs(r, Call{Name: "array_insert", Args: []Expr{c.Args[0], c.Args[2]}}, "array_insert")
	if err != nil {
		return nil, err
	}
	pos, ok := coerceTo(args[1], inInt)
	if !ok {
		return nil, unexpectedInput(callSQL("array_insert", args), 1, inInt, args[1])
	}
	at := arr.DataType().(sqltypes.ArrayType)
	at.ContainsNull = true
	return &boundFunc{name: "array_insert", args: []Bound{arr, pos, v}, typ: at, nullable: arr.Nullable() || pos.Nullable(), sqlArgs: sqlOf(args),
		fn3: func(ec *EvalContext, a, p, x any) (any, error) {
			xs, ok := a.([]any)
			if !ok || p == nil {
				return nil, nil
			}
			i := int(p.(int32))
			if i == 0 {
				return nil, &sparkerrors.Error{Kind: sparkerrors.ArrayIndexOutOfBoundsException, Class: "INVALID_INDEX_OF_ZERO", Message: "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1)."}
			}
			if i > 0 {
				i--
				if i > len(xs) {
					out := append(append([]any(nil), xs...), make([]any, i-len(xs))...)
					return append(out, x), nil
				}
			} else {
				i = len(xs) + i + 1
				if i < 0 {
					out := append([]any{x}, make([]any, -i)...)
					return append(out, xs...), nil
				}
			}
			out := make([]any, 0, len(xs)+1)
			out = append(out, xs[:i]...)
			out = append(out, x)
			return append(out, xs[i:]...), nil
		}}, nil
}

func bindArrayCompact(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("array_compact", args, 0)
	if err != nil {
		return nil, err
	}
	at.ContainsNull = false
	return fn1("array_compact", args[0], at, func(_ *EvalContext, a any) (any, error) {
		out := []any{}
		for _, e := range a.([]any) {
			if e != nil {
				out = append(out, e)
			}
		}
		return out, nil
	}), nil
}

// bindArraysZip is arrays_zip(a, b, ...): structs of the i-th elements, the shorter arrays
// padded with NULLs; fields are named after the arrays' columns (0, 1... otherwise).
func bindArraysZip(r *resolver, c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	st := &sqltypes.StructType{}
	for i, a := range args {
		at, err := arrayArg("arrays_zip", args, i)
		if err != nil {
			return nil, err
		}
		name := itoa(i)
		if isNamed(a) {
			name = OutputName(a)
		}
		st.Fields = append(st.Fields, sqltypes.StructField{Name: name, Type: at.Element, Nullable: true})
	}
	return fnN("arrays_zip", args, sqltypes.ArrayType{Element: st}, func(_ *EvalContext, v []any) (any, error) {
		n := 0
		for _, x := range v {
			n = max(n, len(x.([]any)))
		}
		out := make([]any, n)
		for i := range out {
			row := make(sqltypes.Row, len(v))
			for j, x := range v {
				if xs := x.([]any); i < len(xs) {
					row[j] = xs[i]
				}
			}
			out[i] = row
		}
		return out, nil
	}), nil
}

func arrayIndexError(class string, idx, n int) error {
	msg := fmt.Sprintf("The index %d is out of bounds. The array has %d elements. Use `try_element_at` to tolerate accessing element at invalid index and return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.", idx, n)
	if class == "INVALID_ARRAY_INDEX" {
		msg = fmt.Sprintf("The index %d is out of bounds. The array has %d elements. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead.", idx, n)
	}
	return &sparkerrors.Error{Kind: sparkerrors.ArrayIndexOutOfBoundsException, Class: class, Message: msg}
}

// bindElementAt is element_at(arr, i) (1-based, negative from the end) or element_at(map,
// key); out of range is an error in ANSI mode, NULL for try_element_at.
func bindElementAt(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2)
		if err != nil {
			return nil, err
		}
		switch t := args[0].DataType().(type) {
		case sqltypes.MapType:
			key := castTo(args[1], t.Key)
			return fn2(name, args[0], key, t.Value, func(_ *EvalContext, m, k any) (any, error) {
				mv := m.(*sqltypes.MapValue)
				for i, x := range mv.Keys {
					if compareValues(x, k, t.Key) == 0 {
						return mv.Values[i], nil
					}
				}
				return nil, nil
			}).withNullable(true).withSQL(sqlOf(args)...), nil
		case sqltypes.ArrayType:
			idx, ok := coerceTo(args[1], inInt)
			if !ok {
				return nil, unexpectedInput(callSQL(name, args), 1, inInt, args[1])
			}
			return fn2(name, args[0], idx, t.Element, func(ec *EvalContext, a, i any) (any, error) {
				xs, n := a.([]any), int(i.(int32))
				switch {
				case n == 0:
					if try {
						return nil, nil
					}
					return nil, &sparkerrors.Error{Kind: sparkerrors.ArrayIndexOutOfBoundsException, Class: "INVALID_INDEX_OF_ZERO", Message: "The index 0 is invalid. An index shall be either < 0 or > 0 (the first element has index 1)."}
				case n > len(xs) || -n > len(xs):
					if try || !ec.Ansi {
						return nil, nil
					}
					return nil, arrayIndexError("INVALID_ARRAY_INDEX_IN_ELEMENT_AT", n, len(xs))
				case n > 0:
					return xs[n-1], nil
				}
				return xs[len(xs)+n], nil
			}).withNullable(true).withSQL(sqlOf(args)...), nil
		}
		return nil, unexpectedInput(callSQL(name, args), 0, inArray, args[0])
	}
}

// bindGet is get(arr, i): 0-based, NULL out of range.
func bindGet(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inArray, inInt)
	if err != nil {
		return nil, err
	}
	at := args[0].DataType().(sqltypes.ArrayType)
	return fn2("get", args[0], args[1], at.Element, func(_ *EvalContext, a, i any) (any, error) {
		xs, n := a.([]any), int(i.(int32))
		if n < 0 || n >= len(xs) {
			return nil, nil
		}
		return xs[n], nil
	}).withNullable(true), nil
}

// bindSlice is slice(arr, start, length): start 1-based or negative from the end.
func bindSlice(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inArray, inInt, inInt)
	if err != nil {
		return nil, err
	}
	return fn3("slice", args[0], args[1], args[2], args[0].DataType(), func(_ *EvalContext, a, s, l any) (any, error) {
		xs, start, n := a.([]any), int(s.(int32)), int(l.(int32))
		if start == 0 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_PARAMETER_VALUE.START", Message: "The value of parameter(s) `start` in `slice` is invalid: Expects a positive or a negative value for `start`, but got 0."}
		}
		if n < 0 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "INVALID_PARAMETER_VALUE.LENGTH", Message: fmt.Sprintf("The value of parameter(s) `length` in `slice` is invalid: Expects `length` greater than or equal to 0, but got %d.", n)}
		}
		i := start - 1
		if start < 0 {
			i = len(xs) + start
		}
		if i < 0 || i >= len(xs) {
			return []any{}, nil
		}
		return append([]any(nil), xs[i:min(i+n, len(xs))]...), nil
	}), nil
}

func bindFlatten(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("flatten", args, 0)
	if err != nil {
		return nil, err
	}
	inner, ok := at.Element.(sqltypes.ArrayType)
	if !ok {
		return nil, unexpectedInput(callSQL("flatten", args), 0, inArray, args[0])
	}
	return fn1("flatten", args[0], inner, func(_ *EvalContext, a any) (any, error) {
		out := []any{}
		for _, e := range a.([]any) {
			if e == nil {
				return nil, nil
			}
			out = append(out, e.([]any)...)
		}
		return out, nil
	}).withNullable(true), nil
}

// bindSequence is sequence(start, stop[, step]) over integers, or dates/timestamps with an
// interval step.
func bindSequence(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 3)
	if err != nil {
		return nil, err
	}
	st := args[0].DataType()
	if isDate(st) || isTimestamp(st) {
		return bindSequenceTime(args)
	}
	cast, t, err := commonType("sequence", args)
	if err != nil {
		return nil, err
	}
	if !sqltypes.IsIntegral(t) {
		return nil, unexpectedInput(callSQL("sequence", args), 0, inIntegral, args[0])
	}
	return fnN("sequence", cast, sqltypes.ArrayType{Element: t}, func(_ *EvalContext, v []any) (any, error) {
		start, stop := toInt64(v[0]), toInt64(v[1])
		step := int64(1)
		if start > stop {
			step = -1
		}
		if len(v) == 3 {
			step = toInt64(v[2])
		}
		if step == 0 || (stop > start && step < 0) || (stop < start && step > 0) {
			if start == stop {
				return []any{wrapIntegral(start, t)}, nil
			}
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: "Illegal sequence boundaries: " + fmt.Sprint(start) + " to " + fmt.Sprint(stop) + " by " + fmt.Sprint(step)}
		}
		n := (stop-start)/step + 1
		if n > 10_000_000 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER", Message: fmt.Sprintf("Can't create array with %d elements which exceeding the array size limit 2147483632.", n)}
		}
		out := make([]any, 0, n)
		for x := start; (step > 0 && x <= stop) || (step < 0 && x >= stop); x += step {
			out = append(out, wrapIntegral(x, t))
		}
		return out, nil
	}), nil
}

// bindSequenceTime is sequence(start, stop) of dates or timestamps, one day apart.
func bindSequenceTime(args []Bound) (Bound, error) {
	if len(args) == 3 {
		return bindSequenceInterval(args)
	}
	t := args[0].DataType()
	stop := castTo(args[1], t)
	return fn2("sequence", args[0], stop, sqltypes.ArrayType{Element: t}, func(ec *EvalContext, a, b any) (any, error) {
		var out []any
		switch s := a.(type) {
		case sqltypes.Date:
			step := int64(1)
			if b.(sqltypes.Date) < s {
				step = -1
			}
			for d := int64(s); step > 0 && d <= int64(b.(sqltypes.Date)) || step < 0 && d >= int64(b.(sqltypes.Date)); d += step {
				out = append(out, sqltypes.Date(d))
			}
		case sqltypes.Timestamp:
			step := int64(1)
			if b.(sqltypes.Timestamp) < s {
				step = -1
			}
			for k, cur := int64(0), int64(s); step > 0 && cur <= int64(b.(sqltypes.Timestamp)) || step < 0 && cur >= int64(b.(sqltypes.Timestamp)); k++ {
				out = append(out, sqltypes.Timestamp(cur))
				next, err := addUnits(ec, int64(s), "DAY", step*(k+1))
				if err != nil {
					return nil, err
				}
				cur = int64(next.(sqltypes.Timestamp))
			}
		}
		return out, nil
	}).withSQL(sqlOf(args)...), nil
}

// intervalStep is a sequence step as Spark's TemporalSequenceImpl splits it: months, days
// and microseconds, from a year-month, day-time or calendar interval.
func intervalStep(v any) (months, days, micros int64, ok bool) {
	switch x := v.(type) {
	case int32: // INTERVAL YEAR TO MONTH
		return int64(x), 0, 0, true
	case int64: // INTERVAL DAY TO SECOND
		return 0, 0, x, true
	case sqltypes.CalendarInterval:
		return int64(x.Months), int64(x.Days), x.Micros, true
	}
	return 0, 0, 0, false
}

// bindSequenceInterval is sequence(start, stop, step) of dates or timestamps with an
// interval step. As Spark does, element i is start plus i times the step (months added
// on the calendar, clamped to the month's last day: Jan 30 + 1 month is Feb 29 in a leap
// year), not the previous element plus the step; dates step in UTC, timestamps in the
// session time zone. The walk ends past stop, judged by the step's estimated length in
// microseconds (a month as 30 days).
func bindSequenceInterval(args []Bound) (Bound, error) {
	t := args[0].DataType()
	switch args[2].DataType().(type) {
	case sqltypes.YearMonthIntervalType, sqltypes.DayTimeIntervalType, sqltypes.CalendarIntervalType:
	default:
		return nil, unsupported("kafkalab steps a sequence of dates or timestamps only by an INTERVAL (INTERVAL 1 DAY, make_interval(...)); got %s", sqltypes.SimpleString(args[2].DataType()))
	}
	stop := castTo(args[1], t)
	date := isDate(t)
	return fnN("sequence", []Bound{args[0], stop, args[2]}, sqltypes.ArrayType{Element: t}, func(ec *EvalContext, v []any) (any, error) {
		months, days, micros, ok := intervalStep(v[2])
		if !ok {
			return nil, fmt.Errorf("sequence: step %v is not an interval", v[2])
		}
		const microsPerDay = 86_400_000_000
		var start, end int64
		loc := ec.Location
		if date {
			if micros%microsPerDay != 0 {
				return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: "sequence step must be an interval day to second of day granularity if start and end values are dates"}
			}
			days += micros / microsPerDay
			micros = 0
			start, end = int64(v[0].(sqltypes.Date))*microsPerDay, int64(v[1].(sqltypes.Date))*microsPerDay
			loc = time.UTC
		} else {
			start, end = int64(v[0].(sqltypes.Timestamp)), int64(v[1].(sqltypes.Timestamp))
		}
		estimate := micros + months*30*microsPerDay + days*microsPerDay
		if !(estimate == 0 && start == end || estimate > 0 && start <= end || estimate < 0 && start >= end) {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf("Illegal sequence boundaries: %d to %d by %d", start, end, estimate)}
		}
		if estimate == 0 {
			return []any{v[0]}, nil
		}
		if n := (end-start)/estimate + 1; n > 10_000_000 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "COLLECTION_SIZE_LIMIT_EXCEEDED.PARAMETER", Message: fmt.Sprintf("Can't create array with %d elements which exceeding the array size limit 2147483632.", n)}
		}
		cv := civilOf(start, loc)
		var out []any
		for i, cur := int64(0), start; estimate > 0 && cur <= end || estimate < 0 && cur >= end; {
			if date {
				out = append(out, sqltypes.Date(floorDiv(cur, microsPerDay)))
			} else {
				out = append(out, sqltypes.Timestamp(cur))
			}
			i++
			y, mo, d := addMonthsCivil(cv.year, cv.month, cv.day, i*months)
			dd := sqltypes.DaysFromCivil(y, mo, d) + i*days
			y, mo, d = sqltypes.CivilFromDays(dd)
			cur = localMicros(y, mo, d, cv.hour, cv.minute, cv.second, cv.micros, loc) + i*micros
		}
		return out, nil
	}).withSQL(sqlOf(args)...), nil
}

// bindShuffle is shuffle(arr[, seed]): a random permutation.
func bindShuffle(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2)
	if err != nil {
		return nil, err
	}
	if _, err := arrayArg("shuffle", args, 0); err != nil {
		return nil, err
	}
	seed, err := seedArg("shuffle", args, 1)
	if err != nil {
		return nil, err
	}
	// Spark's RandomIndicesGenerator: the "inside-out" Fisher-Yates shuffle of the indices,
	// drawing from a Mersenne Twister seeded with seed + partition index, one per task.
	var gens perTask[mersenneTwister]
	f := fn1("shuffle", args[0], args[0].DataType(), func(c *EvalContext, a any) (any, error) {
		src := a.([]any)
		out := make([]any, len(src))
		idx := make([]int, len(src))
		gens.with(c, func(index int) *mersenneTwister { return newMersenneTwister(seed + int64(index)) }, func(m *mersenneTwister) {
			for i := range idx {
				j := int(m.nextIntBelow(int32(i + 1)))
				if j != i {
					idx[i] = idx[j]
				}
				idx[j] = i
			}
		})
		for i, k := range idx {
			out[i] = src[k]
		}
		return out, nil
	})
	f.volatile = true
	return f.withSQL(args[0].SQL()), nil
}

func bindMapKeys(keys bool) binder {
	name := "map_values"
	if keys {
		name = "map_keys"
	}
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		mt, err := mapArg(name, args, 0)
		if err != nil {
			return nil, err
		}
		typ := sqltypes.ArrayType{Element: mt.Value, ContainsNull: mt.ValueContainsNull}
		if keys {
			typ = sqltypes.ArrayType{Element: mt.Key}
		}
		return fn1(name, args[0], typ, func(_ *EvalContext, a any) (any, error) {
			m := a.(*sqltypes.MapValue)
			src := m.Values
			if keys {
				src = m.Keys
			}
			return append([]any{}, src...), nil
		}), nil
	}
}

func entryType(mt sqltypes.MapType) *sqltypes.StructType {
	return &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "key", Type: mt.Key}, {Name: "value", Type: mt.Value, Nullable: mt.ValueContainsNull}}}
}

func bindMapEntries(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	mt, err := mapArg("map_entries", args, 0)
	if err != nil {
		return nil, err
	}
	return fn1("map_entries", args[0], sqltypes.ArrayType{Element: entryType(mt)}, func(_ *EvalContext, a any) (any, error) {
		m := a.(*sqltypes.MapValue)
		out := make([]any, len(m.Keys))
		for i := range m.Keys {
			out[i] = sqltypes.Row{m.Keys[i], m.Values[i]}
		}
		return out, nil
	}), nil
}

func bindMapContainsKey(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, err
	}
	mt, err := mapArg("map_contains_key", args, 0)
	if err != nil {
		return nil, err
	}
	key := castTo(args[1], mt.Key)
	return fn2("map_contains_key", args[0], key, sqltypes.Boolean, func(_ *EvalContext, m, k any) (any, error) {
		for _, x := range m.(*sqltypes.MapValue).Keys {
			if compareValues(x, k, mt.Key) == 0 {
				return true, nil
			}
		}
		return false, nil
	}).withSQL(sqlOf(args)...), nil
}

func bindMapFromArrays(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inArray, inArray)
	if err != nil {
		return nil, err
	}
	kt := args[0].DataType().(sqltypes.ArrayType)
	vt := args[1].DataType().(sqltypes.ArrayType)
	typ := sqltypes.MapType{Key: kt.Element, Value: vt.Element, ValueContainsNull: vt.ContainsNull}
	return fn2("map_from_arrays", args[0], args[1], typ, func(ec *EvalContext, a, b any) (any, error) {
		ks, vs := a.([]any), b.([]any)
		if len(ks) != len(vs) {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: "The key array and value array of MapData must have the same length."}
		}
		kv := make([]any, 0, 2*len(ks))
		for i := range ks {
			kv = append(kv, ks[i], vs[i])
		}
		return buildMap(ec, kv, kt.Element)
	}), nil
}

func bindMapFromEntries(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("map_from_entries", args, 0)
	if err != nil {
		return nil, err
	}
	st, ok := at.Element.(*sqltypes.StructType)
	if !ok || len(st.Fields) != 2 {
		return nil, unexpectedInput(callSQL("map_from_entries", args), 0, inArray, args[0])
	}
	typ := sqltypes.MapType{Key: st.Fields[0].Type, Value: st.Fields[1].Type, ValueContainsNull: st.Fields[1].Nullable}
	return fn1("map_from_entries", args[0], typ, func(ec *EvalContext, a any) (any, error) {
		var kv []any
		for _, e := range a.([]any) {
			if e == nil {
				return nil, nil
			}
			row := e.(sqltypes.Row)
			kv = append(kv, row[0], row[1])
		}
		return buildMap(ec, kv, typ.Key)
	}).withNullable(true), nil
}

func bindMapConcat(r *resolver, c Call) (Bound, error) {
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return &boundFunc{name: "map_concat", typ: sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.String},
			fn: func(*EvalContext, []any) (any, error) { return &sqltypes.MapValue{}, nil }}, nil
	}
	cast, t, err := commonType("map_concat", args)
	if err != nil {
		return nil, err
	}
	mt, ok := t.(sqltypes.MapType)
	if !ok {
		return nil, unexpectedInput(callSQL("map_concat", args), 0, inMap, args[0])
	}
	return fnN("map_concat", cast, mt, func(ec *EvalContext, v []any) (any, error) {
		var kv []any
		for _, m := range v {
			mv := m.(*sqltypes.MapValue)
			for i := range mv.Keys {
				kv = append(kv, mv.Keys[i], mv.Values[i])
			}
		}
		return buildMap(ec, kv, mt.Key)
	}).withSQL(sqlOf(args)...), nil
}
