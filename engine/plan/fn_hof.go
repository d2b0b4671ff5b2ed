package plan

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Higher-order functions: transform, filter, exists, forall, aggregate, zip_with, the map
// ones and array_sort with a comparator. A lambda's variables are appended to the row its
// body is evaluated over, so a variable reads the row from its end; plans stay free of
// shared mutable state and can run from several goroutines.

// lambdaVarSlot is a lambda variable in scope while resolving a lambda's body.
type lambdaVarSlot struct {
	name     string
	typ      sqltypes.DataType
	nullable bool
}

// boundLambdaVar reads a lambda variable: fromEnd places before the end of the row.
type boundLambdaVar struct {
	name     string
	fromEnd  int
	typ      sqltypes.DataType
	nullable bool
}

func (b *boundLambdaVar) DataType() sqltypes.DataType { return b.typ }
func (b *boundLambdaVar) Nullable() bool              { return b.nullable }
func (b *boundLambdaVar) SQL() string                 { return "namedlambdavariable()" }
func (b *boundLambdaVar) Eval(_ *EvalContext, row sqltypes.Row) (any, error) {
	return row[len(row)-b.fromEnd], nil
}

func (r *resolver) resolveLambdaVar(v LambdaVar) (Bound, error) {
	for i := len(r.lambdas) - 1; i >= 0; i-- {
		if r.scope.eq(r.lambdas[i].name, v.Name) {
			s := r.lambdas[i]
			return &boundLambdaVar{name: s.name, fromEnd: len(r.lambdas) - i, typ: s.typ, nullable: s.nullable}, nil
		}
	}
	return nil, unresolvedColumn([]string{v.Name}, r.scope.candidates())
}

// boundLambda is a resolved lambda function; its body reads its variables from the end
// of the row.
type boundLambda struct {
	body  Bound
	nvars int
}

func (b *boundLambda) sql() string {
	vars := make([]string, b.nvars)
	for i := range vars {
		vars[i] = "namedlambdavariable()"
	}
	return "lambdafunction(" + b.body.SQL() + ", " + strings.Join(vars, ", ") + ")"
}

// bindLambda resolves a lambda argument with the given variable types; a plain expression
// where a lambda is expected is an error, as in Spark.
func (r *resolver) bindLambda(fn string, e Expr, types []sqltypes.DataType, nullable []bool) (*boundLambda, error) {
	l, ok := e.(Lambda)
	if !ok {
		return nil, analysisErr("INVALID_LAMBDA_FUNCTION_CALL.NON_HIGHER_ORDER_FUNCTION",
			"Invalid lambda function call. A lambda function should only be used in a higher order function. However, its class is %s, which is not a higher order function.", fn)
	}
	if len(l.Params) > len(types) {
		return nil, analysisErr("INVALID_LAMBDA_FUNCTION_CALL.NUM_ARGS_MISMATCH",
			"Invalid lambda function call. A higher order function expects %d arguments, but got %d.", len(types), len(l.Params))
	}
	inner := &resolver{scope: r.scope, aggs: r.aggs, lambdas: append([]lambdaVarSlot(nil), r.lambdas...)}
	for i, p := range l.Params {
		inner.lambdas = append(inner.lambdas, lambdaVarSlot{name: p, typ: types[i], nullable: nullable[i]})
	}
	body, err := inner.resolve(l.Body)
	if err != nil {
		return nil, err
	}
	return &boundLambda{body: body, nvars: len(l.Params)}, nil
}

// lambdaRow is a scratch row: the input row then the lambda's variables.
type lambdaRow struct {
	row  sqltypes.Row
	base int
}

func newLambdaRow(row sqltypes.Row, nvars int) *lambdaRow {
	r := make(sqltypes.Row, len(row)+nvars)
	copy(r, row)
	return &lambdaRow{row: r, base: len(row)}
}

func (l *lambdaRow) call(c *EvalContext, f *boundLambda, vars ...any) (any, error) {
	copy(l.row[l.base:], vars[:f.nvars])
	return f.body.Eval(c, l.row[:l.base+f.nvars])
}

// boundHOF is a higher-order function call.
type boundHOF struct {
	name     string
	args     []Bound
	lambdas  []*boundLambda
	typ      sqltypes.DataType
	nullable bool
	sql      string
	eval     func(c *EvalContext, row sqltypes.Row, vals []any) (any, error)
}

