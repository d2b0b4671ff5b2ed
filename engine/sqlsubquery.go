package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Subqueries in spark.sql. A subquery that stands alone (it reads no column of the outer
// query) runs once and its answer takes its place: a scalar subquery becomes its single
// value (NULL for no row), IN (SELECT ...) the list of its values, EXISTS true or false.
// A correlated EXISTS / NOT EXISTS in WHERE becomes a left semi / anti join on the
// subquery's WHERE, as Spark's optimizer rewrites it; other correlated subqueries are
// refused with a pointer to JOIN.

// sqlSubqueries applies the WHERE clause's correlated EXISTS as joins and puts every other
// subquery's answer in its place in the query's expressions.
func (s *Session) sqlSubqueries(ctx context.Context, df *DataFrame, q *plan.Query, ctes map[string]*DataFrame) (*DataFrame, error) {
	if q.Where != nil && plan.HasSubquery(q.Where) {
		var rest []plan.Expr
		for _, c := range conjuncts(q.Where) {
			inlined, err := s.inlineSubqueries(ctx, c, ctes)
			if err == nil {
				rest = append(rest, inlined)
				continue
			}
			joined, ok, jerr := s.existsJoin(ctx, df, c, q, ctes)
			if jerr != nil {
				return nil, jerr
			}
			if ok {
				df = joined
				continue
			}
			joined, rewritten, ok, jerr := s.scalarJoins(ctx, df, c, q, ctes)
			if jerr != nil {
				return nil, jerr
			}
			if !ok {
				return nil, err
			}
			df = joined
			rest = append(rest, rewritten)
		}
		q.Where = nil
		for _, c := range rest {
			if q.Where == nil {
				q.Where = c
			} else {
				q.Where = plan.BinaryOp{Op: "AND", Left: q.Where, Right: c}
			}
		}
	}
	for i, it := range q.Items {
		e, err := s.inlineSubqueries(ctx, it, ctes)
		if err != nil {
			joined, rewritten, ok, jerr := s.scalarJoins(ctx, df, it, q, ctes)
			if jerr != nil {
				return nil, jerr
			}
			if !ok {
				return nil, err
			}
			df, e = joined, rewritten
		}
		q.Items[i] = e
	}
	if q.Having != nil {
		e, err := s.inlineSubqueries(ctx, q.Having, ctes)
		if err != nil {
			return nil, err
		}
		q.Having = e
	}
	return df, nil
}

// conjuncts splits a condition at its top-level ANDs.
func conjuncts(e plan.Expr) []plan.Expr {
	if b, ok := e.(plan.BinaryOp); ok && strings.EqualFold(b.Op, "AND") {
		return append(conjuncts(b.Left), conjuncts(b.Right)...)
	}
	return []plan.Expr{e}
}

// inlineSubqueries runs each uncorrelated subquery of e and puts its answer in its place.
func (s *Session) inlineSubqueries(ctx context.Context, e plan.Expr, ctes map[string]*DataFrame) (plan.Expr, error) {
	if !plan.HasSubquery(e) {
		return e, nil
	}
	return plan.MapExpr(e, func(x plan.Expr) (plan.Expr, error) {
		switch v := x.(type) {
		case plan.ScalarSubquery:
			df, err := s.subqueryOneColumn(ctx, v.Text, ctes, "scalar subquery")
			if err != nil {
				return nil, err
			}
			rows, err := df.Take(ctx, 2)
			if err != nil {
				return nil, err
			}
			if len(rows) > 1 {
				return nil, &plan.AnalysisError{Class: "SCALAR_SUBQUERY_TOO_MANY_ROWS", Message: "More than one row returned by a subquery used as an expression."}
			}
			t := df.Schema().Fields[0].Type
			if len(rows) == 0 {
				return plan.Cast{Child: plan.Literal{Value: nil, Type: sqltypes.Null}, To: t}, nil
			}
			return plan.Literal{Value: rows[0][0], Type: t}, nil
		case plan.InSubquery:
			df, err := s.subqueryOneColumn(ctx, v.Text, ctes, "IN subquery")
			if err != nil {
				return nil, err
			}
			rows, err := df.Collect(ctx)
			if err != nil {
				return nil, err
			}
			if len(rows) == 0 {
				return plan.Literal{Value: false, Type: sqltypes.Boolean}, nil
			}
			t := df.Schema().Fields[0].Type
			list := make([]plan.Expr, len(rows))
			for i, r := range rows {
				list[i] = plan.Literal{Value: r[0], Type: t}
			}
			return plan.In{Child: v.Child, List: list}, nil
		case plan.Exists:
			df, err := s.subquery(ctx, v.Text, ctes)
			if err != nil {
				return nil, err
			}
			rows, err := df.Take(ctx, 1)
			if err != nil {
				return nil, err
			}
			return plan.Literal{Value: len(rows) > 0, Type: sqltypes.Boolean}, nil
		}
		return x, nil
	})
}

// subquery runs a subquery's text; one that reads the outer query's columns fails to
// resolve them, which is said as kafkalab's limit rather than as a missing column.
func (s *Session) subquery(ctx context.Context, text string, ctes map[string]*DataFrame) (*DataFrame, error) {
	df, err := s.sqlScoped(ctx, text, ctes)
	var ae *plan.AnalysisError
	if err != nil && errors.As(err, &ae) && strings.HasPrefix(ae.Class, "UNRESOLVED_COLUMN") {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf(
			"kafkalab's spark.sql does not support correlated subqueries (ones that read the outer query's columns) except EXISTS / NOT EXISTS in WHERE yet (%s); rewrite it as a JOIN, or run the script on real Spark with `kafkalab export`", ae.Error())}
	}
	return df, err
}

