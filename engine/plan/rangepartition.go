package plan

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// RangeRepartition is repartitionByRange(n, cols...): Spark's RangePartitioner. A sample
// of the sort keys (every key of a task that holds at most 3 * sampleSize / tasks rows,
// sampleSize being min(100 * n, 1e6), spark.sql.execution.rangeExchange's default) is
// sorted, each key weighted by its task's rows per sampled key, and cut into n ranges of
// equal weight; a row goes to the first range whose upper bound is not below its key. The
// rows of a task come in the order of the input tasks; there are as many tasks as ranges,
// fewer than n when the keys do not fill n ranges. Coalesced merges the tasks into
// one, as adaptive execution does when the user gave no count.
//
// A task with more rows than its sample size is sampled by a reservoir whose seed Spark
// derives from its RDD's id, which kafkalab does not have: the bounds of such large data
// can differ from Spark's (as they do between Spark runs of different RDD ids).
type RangeRepartition struct {
	Child     Node
	Keys      []SortKey
	N         int
	Coalesced bool
}

// NewRangeRepartition resolves the sort keys (ascending, nulls first unless given) over
// child's output.
func NewRangeRepartition(child Node, keys []Expr, n int, coalesced bool) (*RangeRepartition, error) {
	s, err := NewSort(child, keys)
	if err != nil {
		return nil, err
	}
	return &RangeRepartition{Child: child, Keys: s.Keys, N: n, Coalesced: coalesced}, nil
}

func (r *RangeRepartition) Output() *Scope   { return r.Child.Output() }
func (r *RangeRepartition) Children() []Node { return []Node{r.Child} }
func (r *RangeRepartition) Describe() string { return fmt.Sprintf("RepartitionByExpression %d", r.N) }

// compare orders two rows' key values as the sort keys say.
func (r *RangeRepartition) compare(a, b []any) int {
	for k, key := range r.Keys {
		x, y := a[k], b[k]
		var c int
		switch {
		case x == nil && y == nil:
		case x == nil:
			c = -1
			if !key.NullsFirst {
				c = 1
			}
		case y == nil:
			c = 1
			if !key.NullsFirst {
				c = -1
			}
		default:
			c = compareValues(x, y, key.Expr.DataType())
			if key.Desc {
				c = -c
			}
		}
		if c != 0 {
			return c
		}
	}
	return 0
}

func (r *RangeRepartition) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, r.Child, ex)
	if err != nil {
		return nil, err
	}
	keys := make([][][]any, len(in))
	for t, rows := range in {
		ec := ex.Eval.ForTask(t)
		keys[t] = make([][]any, len(rows))
		for i, row := range rows {
			ks := make([]any, len(r.Keys))
			for k, key := range r.Keys {
				if ks[k], err = key.Expr.Eval(ec, row); err != nil {
					return nil, err
				}
			}
			keys[t][i] = ks
		}
	}
	bounds := r.bounds(keys)
	// Spark's shuffle has as many partitions as the partitioner has ranges: fewer than
	// asked when there are fewer distinct keys.
	out := make([][]sqltypes.Row, len(bounds)+1)
	var byTask [][][]sqltypes.Row
	for t, rows := range in {
		if r.Coalesced {
			byTask = append(byTask, make([][]sqltypes.Row, len(out)))
		}
		for i, row := range rows {
			p := sort.Search(len(bounds), func(b int) bool { return r.compare(keys[t][i], bounds[b]) <= 0 })
			if r.Coalesced {
				byTask[t][p] = append(byTask[t][p], row)
			} else {
				out[p] = append(out[p], row)
			}
		}
	}
	if r.Coalesced {
		var all []sqltypes.Row
		for _, parts := range byTask {
			for _, rows := range parts {
				all = append(all, rows...)
			}
		}
		out = [][]sqltypes.Row{all}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}

// bounds are the n-1 (or fewer) upper bounds of the ranges, increasing.
func (r *RangeRepartition) bounds(keys [][][]any) [][]any {
	if r.N <= 1 || len(keys) == 0 {
		return nil
	}
	sampleSize := math.Min(100*float64(r.N), 1e6)
	perTask := int(math.Ceil(3 * sampleSize / float64(len(keys))))
	type candidate struct {
		key    []any
		weight float32
	}
	var candidates []candidate
	for t, ks := range keys {
		if len(ks) == 0 {
			continue
		}
		sample := ks
		if len(ks) > perTask {
			sample = reservoirSample(ks, perTask, int64(byteswap32(int32(t))))
		}
		weight := float32(float64(len(ks)) / float64(len(sample)))
		for _, k := range sample {
			candidates = append(candidates, candidate{k, weight})
		}
	}
	parts := min(r.N, len(candidates))
	sort.SliceStable(candidates, func(i, j int) bool { return r.compare(candidates[i].key, candidates[j].key) < 0 })
	sum := 0.0
	for _, c := range candidates {
		sum += float64(c.weight)
	}
	step := sum / float64(parts)
	cum, target := 0.0, step
	var bounds [][]any
	for i := 0; i < len(candidates) && len(bounds) < parts-1; i++ {
		cum += float64(candidates[i].weight)
		if cum >= target {
			// Equal keys make one bound.
			if len(bounds) == 0 || r.compare(candidates[i].key, bounds[len(bounds)-1]) > 0 {
				bounds = append(bounds, candidates[i].key)
				target += step
			}
		}
	}
	return bounds
}

// reservoirSample keeps k of the keys as Spark's SamplingUtils.reservoirSampleAndCount
// does: the first k, then each later one (the l-th) replacing slot floor(draw * l) when
// that is below k.
func reservoirSample(keys [][]any, k int, seed int64) [][]any {
	out := append([][]any(nil), keys[:k]...)
	rng := newXORShiftRandom(seed)
	for i := k; i < len(keys); i++ {
		if j := int64(rng.NextDouble() * float64(i+1)); j < int64(k) {
			out[j] = keys[i]
		}
	}
	return out
}

// byteswap32 is Scala's hashing.byteswap32.
func byteswap32(v int32) int32 {
	hc := uint32(v) * 0x9e3775cd
	hc = hc>>24 | (hc>>8)&0xff00 | (hc<<8)&0xff0000 | hc<<24
	return int32(hc * 0x9e3775cd)
}
