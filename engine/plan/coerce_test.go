package plan

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestComplexCommonType: arrays, maps and structs meet field by field, so an empty ARRAY()
// (element type VOID) sits beside ARRAY(1, 2) in one VALUES column or UNION.
func TestComplexCommonType(t *testing.T) {
	arr := func(e sqltypes.DataType, null bool) sqltypes.DataType {
		return sqltypes.ArrayType{Element: e, ContainsNull: null}
	}
	st := func(names []string, types ...sqltypes.DataType) sqltypes.DataType {
		out := &sqltypes.StructType{}
		for i, n := range names {
			out.Fields = append(out.Fields, sqltypes.StructField{Name: n, Type: types[i], Nullable: true})
		}
		return out
	}
	tests := []struct {
		name string
		l, r sqltypes.DataType
		want string // "" when the types do not meet
	}{
		{"empty array beside int array", arr(sqltypes.Null, false), arr(sqltypes.Integer, true), "ARRAY<INT>"},
		{"int and bigint elements", arr(sqltypes.Integer, false), arr(sqltypes.Long, false), "ARRAY<BIGINT>"},
		{"nested arrays", arr(arr(sqltypes.Null, false), false), arr(arr(sqltypes.Double, true), false), "ARRAY<ARRAY<DOUBLE>>"},
		{"string and int elements do not meet", arr(sqltypes.String, false), arr(sqltypes.Integer, false), ""},
		{"empty map beside a map", sqltypes.MapType{Key: sqltypes.Null, Value: sqltypes.Null}, sqltypes.MapType{Key: sqltypes.Integer, Value: sqltypes.String}, "MAP<INT, STRING>"},
		{"structs by position", st([]string{"a", "b"}, sqltypes.Integer, sqltypes.Null), st([]string{"A", "b"}, sqltypes.Long, sqltypes.String), "STRUCT<a: BIGINT, b: STRING>"},
		{"structs with other names", st([]string{"a"}, sqltypes.Integer), st([]string{"x"}, sqltypes.Integer), ""},
		{"array and map", arr(sqltypes.Integer, false), sqltypes.MapType{Key: sqltypes.Integer, Value: sqltypes.Integer}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := comparisonType(tc.l, tc.r)
			if tc.want == "" {
				if ok {
					t.Fatalf("got %s, want no common type", got.SQL())
				}
				return
			}
			if !ok || got.SQL() != tc.want {
				t.Fatalf("got %v (%v), want %s", got, ok, tc.want)
			}
		})
	}
}
