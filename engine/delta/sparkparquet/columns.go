package sparkparquet

import (
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
