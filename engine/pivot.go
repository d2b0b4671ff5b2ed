package engine

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// pivotSpec is groupBy(...).pivot(column, values).
type pivotSpec struct {
	col    *Column
	values []any
}

// maxPivotValues is spark.sql.pivotMaxValues' default.
const maxPivotValues = 10000

// Pivot is groupBy(...).pivot(column, values). Without values it reads the column's
// distinct values first, sorted, as Spark does when pivot is called.
func (g *GroupedData) Pivot(ctx context.Context, column any, values []any) (*GroupedData, error) {
	if g.err != nil {
		return nil, g.err
	}
	if g.sets != nil || g.pivot != nil {
		return nil, fmt.Errorf("pivot: Spark pivots only after groupBy (not after rollup, cube or another pivot)")
	}
	cs, err := cols([]any{column})
	if err != nil {
		return nil, err
	}
	col := cs[0]
	if values == nil {
		distinct, err := g.df.Select(col)
		if err == nil {
			distinct, err = distinct.Distinct()
		}
		if err == nil {
			distinct, err = distinct.Limit(maxPivotValues + 1)
		}
		if err == nil {
			distinct, err = distinct.OrderBy(positional(distinct.Schema().Fields, 0))
		}
		if err != nil {
			return nil, err
		}
		rows, err := distinct.Collect(ctx)
		if err != nil {
			return nil, err
		}
		if len(rows) > maxPivotValues {
			return nil, &plan.AnalysisError{Class: "_LEGACY_ERROR_TEMP_1324", Message: fmt.Sprintf(
				"The pivot column %s has more than %d distinct values, this could indicate an error. If this was intended, set spark.sql.pivotMaxValues to at least the number of distinct values of the pivot column.",
				distinct.Columns()[0], maxPivotValues)}
		}
		values = []any{}
		for _, r := range rows {
			values = append(values, r[0])
		}
	}
	return &GroupedData{df: g.df, keys: g.keys, pivot: &pivotSpec{col: col, values: values}, planned: g.planned}, nil
}

// aggPivot is the pivoted aggregation as Spark's analyzer rewrites it: for each pivot
// value and each aggregate, the aggregate over only the rows whose pivot column equals
// the value (its function's arguments become if(pivot <=> value, arg, NULL)), named by the
// value, or value_aggregate when there are several aggregates.
func (g *GroupedData) aggPivot(columns []any) (*DataFrame, error) {
	plain, err := (&GroupedData{df: g.df, keys: g.keys, planned: true}).Agg(columns...)
	if err != nil {
		return nil, err
	}
	aggFields := plain.Schema().Fields[len(g.keys):]
	// Spark pivots aggregates of these result types in two steps (PivotFirst): a group
	// with no row of a pivot value gets NULL there, even for a count.
	pivotFirst := true
	for _, f := range aggFields {
		switch f.Type.(type) {
		case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType,
			sqltypes.FloatType, sqltypes.DoubleType, sqltypes.BooleanType, sqltypes.DecimalType:
		default:
			pivotFirst = false
		}
	}
	pivotDF, err := g.df.Select(g.pivot.col)
	if err != nil {
		return nil, err
	}
	pivotType := pivotDF.Schema().Fields[0].Type
	cs, err := cols(columns)
	if err != nil {
		return nil, err
	}
	var out []any
	var names []string
	for _, v := range g.pivot.values {
		name, err := sqltypes.Cast(v, literalType(v), sqltypes.String, time.UTC)
		if err != nil {
			return nil, err
		}
		label := "null"
		if name != nil {
			label = fmt.Sprint(name)
		}
		cond := g.pivot.col.EqNullSafe(Lit(v).Cast(pivotType))
		if cond.err != nil {
			return nil, cond.err
		}
		for i, c := range cs {
			e, err := pivotFilter(c.expr, cond.expr)
			if err != nil {
				return nil, err
			}
			n := label
			if len(cs) > 1 {
				n += "_" + aggFields[i].Name
			}
			names = append(names, n)
			if pivotFirst {
				seen := plan.Call{Name: "count", Args: []plan.Expr{
					plan.Call{Name: "if", Args: []plan.Expr{cond.expr, plan.Literal{Value: int32(1), Type: sqltypes.Integer}, plan.Literal{Type: sqltypes.Null}}}}}
				out = append(out, newColumn(plan.Alias{Child: seen, Name: fmt.Sprintf("__pivot_seen_%d", len(names))}))
			}
			out = append(out, newColumn(plan.Alias{Child: stripAlias(e), Name: fmt.Sprintf("__pivot_%d", len(names))}))
		}
	}
	agg, err := (&GroupedData{df: g.df, keys: g.keys, planned: true}).Agg(out...)
	if err != nil {
		return nil, err
	}
	// The second step names the pivoted columns (and, for PivotFirst's types, makes a
	// value no row of the group had NULL).
	var final []any
	for _, k := range plain.Columns()[:len(g.keys)] {
		final = append(final, newColumn(plan.ColumnRef{Parts: []string{k}}))
	}
	for i, n := range names {
		v := newColumn(plan.ColumnRef{Parts: []string{fmt.Sprintf("__pivot_%d", i+1)}})
		if pivotFirst {
			seen := newColumn(plan.ColumnRef{Parts: []string{fmt.Sprintf("__pivot_seen_%d", i+1)}})
			v = When(seen.Gt(Lit(0)), v)
		}
		final = append(final, v.Alias(n))
	}
	return agg.Select(final...)
}