func (b *boundHOF) DataType() sqltypes.DataType { return b.typ }
func (b *boundHOF) Nullable() bool              { return b.nullable }
func (b *boundHOF) SQL() string {
	if b.sql != "" {
		return b.sql
	}
	parts := sqlOf(b.args)
	for _, l := range b.lambdas {
		parts = append(parts, l.sql())
	}
	return b.name + "(" + strings.Join(parts, ", ") + ")"
}
func (b *boundHOF) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	vals := make([]any, len(b.args))
	for i, a := range b.args {
		v, err := a.Eval(c, row)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	return b.eval(c, row, vals)
}

func init() {
	register(bindTransform, "transform")
	register(bindFilterHOF, "filter")
	register(bindExistsForall(true), "exists")
	register(bindExistsForall(false), "forall")
	register(bindAggregateHOF, "aggregate", "reduce")
	register(bindZipWith, "zip_with")
	register(bindMapFilter, "map_filter")
	register(bindTransformMap(true), "transform_keys")
	register(bindTransformMap(false), "transform_values")
	register(bindMapZipWith, "map_zip_with")
}

func arrayArg(fn string, args []Bound, i int) (sqltypes.ArrayType, error) {
	at, ok := args[i].DataType().(sqltypes.ArrayType)
	if !ok {
		if isNull(args[i].DataType()) {
			return sqltypes.ArrayType{Element: sqltypes.Null, ContainsNull: true}, nil
		}
		return at, unexpectedInput(callSQL(fn, args), i, inArray, args[i])
	}
	return at, nil
}

func mapArg(fn string, args []Bound, i int) (sqltypes.MapType, error) {
	mt, ok := args[i].DataType().(sqltypes.MapType)
	if !ok {
		return mt, unexpectedInput(callSQL(fn, args), i, inMap, args[i])
	}
	return mt, nil
}

func bindTransform(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, wrongArgs("transform", "2", len(c.Args))
	}
	arr, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("transform", []Bound{arr}, 0)
	if err != nil {
		return nil, err
	}
	f, err := r.bindLambda("transform", c.Args[1], []sqltypes.DataType{at.Element, sqltypes.Integer}, []bool{at.ContainsNull, false})
	if err != nil {
		return nil, err
	}
	return &boundHOF{name: "transform", args: []Bound{arr}, lambdas: []*boundLambda{f}, nullable: arr.Nullable(),
		typ: sqltypes.ArrayType{Element: f.body.DataType(), ContainsNull: f.body.Nullable()},
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok := v[0].([]any)
			if !ok {
				return nil, nil
			}
			lr := newLambdaRow(row, 2)
			out := make([]any, len(a))
			for i, e := range a {
				x, err := lr.call(ec, f, e, int32(i))
				if err != nil {
					return nil, err
				}
				out[i] = x
			}
			return out, nil
		}}, nil
}

func lambdaBool(fn string, f *boundLambda) error {
	if !isBoolean(f.body.DataType()) && !isNull(f.body.DataType()) {
		return analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
			"Cannot resolve %s due to data type mismatch: The second parameter requires the \"BOOLEAN\" type, however %s has the type %s.",
			quoteSQL(fn), quoteSQL(f.sql()), quoteSQL(f.body.DataType().SQL()))
	}
	return nil
}

func bindFilterHOF(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, wrongArgs("filter", "2", len(c.Args))
	}
	arr, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("filter", []Bound{arr}, 0)
	if err != nil {
		return nil, err
	}
	f, err := r.bindLambda("filter", c.Args[1], []sqltypes.DataType{at.Element, sqltypes.Integer}, []bool{at.ContainsNull, false})
	if err != nil {
		return nil, err
	}
	if err := lambdaBool("filter", f); err != nil {
		return nil, err
	}
	return &boundHOF{name: "filter", args: []Bound{arr}, lambdas: []*boundLambda{f}, nullable: arr.Nullable(), typ: at,
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok := v[0].([]any)
			if !ok {
				return nil, nil
			}
			lr := newLambdaRow(row, 2)
			out := []any{}
			for i, e := range a {
				keep, err := lr.call(ec, f, e, int32(i))
				if err != nil {
					return nil, err
				}
				if keep == true {
					out = append(out, e)
				}
			}
			return out, nil
		}}, nil
}

