package plan

import (
	"fmt"
	"strings"
)

// lambdaParams recognises a SQL lambda's parameters ahead: x -> ... or (x, y) -> ...;
// it consumes them and the arrow when they are there.
func (p *sqlParser) lambdaParams() ([]string, bool) {
	i := p.i
	ident := func(t token) bool { return t.kind == tkIdent || t.kind == tkQuoted }
	if ident(p.toks[i]) && p.toks[i+1].kind == tkOp && p.toks[i+1].text == "->" {
		p.i = i + 2
		return []string{p.toks[i].text}, true
	}
	if p.toks[i].kind != tkOp || p.toks[i].text != "(" {
		return nil, false
	}
	var names []string
	j := i + 1
	for {
		if !ident(p.toks[j]) {
			return nil, false
		}
		names = append(names, p.toks[j].text)
		j++
		if p.toks[j].kind == tkOp && p.toks[j].text == "," {
			j++
			continue
		}
		break
	}
	if p.toks[j].kind != tkOp || p.toks[j].text != ")" || p.toks[j+1].kind != tkOp || p.toks[j+1].text != "->" {
		return nil, false
	}
	p.i = j + 2
	return names, true
}

// lambda parses a lambda's body; its parameters resolve before columns (resolve.go).
func (p *sqlParser) lambda(params []string) (Expr, error) {
	body, err := p.expr()
	if err != nil {
		return nil, err
	}
	return Lambda{Params: params, Body: body}, nil
}

// valuesRows parses VALUES' rows after the keyword: (a, b), (c, d) or a, b (one column).
func (p *sqlParser) valuesRows() ([][]Expr, error) {
	var rows [][]Expr
	for {
		if p.op("(") {
			row, err := p.exprList(")")
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
		} else {
			e, err := p.expr()
			if err != nil {
				return nil, err
			}
			rows = append(rows, []Expr{e})
		}
		if !p.op(",") {
			break
		}
	}
	for _, r := range rows[1:] {
		if len(r) != len(rows[0]) {
			return nil, &AnalysisError{Class: "INVALID_INLINE_TABLE.NUM_COLUMNS_MISMATCH", Message: "Invalid inline table. Inline table expected " +
				itoa(len(rows[0])) + " columns but found " + itoa(len(r)) + " columns in row 1."}
		}
	}
	return rows, nil
}

// groupBy parses what follows GROUP BY: ALL; expressions (or select-list positions),
// optionally WITH ROLLUP / WITH CUBE; ROLLUP(...), CUBE(...) or GROUPING SETS (...).
func (p *sqlParser) groupBy(q *Query) error {
	if p.at(tkIdent, "ALL") {
		if n := p.toks[p.i+1]; n.kind == tkEOF || n.kind == tkIdent && isClauseWord(n.text) {
			p.next()
			q.GroupByAll = true
			return nil
		}
	}
	keyIndex := func(e Expr) int {
		for i, g := range q.GroupBy {
			if sameExpr(g, e) {
				return i
			}
		}
		q.GroupBy = append(q.GroupBy, e)
		return len(q.GroupBy) - 1
	}
	exprs := func() ([]Expr, error) {
		if err := p.expect("("); err != nil {
			return nil, err
		}
		return p.exprList(")")
	}
	switch {
	case (p.at(tkIdent, "ROLLUP") || p.at(tkIdent, "CUBE")) && p.toks[p.i+1].text == "(":
		cube := strings.EqualFold(p.next().text, "CUBE")
		list, err := exprs()
		if err != nil {
			return err
		}
		for _, e := range list {
			keyIndex(p.ordinal(q, e, token{pos: -1}))
		}
		q.GroupingSets = groupingSetsOf(len(q.GroupBy), cube)
		return nil
	case p.at(tkIdent, "GROUPING") && strings.EqualFold(p.toks[p.i+1].text, "SETS"):
		p.next()
		p.next()
		if err := p.expect("("); err != nil {
			return err
		}
		for {
			var set []int
			if p.op("(") {
				list, err := p.exprList(")")
				if err != nil {
					return err
				}
				for _, e := range list {
					set = append(set, keyIndex(p.ordinal(q, e, token{pos: -1})))
				}
			} else {
				e, err := p.expr()
				if err != nil {
					return err
				}
				set = append(set, keyIndex(p.ordinal(q, e, token{pos: -1})))
			}
			q.GroupingSets = append(q.GroupingSets, set)
			if !p.op(",") {
				break
			}
		}
		return p.expect(")")
	}
	for {
		at := p.peek()
		e, err := p.expr()
		if err != nil {
			return err
		}
		q.GroupBy = append(q.GroupBy, p.ordinal(q, e, at))
		if !p.op(",") {
			break
		}
	}
	if p.at(tkIdent, "WITH") && (strings.EqualFold(p.toks[p.i+1].text, "ROLLUP") || strings.EqualFold(p.toks[p.i+1].text, "CUBE")) {
		p.next()
		q.GroupingSets = groupingSetsOf(len(q.GroupBy), strings.EqualFold(p.next().text, "CUBE"))
	}
	return nil
}

