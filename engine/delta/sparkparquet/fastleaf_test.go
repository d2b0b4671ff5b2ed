package sparkparquet

import (
	"math/big"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

// TestFastValueMatchesConverter: the inline conversion gives the converter's parquet
// value (kind and bytes) whenever it takes a value, and leaves to the converter exactly
// the values it must (other types, rescaling, overflow), so files do not change.
func TestFastValueMatchesConverter(t *testing.T) {
	if !int96Unboxed() {
		t.Fatal("parquet.Value no longer matches valueLayout: timestamps lost their unboxed INT96 (update valueLayout for this parquet-go)")
	}
	for _, tc := range []struct {
		dt   sqltypes.DataType
		v    any
		fast bool // whether the inline way takes it
	}{
		{sqltypes.IntegerType{}, int32(-7), true},
		{sqltypes.IntegerType{}, int64(7), false},
		{sqltypes.LongType{}, int64(1) << 60, true},
		{sqltypes.LongType{}, int32(1), false},
		{sqltypes.StringType{}, "héllo", true},
		{sqltypes.StringType{}, "", true},
		{sqltypes.StringType{}, []byte("x"), false},
		{sqltypes.DecimalType{Precision: 9, Scale: 2}, sqltypes.Decimal{Unscaled: -999_999_999, Scale: 2}, true},
		{sqltypes.DecimalType{Precision: 9, Scale: 2}, sqltypes.Decimal{Unscaled: 1_000_000_000, Scale: 2}, false},
		{sqltypes.DecimalType{Precision: 9, Scale: 2}, sqltypes.Decimal{Unscaled: 5, Scale: 1}, false},
		{sqltypes.DecimalType{Precision: 10, Scale: 2}, sqltypes.Decimal{Unscaled: 123456, Scale: 2}, true},
		{sqltypes.DecimalType{Precision: 18, Scale: 0}, sqltypes.Decimal{Unscaled: -999_999_999_999_999_999}, true},
		{sqltypes.DecimalType{Precision: 18, Scale: 0}, sqltypes.Decimal{Big: big.NewInt(12)}, false},
		{sqltypes.DecimalType{Precision: 30, Scale: 0}, sqltypes.Decimal{Unscaled: 1}, false},
		{sqltypes.TimestampType{}, sqltypes.Timestamp(1_790_000_000_123_456), true},
		{sqltypes.TimestampType{}, sqltypes.Timestamp(-62_135_596_800_000_001), true},
		{sqltypes.TimestampType{}, int64(5), false},
		{sqltypes.DoubleType{}, 1.5, false},
	} {
		conv, err := converter(tc.dt)
		if err != nil {
			t.Fatal(err)
		}
		e := &emitter{fast: fastKindOf(tc.dt)}
		if d, ok := tc.dt.(sqltypes.DecimalType); ok {
			e.precision, e.scale = d.Precision, d.Scale
		}
		w := &Writer{}
		got, ok := w.fastValue(e, tc.v)
		if ok != tc.fast {
			t.Errorf("%s %#v: inline %v, want %v", tc.dt.SQL(), tc.v, ok, tc.fast)
			continue
		}
		if !ok {
			continue
		}
		want, err := conv(tc.v)
		if err != nil {
			t.Fatalf("%s %#v: the inline way took a value the converter refuses: %v", tc.dt.SQL(), tc.v, err)
		}
		if got.Kind() != want.Kind() || !parquet.Equal(got, want) || string(got.Bytes()) != string(want.Bytes()) {
			t.Errorf("%s %#v: inline %v (%v), converter %v (%v)", tc.dt.SQL(), tc.v, got, got.Kind(), want, want.Kind())
		}
	}
}

// TestInt96ScratchReused: the INT96 values of one group of rows share the writer's
// scratch, which is reused after flushRows, and values handed out before the scratch
// grows keep their bytes.
func TestInt96ScratchReused(t *testing.T) {
	w := &Writer{}
	var vals []parquet.Value
	for i := range 3 * rowsPerWrite {
		vals = append(vals, w.int96(MicrosToInt96(int64(i)*1_000_001)))
	}
	for i, v := range vals {
		if v.Int96() != MicrosToInt96(int64(i)*1_000_001) {
			t.Fatalf("value %d changed: %v", i, v.Int96())
		}
	}
	c := cap(w.i96)
	w.i96 = w.i96[:0]
	allocs := testing.AllocsPerRun(5, func() {
		for range rowsPerWrite {
			w.int96(MicrosToInt96(42))
		}
		w.i96 = w.i96[:0]
	})
	if allocs != 0 || cap(w.i96) != c {
		t.Fatalf("%v allocations per %d values after the scratch grew (cap %d -> %d)", allocs, rowsPerWrite, c, cap(w.i96))
	}
}
