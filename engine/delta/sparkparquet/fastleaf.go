package sparkparquet

import (
	"encoding/binary"
	"sync"
	"unsafe"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

// fastKind picks Writer.Write's inline conversion for a top-level leaf column of a
// common type, instead of the converter closure: a type switch on the column, a type
// assertion on the value and no call. Values it does not take (another dynamic type, a
// decimal that needs rescaling or does not fit) go to the converter, which gives the
// same parquet value or the error; so the file bytes are the same either way.
type fastKind uint8

const (
	fastNone fastKind = iota
	fastInt32
	fastInt64
	fastString
	fastDecimal32 // DECIMAL with precision <= 9: INT32 unscaled
	fastDecimal64 // DECIMAL with precision 10..18: INT64 unscaled
	fastTimestamp // INT96
)

func fastKindOf(dt sqltypes.DataType) fastKind {
	switch t := dt.(type) {
	case sqltypes.IntegerType:
		return fastInt32
	case sqltypes.LongType:
		return fastInt64
	case sqltypes.StringType:
		return fastString
	case sqltypes.DecimalType:
		switch {
		case t.Precision <= 9:
			return fastDecimal32
		case t.Precision <= 18:
			return fastDecimal64
		}
	case sqltypes.TimestampType:
		if int96Unboxed() {
			return fastTimestamp
		}
	}
	return fastNone
}

// fastValue converts v for leaf e the inline way; ok is false when the converter must.
func (w *Writer) fastValue(e *emitter, v any) (parquet.Value, bool) {
	switch e.fast {
	case fastInt32:
		n, ok := v.(int32)
		return parquet.Int32Value(n), ok
	case fastInt64:
		n, ok := v.(int64)
		return parquet.Int64Value(n), ok
	case fastString:
		s, ok := v.(string)
		return parquet.ByteArrayValue(unsafeBytes(s)), ok
	case fastDecimal32, fastDecimal64:
		d, ok := v.(sqltypes.Decimal)
		// Unscaled's fast case, kept inline: the value already at the column's scale.
		if !ok || d.Big != nil || int32(e.scale) != d.Scale ||
			d.Unscaled >= pow10[e.precision] || d.Unscaled <= -pow10[e.precision] {
			return parquet.Value{}, false
		}
		if e.fast == fastDecimal32 {
			return parquet.Int32Value(int32(d.Unscaled)), true
		}
		return parquet.Int64Value(d.Unscaled), true
	case fastTimestamp:
		ts, ok := v.(sqltypes.Timestamp)
		if !ok {
			return parquet.Value{}, false
		}
		return w.int96(MicrosToInt96(int64(ts))), true
	}
	return parquet.Value{}, false
}

// int96 is parquet.Int96Value(x) with its 12 bytes in the writer's scratch instead of a
// heap allocation per value. The scratch is reused after flushRows: the column writers
// copy a value's bytes into their page when WriteRowValues takes it.
func (w *Writer) int96(x [3]uint32) parquet.Value {
	if len(w.i96) == cap(w.i96) {
		// More INT96 values pending than the scratch holds (several timestamp columns):
		// a new block; the values already handed out keep the old one alive.
		w.i96 = make([]byte, 0, max(2*cap(w.i96), 12*rowsPerWrite))
	}
	n := len(w.i96)
	w.i96 = w.i96[:n+12]
	b := w.i96[n : n+12 : n+12]
	binary.LittleEndian.PutUint32(b[0:4], x[0])
	binary.LittleEndian.PutUint32(b[4:8], x[1])
	binary.LittleEndian.PutUint32(b[8:12], x[2])
	return int96View(b)
}

// valueLayout mirrors parquet.Value's fields (parquet-go v0.32.0) to set the kind of a
// value built over bytes: parquet-go's only INT96 constructor boxes the bytes on the heap.
// int96Unboxed checks the mirror against parquet-go once; when it does not hold (another
// parquet-go), timestamps take the converter and its allocation, as before.
type valueLayout struct {
	ptr             *byte
	u64             uint64
	kind            int8
	definitionLevel byte
	repetitionLevel byte
	columnIndex     uint16
}

func int96View(b []byte) parquet.Value {
	v := parquet.FixedLenByteArrayValue(b)
	(*valueLayout)(unsafe.Pointer(&v)).kind = ^int8(parquet.Int96)
	return v
}

var int96Unboxed = sync.OnceValue(func() bool {
	if unsafe.Sizeof(parquet.Value{}) != unsafe.Sizeof(valueLayout{}) {
		return false
	}
	want := parquet.Int96Value(MicrosToInt96(-1_234_567_890_123_457))
	b := append([]byte(nil), want.ByteArray()...)
	got := int96View(b)
	lv := got.Level(0, 1, 3)
	return got.Kind() == parquet.Int96 && got.Int96() == want.Int96() && parquet.Equal(got, want) &&
		lv.Kind() == parquet.Int96 && lv.Int96() == want.Int96() && lv.DefinitionLevel() == 1 && lv.Column() == 3
})
