package plan

import "strings"

// resolveWindowRefs puts the WINDOW clause's specifications in place of OVER name.
func resolveWindowRefs(q *Query, windows map[string]WindowSpec) error {
	fix := func(e Expr) (Expr, error) {
		if e == nil {
			return nil, nil
		}
		return MapExpr(e, func(x Expr) (Expr, error) {
			o, ok := x.(Over)
			if !ok || o.Ref == "" {
				return x, nil
			}
			spec, ok := windows[strings.ToLower(o.Ref)]
			if !ok {
				return nil, &AnalysisError{Class: "MISSING_WINDOW_SPECIFICATION", Message: "Window specification " + o.Ref +
					" is not defined in the WINDOW clause for " + o.Ref + ". For more information about WINDOW clauses, please refer to 'https://spark.apache.org/docs/latest/sql-ref-syntax-qry-select-window.html'."}
			}
			o.Spec, o.Ref = spec, ""
			return o, nil
		})
	}
	var err error
	for i := range q.Items {
		if q.Items[i], err = fix(q.Items[i]); err != nil {
			return err
		}
	}
	for i := range q.OrderBy {
		if q.OrderBy[i], err = fix(q.OrderBy[i]); err != nil {
			return err
		}
	}
	q.Qualify, err = fix(q.Qualify)
	return err
}

// lateralViews parses LATERAL VIEW [OUTER] fn(args) table [AS] col, ... clauses.
func (p *sqlParser) lateralViews(q *Query) error {
	for p.at(tkIdent, "LATERAL") && strings.EqualFold(p.toks[p.i+1].text, "VIEW") {
		p.next()
		p.next()
		lv := LateralView{Outer: p.keyword("OUTER")}
		name, ok := p.identifier()
		if !ok || !p.op("(") {
			return p.syntaxError()
		}
		args, err := p.exprList(")")
		if err != nil {
			return err
		}
		lv.Generator = Call{Name: strings.ToLower(name), Args: args}
		if t := p.peek(); (t.kind == tkIdent && !isClauseWord(t.text) && !strings.EqualFold(t.text, "AS")) || t.kind == tkQuoted {
			lv.Table, _ = p.identifier()
		}
		if p.keyword("AS") || (p.peek().kind == tkIdent && !isClauseWord(p.peek().text)) {
			for {
				c, ok := p.identifier()
				if !ok {
					return p.syntaxError()
				}
				lv.Columns = append(lv.Columns, c)
				if !p.op(",") {
					break
				}
			}
		}
		q.LateralViews = append(q.LateralViews, lv)
	}
	return nil
}

// unpivot parses UNPIVOT [INCLUDE NULLS | EXCLUDE NULLS] (value FOR name IN (c [AS a], ...)).
func (p *sqlParser) unpivot(q *Query) error {
	p.next()
	u := &UnpivotClause{}
	switch {
	case p.keyword("INCLUDE"):
		if !p.keyword("NULLS") {
			return p.syntaxError()
		}
		u.IncludeNulls = true
	case p.keyword("EXCLUDE"):
		if !p.keyword("NULLS") {
			return p.syntaxError()
		}
	}
	if err := p.expect("("); err != nil {
		return err
	}
	var ok bool
	if u.ValueColumn, ok = p.identifier(); !ok || !p.keyword("FOR") {
		return p.syntaxError()
	}
	if u.NameColumn, ok = p.identifier(); !ok || !p.keyword("IN") {
		return p.syntaxError()
	}
	if err := p.expect("("); err != nil {
		return err
	}
	for {
		c, ok := p.identifier()
		if !ok {
			return p.syntaxError()
		}
		name := c
		if p.keyword("AS") {
			t := p.next()
			if t.kind != tkIdent && t.kind != tkQuoted && t.kind != tkString {
				return p.syntaxError()
			}
			name = t.text
		}
		u.Columns, u.Names = append(u.Columns, c), append(u.Names, name)
		if !p.op(",") {
			break
		}
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	q.Unpivot = u
	if p.keyword("AS") {
		if q.TableAlias, ok = p.identifier(); !ok {
			return p.syntaxError()
		}
	}
	return nil
}

// PivotClause is PIVOT (agg [AS a], ... FOR col IN (value [AS alias], ...)).
type PivotClause struct {
	Aggs    []Expr
	Column  Expr
	Values  []Expr
	Aliases []string // "" where a value has no alias
}

// pivot parses PIVOT (aggregates FOR column IN (values)).
func (p *sqlParser) pivot(q *Query) error {
	p.next()
	if err := p.expect("("); err != nil {
		return err
	}
	pc := &PivotClause{}
	for {
		e, err := p.expr()
		if err != nil {
			return err
		}
		if p.keyword("AS") {
			name, ok := p.identifier()
			if !ok {
				return p.syntaxError()
			}
			e = Alias{Child: e, Name: name}
		} else if t := p.peek(); t.kind == tkIdent && !strings.EqualFold(t.text, "FOR") || t.kind == tkQuoted {
			name, _ := p.identifier()
			e = Alias{Child: e, Name: name}
		}
		pc.Aggs = append(pc.Aggs, e)
		if !p.op(",") {
			break
		}
	}
	if !p.keyword("FOR") {
		return p.syntaxError()
	}
	col, err := p.additive()
	if err != nil {
		return err
	}
	pc.Column = col
	if !p.keyword("IN") {
		return p.syntaxError()
	}
	if err := p.expect("("); err != nil {
		return err
	}
	for {
		v, err := p.additive()
		if err != nil {
			return err
		}
		alias := ""
		if p.keyword("AS") {
			name, ok := p.identifier()
			if !ok {
				return p.syntaxError()
			}
			alias = name
		} else if t := p.peek(); t.kind == tkIdent || t.kind == tkQuoted {
			alias, _ = p.identifier()
		}
		pc.Values, pc.Aliases = append(pc.Values, v), append(pc.Aliases, alias)
		if !p.op(",") {
			break
		}
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	if err := p.expect(")"); err != nil {
		return err
	}
	q.Pivot = pc
	if p.keyword("AS") {
		var ok bool
		if q.TableAlias, ok = p.identifier(); !ok {
			return p.syntaxError()
		}
	}
	return nil
}

// ColumnNames lists the column names an expression reads (first name parts).
func ColumnNames(e Expr) []string {
	var out []string
	_, _ = MapExpr(e, func(x Expr) (Expr, error) {
		if c, ok := x.(ColumnRef); ok && len(c.Parts) > 0 {
			out = append(out, c.Parts[len(c.Parts)-1])
		}
		return x, nil
	})
	return out
}
