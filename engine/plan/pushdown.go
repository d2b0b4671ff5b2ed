package plan

import "strings"

// SourceFilter is the part of a filter condition that Spark hands to a file scan as data
// source filters (DataSourceStrategy.translateFilter over the condition's conjuncts): a
// column compared with a constant (=, <=>, !=, <, <=, >, >=), a column IN constants, a
// column IS [NOT] NULL, startsWith/endsWith/contains of a column with a constant, and
// AND/OR/NOT of those. The CSV and JSON readers evaluate these while they parse, so rows
// they reject never leave the scan (and are not counted as input rows). A conjunct of any
// other shape (a function or arithmetic on the column, a cast of the column) stays above
// the scan only. It returns nil when no conjunct qualifies.
func SourceFilter(cond Bound) Bound {
	var keep Bound
	for _, c := range conjuncts(cond) {
		if !sourceFilterable(c) {
			continue
		}
		if keep == nil {
			keep = c
		} else {
			keep = &boundLogic{and: true, left: keep, right: c}
		}
	}
	return keep
}

// conjuncts splits a condition at its top-level ANDs.
func conjuncts(b Bound) []Bound {
	if l, ok := unzoned(b).(*boundLogic); ok && l.and {
		return append(conjuncts(l.left), conjuncts(l.right)...)
	}
	return []Bound{b}
}

// sourceFilterable reports whether Spark translates the whole expression to a data source
// filter (nested ANDs and ORs need both sides).
func sourceFilterable(b Bound) bool {
	switch x := unzoned(b).(type) {
	case *boundLogic:
		return sourceFilterable(x.left) && sourceFilterable(x.right)
	case *boundNot:
		return sourceFilterable(x.child)
	case *boundCompare:
		return (isColumn(x.left) && isConstant(x.right)) || (isConstant(x.left) && isColumn(x.right))
	case *boundIn:
		if !isColumn(x.child) {
			return false
		}
		for _, e := range x.list {
			if !isConstant(e) {
				return false
			}
		}
		return true
	case *boundIsNull:
		return isColumn(x.child)
	case *boundStringTest:
		return isColumn(x.child)
	case *boundLike:
		// Spark's LikeSimplification makes a pattern with % only at its ends a startsWith,
		// endsWith, contains or equality, which are pushed; other patterns stay LIKE.
		inner := strings.TrimSuffix(strings.TrimPrefix(x.pattern, "%"), "%")
		return isColumn(x.child) && !strings.ContainsAny(inner, "%_\\")
	}
	return false
}

// isColumn is a plain reference to an input column (Spark's PushableColumn for a flat
// file schema).
func isColumn(b Bound) bool {
	_, ok := unzoned(b).(*boundRef)
	return ok
}

// isConstant is a non-null literal, or a cast of one (Spark's optimizer folds it to a
// literal before planning the scan).
func isConstant(b Bound) bool {
	switch x := unzoned(b).(type) {
	case *boundLit:
		return x.value != nil
	case *boundCast:
		return isConstant(x.child)
	}
	return false
}
