package plan

import "strings"

// ScalarSubquery is (SELECT ...) used as a value; Text is the query.
type ScalarSubquery struct{ Text string }

// InSubquery is child IN (SELECT ...).
type InSubquery struct {
	Child Expr
	Text  string
}

// Exists is EXISTS (SELECT ...).
type Exists struct{ Text string }

func (ScalarSubquery) isExpr() {}
func (InSubquery) isExpr()     {}
func (Exists) isExpr()         {}

// queryAhead reports whether the tokens from i start a query (SELECT, WITH, VALUES).
func (p *sqlParser) queryAhead(i int) bool {
	t := p.toks[i]
	return t.kind == tkIdent && (strings.EqualFold(t.text, "SELECT") || strings.EqualFold(t.text, "WITH") || strings.EqualFold(t.text, "VALUES"))
}

// MapExpr rebuilds e bottom-up, replacing each expression by fn's answer (fn returns its
// argument to keep it). The engine uses it to put subqueries' results in their place.
func MapExpr(e Expr, fn func(Expr) (Expr, error)) (Expr, error) {
	var err error
	m := func(x Expr) Expr {
		if err != nil || x == nil {
			return x
		}
		var out Expr
		out, err = MapExpr(x, fn)
		return out
	}
	list := func(xs []Expr) []Expr {
		if xs == nil {
			return nil
		}
		out := make([]Expr, len(xs))
		for i, x := range xs {
			out[i] = m(x)
		}
		return out
	}
	switch x := e.(type) {
	case Call:
		x.Args = list(x.Args)
		e = x
	case Alias:
		x.Child = m(x.Child)
		e = x
	case Cast:
		x.Child = m(x.Child)
		e = x
	case BinaryOp:
		x.Left, x.Right = m(x.Left), m(x.Right)
		e = x
	case Not:
		x.Child = m(x.Child)
		e = x
	case Negate:
		x.Child = m(x.Child)
		e = x
	case IsNull:
		x.Child = m(x.Child)
		e = x
	case GetField:
		x.Child = m(x.Child)
		e = x
	case ExtractValue:
		x.Child, x.Key = m(x.Child), m(x.Key)
		e = x
	case In:
		x.Child, x.List = m(x.Child), list(x.List)
		e = x
	case InSubquery:
		x.Child = m(x.Child)
		e = x
	case OuterRef:
		x.Child = m(x.Child)
		e = x
	case CaseWhen:
		x.Conds, x.Values, x.Else = list(x.Conds), list(x.Values), m(x.Else)
		e = x
	case SortOrder:
		x.Child = m(x.Child)
		e = x
	case Lambda:
		x.Body = m(x.Body)
		e = x
	case FromJSON:
		x.Child = m(x.Child)
		e = x
	case Over:
		x.Func = m(x.Func)
		x.Spec.PartitionBy, x.Spec.OrderBy = list(x.Spec.PartitionBy), list(x.Spec.OrderBy)
		e = x
	}
	if err != nil {
		return nil, err
	}
	return fn(e)
}

// HasSubquery reports whether any of exprs holds a subquery.
func HasSubquery(exprs ...Expr) bool {
	found := false
	for _, e := range exprs {
		if e == nil {
			continue
		}
		_, _ = MapExpr(e, func(x Expr) (Expr, error) {
			switch x.(type) {
			case ScalarSubquery, InSubquery, Exists:
				found = true
			}
			return x, nil
		})
	}
	return found
}
