package engine

import (
	"context"

	"github.com/kafkalab/kafkalab/engine/plan"
)

// sqlMerge is MERGE INTO: the statement is only parsed here; the source (a table, a view or
// a query) and the clauses go to the same MergeBuilder DeltaTable.merge uses, so both forms
// commit the same MERGE version and answer with delta-spark's four counts.
func (s *Session) sqlMerge(ctx context.Context, m *plan.Merge) (*DataFrame, error) {
	dt, err := s.sqlDeltaTarget(ctx, m.Target)
	if err != nil {
		return nil, err
	}
	if m.TargetAlias != "" {
		dt = dt.Alias(m.TargetAlias)
	}
	var src *DataFrame
	if m.SourceQuery != "" {
		src, err = s.SQL(ctx, m.SourceQuery)
	} else {
		src, err = s.Table(ctx, m.Source)
	}
	if err != nil {
		return nil, err
	}
	alias := m.SourceAlias
	if alias == "" && m.Source != "" {
		// A source named without an alias is qualified by its name (people_updates.id).
		parts := plan.ParseAttributeName(m.Source)
		alias = parts[len(parts)-1]
	}
	if alias != "" {
		src = src.Alias(alias)
	}
	mb := dt.Merge(src, newColumn(m.On))
	for _, c := range m.Clauses {
		var cond any
		if c.Cond != nil {
			cond = newColumn(c.Cond)
		}
		set := make([]Assignment, len(c.Set))
		for i, a := range c.Set {
			set[i] = Assignment{Column: a.Column, Value: newColumn(a.Value)}
		}
		switch {
		case c.Action == "delete" && c.Kind == plan.MergeMatched:
			mb.WhenMatchedDelete(cond)
		case c.Action == "delete":
			mb.WhenNotMatchedBySourceDelete(cond)
		case c.Kind == plan.MergeMatched && c.Star:
			mb.WhenMatchedUpdateAll(cond)
		case c.Kind == plan.MergeMatched:
			mb.WhenMatchedUpdate(cond, set)
		case c.Kind == plan.MergeNotMatchedBySource:
			mb.WhenNotMatchedBySourceUpdate(cond, set)
		case c.Star:
			mb.WhenNotMatchedInsertAll(cond)
		default:
			mb.WhenNotMatchedInsert(cond, set)
		}
	}
	return mb.Execute(ctx)
}
