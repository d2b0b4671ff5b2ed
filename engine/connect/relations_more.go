package connect

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
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

// sampleBy is df.stat.sampleBy(col, fractions, seed): the client sends each stratum as a
// literal with its fraction, and always a seed (a random one when none was given). Spark's
// server checks the fractions as DataFrameStatFunctions.sampleBy does; the rows kept are the
// engine's SampleBy, which the embedded path calls too.
func (ss *session) sampleBy(ctx context.Context, sb *pb.StatSampleBy) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, sb.GetInput())
	if err != nil {
		return nil, err
	}
	stratum, err := ss.column(ctx, sb.GetCol())
	if err != nil {
		return nil, err
	}
	strata := make([]any, len(sb.GetFractions()))
	fractions := make([]float64, len(sb.GetFractions()))
	for i, f := range sb.GetFractions() {
		if strata[i], err = literalValue(f.GetStratum()); err != nil {
			return nil, err
		}
		fractions[i] = f.GetFraction()
	}
	for _, f := range fractions {
		if f < 0 || f > 1 {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException,
				Message: "requirement failed: Fractions must be in [0, 1], but got " + scalaMap(strata, fractions) + "."}
		}
	}
	return in.SampleBy(stratum, strata, fractions, sb.GetSeed())
}

// scalaMap is the strata and fractions as Scala prints a Map[Any, Double].
func scalaMap(keys []any, vals []float64) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprint(k) + " -> " + sqltypes.JavaDoubleString(vals[i])
	}
	return "Map(" + strings.Join(parts, ", ") + ")"
}

// pairStat is df.corr / df.cov: one row of one DOUBLE column named as Spark's planner names
// it (corr, cov), which the client reads the number from.
func (ss *session) pairStat(ctx context.Context, input *pb.Relation, fn, col1, col2, name string) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, input)
	if err != nil {
		return nil, err
	}
	return in.PairStat(fn, col1, col2, name)
}

// approxQuantile is df.approxQuantile: one row whose approx_quantile column holds each
// column's quantiles, computed as the embedded path computes them (the client has checked
// the probabilities and the relative error).
func (ss *session) approxQuantile(ctx context.Context, q *pb.StatApproxQuantile) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, q.GetInput())
	if err != nil {
		return nil, err
	}
	qs, err := in.ApproxQuantile(ctx, q.GetCols(), q.GetProbabilities(), q.GetRelativeError())
	if err != nil {
		return nil, err
	}
	cols := make([]any, len(qs))
	for i, vals := range qs {
		c := make([]any, len(vals))
		for k, v := range vals {
			c[k] = v
		}
		cols[i] = c
	}
	return ss.eng.CreateDataFrame([]sqltypes.Row{{cols}}, sqltypes.MustParseDDL("approx_quantile ARRAY<ARRAY<DOUBLE>>"))
}