// bindExistsForall: exists is TRUE when some element satisfies the predicate (else NULL
// when a predicate was NULL, else FALSE); forall mirrors it.
func bindExistsForall(exists bool) binder {
	name := "forall"
	if exists {
		name = "exists"
	}
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 2 {
			return nil, wrongArgs(name, "2", len(c.Args))
		}
		arr, err := r.resolve(c.Args[0])
		if err != nil {
			return nil, err
		}
		at, err := arrayArg(name, []Bound{arr}, 0)
		if err != nil {
			return nil, err
		}
		f, err := r.bindLambda(name, c.Args[1], []sqltypes.DataType{at.Element}, []bool{at.ContainsNull})
		if err != nil {
			return nil, err
		}
		if err := lambdaBool(name, f); err != nil {
			return nil, err
		}
		return &boundHOF{name: name, args: []Bound{arr}, lambdas: []*boundLambda{f}, nullable: true, typ: sqltypes.Boolean,
			eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
				a, ok := v[0].([]any)
				if !ok {
					return nil, nil
				}
				lr := newLambdaRow(row, 1)
				sawNull := false
				for _, e := range a {
					x, err := lr.call(ec, f, e)
					if err != nil {
						return nil, err
					}
					switch {
					case x == nil:
						sawNull = true
					case x.(bool) == exists:
						return exists, nil
					}
				}
				if sawNull {
					return nil, nil
				}
				return !exists, nil
			}}, nil
	}
}

// bindAggregateHOF is aggregate/reduce(arr, zero, merge[, finish]).
func bindAggregateHOF(r *resolver, c Call) (Bound, error) {
	name := strings.ToLower(c.Name)
	if len(c.Args) != 3 && len(c.Args) != 4 {
		return nil, wrongArgs(name, "[3, 4]", len(c.Args))
	}
	arr, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	zero, err := r.resolve(c.Args[1])
	if err != nil {
		return nil, err
	}
	at, err := arrayArg(name, []Bound{arr, zero}, 0)
	if err != nil {
		return nil, err
	}
	accT := zero.DataType()
	merge, err := r.bindLambda(name, c.Args[2], []sqltypes.DataType{accT, at.Element}, []bool{true, at.ContainsNull})
	if err != nil {
		return nil, err
	}
	if !sqltypes.EqualTypes(merge.body.DataType(), accT, true) {
		// The accumulator takes the merge's type when the zero widens to it (lit(0) and a
		// BIGINT element), as Spark's coercion of the zero does.
		wt, ok := wider(accT, merge.body.DataType())
		if !ok || !sqltypes.EqualTypes(wt, merge.body.DataType(), true) {
			return nil, unexpectedInputType(name, "third", merge.sql(), merge.body.DataType(), quoteSQL(accT.SQL()))
		}
		zero = castTo(zero, wt)
		accT = wt
		if merge, err = r.bindLambda(name, c.Args[2], []sqltypes.DataType{accT, at.Element}, []bool{true, at.ContainsNull}); err != nil {
			return nil, err
		}
	}
	var finish *boundLambda
	if len(c.Args) == 4 {
		if finish, err = r.bindLambda(name, c.Args[3], []sqltypes.DataType{accT}, []bool{true}); err != nil {
			return nil, err
		}
	} else {
		finish = &boundLambda{body: &boundLambdaVar{fromEnd: 1, typ: accT, nullable: true}, nvars: 1}
	}
	return &boundHOF{name: name, args: []Bound{arr, zero}, lambdas: []*boundLambda{merge, finish}, nullable: true, typ: finish.body.DataType(),
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok := v[0].([]any)
			if !ok {
				return nil, nil
			}
			lr := newLambdaRow(row, 2)
			acc := v[1]
			for _, e := range a {
				x, err := lr.call(ec, merge, acc, e)
				if err != nil {
					return nil, err
				}
				acc = x
			}
			return lr.call(ec, finish, acc, nil)
		}}, nil
}

func bindZipWith(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 3 {
		return nil, wrongArgs("zip_with", "3", len(c.Args))
	}
	args, err := r.resolveAll(c.Args[:2])
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("zip_with", args, 0)
	if err != nil {
		return nil, err
	}
	bt, err := arrayArg("zip_with", args, 1)
	if err != nil {
		return nil, err
	}
	f, err := r.bindLambda("zip_with", c.Args[2], []sqltypes.DataType{at.Element, bt.Element}, []bool{true, true})
	if err != nil {
		return nil, err
	}
	return &boundHOF{name: "zip_with", args: args, lambdas: []*boundLambda{f}, nullable: anyNullable(args),
		typ: sqltypes.ArrayType{Element: f.body.DataType(), ContainsNull: f.body.Nullable()},
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok1 := v[0].([]any)
			b, ok2 := v[1].([]any)
			if !ok1 || !ok2 {
				return nil, nil
			}
			lr := newLambdaRow(row, 2)
			out := make([]any, max(len(a), len(b)))
			for i := range out {
				var x, y any
				if i < len(a) {
					x = a[i]
				}
				if i < len(b) {
					y = b[i]
				}
				z, err := lr.call(ec, f, x, y)
				if err != nil {
					return nil, err
				}
				out[i] = z
			}
			return out, nil
		}}, nil
}

