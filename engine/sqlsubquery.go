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
			if !ok {
				return nil, err
			}
			df = joined
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
			return nil, err
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
