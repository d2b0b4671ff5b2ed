package plan

// IsComputedGroupingKey reports whether a grouping key is computed rather than a column
// (through aliases): Spark's PullOutGroupingExpressions moves such a key into a projection
// named _groupingexpression, the name a streaming aggregation's state schema shows.
func IsComputedGroupingKey(b Bound) bool {
	for {
		a, ok := b.(*boundAlias)
		if !ok {
			break
		}
		b = a.child
	}
	switch b.(type) {
	case *boundRef, *boundLit:
		return false
	}
	return true
}
