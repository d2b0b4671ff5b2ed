package sparkparquet

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

// The column-at-a-time way of Writer.Write. When every column of the table is a top-level
// leaf with an inline conversion (a flat table of ints, longs, strings, decimals and
// timestamps: the course's bronze tables), the values of a group of rows are converted
// one column at a time: one type switch per column and group instead of one per value,
// and a loop that does nothing but read, assert and append. It produces exactly the
// values the row-at-a-time way does, in the same per-column order, so the column writers
// see the same input and the file's bytes are the same. Any value it does not take (a
// null in a non-nullable column, another dynamic type, a decimal to rescale, a row of the
// wrong width) undoes the group and sends it the row-at-a-time way, which converts it or
// gives the error.

// flatColumns reports whether every emitter is a top-level leaf Write can fill a column
// at a time.
func flatColumns(emitters []*emitter) bool {
	if len(emitters) == 0 || !levelsMirrored() {
		return false
	}
	for _, e := range emitters {
		if e.kind != kindLeaf || e.fast == fastNone {
			return false
		}
	}
	return true
}

// writeColumns appends the values of rows (at most the rows left before the next
// flushRows) to w.cols, a column at a time. It reports false, with w.cols and the INT96
// scratch as they were, when some value must take the row-at-a-time way.
func (w *Writer) writeColumns(rows []sqltypes.Row) bool {
	n := len(w.emitters)
	for _, r := range rows {
		if len(r) != n {
			return false
		}
	}
	i96 := w.i96
	for i, e := range w.emitters {
		mark := len(w.cols[e.col])
		col, ok := w.fillColumn(e, i, rows, w.cols[e.col])
		if !ok {
			// Undo this column and the ones before it.
			w.cols[e.col] = w.cols[e.col][:mark]
			for _, d := range w.emitters[:i] {
				w.cols[d.col] = w.cols[d.col][:len(w.cols[d.col])-len(rows)]
			}
			w.i96 = i96 // the values made over the scratch since are dropped
			return false
		}
		w.cols[e.col] = col
	}
	return true
}

// fillColumn appends field i of every row, converted for leaf e, to col.
func (w *Writer) fillColumn(e *emitter, i int, rows []sqltypes.Row, col []parquet.Value) ([]parquet.Value, bool) {
	var def byte
	if e.nullable {
		def = 1
	}
	cx := ^uint16(e.col)
	null := parquet.NullValue().Level(0, 0, e.col)
	switch e.fast {
	case fastInt32:
		for _, r := range rows {
			switch v := r[i].(type) {
			case int32:
				col = append(col, withLevels(parquet.Int32Value(v), def, cx))
			case nil:
				if !e.nullable {
					return col, false
				}
				col = append(col, null)
			default:
				return col, false
			}
		}
	case fastInt64:
		for _, r := range rows {
			switch v := r[i].(type) {
			case int64:
				col = append(col, withLevels(parquet.Int64Value(v), def, cx))
			case nil:
				if !e.nullable {
					return col, false
				}
				col = append(col, null)
			default:
				return col, false
			}
		}
	case fastString:
		for _, r := range rows {
			switch v := r[i].(type) {
			case string:
				col = append(col, withLevels(parquet.ByteArrayValue(unsafeBytes(v)), def, cx))
			case nil:
				if !e.nullable {
					return col, false
				}
				col = append(col, null)
			default:
				return col, false
			}
		}
	case fastDecimal32, fastDecimal64:
		limit, scale := pow10[e.precision], int32(e.scale)
		for _, r := range rows {
			switch v := r[i].(type) {
			case sqltypes.Decimal:
				// Unscaled's fast case: the value already at the column's scale.
				if v.Big != nil || v.Scale != scale || v.Unscaled >= limit || v.Unscaled <= -limit {
					return col, false
				}
				if e.fast == fastDecimal32 {
					col = append(col, withLevels(parquet.Int32Value(int32(v.Unscaled)), def, cx))
				} else {
					col = append(col, withLevels(parquet.Int64Value(v.Unscaled), def, cx))
				}
			case nil:
				if !e.nullable {
					return col, false
				}
				col = append(col, null)
			default:
				return col, false
			}
		}
	case fastTimestamp:
		for _, r := range rows {
			switch v := r[i].(type) {
			case sqltypes.Timestamp:
				col = append(col, withLevels(w.int96(MicrosToInt96(int64(v))), def, cx))
			case nil:
				if !e.nullable {
					return col, false
				}
				col = append(col, null)
			default:
				return col, false
			}
		}
	default:
		return col, false
	}
	return col, true
}

// withLevels is v.Level(0, def, col) for cx = ^col, set through the mirror of
// parquet.Value's layout (see valueLayout) instead of Level's range checks and copies:
// the column index and level are known to be in range.
func withLevels(v parquet.Value, def byte, cx uint16) parquet.Value {
	l := (*valueLayout)(unsafe.Pointer(&v))
	l.definitionLevel, l.repetitionLevel, l.columnIndex = def, 0, cx
	return v
}

