package engine

import (
	"context"
	"fmt"

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