func bindMapFilter(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, wrongArgs("map_filter", "2", len(c.Args))
	}
	m, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	mt, err := mapArg("map_filter", []Bound{m}, 0)
	if err != nil {
		return nil, err
	}
	f, err := r.bindLambda("map_filter", c.Args[1], []sqltypes.DataType{mt.Key, mt.Value}, []bool{false, mt.ValueContainsNull})
	if err != nil {
		return nil, err
	}
	return &boundHOF{name: "map_filter", args: []Bound{m}, lambdas: []*boundLambda{f}, nullable: m.Nullable(), typ: mt,
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			mv, ok := v[0].(*sqltypes.MapValue)
			if !ok {
				return nil, nil
			}
			lr := newLambdaRow(row, 2)
			out := &sqltypes.MapValue{}
			for i := range mv.Keys {
				keep, err := lr.call(ec, f, mv.Keys[i], mv.Values[i])
				if err != nil {
					return nil, err
				}
				if keep == true {
					out.Keys = append(out.Keys, mv.Keys[i])
					out.Values = append(out.Values, mv.Values[i])
				}
			}
			return out, nil
		}}, nil
}

func bindTransformMap(keys bool) binder {
	name := "transform_values"
	if keys {
		name = "transform_keys"
	}
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 2 {
			return nil, wrongArgs(name, "2", len(c.Args))
		}
		m, err := r.resolve(c.Args[0])
		if err != nil {
			return nil, err
		}
		mt, err := mapArg(name, []Bound{m}, 0)
		if err != nil {
			return nil, err
		}
		f, err := r.bindLambda(name, c.Args[1], []sqltypes.DataType{mt.Key, mt.Value}, []bool{false, mt.ValueContainsNull})
		if err != nil {
			return nil, err
		}
		out := mt
		if keys {
			out.Key = f.body.DataType()
		} else {
			out.Value, out.ValueContainsNull = f.body.DataType(), f.body.Nullable()
		}
		keyType := out.Key
		return &boundHOF{name: name, args: []Bound{m}, lambdas: []*boundLambda{f}, nullable: m.Nullable(), typ: out,
			eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
				mv, ok := v[0].(*sqltypes.MapValue)
				if !ok {
					return nil, nil
				}
				lr := newLambdaRow(row, 2)
				res := &sqltypes.MapValue{Keys: make([]any, len(mv.Keys)), Values: make([]any, len(mv.Keys))}
				seen := map[string]bool{}
				for i := range mv.Keys {
					x, err := lr.call(ec, f, mv.Keys[i], mv.Values[i])
					if err != nil {
						return nil, err
					}
					if keys {
						if x == nil {
							return nil, nullMapKey()
						}
						k := keyOf([]any{x}, []sqltypes.DataType{keyType})
						if seen[k] {
							return nil, duplicateMapKey(x)
						}
						seen[k] = true
						res.Keys[i], res.Values[i] = x, mv.Values[i]
					} else {
						res.Keys[i], res.Values[i] = mv.Keys[i], x
					}
				}
				return res, nil
			}}, nil
	}
}

func nullMapKey() error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "NULL_MAP_KEY", Message: "Cannot use null as map key."}
}

// bindMapZipWith is map_zip_with(m1, m2, (k, v1, v2) -> v) over the union of the keys.
func bindMapZipWith(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 3 {
		return nil, wrongArgs("map_zip_with", "3", len(c.Args))
	}
	args, err := r.resolveAll(c.Args[:2])
	if err != nil {
		return nil, err
	}
	m1, err := mapArg("map_zip_with", args, 0)
	if err != nil {
		return nil, err
	}
	m2, err := mapArg("map_zip_with", args, 1)
	if err != nil {
		return nil, err
	}
	f, err := r.bindLambda("map_zip_with", c.Args[2], []sqltypes.DataType{m1.Key, m1.Value, m2.Value}, []bool{false, true, true})
	if err != nil {
		return nil, err
	}
	kt := m1.Key
	return &boundHOF{name: "map_zip_with", args: args, lambdas: []*boundLambda{f}, nullable: anyNullable(args),
		typ: sqltypes.MapType{Key: kt, Value: f.body.DataType(), ValueContainsNull: f.body.Nullable()},
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok1 := v[0].(*sqltypes.MapValue)
			b, ok2 := v[1].(*sqltypes.MapValue)
			if !ok1 || !ok2 {
				return nil, nil
			}
			lr := newLambdaRow(row, 3)
			out := &sqltypes.MapValue{}
			index := map[string]int{}
			var keys []any
			for _, m := range []*sqltypes.MapValue{a, b} {
				for _, k := range m.Keys {
					s := keyOf([]any{k}, []sqltypes.DataType{kt})
					if _, ok := index[s]; !ok {
						index[s] = len(keys)
						keys = append(keys, k)
					}
				}
			}
			lookup := func(m *sqltypes.MapValue, k any) any {
				for i, x := range m.Keys {
					if compareValues(x, k, kt) == 0 {
						return m.Values[i]
					}
				}
				return nil
			}
			for _, k := range keys {
				z, err := lr.call(ec, f, k, lookup(a, k), lookup(b, k))
				if err != nil {
					return nil, err
				}
				out.Keys = append(out.Keys, k)
				out.Values = append(out.Values, z)
			}
			return out, nil
		}}, nil
}

