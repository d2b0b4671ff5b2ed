package plan

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// An aggregate function is a binder that checks the call's arguments and returns an
// aggDef: the row-evaluated arguments, the result type, how the call prints and a factory
// of accumulators. Constant parameters (ignoreNulls, percentages, a delimiter) are read at
// analysis and captured by the factory.
type aggBinder func(r *resolver, c Call, args []Bound) (*aggDef, error)

type aggDef struct {
	name     string
	args     []Bound  // evaluated per row; none for count(*)
	sqlArgs  []string // the printed arguments, when not args' SQL
	sql      string   // the whole printed form, when not name(args)
	typ      sqltypes.DataType
	nullable bool
	newAcc   func() accumulator
}

type accumulator interface {
	add(c *EvalContext, v any) error
	result(c *EvalContext) (any, error)
}

// pairAccumulator takes the two arguments of a two-column aggregate (corr, max_by...)
// without packing them.
type pairAccumulator interface {
	add2(c *EvalContext, a, b any) error
}

// aggregateFunctions are the aggregate functions by name.
var aggregateFunctions = map[string]aggBinder{}

func registerAgg(b aggBinder, names ...string) {
	for _, n := range names {
		aggregateFunctions[n] = b
	}
}

// boundAgg is an aggregate call. It is evaluated by the Aggregate operator: Eval reads the
// group's finished value from the aggregated row at slot.
type boundAgg struct {
	name     string
	arg      Bound // args[0], nil for count(*)
	args     []Bound
	distinct bool
	def      *aggDef
	typ      sqltypes.DataType
	slot     int
}

func (b *boundAgg) DataType() sqltypes.DataType { return b.typ }
func (b *boundAgg) Nullable() bool              { return b.def.nullable }
func (b *boundAgg) SQL() string {
	if b.def.sql != "" {
		return b.def.sql
	}
	parts := b.def.sqlArgs
	if parts == nil {
		parts = sqlOf(b.args)
		if len(parts) == 0 {
			parts = []string{"1"}
		}
	}
	arg := strings.Join(parts, ", ")
	if b.distinct {
		arg = "DISTINCT " + arg
	}
	return b.name + "(" + arg + ")"
}
func (b *boundAgg) Eval(_ *EvalContext, row sqltypes.Row) (any, error) {
	return row[b.slot], nil
}

