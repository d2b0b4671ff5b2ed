package plan

// Which columns a plan reads: Spark's optimizer (ColumnPruning) drops, below an operator,
// every column nothing above it reads. A stateful operator's state holds its input rows as
// they are after pruning, so the state schema lacks the unread columns.

// columnsRead adds the input columns b reads to cols; false when b holds an expression whose
// reads are not known here (the caller then takes every column as read).
func columnsRead(b Bound, cols map[int]bool) bool {
	if r, ok := b.(*boundRef); ok {
		cols[r.index] = true
		return true
	}
	kids, ok := exprChildren(b)
	if !ok {
		return false
	}
	for _, k := range kids {
		if k != nil && !columnsRead(k, cols) {
			return false
		}
	}
	return true
}

// ReadColumns marks in cols the columns the expressions read; false when one of them reads
// columns not known here.
func ReadColumns(cols map[int]bool, exprs ...Bound) bool {
	for _, e := range exprs {
		if e != nil && !columnsRead(e, cols) {
			return false
		}
	}
	return true
}

// OutputColumnsRead reports which output columns of target the plan rooted at root reads:
// the root's every column (its sink writes them all), and below each operator the columns
// it reads of its input. Where target appears more than once, a column read by any of
// them counts. An operator this does not know reads every column of its inputs.
func OutputColumnsRead(root, target Node) []bool {
	read := make([]bool, len(Schema(target).Fields))
	var walk func(n Node, need []bool)
	walk = func(n Node, need []bool) {
		if n == target {
			for i, r := range need {
				read[i] = read[i] || r
			}
			return
		}
		for i, c := range n.Children() {
			walk(c, childColumnsRead(n, i, need))
		}
	}
	all := make([]bool, len(Schema(root).Fields))
	for i := range all {
		all[i] = true
	}
	walk(root, all)
	return read
}

// childColumnsRead is which columns of n's child i the operator n reads when its parent
// reads need of its output.
func childColumnsRead(n Node, i int, need []bool) []bool {
	width := len(Schema(n.Children()[i]).Fields)
	cols := map[int]bool{}
	known := true
	passThrough := func() {
		for c, r := range need {
			if r {
				cols[c] = true
			}
		}
	}
	switch x := n.(type) {
	case *Project:
		for c, r := range need {
			if r && !columnsRead(x.Exprs[c], cols) {
				known = false
			}
		}
	case *Filter:
		passThrough()
		known = columnsRead(x.Cond, cols)
	case *Watermark:
		passThrough()
		cols[x.Column] = true
	case *Sort:
		passThrough()
		for _, k := range x.Keys {
			known = known && columnsRead(k.Expr, cols)
		}
	case *SubqueryAlias, *Limit, *Coalesce, *Repartition, *Union:
		passThrough()
	default:
		known = false
	}
	out := make([]bool, width)
	for c := range out {
		out[c] = !known || cols[c]
	}
	return out
}

// exprChildren is the sub-expressions of b: boundChildren's, and those of the expressions
// it does not list; false when b's are not known here.
func exprChildren(b Bound) ([]Bound, bool) {
	switch x := b.(type) {
	case *boundTimeAdd:
		return []Bound{x.ts, x.iv}, true
	case *boundIntervalOp:
		return []Bound{x.left, x.right}, true
	case *boundCalendarNumOp:
		return []Bound{x.interval, x.num}, true
	case *boundTryEval:
		return []Bound{x.child}, true
	case *boundTryCast:
		return []Bound{x.cast}, true
	case *boundZoned:
		return []Bound{x.Bound}, true
	case *boundCollate:
		return []Bound{x.child}, true
	case *boundMapValue:
		return []Bound{x.child}, true
	case *boundUDF:
		return x.args, true
	case *boundFromJSON:
		if x.bytes != nil {
			return []Bound{x.child, x.bytes}, true
		}
		return []Bound{x.child}, true
	}
	return boundChildren(b)
}
