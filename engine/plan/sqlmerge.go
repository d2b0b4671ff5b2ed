package plan

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// Merge is delta-spark's MERGE INTO statement:
//
//	MERGE INTO target [[AS] t] USING source|(query) [[AS] s] ON cond
//	  WHEN MATCHED [AND cond] THEN UPDATE SET *|col = expr, ... | DELETE
//	  WHEN NOT MATCHED [BY TARGET] [AND cond] THEN INSERT *|(cols) VALUES (exprs)
//	  WHEN NOT MATCHED BY SOURCE [AND cond] THEN UPDATE SET col = expr, ... | DELETE
//
// The engine runs it through the same merge as DeltaTable.merge, so the SQL and Python forms
// commit the same version.
type Merge struct {
	Target, TargetAlias string
	// Source names a table or view; SourceQuery is a parenthesised query's text instead.
	Source, SourceQuery string
	SourceAlias         string
	On                  Expr
	Clauses             []MergeClause
}

// MergeClauseKind says which rows a WHEN clause acts on.
type MergeClauseKind int

// The three kinds of WHEN clause.
const (
	MergeMatched MergeClauseKind = iota
	MergeNotMatched
	MergeNotMatchedBySource
)

// MergeClause is one WHEN ... THEN clause. Action is update, delete or insert; Star is
// UPDATE SET * or INSERT *; Set holds UPDATE's col = expr pairs or INSERT's columns paired
// with their VALUES.
type MergeClause struct {
	Kind   MergeClauseKind
	Action string
	Cond   Expr
	Star   bool
	Set    []SetClause
}

// merge parses the statement after MERGE.
func (p *sqlParser) merge(q *Query) (*Query, error) {
	if !p.keyword("INTO") {
		return nil, p.syntaxError()
	}
	m := &Merge{}
	var err error
	if m.Target, err = p.tableName(); err != nil {
		return nil, err
	}
	if m.TargetAlias, err = p.optionalAlias("USING"); err != nil {
		return nil, err
	}
	if !p.keyword("USING") {
		return nil, p.syntaxError()
	}
	if p.at(tkOp, "(") {
		if m.SourceQuery, err = p.parenthesised(); err != nil {
			return nil, err
		}
	} else if m.Source, err = p.tableName(); err != nil {
		return nil, err
	}
	if m.SourceAlias, err = p.optionalAlias("ON"); err != nil {
		return nil, err
	}
	if !p.keyword("ON") {
		return nil, p.syntaxError()
	}
	if m.On, err = p.expr(); err != nil {
		return nil, err
	}
	for p.keyword("WHEN") {
		c, err := p.mergeClause()
		if err != nil {
			return nil, err
		}
		m.Clauses = append(m.Clauses, c)
	}
	if err := p.end(); err != nil {
		return nil, err
	}
	q.Merge, q.Table = m, m.Target
	return q, nil
}

// optionalAlias reads [AS] alias, stopping at the keyword that follows the table.
func (p *sqlParser) optionalAlias(stop string) (string, error) {
	if p.keyword("AS") {
		a, ok := p.identifier()
		if !ok {
			return "", p.syntaxError()
		}
		return a, nil
	}
	if t := p.peek(); (t.kind == tkIdent && !strings.EqualFold(t.text, stop)) || t.kind == tkQuoted {
		a, _ := p.identifier()
		return a, nil
	}
	return "", nil
}

// mergeClause parses one clause after WHEN.
func (p *sqlParser) mergeClause() (MergeClause, error) {
	var c MergeClause
	switch {
	case p.keyword("MATCHED"):
		c.Kind = MergeMatched
	case p.keyword("NOT"):
		if !p.keyword("MATCHED") {
			return c, p.syntaxError()
		}
		c.Kind = MergeNotMatched
		if p.keyword("BY") {
			switch {
			case p.keyword("TARGET"):
			case p.keyword("SOURCE"):
				c.Kind = MergeNotMatchedBySource
			default:
				return c, p.syntaxError()
			}
		}
	default:
		return c, p.syntaxError()
	}
	var err error
	if p.keyword("AND") {
		if c.Cond, err = p.expr(); err != nil {
			return c, err
		}
	}
	if !p.keyword("THEN") {
		return c, p.syntaxError()
	}
	switch {
	case c.Kind != MergeNotMatched && p.keyword("DELETE"):
		c.Action = "delete"
	case c.Kind != MergeNotMatched && p.keyword("UPDATE"):
		c.Action = "update"
		if !p.keyword("SET") {
			return c, p.syntaxError()
		}
		if p.op("*") {
			if c.Kind == MergeNotMatchedBySource {
				// Spark's grammar has no UPDATE SET * for rows the source lacks: there is
				// no source row to copy.
				return c, parseErr("Syntax error at or near '*': WHEN NOT MATCHED BY SOURCE cannot UPDATE SET *; name the columns to set.")
			}
			c.Star = true
			break
		}
		for {
			col, err := p.columnPath()
			if err != nil {
				return c, err
			}
			if err := p.expect("="); err != nil {
				return c, err
			}
			v, err := p.expr()
			if err != nil {
				return c, err
			}
			c.Set = append(c.Set, SetClause{Column: col, Value: v})
			if !p.op(",") {
				break
			}
		}
	case c.Kind == MergeNotMatched && p.keyword("INSERT"):
		c.Action = "insert"
		if p.op("*") {
			c.Star = true
			break
		}
		cols, err := p.columnList()
		if err != nil {
			return c, err
		}
		if !p.keyword("VALUES") || !p.op("(") {
			return c, p.syntaxError()
		}
		var vals []Expr
		for {
			v, err := p.expr()
			if err != nil {
				return c, err
			}
			vals = append(vals, v)
			if !p.op(",") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return c, err
		}
		if len(vals) != len(cols) {
			return c, sparkerrors.New(sparkerrors.ParseException, "MERGE_INSERT_VALUE_COUNT_MISMATCH",
				"actualCount", itoa(len(vals)), "expectedCount", itoa(len(cols)))
		}
		for i, col := range cols {
			c.Set = append(c.Set, SetClause{Column: col, Value: vals[i]})
		}
	default:
		return c, p.syntaxError()
	}
	return c, nil
}

// columnPath reads a column name, possibly qualified or nested (t.a, a.b.c).
func (p *sqlParser) columnPath() (string, error) {
	col, ok := p.identifier()
	if !ok {
		return "", p.syntaxError()
	}
	for p.op(".") {
		next, ok := p.identifier()
		if !ok {
			return "", p.syntaxError()
		}
		col += "." + next
	}
	return col, nil
}

// columnList reads (col, col, ...).
func (p *sqlParser) columnList() ([]string, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var cols []string
	for {
		col, err := p.columnPath()
		if err != nil {
			return nil, err
		}
		cols = append(cols, col)
		if p.op(")") {
			return cols, nil
		}
		if !p.op(",") {
			return nil, p.syntaxError()
		}
	}
}
