package plan

import (
	"context"
	"errors"

	"github.com/kafkalab/kafkalab/engine/rowiter"
)

// OuterRef is col.outer(): inside a DataFrame used as a correlated subquery
// (orders.where(col("o.id") == col("c.id").outer()).exists()), a column of the query
// outside it.
type OuterRef struct{ Child Expr }

func (OuterRef) isExpr() {}

// ExistsSubquery is df.exists() over a DataFrame that reads its outer query: the outer
// query's where() turns it into a semi join (NOT: an anti join) on the subquery's
// condition, as Spark's optimizer rewrites a correlated EXISTS.
type ExistsSubquery struct{ Subquery *CorrelatedFilter }

func (ExistsSubquery) isExpr() {}

// HasOuterRef reports whether e reads the outer query (col.outer()).
func HasOuterRef(e Expr) bool {
	found := false
	_, _ = MapExpr(e, func(x Expr) (Expr, error) {
		if _, ok := x.(OuterRef); ok {
			found = true
		}
		return x, nil
	})
	return found
}

// StripOuterRefs is e with each outer reference replaced by its column, for a condition
// that joins the outer query with the subquery's rows.
func StripOuterRefs(e Expr) (Expr, error) {
	return MapExpr(e, func(x Expr) (Expr, error) {
		if o, ok := x.(OuterRef); ok {
			return o.Child, nil
		}
		return x, nil
	})
}

// CorrelatedFilter is df.where(cond) whose condition reads an outer query: a DataFrame
// that has a meaning only as a subquery of another DataFrame's where().
type CorrelatedFilter struct {
	Child Node
	Cond  Expr
}

func (f *CorrelatedFilter) Output() *Scope   { return f.Child.Output() }
func (f *CorrelatedFilter) Children() []Node { return []Node{f.Child} }
func (f *CorrelatedFilter) Describe() string { return "Filter (reads the outer query)" }
func (f *CorrelatedFilter) Execute(context.Context, *Exec) ([]rowiter.Iter, error) {
	return nil, errors.New("this DataFrame's condition reads an outer query (Column.outer()): " +
		"use it as a subquery, other.where(df.exists()) or other.where(~df.exists())")
}

// CorrelatedSelect is df.select(aggregates) over a CorrelatedFilter: the subquery of a
// correlated scalar subquery (df.where(... .outer() ...).select(avg("x")).scalar()).
type CorrelatedSelect struct {
	Filter *CorrelatedFilter
	Exprs  []Expr
	// Scope is the select's output as it would be over the subquery's rows.
	Scope *Scope
}

func (c *CorrelatedSelect) Output() *Scope   { return c.Scope }
func (c *CorrelatedSelect) Children() []Node { return []Node{c.Filter} }
func (c *CorrelatedSelect) Describe() string { return "Aggregate (reads the outer query)" }
func (c *CorrelatedSelect) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	return c.Filter.Execute(ctx, ex)
}

// ScalarDFSubquery is df.scalar() over a CorrelatedSelect: the outer query joins the
// subquery's aggregate per correlation key, as Spark's optimizer decorrelates it.
type ScalarDFSubquery struct{ Subquery *CorrelatedSelect }

func (ScalarDFSubquery) isExpr() {}

// BoundExpr is an already resolved expression given where an Expr is expected: it
// resolves to itself (its column indexes are those of the scope it was resolved in).
func BoundExpr(b Bound) Expr { return boundExpr{b} }