func (s *Session) subqueryOneColumn(ctx context.Context, text string, ctes map[string]*DataFrame, what string) (*DataFrame, error) {
	df, err := s.subquery(ctx, text, ctes)
	if err != nil {
		return nil, err
	}
	if n := len(df.Schema().Fields); n != 1 {
		return nil, &plan.AnalysisError{Class: "INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN",
			Message: fmt.Sprintf("Invalid subquery: The %s must return exactly one column, but got %d.", what, n)}
	}
	return df, nil
}

// existsJoin turns a correlated [NOT] EXISTS (SELECT ... FROM t [alias] WHERE cond) into
// a left semi (anti) join of the outer rows with t on cond; ok is false for any other
// condition.
func (s *Session) existsJoin(ctx context.Context, df *DataFrame, c plan.Expr, outer *plan.Query, ctes map[string]*DataFrame) (*DataFrame, bool, error) {
	how := "left_semi"
	if n, ok := c.(plan.Not); ok {
		c, how = n.Child, "left_anti"
	}
	ex, ok := c.(plan.Exists)
	if !ok {
		return nil, false, nil
	}
	inner, err := plan.ParseQuery(ex.Text)
	if err != nil {
		return nil, false, err
	}
	if inner.Table == "" || inner.Where == nil || len(inner.Joins) > 0 || len(inner.GroupBy) > 0 || inner.Having != nil || inner.FromQuery != "" {
		return nil, false, nil
	}
	right := cteNamed(ctes, inner.Table)
	if right == nil {
		if right, err = s.Table(ctx, inner.Table); err != nil {
			return nil, false, err
		}
	}
	alias := inner.TableAlias
	if alias == "" {
		alias = bareName(inner.Table)
	}
	if outer.TableAlias == "" && outer.Table != "" && len(outer.Joins) == 0 {
		df = df.Alias(bareName(outer.Table))
	}
	joined, err := df.Join(right.Alias(alias), newColumn(inner.Where), how)
	if err != nil {
		return nil, false, err
	}
	return joined, true, nil
}

// scalarJoins decorrelates the scalar subqueries of e that read the outer query through
// equalities, (SELECT agg(x) FROM t i WHERE i.k = o.k [AND ...]), as Spark's optimizer
// does: t's rows matching the other conditions, aggregated per k, are left-joined to the
// outer rows on k, and the subquery becomes the joined value (count's NULL becomes 0).
// ok is false when a subquery has another shape.
func (s *Session) scalarJoins(ctx context.Context, df *DataFrame, e plan.Expr, outer *plan.Query, ctes map[string]*DataFrame) (*DataFrame, plan.Expr, bool, error) {
	if outer.TableAlias == "" && outer.Table != "" && len(outer.Joins) == 0 && outer.FromQuery == "" {
		df = df.Alias(bareName(outer.Table))
	}
	supported := true
	out, err := plan.MapExpr(e, func(x plan.Expr) (plan.Expr, error) {
		sq, ok := x.(plan.ScalarSubquery)
		if !ok || !supported {
			return x, nil
		}
		joined, ref, ok, err := s.scalarJoin(ctx, df, sq, ctes)
		if err != nil {
			return nil, err
		}
		if !ok {
			supported = false
			return x, nil
		}
		df = joined
		return ref, nil
	})
	if err != nil || !supported {
		return nil, nil, false, err
	}
	return df, out, true, nil
}

