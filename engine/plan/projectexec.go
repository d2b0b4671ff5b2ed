package plan

import (
	"context"
	"unsafe"

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
	// json[j], when set, evaluates inner[j], a from_json of a Kafka value, a chunk at a
	// time.
	json []*jsonChunk
	// udfs[j], when set, evaluates the first stage's expression j, a batch-capable UDF, a
	// chunk at a time (see udfChunk).
	udfs []*udfChunk
	// src is the stream the rows come from: a chunk projected is handed back to it
	// (rowiter.Release), since the projected rows never are the rows read.
	src rowiter.Iter
	// slab backs the last chunk's rows; slabFree: its consumer handed the chunk back,
	// so the next chunk may reuse it.
	slab     []any
	slabFree bool
	// direct, when every outer expression is a column or a field of a struct column
	// (select("event.*", "partition", "offset")), copies the values without an Eval
	// interface call (two for a field) per value: the same values, as Eval gives them.
	direct []directRead
	// cols, when set, is the columnar way of the projection (see columnPlan).
	cols *columnPlan
}

// directRead is an outer expression that reads a value as is: column col of the row,
// or, when field >= 0, field field of the struct in column col (NULL when the struct is).
type directRead struct {
	col, field int
}

// directReads returns outer's direct reads, or nil when some expression computes.
func directReads(outer []Bound) []directRead {
	out := make([]directRead, len(outer))
	for j, e := range outer {
		if a, ok := e.(*boundAlias); ok {
			e = a.child
		}
		switch x := e.(type) {
		case *boundRef:
			out[j] = directRead{col: x.index, field: -1}
		case *boundField:
			ref, ok := x.child.(*boundRef)
			if !ok {
				return nil
			}
			out[j] = directRead{col: ref.index, field: x.index}
		default:
			return nil
		}
	}
	return out
}

func newProjector(ec *EvalContext, inner, outer []Bound) *projector {
	p := &projector{ec: ec, inner: inner, outer: outer, direct: directReads(outer)}
	if inner != nil {
		p.scratch = make(sqltypes.Row, len(inner))
	}
	for j, e := range inner {
		if fj := kafkaFromJSON(e); fj != nil {
			if p.json == nil {
				p.json = make([]*jsonChunk, len(inner))
			}
			p.json[j] = &jsonChunk{expr: fj, reuse: onlyFieldsRead(outer, j)}
		}
	}
	first := inner
	if first == nil {
		first = outer
	}
	for j, e := range first {
		if u := batchUDF(e); u != nil {
			if p.udfs == nil {
				p.udfs = make([]*udfChunk, len(first))
			}
			p.udfs[j] = &udfChunk{expr: u}
		}
	}
	if columnarProjection.Load() {
		p.cols = newColumnPlan(p)
	}
	return p
}

// project returns the chunk's projected rows; the slice is reused by the next call, the
// rows are new. Expressions return new values, never the row they read, so the scratch
// row can be reused.
func (p *projector) project(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
	n := len(p.outer)
	// One backing array per chunk instead of one allocation per row, the last chunk's
	// again when its consumer handed it back. Every element is set below before the rows
	// are returned; the tail past this chunk is cleared so it keeps no old values alive.
	need := len(rows) * n
	slab := p.slab
	if p.slabFree && cap(slab) >= need {
		clear(slab[need:])
		slab = slab[:need]
	} else {
		slab = make([]any, need)
	}
	p.slab, p.slabFree = slab, false
	p.out = p.out[:0]
	for _, jc := range p.json {
		if jc != nil {
			jc.prepare(p.ec, rows)
		}
	}
	for _, uc := range p.udfs {
		if uc != nil {
			if err := uc.prepare(p.ec, rows); err != nil {
				return nil, err
			}
		}
	}
	for i, row := range rows {
		if p.inner != nil {
			for j, e := range p.inner {
				if p.json != nil && p.json[j] != nil {
					p.scratch[j] = p.json[j].value(i)
					continue
				}
				if p.udfs != nil && p.udfs[j] != nil {
					p.scratch[j] = p.udfs[j].vals[i]
					continue
				}
				v, err := e.Eval(p.ec, row)
				if err != nil {
					return nil, err
				}
				p.scratch[j] = v
			}
			row = p.scratch
		}
		nr := sqltypes.Row(slab[i*n : (i+1)*n : (i+1)*n])
		if p.direct != nil {
			for j, d := range p.direct {
				v := row[d.col]
				if d.field >= 0 && v != nil {
					v = v.(sqltypes.Row)[d.field]
				}
				nr[j] = v
			}
			p.out = append(p.out, nr)
			continue
		}
		for j, e := range p.outer {
			if p.inner == nil && p.udfs != nil && p.udfs[j] != nil {
				nr[j] = p.udfs[j].vals[i]
				continue
			}
			v, err := e.Eval(p.ec, row)
			if err != nil {
				return nil, err
			}
			nr[j] = v
		}
		p.out = append(p.out, nr)
	}
	// The projected rows hold values, never the rows read: the input chunk is done with.
	rowiter.Release(p.src, rows)
	return p.out, nil
}

