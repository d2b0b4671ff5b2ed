package connect

import (
	"context"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
)

// The relations PySpark's df.na, df.describe and df.summary send. Each maps onto the
// engine's DataFrame method the embedded path calls, so both fronts give the same result.

// naFill is df.fillna / df.na.fill. The client sends one value (with or without the
// subset) or, for a dict, one value per named column; Spark's planner reads one value as
// fill(value[, cols]) and several as the per-column map, and so does this.
func (ss *session) naFill(ctx context.Context, f *pb.NAFill) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, f.GetInput())
	if err != nil {
		return nil, err
	}
	values := make([]any, len(f.GetValues()))
	for i, l := range f.GetValues() {
		if values[i], err = literalValue(l); err != nil {
			return nil, err
		}
	}
	cols := f.GetCols()
	switch {
	case len(values) == 0:
		return nil, invalidPlan("fillna: no value to fill with")
	case len(values) == 1:
		if len(cols) == 0 {
			cols = nil
		}
		return in.FillNA(values[0], cols)
	case len(values) != len(cols):
		return nil, invalidPlan("fillna: %d values for %d columns", len(values), len(cols))
	}
	return in.FillNAMap(cols, values)
}

// naDrop is df.dropna / df.na.drop: how="all" arrives as min_non_nulls 1, thresh as its
// number, how="any" unset, which keeps a row only when every considered column has a value.
func (ss *session) naDrop(ctx context.Context, d *pb.NADrop) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, d.GetInput())
	if err != nil {
		return nil, err
	}
	cols := d.GetCols()
	n := len(cols)
	if len(cols) == 0 {
		cols, n = nil, len(in.Columns())
	}
	if d.MinNonNulls != nil {
		n = int(d.GetMinNonNulls())
	}
	return in.DropNA(n, cols)
}

// naReplace is df.replace / df.na.replace: the client has already checked the pairs'
// types and sends them as literals (numbers as doubles).
func (ss *session) naReplace(ctx context.Context, r *pb.NAReplace) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, r.GetInput())
	if err != nil {
		return nil, err
	}
	var from, to []any
	for _, p := range r.GetReplacements() {
		old, err := literalValue(p.GetOldValue())
		if err != nil {
			return nil, err
		}
		nw, err := literalValue(p.GetNewValue())
		if err != nil {
			return nil, err
		}
		from, to = append(from, old), append(to, nw)
	}
	cols := r.GetCols()
	if len(cols) == 0 {
		cols = nil
	}
	return in.Replace(from, to, cols)
}

func (ss *session) describe(ctx context.Context, d *pb.StatDescribe) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, d.GetInput())
	if err != nil {
		return nil, err
	}
	return in.Describe(ctx, d.GetCols()...)
}

func (ss *session) summary(ctx context.Context, s *pb.StatSummary) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, s.GetInput())
	if err != nil {
		return nil, err
	}
	return in.Summary(ctx, s.GetStatistics()...)
}
