package engine

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// UnionByName is df.unionByName(other, allowMissingColumns): other's columns are matched
// to df's by name (case-insensitively unless spark.sql.caseSensitive), as Spark's
// ResolveUnion does. With allowMissingColumns a column one side lacks becomes a NULL of the
// other side's type: df's missing ones are appended after its own columns, in other's
// order. Without it a name other lacks is UNRESOLVED_COLUMN_AMONG_FIELD_NAMES.
func (df *DataFrame) UnionByName(other *DataFrame, allowMissingColumns bool) (*DataFrame, error) {
	left, right := df.Schema(), other.Schema()
	caseSensitive := df.node.Output().CaseSensitive
	same := func(a, b string) bool {
		if caseSensitive {
			return a == b
		}
		return strings.EqualFold(a, b)
	}
	find := func(name string, in []string) int {
		for i, n := range in {
			if same(name, n) {
				return i
			}
		}
		return -1
	}
	leftNames, rightNames := left.Names(), right.Names()
	var rightCols []any
	for _, f := range left.Fields {
		i := find(f.Name, rightNames)
		switch {
		case i >= 0:
			rightCols = append(rightCols, newColumn(plan.ColumnRef{Parts: []string{rightNames[i]}}))
		case allowMissingColumns:
			rightCols = append(rightCols, Lit(nil).Cast(f.Type).Alias(f.Name))
		default:
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_COLUMN_AMONG_FIELD_NAMES",
				"colName", f.Name, "fieldNames", strings.Join(rightNames, ", "))
		}
	}
	// other's columns df lacks stay at the end of other's side: with allowMissingColumns df
	// gets NULLs for them, without it the union's NUM_COLUMNS_MISMATCH reports them.
	var leftCols []any
	for _, f := range right.Fields {
		if find(f.Name, leftNames) >= 0 {
			continue
		}
		rightCols = append(rightCols, newColumn(plan.ColumnRef{Parts: []string{f.Name}}))
		if allowMissingColumns {
			if leftCols == nil {
				for _, n := range leftNames {
					leftCols = append(leftCols, newColumn(plan.ColumnRef{Parts: []string{n}}))
				}
			}
			leftCols = append(leftCols, Lit(nil).Cast(f.Type).Alias(f.Name))
		}
	}
	l := df
	if leftCols != nil {
		var err error
		if l, err = df.Select(leftCols...); err != nil {
			return nil, err
		}
	}
	r, err := other.Select(rightCols...)
	if err != nil {
		return nil, err
	}
	return l.Union(r)
}