// release takes back the last chunk project returned (see rowiter.Releaser).
func (p *projector) release(rows []sqltypes.Row) {
	if len(p.slab) > 0 && len(rows) > 0 && cap(rows[0]) > 0 && unsafe.SliceData(rows[0]) == unsafe.SliceData(p.slab) {
		p.slabFree = true
	}
}

// projectStreams projects every task's stream.
func projectStreams(ec *EvalContext, inner, outer []Bound, in []rowiter.Iter) []rowiter.Iter {
	for t, it := range in {
		p := newProjector(ec.ForTask(t), inner, outer)
		p.src = it
		in[t] = &projectIter{Iter: rowiter.MapReleasing(it, p.project, p.release), p: p}
	}
	return in
}

// jsonChunk evaluates from_json(CAST(value AS STRING), schema) of a Kafka value over a
// chunk. Each row's document is its value's bytes viewed as a string, not copied (the
// parsed strings share them): row values are never written after they are made (a Kafka
// value points into franz-go's decompressed batch, which nothing writes after decoding
// and which kafkalab does not pool), so the view is as immutable as a string must be,
// and it keeps the same bytes alive that the row already did. When the outer projection
// only reads the struct field by field (select("event.*")), every row is parsed into the
// same scratch struct, so the struct itself costs nothing. from_json never fails (a bad
// record is a null or partial row), so evaluating it ahead of the row loop changes no
// error.
type jsonChunk struct {
	expr  *boundFromJSON
	reuse bool
	r     *sqltypes.JSONReader
	docs  []string // row i's document; null marks a null value
	null  []bool
	row   sqltypes.Row
	boxed any // row, boxed once
	// boxes hold the parsed numbers, decimals and timestamps: a projector is one task's,
	// so they are too (the reader is shared by the tasks).
	boxes sqltypes.JSONBoxes
}

// kafkaFromJSON returns e's from_json when e is one (aliased or not) over CAST of a
// binary column reference.
func kafkaFromJSON(e Bound) *boundFromJSON {
	if a, ok := e.(*boundAlias); ok {
		e = a.child
	}
	fj, ok := e.(*boundFromJSON)
	// An ARRAY or MAP schema (root) is parsed as a whole value by Eval (evalRoot); the
	// chunk way parses a struct only.
	if !ok || fj.root != nil {
		return nil
	}
	if _, ref := fj.bytes.(*boundRef); !ref {
		return nil
	}
	return fj
}

// onlyFieldsRead reports whether every use of inner column j in outer is a field read
// (event.order_id), so the struct value itself never leaves the projection.
func onlyFieldsRead(outer []Bound, j int) bool {
	for _, e := range outer {
		if a, ok := e.(*boundAlias); ok {
			e = a.child
		}
		switch x := e.(type) {
		case *boundRef:
			if x.index == j {
				return false
			}
		case *boundField:
			if _, ok := x.child.(*boundRef); !ok {
				return false
			}
		default:
			return false // an expression that might keep the struct
		}
	}
	return true
}

func (jc *jsonChunk) prepare(ec *EvalContext, rows []sqltypes.Row) {
	jc.r = jc.expr.jsonReader(ec)
	ref := jc.expr.bytes.(*boundRef)
	jc.docs, jc.null = jc.docs[:0], jc.null[:0]
	for _, row := range rows {
		b, ok := row[ref.index].([]byte)
		jc.docs = append(jc.docs, unsafe.String(unsafe.SliceData(b), len(b)))
		jc.null = append(jc.null, !ok)
	}
	if jc.reuse && jc.row == nil {
		jc.row = make(sqltypes.Row, len(jc.expr.schema.Fields))
		jc.boxed = jc.row
	}
}

// value is from_json of row i of the chunk.
func (jc *jsonChunk) value(i int) any {
	doc := jc.docs[i]
	if jc.null[i] || doc == "" {
		return nil
	}
	if jc.reuse {
		if jc.r.ParseIntoBoxed(doc, jc.row, &jc.boxes) == nil {
			return nil
		}
		return jc.boxed
	}
	if out := jc.r.ParseIntoBoxed(doc, make(sqltypes.Row, len(jc.expr.schema.Fields)), &jc.boxes); out != nil {
		return out
	}
	return nil
}
