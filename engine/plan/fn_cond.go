package plan

import (
	"fmt"
	"math"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Conditional and NULL-handling functions.

func init() {
	register(bindNvl, "nvl", "ifnull")
	register(bindNvl2, "nvl2")
	register(bindNullIf, "nullif")
	register(bindNullIfZero, "nullifzero")
	register(bindZeroIfNull, "zeroifnull")
	register(bindEqualNull, "equal_null")
	register(bindGreatestLeast(true), "greatest")
	register(bindGreatestLeast(false), "least")
	register(bindIsNaN, "isnan")
	register(bindIsNull(false), "isnull")
	register(bindIsNull(true), "isnotnull")
	register(bindNanvl, "nanvl")
	register(bindAssertTrue, "assert_true")
	register(bindRaiseError, "raise_error")
	register(bindTypeof, "typeof")
	register(bindIf, "if", "iff")
}

// commonType widens the types of args as Spark's findWiderCommonType does for functions
// whose arguments must agree (coalesce, greatest, nvl...), casting each to it.
func commonType(name string, args []Bound) ([]Bound, sqltypes.DataType, error) {
	var t sqltypes.DataType = sqltypes.Null
	for _, a := range args {
		nt, ok := wider(t, a.DataType())
		if !ok {
			types := make([]string, len(args))
			for i, x := range args {
				types[i] = quoteSQL(x.DataType().SQL())
			}
			return nil, nil, analysisErr("DATATYPE_MISMATCH.DATA_DIFF_TYPES",
				"Cannot resolve %s due to data type mismatch: Input to `%s` should all be the same type, but it's [%s].",
				quoteSQL(callSQL(name, args)), name, strings.Join(types, ", "))
		}
		t = nt
	}
	out := make([]Bound, len(args))
	for i, a := range args {
		out[i] = castTo(a, t)
	}
	return out, t, nil
}

// wider is findWiderTypeForTwo, recursing into arrays, maps and structs.
func wider(a, b sqltypes.DataType) (sqltypes.DataType, bool) {
	if at, ok := a.(sqltypes.ArrayType); ok {
		if bt, ok := b.(sqltypes.ArrayType); ok {
			e, ok := wider(at.Element, bt.Element)
			return sqltypes.ArrayType{Element: e, ContainsNull: at.ContainsNull || bt.ContainsNull}, ok
		}
	}
	if am, ok := a.(sqltypes.MapType); ok {
		if bm, ok := b.(sqltypes.MapType); ok {
			k, ok1 := wider(am.Key, bm.Key)
			v, ok2 := wider(am.Value, bm.Value)
			return sqltypes.MapType{Key: k, Value: v, ValueContainsNull: am.ValueContainsNull || bm.ValueContainsNull}, ok1 && ok2
		}
	}
	if as, ok := a.(*sqltypes.StructType); ok {
		if bs, ok := b.(*sqltypes.StructType); ok && len(as.Fields) == len(bs.Fields) {
			out := &sqltypes.StructType{}
			for i := range as.Fields {
				if !strings.EqualFold(as.Fields[i].Name, bs.Fields[i].Name) {
					return nil, false
				}
				t, ok := wider(as.Fields[i].Type, bs.Fields[i].Type)
				if !ok {
					return nil, false
				}
				out.Fields = append(out.Fields, sqltypes.StructField{Name: as.Fields[i].Name, Type: t, Nullable: as.Fields[i].Nullable || bs.Fields[i].Nullable})
			}
			return out, true
		}
	}
	return comparisonType(a, b)
}

func bindNvl(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(c.Name)
	cast, t, err := commonType(name, args)
	if err != nil {
		return nil, err
	}
	f := &boundFunc{name: name, args: cast, typ: t, nullable: args[0].Nullable() && args[1].Nullable(),
		fn2: func(_ *EvalContext, a, b any) (any, error) {
			if a != nil {
				return a, nil
			}
			return b, nil
		}}
	return f.withSQL(args[0].SQL(), args[1].SQL()), nil
}

func bindNvl2(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3)
	if err != nil {
		return nil, err
	}
	cast, t, err := commonType("nvl2", args[1:])
	if err != nil {
		return nil, err
	}
	return &boundFunc{name: "nvl2", args: []Bound{args[0], cast[0], cast[1]}, typ: t, nullable: args[1].Nullable() || args[2].Nullable(),
		fn3: func(_ *EvalContext, a, b, d any) (any, error) {
			if a != nil {
				return b, nil
			}
			return d, nil
		}, sqlArgs: []string{args[0].SQL(), args[1].SQL(), args[2].SQL()}}, nil
}

func bindNullIf(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2)
	if err != nil {
		return nil, err
	}
	t, ok := comparisonType(args[0].DataType(), args[1].DataType())
	if !ok {
		return nil, binaryDiffTypes(callSQL("nullif", args), args[0], args[1])
	}
	a, b := castTo(args[0], t), castTo(args[1], t)
	return &boundFunc{name: "nullif", args: []Bound{args[0], a, b}, typ: args[0].DataType(), nullable: true,
		fn3: func(_ *EvalContext, orig, x, y any) (any, error) {
			if x != nil && y != nil && compareValues(x, y, t) == 0 {
				return nil, nil
			}
			return orig, nil
		}, sqlArgs: []string{args[0].SQL(), args[1].SQL()}}, nil
}

func bindNullIfZero(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inNumeric)
	if err != nil {
		return nil, err
	}
	t := args[0].DataType()
	return fn1("nullifzero", args[0], t, func(_ *EvalContext, a any) (any, error) {
		if compareValues(a, zeroOfType(t), t) == 0 {
			return nil, nil
		}
		return a, nil
	}).withNullable(true), nil
}