// levelsMirrored checks once that withLevels gives what Level does for every kind of
// value fillColumn makes; when it does not (another parquet-go), Write keeps the
// row-at-a-time way.
var levelsMirrored = sync.OnceValue(func() bool {
	if unsafe.Sizeof(parquet.Value{}) != unsafe.Sizeof(valueLayout{}) {
		return false
	}
	b := []byte("abc")
	for _, v := range []parquet.Value{parquet.Int32Value(-7), parquet.Int64Value(1 << 40),
		parquet.ByteArrayValue(b), int96View(make([]byte, 12)), parquet.NullValue()} {
		for _, lv := range [][2]int{{0, 0}, {1, 0}, {1, 6}, {0, 300}} {
			want := v.Level(0, lv[0], lv[1])
			got := withLevels(v, byte(lv[0]), ^uint16(lv[1]))
			if got != want || got.DefinitionLevel() != lv[0] || got.Column() != lv[1] || got.RepetitionLevel() != 0 {
				return false
			}
		}
	}
	return true
})

// WriteBatch adds a batch's rows to the file: the same bytes as Write of the batch's rows
// (b.Rows), but for a flat table whose columns the vectors match, the values go from the
// typed vectors to the column writers with no boxed value in between. Rows are cut at the
// same rowsPerWrite boundaries as Write's, and a group with a value the column way does
// not take (a null in a non-nullable column) takes the row way, which gives its error.
func (w *Writer) WriteBatch(b *sqltypes.ColumnBatch) error {
	if !w.vectorsFit(b) {
		return w.Write(b.Rows(0, b.Len))
	}
	for off := 0; off < b.Len; {
		n := min(b.Len-off, rowsPerWrite-w.pending)
		if w.writeVectors(b, off, n) {
			w.rows += int64(n)
		} else if err := w.writeRows(b.Rows(off, off+n)); err != nil {
			return err
		}
		if w.pending += n; w.pending == rowsPerWrite {
			if err := w.flushRows(); err != nil {
				return err
			}
		}
		off += n
	}
	return nil
}

// vectorsFit reports whether b's vectors are the file's columns, one each, of the
// column way's types.
func (w *Writer) vectorsFit(b *sqltypes.ColumnBatch) bool {
	if !w.flat || len(b.Cols) != len(w.emitters) {
		return false
	}
	for i, e := range w.emitters {
		v := &b.Cols[i]
		switch v.Kind {
		case sqltypes.VecInt32:
			if e.fast != fastInt32 {
				return false
			}
		case sqltypes.VecInt64:
			if e.fast != fastInt64 {
				return false
			}
		case sqltypes.VecString:
			if e.fast != fastString {
				return false
			}
		case sqltypes.VecTimestamp:
			if e.fast != fastTimestamp {
				return false
			}
		case sqltypes.VecDecimal:
			d, ok := v.Type.(sqltypes.DecimalType)
			if !ok || (e.fast != fastDecimal32 && e.fast != fastDecimal64) || d.Precision != e.precision || d.Scale != e.scale {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// writeVectors appends rows [off, off+n) of b to w.cols a column at a time, the values
// fillColumn would make of the same rows. It reports false, with w.cols and the INT96
// scratch as they were, when a null meets a non-nullable column.
func (w *Writer) writeVectors(b *sqltypes.ColumnBatch, off, n int) bool {
	i96 := w.i96
	for i, e := range w.emitters {
		v := &b.Cols[i]
		nulls := v.Null[off : off+n]
		if !e.nullable && slices.Contains(nulls, true) {
			for _, d := range w.emitters[:i] {
				w.cols[d.col] = w.cols[d.col][:len(w.cols[d.col])-n]
			}
			w.i96 = i96
			return false
		}
		var def byte
		if e.nullable {
			def = 1
		}
		cx := ^uint16(e.col)
		null := parquet.NullValue().Level(0, 0, e.col)
		col := w.cols[e.col]
		switch e.fast {
		case fastInt32:
			for k, x := range v.I32[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(parquet.Int32Value(x), def, cx))
				}
			}
		case fastInt64:
			for k, x := range v.I64[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(parquet.Int64Value(x), def, cx))
				}
			}
		case fastString:
			for k, x := range v.Str[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(parquet.ByteArrayValue(unsafeBytes(x)), def, cx))
				}
			}
		case fastDecimal32:
			for k, x := range v.I64[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(parquet.Int32Value(int32(x)), def, cx))
				}
			}
		case fastDecimal64:
			for k, x := range v.I64[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(parquet.Int64Value(x), def, cx))
				}
			}
		case fastTimestamp:
			for k, x := range v.I64[off : off+n] {
				if nulls[k] {
					col = append(col, null)
				} else {
					col = append(col, withLevels(w.int96(MicrosToInt96(x)), def, cx))
				}
			}
		}
		w.cols[e.col] = col
	}
	return true
}
