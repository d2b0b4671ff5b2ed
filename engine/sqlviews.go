package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// sqlLateralView is LATERAL VIEW [OUTER] generator(args) t AS c1, ...: every input row
// joined with the rows its generator makes (OUTER keeps a row whose generator makes none,
// with NULLs), the generated columns named as listed.
func (s *Session) sqlLateralView(df *DataFrame, lv plan.LateralView) (*DataFrame, error) {
	gen := lv.Generator
	if lv.Outer {
		switch gen.Name {
		case "explode", "posexplode", "inline":
			gen.Name += "_outer"
		}
	}
	before := len(df.Schema().Fields)
	out, err := df.Select(newColumn(plan.Star{}), newColumn(gen))
	if err != nil {
		return nil, err
	}
	fields := out.Schema().Fields
	if lv.Columns == nil {
		return out, nil
	}
	if made := len(fields) - before; made != len(lv.Columns) {
		return nil, &plan.AnalysisError{Class: "UDTF_ALIAS_NUMBER_MISMATCH", Message: fmt.Sprintf(
			"The number of aliases supplied in the AS clause does not match the number of columns output by the UDTF. Expected %d aliases, but got %s.", made, strings.Join(lv.Columns, ", "))}
	}
	cols := make([]any, len(fields))
	for i := range fields {
		c := newColumn(plan.ColumnRef{Parts: []string{fields[i].Name}})
		if i >= before {
			c = c.Alias(lv.Columns[i-before])
		}
		cols[i] = c
	}
	return out.Select(cols...)
}

// sqlUnpivot is FROM t UNPIVOT (value FOR name IN (cols)): the other columns are the ids;
// EXCLUDE NULLS, the default, drops the rows whose value is NULL.
func (s *Session) sqlUnpivot(df *DataFrame, u *plan.UnpivotClause) (*DataFrame, error) {
	in := map[string]bool{}
	var values []*Column
	for i, c := range u.Columns {
		in[strings.ToLower(c)] = true
		values = append(values, Col(c).Alias(u.Names[i]))
	}
	var ids []*Column
	for _, f := range df.Schema().Fields {
		if !in[strings.ToLower(f.Name)] {
			ids = append(ids, newColumn(plan.ColumnRef{Parts: []string{f.Name}}))
		}
	}
	out, err := df.Unpivot(ids, values, u.NameColumn, u.ValueColumn)
	if err != nil || u.IncludeNulls {
		return out, err
	}
	return out.Filter(Col(u.ValueColumn).IsNotNull())
}

// sqlQualify is SELECT ... QUALIFY cond: the condition, usually over a window function,
// is computed beside the select list as a hidden column, filters, and is dropped; a
// condition on the select list's names filters the projected rows instead.
func (s *Session) sqlQualify(df *DataFrame, q *plan.Query) (*DataFrame, error) {
	const hidden = "__kafkalab_qualify"
	items := append(append([]plan.Expr(nil), q.Items...), plan.Alias{Child: q.Qualify, Name: hidden})
	if p, err := plan.NewProject(df.node, items); err == nil {
		out, err := s.newDF(p).Filter(newColumn(plan.ColumnRef{Parts: []string{hidden}}))
		if err != nil {
			return nil, err
		}
		return out.Drop(hidden)
	}
	p, err := plan.NewProject(df.node, q.Items)
	if err != nil {
		return nil, err
	}
	return s.newDF(p).Filter(newColumn(q.Qualify))
}

// sqlPivot is FROM t PIVOT (aggs FOR col IN (values)): grouped by every other column the
// aggregates do not read, one column per value (and aggregate), named by the value's
// alias where it has one.
func (s *Session) sqlPivot(ctx context.Context, df *DataFrame, pc *plan.PivotClause) (*DataFrame, error) {
	used := map[string]bool{}
	for _, e := range append(append([]plan.Expr(nil), pc.Aggs...), pc.Column) {
		for _, n := range plan.ColumnNames(e) {
			used[strings.ToLower(n)] = true
		}
	}
	var keys []any
	for _, f := range df.Schema().Fields {
		if !used[strings.ToLower(f.Name)] {
			keys = append(keys, newColumn(plan.ColumnRef{Parts: []string{f.Name}}))
		}
	}
	values := make([]any, len(pc.Values))
	for i, v := range pc.Values {
		lit, ok := v.(plan.Literal)
		if !ok {
			return nil, &plan.UnsupportedError{Message: "kafkalab's PIVOT takes literal values in IN (...) yet"}
		}
		values[i] = lit.Value
	}
	g, err := df.GroupBy(keys...).WithoutRowEncoder().Pivot(ctx, newColumn(pc.Column), values)
	if err != nil {
		return nil, err
	}
	aggs := make([]any, len(pc.Aggs))
	for i, a := range pc.Aggs {
		aggs[i] = newColumn(a)
	}
	out, err := g.Agg(aggs...)
	if err != nil {
		return nil, err
	}
	fields := out.Schema().Fields
	cols := make([]any, len(fields))
	for i, f := range fields {
		c := positional(fields, i)
		if k := i - len(keys); k >= 0 {
			if alias := pc.Aliases[k/len(pc.Aggs)]; alias != "" {
				name := alias
				if len(pc.Aggs) > 1 {
					valueText := fmt.Sprint(values[k/len(pc.Aggs)])
					name = alias + strings.TrimPrefix(f.Name, valueText)
				}
				c = c.Alias(name)
			}
		}
		cols[i] = c
	}
	return out.Select(cols...)
}