func bindZeroIfNull(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inNumeric)
	if err != nil {
		return nil, err
	}
	t := args[0].DataType()
	zero := zeroOfType(t)
	if d, ok := t.(sqltypes.DecimalType); ok {
		zero = sqltypes.Decimal{Scale: int32(d.Scale)}
	}
	return &boundFunc{name: "zeroifnull", args: args, typ: t, fn1: func(_ *EvalContext, a any) (any, error) {
		if a == nil {
			return zero, nil
		}
		return a, nil
	}}, nil
}

func bindEqualNull(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, wrongArgs("equal_null", "2", len(c.Args))
	}
	b, err := r.resolveBinary(BinaryOp{Op: "<=>", Left: c.Args[0], Right: c.Args[1]})
	if err != nil {
		return nil, err
	}
	cmp := b.(*boundCompare)
	left, _ := r.resolve(c.Args[0])
	right, _ := r.resolve(c.Args[1])
	return &boundFunc{name: "equal_null", args: []Bound{cmp}, typ: sqltypes.Boolean, sqlArgs: []string{left.SQL(), right.SQL()},
		fn1: func(_ *EvalContext, v any) (any, error) { return v, nil }}, nil
}

// bindGreatestLeast skips NULLs; NaN is above every number, as in Spark's ordering.
func bindGreatestLeast(greatest bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		name := "least"
		if greatest {
			name = "greatest"
		}
		if len(c.Args) < 2 {
			return nil, wrongArgs(name, "> 1", len(c.Args))
		}
		args, err := r.resolveAll(c.Args)
		if err != nil {
			return nil, err
		}
		cast, t, err := commonType(name, args)
		if err != nil {
			return nil, err
		}
		if !orderable(t) {
			return nil, unexpectedInput(callSQL(name, args), 0, inAny, args[0])
		}
		nullable := true
		for _, a := range args {
			nullable = nullable && a.Nullable()
		}
		return &boundFunc{name: name, args: cast, typ: t, nullable: nullable, sqlArgs: sqlOf(args),
			fn: func(_ *EvalContext, v []any) (any, error) {
				var best any
				for _, x := range v {
					if x == nil {
						continue
					}
					if best == nil {
						best = x
						continue
					}
					c := compareValues(x, best, t)
					if greatest && c > 0 || !greatest && c < 0 {
						best = x
					}
				}
				return best, nil
			}}, nil
	}
}

func sqlOf(args []Bound) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.SQL()
	}
	return out
}

func bindIsNaN(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inDouble)
	if err != nil {
		return nil, err
	}
	return &boundFunc{name: "isnan", args: args, typ: sqltypes.Boolean, fn1: func(_ *EvalContext, a any) (any, error) {
		f, ok := a.(float64)
		return ok && math.IsNaN(f), nil
	}}, nil
}

func bindIsNull(not bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1)
		if err != nil {
			return nil, err
		}
		return &boundIsNull{child: args[0], not: not}, nil
	}
}

func bindNanvl(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inDouble)
	if err != nil {
		return nil, err
	}
	return &boundFunc{name: "nanvl", args: args, typ: sqltypes.Double, nullable: anyNullable(args),
		fn2: func(_ *EvalContext, a, b any) (any, error) {
			if f, ok := a.(float64); ok && math.IsNaN(f) {
				return b, nil
			}
			return a, nil
		}}, nil
}

func userRaised(msg string) error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "USER_RAISED_EXCEPTION", Message: msg}
}

// bindAssertTrue is assert_true(cond[, message]): NULL when cond holds, else an error.
func bindAssertTrue(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 2, inBoolean, inString)
	if err != nil {
		return nil, err
	}
	if len(args) == 1 {
		msg := fmt.Sprintf("'%s' is not true!", args[0].SQL())
		args = append(args, &boundLit{value: msg, typ: sqltypes.String})
	}
	return &boundFunc{name: "assert_true", args: args, typ: sqltypes.Null, nullable: true,
		fn2: func(_ *EvalContext, cond, msg any) (any, error) {
			if cond == true {
				return nil, nil
			}
			m, _ := msg.(string)
			return nil, userRaised(m)
		}}, nil
}

func bindRaiseError(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inString)
	if err != nil {
		return nil, err
	}
	f := &boundFunc{name: "raise_error", args: args, typ: sqltypes.Null, nullable: true, volatile: true,
		fn1: func(_ *EvalContext, msg any) (any, error) {
			m, _ := msg.(string)
			if msg == nil {
				m = "null"
			}
			return nil, userRaised(m)
		}}
	f.sqlArgs = []string{"USER_RAISED_EXCEPTION", "map(errorMessage, " + args[0].SQL() + ")"}
	return f, nil
}

func bindTypeof(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1)
	if err != nil {
		return nil, err
	}
	name := sqltypes.SimpleString(args[0].DataType())
	return &boundFunc{name: "typeof", args: args, typ: sqltypes.String,
		fn: func(*EvalContext, []any) (any, error) { return name, nil }}, nil
}

// bindIf is if(cond, a, b) in SQL text.
func bindIf(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 3 {
		return nil, wrongArgs("if", "3", len(c.Args))
	}
	b, err := r.resolveCaseWhen(CaseWhen{Conds: []Expr{c.Args[0]}, Values: []Expr{c.Args[1]}, Else: c.Args[2]})
	if err != nil {
		return nil, err
	}
	cw := b.(*boundCaseWhen)
	cw.ifForm = true
	return cw, nil
}