// defaultArraySortSQL is how Spark prints array_sort's default comparator (ascending,
// NULLs last).
const defaultArraySortSQL = "lambdafunction((IF(((namedlambdavariable() IS NULL) AND (namedlambdavariable() IS NULL)), 0, (IF((namedlambdavariable() IS NULL), 1, (IF((namedlambdavariable() IS NULL), -1, (IF((namedlambdavariable() < namedlambdavariable()), -1, (IF((namedlambdavariable() > namedlambdavariable()), 1, 0)))))))))), namedlambdavariable(), namedlambdavariable())"

// bindArraySort is array_sort(arr[, (l, r) -> int]).
func bindArraySort(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 1 && len(c.Args) != 2 {
		return nil, wrongArgs("array_sort", "[1, 2]", len(c.Args))
	}
	arr, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	at, err := arrayArg("array_sort", []Bound{arr}, 0)
	if err != nil {
		return nil, err
	}
	if len(c.Args) == 1 {
		if !orderable(at.Element) {
			return nil, unexpectedInput(callSQL("array_sort", []Bound{arr}), 0, inArray, arr)
		}
		et := at.Element
		return &boundHOF{name: "array_sort", args: []Bound{arr}, nullable: arr.Nullable(), typ: at,
			sql: "array_sort(" + arr.SQL() + ", " + defaultArraySortSQL + ")",
			eval: func(_ *EvalContext, _ sqltypes.Row, v []any) (any, error) {
				a, ok := v[0].([]any)
				if !ok {
					return nil, nil
				}
				return sortArray(a, et, true, false), nil
			}}, nil
	}
	f, err := r.bindLambda("array_sort", c.Args[1], []sqltypes.DataType{at.Element, at.Element}, []bool{at.ContainsNull, at.ContainsNull})
	if err != nil {
		return nil, err
	}
	return &boundHOF{name: "array_sort", args: []Bound{arr}, lambdas: []*boundLambda{f}, nullable: arr.Nullable(), typ: at,
		eval: func(ec *EvalContext, row sqltypes.Row, v []any) (any, error) {
			a, ok := v[0].([]any)
			if !ok {
				return nil, nil
			}
			out := append([]any(nil), a...)
			lr := newLambdaRow(row, 2)
			var ferr error
			sort.SliceStable(out, func(i, j int) bool {
				if ferr != nil {
					return false
				}
				x, err := lr.call(ec, f, out[i], out[j])
				if err != nil {
					ferr = err
					return false
				}
				if x == nil {
					ferr = &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "COMPARATOR_RETURNS_NULL", Message: fmt.Sprintf("The comparator has returned a NULL for a comparison between %v and %v. It should return a positive integer for \"greater than\", 0 for \"equal\" and a negative integer for \"less than\".", out[i], out[j])}
					return false
				}
				return toInt64(x) < 0
			})
			if ferr != nil {
				return nil, ferr
			}
			return out, nil
		}}, nil
}

// sortArray sorts a copy ascending or descending; NULLs first when ascending unless
// nullsLast (array_sort puts them last, sort_array first in ascending order).
func sortArray(a []any, t sqltypes.DataType, asc, nullsFirst bool) []any {
	out := append([]any(nil), a...)
	sort.SliceStable(out, func(i, j int) bool {
		x, y := out[i], out[j]
		switch {
		case x == nil && y == nil:
			return false
		case x == nil:
			return nullsFirst
		case y == nil:
			return !nullsFirst
		}
		c := compareValues(x, y, t)
		if asc {
			return c < 0
		}
		return c > 0
	})
	return out
}