func (b *boundAgg) newAccumulator() accumulator {
	acc := b.def.newAcc()
	if b.distinct {
		types := make([]sqltypes.DataType, len(b.args))
		for i, a := range b.args {
			types[i] = a.DataType()
		}
		return &distinctAcc{inner: acc, types: types}
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

// feed evaluates the call's arguments over one input row and adds them.
func (b *boundAgg) feed(c *EvalContext, acc accumulator, row sqltypes.Row) error {
	switch len(b.args) {
	case 0:
		return acc.add(c, int32(1)) // count(*) counts every row
	case 1:
		v, err := b.args[0].Eval(c, row)
		if err != nil {
			return err
		}
		return acc.add(c, v)
	case 2:
		x, err := b.args[0].Eval(c, row)
		if err != nil {
			return err
		}
		y, err := b.args[1].Eval(c, row)
		if err != nil {
			return err
		}
		if p, ok := acc.(pairAccumulator); ok {
			return p.add2(c, x, y)
		}
		return acc.add(c, sqltypes.Row{x, y})
	}
	vals := make(sqltypes.Row, len(b.args))
	for i, a := range b.args {
		v, err := a.Eval(c, row)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	return acc.add(c, vals)
}

func (r *resolver) resolveAggregate(name string, c Call) (Bound, error) {
	if r.aggs == nil {
		// Resolved on its own, the call gives the SQL Spark names it by.
		alone := &resolver{scope: r.scope, aggs: new([]*boundAgg), lambdas: r.lambdas}
		b, err := alone.resolveAggregate(name, c)
		if err != nil {
			return nil, err
		}
		return nil, aggregateNotAllowed(b.SQL())
	}
	bind := aggregateFunctions[name]
	// Aggregates may not nest.
	inner := &resolver{scope: r.scope, lambdas: r.lambdas}
	var args []Bound
	for _, e := range c.Args {
		if st, ok := e.(Star); ok && len(st.Target) == 0 && name == "count" && len(c.Args) == 1 {
			break // count(*) is count(1)
		}
		b, err := inner.resolve(e)
		if err != nil {
			var ae *AnalysisError
			if asAnalysis(err, &ae) && ae.Class == "UNSUPPORTED_EXPR_FOR_OPERATOR" {
				return nil, analysisErr("NESTED_AGGREGATE_FUNCTION",
					"It is not allowed to use an aggregate function in the argument of another aggregate function. Please use the inner aggregate function in a sub-query.")
			}
			return nil, err
		}
		args = append(args, b)
	}
	def, err := bind(r, c, args)
	if err != nil {
		return nil, err
	}
	b := &boundAgg{name: def.name, args: def.args, distinct: c.Distinct, def: def, typ: def.typ, slot: len(*r.aggs)}
	if len(def.args) > 0 {
		b.arg = def.args[0]
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
			var ae *AnalysisError
			if len(grouping) == 0 && errors.As(err, &ae) && ae.Class == "MISSING_AGGREGATION" {
				// With no grouping at all Spark names the missing GROUP BY instead.
				return nil, missingGroupBy()
			}
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

// AggregateCalls lists the outermost aggregate calls inside exprs, in order (the
// expressions Spark names when it refuses an aggregate in a WHERE).
func AggregateCalls(exprs ...Expr) []Expr {
	var out []Expr
	for _, e := range exprs {
		if c, ok := e.(Call); ok && IsAggregateFunction(c.Name) {
			out = append(out, c)
			continue
		}
		if !hasAgg(e) {
			continue
		}
		switch e := e.(type) {
		case Call:
			out = append(out, AggregateCalls(e.Args...)...)
		case Alias:
			out = append(out, AggregateCalls(e.Child)...)
		case Cast:
			out = append(out, AggregateCalls(e.Child)...)
		case BinaryOp:
			out = append(out, AggregateCalls(e.Left, e.Right)...)
		case Not:
			out = append(out, AggregateCalls(e.Child)...)
		case Negate:
			out = append(out, AggregateCalls(e.Child)...)
		case IsNull:
			out = append(out, AggregateCalls(e.Child)...)
		case GetField:
			out = append(out, AggregateCalls(e.Child)...)
		case ExtractValue:
			out = append(out, AggregateCalls(e.Child, e.Key)...)
		case In:
			out = append(out, AggregateCalls(append([]Expr{e.Child}, e.List...)...)...)
		case CaseWhen:
			out = append(out, AggregateCalls(append(append(append([]Expr(nil), e.Conds...), e.Values...), e.Else)...)...)
		case FromJSON:
			out = append(out, AggregateCalls(e.Child)...)
		}
	}
	return out
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
	case ExtractValue:
		return hasAgg(e.Child) || hasAgg(e.Key)
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
	case *boundZoned:
		c, err := rebindToGroups(x.Bound, grouping, nAggs)
		return &boundZoned{Bound: c, loc: x.loc, name: x.name}, err
	case *boundAlias:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundAlias{child: c, name: x.name, meta: x.meta}, err
	case *boundCast:
		c, err := rebindToGroups(x.child, grouping, nAggs)
		return &boundCast{child: c, to: x.to, implicit: x.implicit}, err
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
	case *boundHOF:
		// A higher-order function over aggregates (array_sort(collect_set(x))). Its
		// evaluator holds its lambdas, which read the input row, so only one without
		// lambdas (array_sort's default order) is rebound.
		if len(x.lambdas) > 0 {
			break
		}
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

// distinctAcc feeds each distinct non-null value (or tuple without NULLs) to the inner
// accumulator once.
type distinctAcc struct {
	inner accumulator
	types []sqltypes.DataType
	seen  map[string]bool
	vals  []any // the distinct values in arrival order, for merging
}

func (a *distinctAcc) add(c *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	var k string
	if row, ok := v.(sqltypes.Row); ok && len(a.types) > 1 {
		for _, x := range row {
			if x == nil {
				return nil
			}
		}
		k = keyOf(row, a.types)
	} else {
		k = keyOf([]any{v}, a.types[:1])
	}
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	if a.seen[k] {
		return nil
	}
	a.seen[k] = true
	a.vals = append(a.vals, v)
	return a.inner.add(c, v)
}
func (a *distinctAcc) result(c *EvalContext) (any, error) { return a.inner.result(c) }

// missingGroupBy is MISSING_GROUP_BY: a column next to an aggregate with no grouping.
func missingGroupBy() error {
	return analysisErr("MISSING_GROUP_BY", "The query does not include a GROUP BY clause. Add GROUP BY or turn it into the window functions using OVER clauses.")
}

// PosAggregate is GROUP BY n where the n-th select item holds an aggregate; Line and Pos
// place the n in the text (Line 0 when unknown).
type PosAggregate struct {
	N         int
	Item      Expr
	Line, Pos int
}

// GroupByPosAggregate is Spark's GROUP_BY_POS_AGGREGATE for pa over child: the item is
// named as resolved, with its alias (given or the name Spark makes), as in PySpark 4.2.0:
// "GROUP BY 2 refers to an expression sum(t.id) AS `sum(id)` ...", ending with the place of
// the ordinal (" line 1 pos 35"); the plan is not shown.
func GroupByPosAggregate(child Node, pa *PosAggregate) error {
	r := &resolver{scope: childScope(child), aggs: new([]*boundAgg)}
	b, err := r.resolve(pa.Item)
	if err != nil {
		return err
	}
	text := b.SQL()
	if _, aliased := b.(*boundAlias); !aliased {
		text += " AS " + quoteIfNeeded(OutputField(b).Name)
	}
	e := sparkerrors.New(sparkerrors.AnalysisException, "GROUP_BY_POS_AGGREGATE",
		"index", strconv.Itoa(pa.N), "aggExpr", text)
	if pa.Line > 0 {
		e.Tail = fmt.Sprintf("; line %d pos %d", pa.Line, pa.Pos)
	}
	return e
}

// groupByAggregate is GROUP_BY_AGGREGATE: an aggregate call among the grouping
// expressions, named by its SQL as resolved on its own.
func groupByAggregate(in *Scope, call Expr) error {
	alone := &resolver{scope: in, aggs: new([]*boundAgg)}
	b, err := alone.resolve(call)
	if err != nil {
		return err
	}
	e := sparkerrors.New(sparkerrors.AnalysisException, "GROUP_BY_AGGREGATE", "sqlExpr", b.SQL())
	e.WithPlan = true
	return e
}