func literalType(v any) sqltypes.DataType {
	l, err := plan.LiteralOf(v)
	if err != nil {
		return sqltypes.Null
	}
	if lit, ok := l.(plan.Literal); ok {
		return lit.Type
	}
	return sqltypes.Null
}

// pivotFilter rewrites the aggregate calls of e to see only the rows where cond holds.
// first and last ignore NULLs then, as Spark makes them.
func pivotFilter(e plan.Expr, cond plan.Expr) (plan.Expr, error) {
	only := func(arg plan.Expr) plan.Expr {
		if _, star := arg.(plan.Star); star {
			arg = plan.Literal{Value: int32(1), Type: sqltypes.Integer}
		}
		return plan.Call{Name: "if", Args: []plan.Expr{cond, arg, plan.Literal{Value: nil, Type: sqltypes.Null}}}
	}
	switch x := e.(type) {
	case plan.Alias:
		child, err := pivotFilter(x.Child, cond)
		x.Child = child
		return x, err
	case plan.Cast:
		child, err := pivotFilter(x.Child, cond)
		x.Child = child
		return x, err
	case plan.BinaryOp:
		l, err := pivotFilter(x.Left, cond)
		if err != nil {
			return nil, err
		}
		r, err := pivotFilter(x.Right, cond)
		x.Left, x.Right = l, r
		return x, err
	case plan.Call:
		if !plan.HasAggregate(x) {
			return x, nil
		}
		args := append([]plan.Expr(nil), x.Args...)
		if plan.IsAggregateFunction(x.Name) && x.UDF == nil {
			n := len(args)
			switch strings.ToLower(x.Name) {
			case "percentile_approx", "approx_percentile":
				n = 1 // the percentages and accuracy stay literals
			case "first", "last", "first_value", "last_value":
				n = 1
				args = append(args[:1], plan.Literal{Value: true, Type: sqltypes.Boolean})
			}
			for i := 0; i < n && i < len(args); i++ {
				args[i] = only(args[i])
			}
		} else {
			for i := range args {
				a, err := pivotFilter(args[i], cond)
				if err != nil {
					return nil, err
				}
				args[i] = a
			}
		}
		x.Args = args
		return x, nil
	}
	if !plan.HasAggregate(e) {
		return e, nil
	}
	return nil, &plan.UnsupportedError{Message: "this aggregate expression under pivot is not in kafkalab (pivot takes aggregate calls, aliased, cast or combined with arithmetic); run this script on real Spark with `kafkalab export`"}
}

func stripAlias(e plan.Expr) plan.Expr {
	if a, ok := e.(plan.Alias); ok {
		return a.Child
	}
	return e
}
