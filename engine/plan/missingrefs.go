package plan

import "errors"

var errNothingMissing = errors.New("the projection keeps every column of its input")

// NewFilterOverProject is filter(cond) on a projection when cond names columns the
// projection left out (df.select("device").where("signal > 10")): as Spark's
// ResolveMissingReferences does, the projection carries its input's other columns, the
// filter runs on that, and a projection on top restores the original columns.
func NewFilterOverProject(p *Project, cond Expr) (Node, error) {
	return overWidenedProject(p, func(wide Node) (Node, error) { return NewFilter(wide, cond) })
}

// NewSortOverProject is orderBy(keys) on a projection when a key names what the
// projection left out (SELECT window.start ... ORDER BY window.start, where the select
// list renamed the field to start): the sort runs below the restoring projection, as
// Spark's ResolveMissingReferences places it.
func NewSortOverProject(p *Project, keys []Expr) (Node, error) {
	return overWidenedProject(p, func(wide Node) (Node, error) { return NewSort(wide, keys) })
}

// overWidenedProject applies op to p widened with its input's columns that p's output
// does not name, then projects p's own columns back on top.
func overWidenedProject(p *Project, op func(wide Node) (Node, error)) (Node, error) {
	in := childScope(p.Child)
	out := p.Output()
	exprs := append([]Bound(nil), p.Exprs...)
	for i, f := range in.Schema.Fields {
		if _, _, err := out.resolveColumn([]string{f.Name}); err == nil {
			continue // a column of the same name is already in the output
		}
		exprs = append(exprs, &boundRef{index: i, field: f})
	}
	if len(exprs) == len(p.Exprs) {
		return nil, errNothingMissing
	}
	wide := NewBoundProject(p.Child, exprs)
	n, err := op(wide)
	if err != nil {
		return nil, err
	}
	keep := make([]Bound, len(p.Exprs))
	for i := range keep {
		keep[i] = &boundRef{index: i, field: wide.Output().Schema.Fields[i]}
	}
	return NewBoundProject(n, keep), nil
}