// groupingSetsOf is ROLLUP's sets (each prefix of the keys, longest first) or CUBE's
// (every subset, in the order Spark lists them).
func groupingSetsOf(n int, cube bool) [][]int {
	var sets [][]int
	if !cube {
		for k := n; k >= 0; k-- {
			set := make([]int, k)
			for i := range set {
				set[i] = i
			}
			sets = append(sets, set)
		}
		return sets
	}
	for mask := (1 << n) - 1; mask >= 0; mask-- {
		set := []int{}
		for i := 0; i < n; i++ {
			if mask&(1<<(n-1-i)) != 0 {
				set = append(set, i)
			}
		}
		sets = append(sets, set)
	}
	return sets
}

// ordinal turns GROUP BY n into the n-th select item (its alias removed), as Spark's
// spark.sql.groupByOrdinal does; other expressions stay. at is the expression's first
// token (pos -1 when not known).
func (p *sqlParser) ordinal(q *Query, e Expr, at token) Expr {
	l, ok := e.(Literal)
	if !ok {
		return e
	}
	n, ok := l.Value.(int32)
	if ok && (n == 0 || int(n) > len(q.Items)) && p.ordinalErr == nil {
		star := false
		for _, it := range q.Items {
			_, isStar := it.(Star)
			star = star || isStar
		}
		if !star {
			p.ordinalErr = &AnalysisError{Class: "GROUP_BY_POS_OUT_OF_RANGE", Message: fmt.Sprintf(
				"GROUP BY position %d is not in select list (valid range is [1, %d]).", n, len(q.Items))}
		}
	}
	if !ok || n < 1 || int(n) > len(q.Items) {
		return e
	}
	item := q.Items[n-1]
	if HasAggregate(item) && q.PosAggregate == nil {
		q.PosAggregate = &PosAggregate{N: int(n), Item: item}
		if at.pos >= 0 {
			q.PosAggregate.Line, q.PosAggregate.Pos = p.lineAndPos(at.pos)
		}
	}
	if a, ok := item.(Alias); ok {
		return a.Child
	}
	return item
}

// sameExpr compares two parsed grouping expressions: columns by name (case-insensitive),
// others by their parsed form, where a column's place in the text does not count.
func sameExpr(a, b Expr) bool {
	ca, okA := a.(ColumnRef)
	cb, okB := b.(ColumnRef)
	if okA || okB {
		return okA && okB && strings.EqualFold(strings.Join(ca.Parts, "."), strings.Join(cb.Parts, "."))
	}
	return fmt.Sprintf("%v", a) == fmt.Sprintf("%v", b)
}

// createView parses CREATE [OR REPLACE] [GLOBAL] TEMP[ORARY] VIEW [IF NOT EXISTS] name
// [(col, ...)] AS query, after CREATE [OR REPLACE].
func (p *sqlParser) createView(q *Query, replace bool) (*Query, error) {
	v := &CreateView{Replace: replace}
	v.Global = p.keyword("GLOBAL")
	if !p.keyword("TEMPORARY") && !p.keyword("TEMP") {
		if v.Global {
			return nil, p.syntaxError()
		}
		v.Persistent = true
	}
	if !p.keyword("VIEW") {
		return nil, p.syntaxError()
	}
	if given, err := p.ifNotExists(); err != nil {
		return nil, err
	} else if given {
		v.IfNotExists = true
	}
	var name string
	if v.Persistent {
		var err error
		if name, err = p.tableName(); err != nil {
			return nil, err
		}
	} else {
		var ok bool
		if name, ok = p.identifier(); !ok {
			return nil, p.syntaxError()
		}
	}
	v.Name = name
	if p.op("(") {
		for {
			c, ok := p.identifier()
			if !ok {
				return nil, p.syntaxError()
			}
			v.Columns = append(v.Columns, c)
			var comment *string
			if p.keyword("COMMENT") {
				t := p.next()
				if t.kind != tkString {
					return nil, p.syntaxError()
				}
				comment = &t.text
			}
			v.ColumnComments = append(v.ColumnComments, comment)
			if !p.op(",") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
	}
	for {
		if p.keyword("COMMENT") {
			t := p.next()
			if t.kind != tkString {
				return nil, p.syntaxError()
			}
			v.Comment = &t.text
			continue
		}
		if p.keyword("TBLPROPERTIES") {
			if _, err := p.propertyList(); err != nil {
				return nil, err
			}
			continue
		}
		break
	}
	if !p.keyword("AS") {
		return nil, p.syntaxError()
	}
	v.AsSelect = p.rest()
	if v.AsSelect == "" {
		return nil, parseErr("Syntax error at or near end of input.")
	}
	q.CreateView = v
	return q, nil
}
