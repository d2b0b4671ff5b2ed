package plan

import (
	"context"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The columnar way of the projector (#18): for the course's read,
//
//	select(from_json(CAST(value AS STRING), schema).alias("event"), "partition", ...)
//	  .select("event.*", "partition", ...)
//
// every output column is a field of the parsed document or a column of the Kafka row,
// so a chunk can go to a columnar sink (the Delta writer) as typed vectors instead of
// rows: the values are copied out of the parse's scratch row into the vectors, and no
// output row nor boxed value is made. The parse is the row path's own (jsonChunk), so the
// values are the same; a chunk with a value no vector holds exactly (see
// ColumnVector.Append) is projected the row way instead.

// columnarProjection lets projections serve columns; tests turn it off to compare the
// two ways' files.
var columnarProjection = func() *atomic.Bool {
	var b atomic.Bool
	b.Store(true)
	return &b
}()

// SetColumnarProjection turns the columnar way of projections built from now on on or
// off and returns the setting before: for tests and benchmarks that compare it with the
// row way (their files must be the same).
func SetColumnarProjection(on bool) (was bool) {
	return columnarProjection.Swap(on)
}

// columnarBatches counts the chunks projected the columnar way, for tests that check it
// ran (see ColumnarBatches).
var columnarBatches atomic.Int64

// ColumnarBatches is how many chunks projections have given as columns so far: a test
// comparing the two ways checks with it that the columnar one ran.
func ColumnarBatches() int64 { return columnarBatches.Load() }

// columnPlan is how the projector fills a batch: out[j] says where output column j's
// value comes from.
type columnPlan struct {
	json   int // the inner column of the from_json
	out    []columnSource
	batch  sqltypes.ColumnBatch
	fields sqltypes.JSONFields // the document being copied out, unboxed
}

// columnSource is field (>= 0) of the parsed document, or, when field < 0, column col of
// the input row.
type columnSource struct {
	col, field int
}

// newColumnPlan returns the columnar plan of a projector, or nil when its shape is not the
// one above: one from_json read field by field, the rest plain input columns, every
// output of a type a vector holds.
func newColumnPlan(p *projector) *columnPlan {
	if p.inner == nil || p.direct == nil || p.udfs != nil || p.json == nil {
		return nil
	}
	cp := &columnPlan{json: -1}
	for j, jc := range p.json {
		if jc == nil {
			continue
		}
		if cp.json >= 0 || !jc.reuse {
			return nil
		}
		cp.json = j
	}
	if cp.json < 0 {
		return nil
	}
	schema := p.json[cp.json].expr.schema
	cp.batch.Cols = make([]sqltypes.ColumnVector, len(p.direct))
	for j, d := range p.direct {
		var src columnSource
		var dt sqltypes.DataType
		switch {
		case d.col == cp.json && d.field >= 0:
			src, dt = columnSource{col: -1, field: d.field}, schema.Fields[d.field].Type
		case d.col != cp.json && d.field < 0:
			e := p.inner[d.col]
			if a, ok := e.(*boundAlias); ok {
				e = a.child
			}
			ref, ok := e.(*boundRef)
			if !ok {
				return nil
			}
			src, dt = columnSource{col: ref.index, field: -1}, ref.DataType()
		default:
			return nil
		}
		// The output column's type must be the value's: an outer alias never casts.
		if p.outer[j].DataType().SQL() != dt.SQL() {
			return nil
		}
		v, ok := sqltypes.NewColumnVector(dt)
		if !ok {
			return nil
		}
		cp.batch.Cols[j] = v
		cp.out = append(cp.out, src)
	}
	return cp
}

// projectColumns projects a chunk into the batch (reused by the next call), or, when
// some value has no exact vector form, into rows as project does (batch nil).
func (p *projector) projectColumns(ctx context.Context, rows []sqltypes.Row) (*sqltypes.ColumnBatch, []sqltypes.Row, error) {
	cp := p.cols
	b := &cp.batch
	for j := range b.Cols {
		b.Cols[j].Reset()
	}
	b.Len = 0
	jc := p.json[cp.json]
	jc.prepare(p.ec, rows)
	f := &cp.fields
	for i, row := range rows {
		jc.parseFields(i, f)
		if f.Odd {
			// A value only a boxed Decimal holds: the chunk takes the row way.
			return p.projectRows(ctx, rows)
		}
		for j, src := range cp.out {
			if src.field >= 0 {
				b.Cols[j].AppendUnboxed(f.Null[src.field], f.I64[src.field], f.Str[src.field])
				continue
			}
			if !b.Cols[j].Append(row[src.col]) {
				return p.projectRows(ctx, rows)
			}
		}
	}
	b.Len = len(rows)
	columnarBatches.Add(1)
	// The vectors hold values, never the rows read: the input chunk is done with.
	rowiter.Release(p.src, rows)
	return b, nil, nil
}

// projectRows gives up the columnar way for a chunk with a value no vector holds: the
// chunk is projected into rows, which convert the value or give its error (the batch's
// partial vectors are reset by the next projectColumns).
func (p *projector) projectRows(ctx context.Context, rows []sqltypes.Row) (*sqltypes.ColumnBatch, []sqltypes.Row, error) {
	out, err := p.project(ctx, rows)
	return nil, out, err
}

// parseFields parses row i's document into f, the same fields the row path's value(i)
// gives, unboxed: a null Kafka value or an empty one (a null struct) is every field null.
func (jc *jsonChunk) parseFields(i int, f *sqltypes.JSONFields) {
	doc := jc.docs[i]
	if jc.null[i] {
		doc = ""
	}
	jc.r.ParseFields(doc, f)
}

// projectIter is a projection's stream (rowiter.MapReleasing over the projector) that
// also serves columns when the projector has a column plan.
type projectIter struct {
	rowiter.Iter
	p *projector
}

func (it *projectIter) Release(rows []sqltypes.Row) { rowiter.Release(it.Iter, rows) }

func (it *projectIter) ColumnsReady() bool { return it.p.cols != nil }

func (it *projectIter) NextBatch(ctx context.Context) (*sqltypes.ColumnBatch, []sqltypes.Row, error) {
	for {
		rows, err := it.p.src.Next(ctx)
		if err != nil {
			return nil, nil, err
		}
		if len(rows) == 0 {
			continue
		}
		b, out, err := it.p.projectColumns(ctx, rows)
		if err != nil || b != nil || len(out) > 0 {
			return b, out, err
		}
	}
}
