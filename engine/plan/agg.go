package plan

import (
	"fmt"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// aggSpec describes one aggregate function: its result type for an input type, and a fresh
// accumulator.
type aggSpec struct {
	resultType func(in sqltypes.DataType) (sqltypes.DataType, bool)
	newAcc     func(in, out sqltypes.DataType) accumulator
	nullable   bool
}

type accumulator interface {
	add(c *EvalContext, v any) error
	result(c *EvalContext) (any, error)
}

var aggregateFunctions = map[string]aggSpec{
	"count": {
		resultType: func(sqltypes.DataType) (sqltypes.DataType, bool) { return sqltypes.Long, true },
		newAcc:     func(_, _ sqltypes.DataType) accumulator { return &countAcc{} },
	},
	"sum": {
		resultType: func(in sqltypes.DataType) (sqltypes.DataType, bool) {
			switch {
			case sqltypes.IsIntegral(in):
				return sqltypes.Long, true
			case isFractional(in):
				return sqltypes.Double, true
			case isDecimal(in):
				d := in.(sqltypes.DecimalType)
				return boundedDecimal(d.Precision+10, d.Scale), true
			}
			return nil, false
		},
		newAcc:   func(in, out sqltypes.DataType) accumulator { return &sumAcc{in: in, out: out} },
		nullable: true,
	},
	"avg": {
		resultType: avgType,
		newAcc:     func(in, out sqltypes.DataType) accumulator { return &avgAcc{sumAcc: sumAcc{in: in, out: in}, out: out} },
		nullable:   true,
	},
	"mean": {
		resultType: avgType,
		newAcc:     func(in, out sqltypes.DataType) accumulator { return &avgAcc{sumAcc: sumAcc{in: in, out: in}, out: out} },
		nullable:   true,
	},
	"min": {
		resultType: func(in sqltypes.DataType) (sqltypes.DataType, bool) { return in, orderable(in) },
		newAcc:     func(in, _ sqltypes.DataType) accumulator { return &extremeAcc{t: in, sign: -1} },
		nullable:   true,
	},
	"max": {
		resultType: func(in sqltypes.DataType) (sqltypes.DataType, bool) { return in, orderable(in) },
		newAcc:     func(in, _ sqltypes.DataType) accumulator { return &extremeAcc{t: in, sign: 1} },
		nullable:   true,
	},
	"first": {
		resultType: func(in sqltypes.DataType) (sqltypes.DataType, bool) { return in, true },
		newAcc:     func(_, _ sqltypes.DataType) accumulator { return &firstAcc{} },
		nullable:   true,
	},
	// approx_count_distinct counts exactly: for the small inputs of the course Spark's
	// HyperLogLog++ (relative error 5%) gives the same number.
	"approx_count_distinct": {
		resultType: func(sqltypes.DataType) (sqltypes.DataType, bool) { return sqltypes.Long, true },
		newAcc:     func(in, _ sqltypes.DataType) accumulator { return &distinctAcc{inner: &countAcc{}, t: in} },
	},
}

func avgType(in sqltypes.DataType) (sqltypes.DataType, bool) {
	switch {
	case sqltypes.IsIntegral(in), isFractional(in):
		return sqltypes.Double, true
	case isDecimal(in):
		d := in.(sqltypes.DecimalType)
		return boundedDecimal(d.Precision+4, d.Scale+4), true
	}
	return nil, false
}

// boundAgg is an aggregate call. It is evaluated by the Aggregate operator: Eval reads the
// group's finished value from the aggregated row at slot.
type boundAgg struct {
	name     string
	arg      Bound // nil for count(*)
	distinct bool
	spec     aggSpec
	typ      sqltypes.DataType
	slot     int
}

func (b *boundAgg) DataType() sqltypes.DataType { return b.typ }
func (b *boundAgg) Nullable() bool              { return b.spec.nullable }
func (b *boundAgg) SQL() string {
	arg := "1"
	if b.arg != nil {
		arg = b.arg.SQL()
	}
	if b.distinct {
		arg = "DISTINCT " + arg
	}
	return b.name + "(" + arg + ")"
}
func (b *boundAgg) Eval(_ *EvalContext, row sqltypes.Row) (any, error) {
	return row[b.slot], nil
}

func (b *boundAgg) newAccumulator() accumulator {
	in := sqltypes.DataType(sqltypes.Null)
	if b.arg != nil {
		in = b.arg.DataType()
	}
	acc := b.spec.newAcc(in, b.typ)
	if b.distinct {
		return &distinctAcc{inner: acc, t: in}
	}
	return acc
}

// aggregateNotAllowed is Spark's error for an aggregate call where the operator takes
// none (orderBy, a projection); the operator's constructor may word it more precisely
// (GROUP_BY_AGGREGATE, MISSING_GROUP_BY).
func aggregateNotAllowed(sql string) error {
	e := sparkerrors.New(sparkerrors.AnalysisException, "UNSUPPORTED_EXPR_FOR_OPERATOR", "invalidExprSqls", quoteSQL(sql))
	e.WithPlan = true
	return e
}

func (r *resolver) resolveAggregate(name string, c Call) (Bound, error) {
	if r.aggs == nil {
		// Resolved on its own, the call gives the SQL Spark names it by.
		alone := &resolver{scope: r.scope, aggs: new([]*boundAgg)}
		b, err := alone.resolveAggregate(name, c)
		if err != nil {
			return nil, err
		}
		return nil, aggregateNotAllowed(b.SQL())
	}
	spec := aggregateFunctions[name]
	if len(c.Args) != 1 {
		return nil, wrongArgs(name, "1", len(c.Args))
	}
	var arg Bound
	if st, ok := c.Args[0].(Star); ok && len(st.Target) == 0 && name == "count" {
		arg = nil // count(*) is count(1)
	} else {
		// Aggregates may not nest.
		inner := &resolver{scope: r.scope}
		b, err := inner.resolve(c.Args[0])
		if err != nil {
			var ae *AnalysisError
			if asAnalysis(err, &ae) && ae.Class == "UNSUPPORTED_EXPR_FOR_OPERATOR" {
				return nil, analysisErr("NESTED_AGGREGATE_FUNCTION",
					"It is not allowed to use an aggregate function in the argument of another aggregate function. Please use the inner aggregate function in a sub-query.")
			}
			return nil, err
		}
		if l, ok := b.(*boundLit); ok && name == "count" && l.value != nil {
			b = &boundLit{value: l.value, typ: l.typ}
		}
		arg = b
	}
	in := sqltypes.DataType(sqltypes.Integer)
	if arg != nil {
		in = arg.DataType()
		if isString(in) && (name == "sum" || name == "avg" || name == "mean") {
			// Spark implicitly casts a string to DOUBLE for sum/avg.
			arg = castTo(arg, sqltypes.Double)
			in = sqltypes.Double
		}
	}
	typ, ok := spec.resultType(in)
	if !ok {
		argSQL := "1"
		if arg != nil {
			argSQL = arg.SQL()
		}
		return nil, unexpectedInputType(name+"("+argSQL+")", "first", argSQL, in, `"NUMERIC" or "ANSI INTERVAL"`)
	}
	b := &boundAgg{name: name, arg: arg, distinct: c.Distinct, spec: spec, typ: typ, slot: len(*r.aggs)}
	if name == "mean" {
		b.name = "avg"
	}
	*r.aggs = append(*r.aggs, b)
	return b, nil
}

// Accumulator folds one group's input values into an aggregate's result.
type Accumulator interface {
	Add(c *EvalContext, v any) error
	Result(c *EvalContext) (any, error)
}

type exportedAcc struct{ a accumulator }

func (e exportedAcc) Add(c *EvalContext, v any) error    { return e.a.add(c, v) }
func (e exportedAcc) Result(c *EvalContext) (any, error) { return e.a.result(c) }

// AggregateCall is one aggregate function call of an AggregateList (for operators outside
// this package, such as a streaming aggregation).
type AggregateCall struct{ b *boundAgg }

// Name is the function name ("count", "sum", "avg", "min", "max", "first").
func (a AggregateCall) Name() string { return a.b.name }

// Arg is the bound argument, nil for count(*); evaluate it over an input row and Add the
// value (count(*) adds int32(1) per row).
func (a AggregateCall) Arg() Bound { return a.b.arg }

// Distinct reports count(DISTINCT ...).
func (a AggregateCall) Distinct() bool { return a.b.distinct }

// DataType is the result type.
func (a AggregateCall) DataType() sqltypes.DataType { return a.b.typ }

// NewAccumulator starts a fresh group.
func (a AggregateCall) NewAccumulator() Accumulator { return exportedAcc{a.b.newAccumulator()} }

// Aggregates lists the aggregate calls in slot order: an output expression reads call i's
// result from slot i of the aggregated row, and grouping key k from slot len(calls)+k.
func (l *AggregateList) Aggregates() []AggregateCall {
	out := make([]AggregateCall, len(l.aggs))
	for i, b := range l.aggs {
		out[i] = AggregateCall{b}
	}
	return out
}

// AggregateList is an analysed list of output expressions that contain aggregate calls.
type AggregateList struct {
	// Outputs are evaluated over the aggregated row (one value per aggregate call).
	Outputs []Bound
	aggs    []*boundAgg
}

// ResolveAggregates binds output expressions that may call aggregate functions. Column
// references outside an aggregate call are an error unless they match a grouping
// expression (then they read the group's key).
func ResolveAggregates(exprs []Expr, s *Scope, grouping []Bound) (*AggregateList, error) {
	var aggs []*boundAgg
	r := &resolver{scope: s, aggs: &aggs}
	out := &AggregateList{}
	for _, e := range exprs {
		b, err := r.resolve(e)
		if err != nil {
			return nil, err
		}
		out.Outputs = append(out.Outputs, b)
	}
	out.aggs = aggs
	// Rebind: references to input columns must be grouping expressions.
	for i, b := range out.Outputs {
		nb, err := rebindToGroups(b, grouping, len(aggs))
		if err != nil {
			return nil, err
		}
		out.Outputs[i] = nb
	}
	return out, nil
}

// HasAggregate reports whether any of exprs calls an aggregate function.
func HasAggregate(exprs ...Expr) bool {
	for _, e := range exprs {
		if hasAgg(e) {
			return true
		}
	}
	return false
}

func hasAgg(e Expr) bool {
	switch e := e.(type) {
	case Call:
		if IsAggregateFunction(e.Name) {
			return true
		}
		return HasAggregate(e.Args...)
	case Alias:
		return hasAgg(e.Child)
	case Cast:
		return hasAgg(e.Child)
	case BinaryOp:
		return hasAgg(e.Left) || hasAgg(e.Right)
	case Not:
		return hasAgg(e.Child)
	case Negate:
		return hasAgg(e.Child)
	case IsNull:
		return hasAgg(e.Child)
	case GetField:
		return hasAgg(e.Child)
	case In:
		return hasAgg(e.Child) || HasAggregate(e.List...)
	case CaseWhen:
		return HasAggregate(e.Conds...) || HasAggregate(e.Values...) || (e.Else != nil && hasAgg(e.Else))
	case FromJSON:
		return hasAgg(e.Child)
	}
	return false
}

// groupRef reads grouping key k from the aggregated row (stored after the aggregate values).
type groupRef struct {
	Bound
	slot int
}

func (g *groupRef) Eval(_ *EvalContext, row sqltypes.Row) (any, error) { return row[g.slot], nil }

// rebindToGroups walks b: an aggregate stays, a subtree equal to a grouping expression
// becomes a read of that key, and a bare input column is an error (MISSING_AGGREGATION).
func rebindToGroups(b Bound, grouping []Bound, nAggs int) (Bound, error) {
	if _, ok := b.(*boundAgg); ok {
		return b, nil
	}
	for k, g := range grouping {
		if b.SQL() == g.SQL() && sqltypes.EqualTypes(b.DataType(), g.DataType(), true) {
			if _, isLit := b.(*boundLit); !isLit {
				return &groupRef{Bound: b, slot: nAggs + k}, nil
			}
		}
	}
	switch x := b.(type) {
	case *boundRef, *boundField:
		return nil, analysisErr("MISSING_AGGREGATION",
			"The non-aggregating expression %s is based on columns which are not participating in the GROUP BY clause.\nAdd the columns or the expression to the GROUP BY, aggregate the expression, or use \"any_value(%s)\" if you do not care which of the values within a group is returned.",
			quoteSQL(b.SQL()), b.SQL())
	case *boundLit:
		return b, nil
	case *boundAlias:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundAlias{child: c, name: x.name, meta: x.meta}, err
	case *boundCast:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundCast{child: c, to: x.to, nameFromChild: x.nameFromChild, implicit: x.implicit}, err
	case *boundArith:
		l, err := rebindToGroups(x.left, grouping, nAggs)
		if err != nil {
			return nil, err
		}
		r, err := rebindToGroups(x.right, grouping, nAggs)
		return &boundArith{op: x.op, left: l, right: r, typ: x.typ}, err
	case *boundCompare:
		l, err := rebindToGroups(x.left, grouping, nAggs)
		if err != nil {
			return nil, err
		}
		r, err := rebindToGroups(x.right, grouping, nAggs)
		return &boundCompare{op: x.op, left: l, right: r, typ: x.typ}, err
	case *boundLogic:
		l, err := rebindToGroups(x.left, grouping, nAggs)
		if err != nil {
			return nil, err
		}
		r, err := rebindToGroups(x.right, grouping, nAggs)
		return &boundLogic{and: x.and, left: l, right: r}, err
	case *boundNot:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundNot{child: c}, err
	case *boundNegate:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundNegate{child: c}, err
	case *boundIsNull:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundIsNull{child: c, not: x.not}, err
	case *boundFunc:
		nf := *x
		nf.args = make([]Bound, len(x.args))
		for i, a := range x.args {
			c, err := rebindToGroups(a, grouping, nAggs)
			if err != nil {
				return nil, err
			}
			nf.args[i] = c
		}
		return &nf, nil
	}
	return nil, unsupported("kafkalab does not support %s in an aggregation's output; compute it in a select after the agg", b.SQL())
}

// ---- accumulators ----

type countAcc struct{ n int64 }

func (a *countAcc) add(_ *EvalContext, v any) error {
	if v != nil {
		a.n++
	}
	return nil
}
func (a *countAcc) result(*EvalContext) (any, error) { return a.n, nil }

type sumAcc struct {
	in, out sqltypes.DataType
	seen    bool
	i       int64
	f       float64
	d       *big.Int // unscaled, at the input's scale
}

func (a *sumAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.seen = true
	switch x := v.(type) {
	case int8:
		return a.addInt(c, int64(x))
	case int16:
		return a.addInt(c, int64(x))
	case int32:
		return a.addInt(c, int64(x))
	case int64:
		return a.addInt(c, x)
	case float32:
		a.f += float64(x)
	case float64:
		a.f += x
	case sqltypes.Decimal:
		if a.d == nil {
			a.d = new(big.Int)
		}
		a.d.Add(a.d, decimalUnscaled(x))
	default:
		return fmt.Errorf("sum: unexpected value %T", v)
	}
	return nil
}

func (a *sumAcc) addInt(c *EvalContext, v int64) error {
	s := a.i + v
	if (v > 0 && s < a.i) || (v < 0 && s > a.i) {
		if c != nil && c.Ansi {
			return arithmeticOverflow("long", "try_sum")
		}
	}
	a.i = s
	return nil
}

func (a *sumAcc) result(c *EvalContext) (any, error) {
	if !a.seen {
		return nil, nil
	}
	switch {
	case sqltypes.IsIntegral(a.in):
		return a.i, nil
	case isFractional(a.in):
		return a.f, nil
	default:
		out := a.out.(sqltypes.DecimalType)
		in := a.in.(sqltypes.DecimalType)
		return decimalFromBig(c, new(big.Int).Set(a.d), int32(in.Scale), out)
	}
}

type avgAcc struct {
	sumAcc
	out sqltypes.DataType
	n   int64
}

func (a *avgAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.n++
	// Sum integers as float to avoid overflow, as Spark's Average does (sum in DOUBLE).
	switch x := v.(type) {
	case int8:
		v = float64(x)
	case int16:
		v = float64(x)
	case int32:
		v = float64(x)
	case int64:
		v = float64(x)
	}
	return a.sumAcc.add(c, v)
}

func (a *avgAcc) result(c *EvalContext) (any, error) {
	if a.n == 0 {
		return nil, nil
	}
	if out, ok := a.out.(sqltypes.DecimalType); ok {
		in := a.in.(sqltypes.DecimalType)
		q := new(big.Rat).SetFrac(a.d, new(big.Int).Mul(big.NewInt(a.n), pow10(int32(in.Scale))))
		return decimalFromRat(c, q, out)
	}
	return a.f / float64(a.n), nil
}

type extremeAcc struct {
	t    sqltypes.DataType
	sign int
	v    any
}

func (a *extremeAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	if a.v == nil || compareValues(v, a.v, a.t)*a.sign > 0 {
		a.v = v
	}
	return nil
}
func (a *extremeAcc) result(*EvalContext) (any, error) { return a.v, nil }

type firstAcc struct {
	set bool
	v   any
}

func (a *firstAcc) add(_ *EvalContext, v any) error {
	if !a.set {
		a.set, a.v = true, v
	}
	return nil
}
func (a *firstAcc) result(*EvalContext) (any, error) { return a.v, nil }

// distinctAcc feeds each distinct non-null value to the inner accumulator once.
type distinctAcc struct {
	inner accumulator
	t     sqltypes.DataType
	seen  map[string]bool
}

func (a *distinctAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	k := keyOf([]any{v}, []sqltypes.DataType{a.t})
	if a.seen[k] {
		return nil
	}
	a.seen[k] = true
	return a.inner.add(c, v)
}
func (a *distinctAcc) result(c *EvalContext) (any, error) { return a.inner.result(c) }
