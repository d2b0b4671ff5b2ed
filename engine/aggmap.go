package engine

import (
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// AggMap is groupBy(...).agg({column: function}) (and df.agg({...})): one aggregate per
// entry, named as Spark names the call (max(x), avg(x), count(1) for {"*": "count"}).
// PySpark hands the dict to the JVM as a java.util.HashMap, so the aggregates come out in
// that map's iteration order, which javaHashMapOrder reproduces.
func (g *GroupedData) AggMap(columns, functions []string) (*DataFrame, error) {
	var aggs []any
	for _, i := range javaHashMapOrder(columns) {
		var in *Column
		if columns[i] == "*" {
			in = newColumn(plan.Star{})
		} else {
			c, err := g.df.Col(columns[i])
			if err != nil {
				return nil, err
			}
			in = c
		}
		aggs = append(aggs, aggByName(functions[i], in))
	}
	return g.Agg(aggs...)
}

// aggByName is RelationalGroupedDataset's strToExpr: a few aliases, count of * as count(1).
func aggByName(fn string, in *Column) *Column {
	switch strings.ToLower(fn) {
	case "avg", "average", "mean":
		return CallFunction("avg", false, in)
	case "stddev", "std":
		return CallFunction("stddev", false, in)
	case "count", "size":
		if _, star := in.expr.(plan.Star); star {
			return Count(Lit(1))
		}
		return Count(in)
	}
	return CallFunction(fn, false, in)
}

// javaHashMapOrder is the order a java.util.HashMap with default capacity iterates the
// given String keys in (put in this order): by bucket, (h ^ h>>>16) & (capacity-1) with
// h = String.hashCode, then by insertion within a bucket; the table doubles past 3/4 full.
func javaHashMapOrder(keys []string) []int {
	capacity := 16
	for float64(len(keys)) > 0.75*float64(capacity) {
		capacity *= 2
	}
	buckets := make([][]int, capacity)
	for i, k := range keys {
		h := sqltypes.JavaStringHash(k)
		spread := uint32(h) ^ uint32(h)>>16
		b := int(spread & uint32(capacity-1))
		buckets[b] = append(buckets[b], i)
	}
	var out []int
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

// JavaHashMapOrder is the order a java.util.HashMap iterates these string keys in: a
// Python dict PySpark hands the JVM as a map (createDataFrame, agg({...})) arrives in it.
func JavaHashMapOrder(keys []string) []int { return javaHashMapOrder(keys) }
