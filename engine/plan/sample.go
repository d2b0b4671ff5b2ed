package plan

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Sample keeps the rows whose draw falls in [Lower, Upper): Spark's sampling without
// replacement (BernoulliCellSampler), each task drawing one double per row from an
// XORShiftRandom seeded with Seed + the task's index. sample(fraction) is [0, fraction);
// randomSplit's splits are consecutive ranges over the same draws, so they are disjoint.
// WithReplacement repeats each row a Poisson(Upper - Lower) number of times instead
// (Spark's PoissonSampler; see poisson.go).
type Sample struct {
	Child           Node
	Lower, Upper    float64
	Seed            int64
	WithReplacement bool
}

func (s *Sample) Output() *Scope   { return s.Child.Output() }
func (s *Sample) Children() []Node { return []Node{s.Child} }
func (s *Sample) Describe() string {
	return fmt.Sprintf("Sample %v, %v, %v, %d", s.Lower, s.Upper, s.WithReplacement, s.Seed)
}

func (s *Sample) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := s.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	if s.Upper-s.Lower <= 0 {
		rowiter.CloseAll(in)
		out := make([]rowiter.Iter, len(in))
		for i := range out {
			out[i] = rowiter.Empty()
		}
		return out, nil
	}
	if s.WithReplacement {
		return s.withReplacement(in), nil
	}
	for t, it := range in {
		rng := newXORShiftRandom(s.Seed + int64(t))
		var keep []sqltypes.Row
		in[t] = rowiter.Map(it, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			keep = keep[:0]
			for _, row := range rows {
				if x := rng.NextDouble(); x >= s.Lower && x < s.Upper {
					keep = append(keep, row)
				}
			}
			return keep, nil
		})
	}
	return in, nil
}

// withReplacement gives each task its own Well19937c, seeded by the next long of a
// java.util.Random on the seed, and repeats each row as many times as its Poisson draw.
func (s *Sample) withReplacement(in []rowiter.Iter) []rowiter.Iter {
	seeds := newJavaRandom(s.Seed)
	mean := s.Upper - s.Lower
	for t, it := range in {
		rng := newWell19937c(seeds.nextLong())
		var keep []sqltypes.Row
		in[t] = rowiter.Map(it, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			keep = keep[:0]
			for _, row := range rows {
				for n := rng.poissonSmallMean(mean); n > 0; n-- {
					keep = append(keep, row)
				}
			}
			return keep, nil
		})
	}
	return in
}

// NewLocalSortAll sorts each task's rows by every orderable column, ascending with nulls
// first: what Spark's randomSplit puts under its samples so each split draws over the same
// row order. ok is false when no column is orderable.
func NewLocalSortAll(child Node) (*Sort, bool) {
	s := &Sort{Child: child, Local: true}
	schema := childScope(child).Schema
	for i, f := range schema.Fields {
		if !orderable(f.Type) {
			continue
		}
		s.Keys = append(s.Keys, SortKey{Expr: BoundColumn(schema, i), NullsFirst: true})
	}
	return s, len(s.Keys) > 0
}
