package engine

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Rollup is df.rollup(cols...): aggregates for the grouping sets (k1..kn), (k1..kn-1),
// ..., () — each prefix of the keys, the dropped keys NULL in the result.
func (df *DataFrame) Rollup(columns ...any) *GroupedData {
	g := df.GroupBy(columns...)
	for n := len(g.keys); n >= 0; n-- {
		set := make([]int, n)
		for i := range set {
			set[i] = i
		}
		g.sets = append(g.sets, set)
	}
	return g
}

// Cube is df.cube(cols...): aggregates for every subset of the keys.
func (df *DataFrame) Cube(columns ...any) *GroupedData {
	g := df.GroupBy(columns...)
	n := len(g.keys)
	for mask := (1 << n) - 1; mask >= 0; mask-- {
		set := []int{}
		for i := 0; i < n; i++ {
			if mask&(1<<(n-1-i)) != 0 {
				set = append(set, i)
			}
		}
		g.sets = append(g.sets, set)
	}
	return g
}

// aggGroupingSets is rollup's and cube's agg: the union of one aggregation per grouping
// set, each with every key column (NULL where the set leaves it out) then the aggregates.
func (g *GroupedData) aggGroupingSets(columns []any) (*DataFrame, error) {
	if g.df.IsStreaming() {
		return nil, &plan.UnsupportedError{Message: "rollup and cube on a streaming DataFrame are not in kafkalab; group by the columns instead, or run this script on real Spark with `kafkalab export`"}
	}
	all := make([]int, len(g.keys))
	for i := range all {
		all[i] = i
	}
	keyNames := make([]string, len(g.keys))
	for i, k := range g.keys {
		keyNames[i] = exprString(k.expr)
	}
	fullCols, err := groupingColumns(columns, g.keys, keyNames, all)
	if err != nil {
		return nil, err
	}
	full, err := (&GroupedData{df: g.df, keys: g.keys, planned: true}).Agg(fullCols...)
	if err != nil {
		return nil, err
	}
	fields := full.Schema().Fields
	keyFields, aggFields := fields[:len(g.keys)], fields[len(g.keys):]
	var out *DataFrame
	for _, set := range g.sets {
		keys := make([]*Column, len(set))
		in := map[int]bool{}
		for i, k := range set {
			keys[i] = g.keys[k]
			in[k] = true
		}
		setCols, err := groupingColumns(columns, g.keys, keyNames, set)
		if err != nil {
			return nil, err
		}
		part, err := (&GroupedData{df: g.df, keys: keys, planned: true}).Agg(setCols...)
		if err != nil {
			return nil, err
		}
		partFields := part.Schema().Fields
		var cols []any
		for k, f := range keyFields {
			if in[k] {
				cols = append(cols, positional(partFields, indexIn(set, k)).Alias(f.Name))
			} else {
				cols = append(cols, Lit(nil).Cast(f.Type).Alias(f.Name))
			}
		}
		for i, f := range aggFields {
			cols = append(cols, positional(partFields, len(set)+i).Alias(f.Name))
		}
		if part, err = part.Select(cols...); err != nil {
			return nil, err
		}
		if out == nil {
			out = part
		} else if out, err = out.Union(part); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// groupingColumns replaces grouping(key) and grouping_id() in the aggregate columns with
// their value for one grouping set: grouping is 1 when the set leaves the key out,
// grouping_id has one such bit per key, the first key the highest.
func groupingColumns(columns []any, keys []*Column, keyNames []string, set []int) ([]any, error) {
	inSet := map[int]bool{}
	for _, k := range set {
		inSet[k] = true
	}
	keyIndex := func(e plan.Expr) int {
		for i, k := range keys {
			if strings.EqualFold(exprString(k.expr), exprString(e)) {
				return i
			}
		}
		return -1
	}
	out := make([]any, len(columns))
	for i, c := range columns {
		out[i] = c
		col, ok := c.(*Column)
		if !ok || col.err != nil {
			continue
		}
		e, alias := col.expr, ""
		if a, ok := e.(plan.Alias); ok {
			e, alias = a.Child, a.Name
		}
		call, ok := e.(plan.Call)
		if !ok {
			continue
		}
		var lit *Column
		switch strings.ToLower(call.Name) {
		case "grouping":
			if len(call.Args) != 1 {
				continue
			}
			k := keyIndex(call.Args[0])
			if k < 0 {
				return nil, sparkerrors.New(sparkerrors.AnalysisException, "GROUPING_COLUMN_MISMATCH",
					"grouping", exprString(call.Args[0]), "groupingColumns", strings.Join(keyNames, ","))
			}
			v := int8(0)
			if !inSet[k] {
				v = 1
			}
			lit = Lit(v).Cast(sqltypes.Byte).Alias(cmp.Or(alias, "grouping("+keyNames[k]+")"))
		case "grouping_id":
			names := make([]string, len(call.Args))
			for j, a := range call.Args {
				names[j] = exprString(a)
				if len(call.Args) != len(keys) || keyIndex(a) != j {
					var given []string
					for _, a := range call.Args {
						given = append(given, exprString(a))
					}
					return nil, sparkerrors.New(sparkerrors.AnalysisException, "GROUPING_ID_COLUMN_MISMATCH",
						"groupingIdColumn", strings.Join(given, ","), "groupByColumns", strings.Join(keyNames, ","))
				}
			}
			var id int64
			for k := range keys {
				id <<= 1
				if !inSet[k] {
					id |= 1
				}
			}
			lit = Lit(id).Cast(sqltypes.Long).Alias(cmp.Or(alias, "grouping_id("+strings.Join(names, ", ")+")"))
		default:
			continue
		}
		out[i] = lit
	}
	return out, nil
}

func indexIn(set []int, k int) int {
	for i, v := range set {
		if v == k {
			return i
		}
	}
	return -1
}

// positional refers to field i of a DataFrame's output by its name.
func positional(fields []sqltypes.StructField, i int) *Column {
	return newColumn(plan.ColumnRef{Parts: []string{fields[i].Name}})
}

// GroupingSets is df.groupingSets(sets, *cols): aggregates for each listed set of the
// grouping columns cols; a set naming a column outside cols is an error.
func (df *DataFrame) GroupingSets(sets [][]any, columns ...any) *GroupedData {
	g := df.GroupBy(columns...)
	if g.err != nil {
		return g
	}
	for _, set := range sets {
		var idx []int
		for _, c := range set {
			cs, err := cols([]any{c})
			if err != nil {
				return &GroupedData{df: df, err: err}
			}
			k := -1
			for i, key := range g.keys {
				if strings.EqualFold(exprString(key.expr), exprString(cs[0].expr)) {
					k = i
				}
			}
			if k < 0 {
				return &GroupedData{df: df, err: &plan.AnalysisError{Class: "MISSING_GROUP_BY", Message: fmt.Sprintf(
					"The grouping set column %s is not one of the grouping columns.", exprString(cs[0].expr))}}
			}
			idx = append(idx, k)
		}
		g.sets = append(g.sets, idx)
	}
	if g.sets == nil {
		g.sets = [][]int{}
	}
	return g
}
