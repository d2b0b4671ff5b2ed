package plan

import (
	"context"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// projector evaluates a projection chunk by chunk: inner (when not nil) then outer over
// every row, so a projection of a projection (the course's
// select(from_json(...).alias("event"), ...).select("event.*", ...)) runs in one pass, the
// inner row living only in a scratch slice. Rows flow one at a time through both, as in
// Spark's whole-stage code: the first row that fails, inner or outer, is the error.
type projector struct {
	ec           *EvalContext
	inner, outer []Bound
	scratch      sqltypes.Row
	out          []sqltypes.Row
}

func newProjector(ec *EvalContext, inner, outer []Bound) *projector {
	p := &projector{ec: ec, inner: inner, outer: outer}
	if inner != nil {
		p.scratch = make(sqltypes.Row, len(inner))
	}
	return p
}

// project returns the chunk's projected rows; the slice is reused by the next call, the
// rows are new. Expressions return new values, never the row they read, so the scratch
// row can be reused.
func (p *projector) project(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
	n := len(p.outer)
	// One backing array per chunk instead of one allocation per row.
	slab := make([]any, len(rows)*n)
	p.out = p.out[:0]
	for i, row := range rows {
		if p.inner != nil {
			for j, e := range p.inner {
				v, err := e.Eval(p.ec, row)
				if err != nil {
					return nil, err
				}
				p.scratch[j] = v
			}
			row = p.scratch
		}
		nr := sqltypes.Row(slab[i*n : (i+1)*n : (i+1)*n])
		for j, e := range p.outer {
			v, err := e.Eval(p.ec, row)
			if err != nil {
				return nil, err
			}
			nr[j] = v
		}
		p.out = append(p.out, nr)
	}
	return p.out, nil
}

// projectStreams projects every task's stream.
func projectStreams(ec *EvalContext, inner, outer []Bound, in []rowiter.Iter) []rowiter.Iter {
	for t, it := range in {
		in[t] = rowiter.Map(it, newProjector(ec, inner, outer).project)
	}
	return in
}
