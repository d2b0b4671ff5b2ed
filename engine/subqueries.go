package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Subqueries of the DataFrame API (Spark 4): col.outer() names a column of the outer
// query inside a DataFrame's where(); df.exists() makes that DataFrame an EXISTS test in
// another DataFrame's where(), applied as a left semi join (NOT EXISTS: left anti) on
// the subquery's condition, as Spark's optimizer rewrites a correlated EXISTS.

// Outer is col.outer(): the column, read from the outer query of a subquery.
func (c *Column) Outer() *Column { return c.derive(plan.OuterRef{Child: c.expr}) }

// Exists is df.exists(): an EXISTS test of the DataFrame as a subquery. One that reads no
// outer column runs once, here, and is TRUE or FALSE.
func (df *DataFrame) Exists(ctx context.Context) *Column {
	if sub, ok := df.node.(*plan.CorrelatedFilter); ok {
		return newColumn(plan.ExistsSubquery{Subquery: sub})
	}
	rows, err := df.Take(ctx, 1)
	if err != nil {
		return errColumn(fmt.Errorf("exists: %w", err))
	}
	return newColumn(plan.Literal{Value: len(rows) > 0, Type: sqltypes.Boolean})
}

func hasExistsSubquery(e plan.Expr) bool {
	for _, c := range conjuncts(e) {
		if n, ok := c.(plan.Not); ok {
			c = n.Child
		}
		if _, ok := c.(plan.ExistsSubquery); ok {
			return true
		}
	}
	return false
}

// filterExists applies a where() whose condition has [NOT] EXISTS conjuncts: each one a
// semi (anti) join with its subquery's rows on the subquery's condition, the other
// conjuncts a filter after them.
func (df *DataFrame) filterExists(cond plan.Expr) (*DataFrame, error) {
	out := df
	var rest plan.Expr
	for _, c := range conjuncts(cond) {
		how := "left_semi"
		inner := c
		if n, ok := inner.(plan.Not); ok {
			inner, how = n.Child, "left_anti"
		}
		ex, ok := inner.(plan.ExistsSubquery)
		if !ok {
			if rest == nil {
				rest = c
			} else {
				rest = plan.BinaryOp{Op: "AND", Left: rest, Right: c}
			}
			continue
		}
		on, err := plan.StripOuterRefs(ex.Subquery.Cond)
		if err != nil {
			return nil, err
		}
		if out, err = out.Join(df.s.newDF(ex.Subquery.Child), newColumn(on), how); err != nil {
			return nil, err
		}
	}
	if rest == nil {
		return out, nil
	}
	return out.Filter(newColumn(rest))
}

// Scalar is df.scalar(): the DataFrame's single value as a scalar subquery. One that
// reads no outer column runs once, here (NULL for no row); a correlated one
// (df.where(... .outer() ...).select(agg)) is joined to the outer query by its where's
// equalities when the outer query uses it.
func (df *DataFrame) Scalar(ctx context.Context) *Column {
	if sub, ok := df.node.(*plan.CorrelatedSelect); ok {
		return newColumn(plan.ScalarDFSubquery{Subquery: sub})
	}
	fields := df.Schema().Fields
	if len(fields) != 1 {
		return errColumn(&plan.AnalysisError{Class: "INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN",
			Message: fmt.Sprintf("Invalid subquery: Scalar subquery must return only one column, but got %d.", len(fields))})
	}
	rows, err := df.Take(ctx, 2)
	if err != nil {
		return errColumn(fmt.Errorf("scalar: %w", err))
	}
	if len(rows) > 1 {
		return errColumn(&plan.AnalysisError{Class: "SCALAR_SUBQUERY_TOO_MANY_ROWS", Message: "More than one row returned by a subquery used as an expression."})
	}
	if len(rows) == 0 {
		return newColumn(plan.Cast{Child: plan.Literal{Value: nil, Type: sqltypes.Null}, To: fields[0].Type})
	}
	return newColumn(plan.Literal{Value: rows[0][0], Type: fields[0].Type})
}

// correlatedSelect is df.select(exprs) over a DataFrame whose where() reads an outer
// query: kept, to be joined when a scalar() of it is used.
func (df *DataFrame) correlatedSelect(cf *plan.CorrelatedFilter, exprs []plan.Expr) (*DataFrame, error) {
	shape, err := df.s.newDF(cf.Child).Select(toAnyExprs(exprs)...)
	if err != nil {
		return nil, err
	}
	return df.s.newDF(&plan.CorrelatedSelect{Filter: cf, Exprs: exprs, Scope: shape.node.Output()}), nil
}

func toAnyExprs(exprs []plan.Expr) []any {
	out := make([]any, len(exprs))
	for i, e := range exprs {
		out[i] = newColumn(e)
	}
	return out
}

