package stateful

import (
	"encoding/hex"
	"reflect"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func dec(unscaled int64, scale int) sqltypes.Decimal { return sqltypes.NewDecimal(unscaled, scale) }

func hexWords(s string) []byte {
	b, err := hex.DecodeString(strings.Join(strings.Fields(s), ""))
	if err != nil {
		panic(err)
	}
	return b
}

// Arrays and maps laid out as Spark's UnsafeArrayData / UnsafeMapData; the decimal and
// string arrays are the bytes of collect_list / collect_set buffers real Spark 4.2 wrote
// (testdata/interchange/spark-first/collect).
func TestUnsafeArrayLayout(t *testing.T) {
	cases := []struct {
		name string
		typ  sqltypes.DataType
		val  any
		want string // the UnsafeArrayData / UnsafeMapData, 8-byte words
	}{
		{"ints with a null", sqltypes.ArrayType{Element: sqltypes.Integer, ContainsNull: true}, []any{int32(1), nil, int32(3)},
			"0300000000000000 0200000000000000 0100000000000000 0300000000000000"},
		{"empty", sqltypes.ArrayType{Element: sqltypes.String}, []any{},
			"0000000000000000"},
		{"strings (Spark's collect_set buffer)", sqltypes.ArrayType{Element: sqltypes.String}, []any{"09:21", "09:02"},
			"0200000000000000 0000000000000000 0500000020000000 0500000028000000 30393a3231000000 30393a3032000000"},
		{"decimals (Spark's collect_list buffer)", sqltypes.ArrayType{Element: sqltypes.DecimalType{Precision: 10, Scale: 2}},
			[]any{dec(2000, 2), dec(700, 2)},
			"0200000000000000 0000000000000000 d007000000000000 bc02000000000000"},
		{"string and null", sqltypes.ArrayType{Element: sqltypes.String, ContainsNull: true}, []any{"a", nil},
			"0200000000000000 0200000000000000 0100000020000000 0000000000000000 6100000000000000"},
		{"booleans", sqltypes.ArrayType{Element: sqltypes.Boolean, ContainsNull: true}, []any{true, false, nil},
			"0300000000000000 0400000000000000 0100000000000000"},
		{"nested arrays", sqltypes.ArrayType{Element: sqltypes.ArrayType{Element: sqltypes.Integer}}, []any{[]any{int32(1)}, []any{}},
			"0200000000000000 0000000000000000 1800000020000000 0800000038000000" +
				"0100000000000000 0000000000000000 0100000000000000" + "0000000000000000"},
		{"wide decimal keeps just its bytes", sqltypes.ArrayType{Element: sqltypes.DecimalType{Precision: 20, Scale: 0}}, []any{dec(1, 0)},
			"0100000000000000 0000000000000000 0100000018000000 0100000000000000"},
		{"structs", sqltypes.ArrayType{Element: &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "x", Type: sqltypes.Long, Nullable: true}}}},
			[]any{sqltypes.Row{int64(7)}, sqltypes.Row{nil}},
			"0200000000000000 0000000000000000 1000000020000000 1000000030000000" +
				"0000000000000000 0700000000000000" + "0100000000000000 0000000000000000"},
		{"day-time intervals (microseconds)", sqltypes.ArrayType{Element: sqltypes.DayTimeIntervalType{Start: 0, End: 3}}, []any{int64(1000000)},
			"0100000000000000 0000000000000000 40420f0000000000"},
		{"year-month intervals (months)", sqltypes.ArrayType{Element: sqltypes.YearMonthIntervalType{Start: 0, End: 1}}, []any{int32(14), int32(-1)},
			"0200000000000000 0000000000000000 0e000000ffffffff"},
		{"map", sqltypes.MapType{Key: sqltypes.String, Value: sqltypes.Integer, ValueContainsNull: true},
			&sqltypes.MapValue{Keys: []any{"a"}, Values: []any{int32(1)}},
			"2000000000000000" + "0100000000000000 0000000000000000 0100000018000000 6100000000000000" +
				"0100000000000000 0000000000000000 0100000000000000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			want := hexWords(tc.want)
			var got []byte
			var ok bool
			switch x := tc.typ.(type) {
			case sqltypes.ArrayType:
				got, ok = layoutArray(tc.val.([]any), x.Element, false)
			case sqltypes.MapType:
				got, ok = layoutMap(tc.val.(*sqltypes.MapValue), x, false)
			}
			if !ok || hex.EncodeToString(got) != hex.EncodeToString(want) {
				t.Fatalf("laid out (ok %v)\n%x\nSpark's\n%x", ok, got, want)
			}
			var back any
			var err error
			switch x := tc.typ.(type) {
			case sqltypes.ArrayType:
				back, err = decodeUnsafeArray(want, x.Element)
			case sqltypes.MapType:
				back, err = decodeUnsafeMap(want, x)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, tc.val) {
				t.Errorf("read back %#v, want %#v", back, tc.val)
			}
			// Inside an UnsafeRow the column points at the same bytes.
			st := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "c", Type: tc.typ, Nullable: true}}}
			row, err := appendSparkRow(nil, sqltypes.Row{tc.val}, st, false)
			if err != nil {
				t.Fatal(err)
			}
			if hex.EncodeToString(row[16:]) != hex.EncodeToString(want) || int(row[8]) != len(want) || row[12] != 16 {
				t.Errorf("UnsafeRow %x does not hold the array at offset 16", row)
			}
			r, err := decodeUnsafeRow(row, st)
			if err != nil || !reflect.DeepEqual(r[0], tc.val) {
				t.Errorf("row read back %#v (%v)", r, err)
			}
		})
	}
}

func TestUnsafeArrayRejectsBadBytes(t *testing.T) {
	cases := []struct {
		name string
		b    string
	}{
		{"not whole words", "0100000000"},
		{"count past the bytes", "ff00000000000000 0000000000000000"},
		{"slots past the bytes", "0300000000000000 0000000000000000"},
		{"offset outside", "0100000000000000 0000000000000000 0500000040000000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if v, err := decodeUnsafeArray(hexWords(tc.b), sqltypes.String); err == nil {
				t.Errorf("read %#v from bad bytes", v)
			}
		})
	}
}