func (s *Session) scalarJoin(ctx context.Context, df *DataFrame, sq plan.ScalarSubquery, ctes map[string]*DataFrame) (*DataFrame, plan.Expr, bool, error) {
	inner, err := plan.ParseQuery(sq.Text)
	if err != nil {
		return nil, nil, false, err
	}
	if inner.Table == "" || inner.Where == nil || len(inner.Joins) > 0 || len(inner.GroupBy) > 0 || inner.Having != nil ||
		inner.FromQuery != "" || len(inner.Items) != 1 || inner.Distinct || len(inner.OrderBy) > 0 {
		return nil, nil, false, nil
	}
	table := cteNamed(ctes, inner.Table)
	if table == nil {
		if table, err = s.Table(ctx, inner.Table); err != nil {
			return nil, nil, false, err
		}
	}
	alias := inner.TableAlias
	if alias == "" {
		alias = bareName(inner.Table)
	}
	table = table.Alias(alias)
	resolvesIn := func(d *DataFrame, e plan.Expr) bool {
		_, err := d.Select(newColumn(e))
		return err == nil
	}
	// Split the WHERE: equalities with one side inner and one outer correlate; the rest
	// filters the inner rows.
	var innerKeys, outerKeys []plan.Expr
	var filters []plan.Expr
	for _, c := range conjuncts(inner.Where) {
		if b, ok := c.(plan.BinaryOp); ok && (b.Op == "=" || b.Op == "==") {
			switch {
			case resolvesIn(table, b.Left) && !resolvesIn(table, b.Right) && resolvesIn(df, b.Right):
				innerKeys, outerKeys = append(innerKeys, b.Left), append(outerKeys, b.Right)
				continue
			case resolvesIn(table, b.Right) && !resolvesIn(table, b.Left) && resolvesIn(df, b.Left):
				innerKeys, outerKeys = append(innerKeys, b.Right), append(outerKeys, b.Left)
				continue
			}
		}
		if !resolvesIn(table, c) {
			return nil, nil, false, nil
		}
		filters = append(filters, c)
	}
	if len(innerKeys) == 0 {
		return nil, nil, false, nil
	}
	for _, f := range filters {
		if table, err = table.Filter(newColumn(f)); err != nil {
			return nil, nil, false, err
		}
	}
	s.subqueryCount++
	n := s.subqueryCount
	value := fmt.Sprintf("__kafkalab_sq%d", n)
	keys := make([]any, len(innerKeys))
	for i, k := range innerKeys {
		keys[i] = newColumn(k).Alias(fmt.Sprintf("__kafkalab_sq%d_k%d", n, i))
	}
	item := inner.Items[0]
	if a, ok := item.(plan.Alias); ok {
		item = a.Child
	}
	var right *DataFrame
	if plan.HasAggregate(item) {
		right, err = table.GroupBy(keys...).WithoutRowEncoder().Agg(newColumn(item).Alias(value))
	} else {
		right, err = table.Select(append(keys, newColumn(item).Alias(value))...)
	}
	if err != nil {
		return nil, nil, false, err
	}
	var cond *Column
	for i, o := range outerKeys {
		eq := newColumn(o).EqualTo(Col(fmt.Sprintf("__kafkalab_sq%d_k%d", n, i)))
		if cond == nil {
			cond = eq
		} else {
			cond = cond.And(eq)
		}
	}
	joined, err := df.Join(right, cond, "left")
	if err != nil {
		return nil, nil, false, err
	}
	var ref plan.Expr = plan.ColumnRef{Parts: []string{value}}
	if c, ok := item.(plan.Call); ok && strings.EqualFold(c.Name, "count") {
		ref = plan.Call{Name: "coalesce", Args: []plan.Expr{ref, plan.Literal{Value: int64(0), Type: sqltypes.Long}}}
	}
	return joined, ref, true, nil
}

func toAnys(names []string) []any {
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}