func hasScalarSubquery(exprs ...plan.Expr) bool {
	found := false
	for _, e := range exprs {
		_, _ = plan.MapExpr(e, func(x plan.Expr) (plan.Expr, error) {
			if _, ok := x.(plan.ScalarDFSubquery); ok {
				found = true
			}
			return x, nil
		})
	}
	return found
}

// joinScalars decorrelates the scalar subqueries of exprs: each subquery's rows, filtered
// by its where's conditions that read no outer column, are aggregated per the inner
// columns its equalities (inner = outer.outer()) compare, and left-joined to df on those
// equalities; the subquery becomes the joined aggregate. It answers the joined DataFrame
// and exprs reading it.
func (df *DataFrame) joinScalars(exprs []plan.Expr) (*DataFrame, []plan.Expr, error) {
	out := df
	n := 0
	rewrite := func(x plan.Expr) (plan.Expr, error) {
		sq, ok := x.(plan.ScalarDFSubquery)
		if !ok {
			return x, nil
		}
		n++
		value := fmt.Sprintf("__kafkalab_scalar_%d", n)
		var innerKeys []*Column
		var on *Column
		var local plan.Expr
		for i, c := range conjuncts(sq.Subquery.Filter.Cond) {
			b, isEq := c.(plan.BinaryOp)
			if !plan.HasOuterRef(c) {
				if local == nil {
					local = c
				} else {
					local = plan.BinaryOp{Op: "AND", Left: local, Right: c}
				}
				continue
			}
			var inner, outer plan.Expr
			if isEq && (b.Op == "=" || b.Op == "==") {
				if o, ok := b.Right.(plan.OuterRef); ok && !plan.HasOuterRef(b.Left) {
					inner, outer = b.Left, o.Child
				} else if o, ok := b.Left.(plan.OuterRef); ok && !plan.HasOuterRef(b.Right) {
					inner, outer = b.Right, o.Child
				}
			}
			if inner == nil {
				return nil, fmt.Errorf("scalar(): kafkalab joins a correlated subquery on equalities (inner = col(...).outer()) only, not %s", exprString(c))
			}
			key := fmt.Sprintf("%s_key_%d", value, i)
			innerKeys = append(innerKeys, newColumn(inner).Alias(key))
			eq := newColumn(outer).EqualTo(Col(key))
			if on == nil {
				on = eq
			} else {
				on = on.And(eq)
			}
		}
		if len(sq.Subquery.Exprs) != 1 {
			return nil, &plan.AnalysisError{Class: "INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN",
				Message: fmt.Sprintf("Invalid subquery: Scalar subquery must return only one column, but got %d.", len(sq.Subquery.Exprs))}
		}
		inner := df.s.newDF(sq.Subquery.Filter.Child)
		var err error
		if local != nil {
			if inner, err = inner.Filter(newColumn(local)); err != nil {
				return nil, err
			}
		}
		keys := make([]any, len(innerKeys))
		for i, k := range innerKeys {
			keys[i] = k
		}
		agg, err := inner.GroupBy(keys...).WithoutRowEncoder().Agg(newColumn(sq.Subquery.Exprs[0]).Alias(value))
		if err != nil {
			return nil, err
		}
		if out, err = out.Join(agg, on, "left"); err != nil {
			return nil, err
		}
		ref := plan.Expr(plan.ColumnRef{Parts: []string{value}})
		if isCount(sq.Subquery.Exprs[0]) {
			// A count over no rows is 0, not the NULL an unmatched outer row gets.
			ref = plan.Call{Name: "coalesce", Args: []plan.Expr{ref, plan.Literal{Value: int64(0), Type: sqltypes.Long}}}
		}
		return ref, nil
	}
	rewritten := make([]plan.Expr, len(exprs))
	for i, e := range exprs {
		r, err := plan.MapExpr(e, rewrite)
		if err != nil {
			return nil, nil, err
		}
		rewritten[i] = r
	}
	return out, rewritten, nil
}

// outerColumns selects df's first n columns: the outer query's, after its subqueries'
// joined columns are read.
func (df *DataFrame) outerColumns(n int) (*DataFrame, error) {
	keep := make([]any, n)
	for i := range n {
		keep[i] = newColumn(plan.BoundExpr(plan.BoundColumn(df.Schema(), i)))
	}
	return df.Select(keep...)
}

// isCount reports a count(...) aggregate, aliased or not.
func isCount(e plan.Expr) bool {
	if a, ok := e.(plan.Alias); ok {
		e = a.Child
	}
	c, ok := e.(plan.Call)
	return ok && strings.EqualFold(c.Name, "count")
}
