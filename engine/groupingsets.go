package engine

import (
	"github.com/kafkalab/kafkalab/engine/plan"
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
	full, err := (&GroupedData{df: g.df, keys: g.keys}).Agg(columns...)
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
		part, err := (&GroupedData{df: g.df, keys: keys}).Agg(columns...)
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
