package sqltypes

import (
	"errors"
	"math"
	"reflect"
	"sort"
	"testing"
	"time"
)

func TestCast(t *testing.T) {
	la, _ := time.LoadLocation("America/Los_Angeles")
	at := func(s string) Timestamp { v, _ := ParseTimestamp(s, time.UTC); return v }
	cases := []struct {
		v        any
		from, to DataType
		loc      *time.Location
		want     any
	}{
		{[]byte(`{"a":1}`), Binary, String, nil, `{"a":1}`},
		{"123", String, Integer, nil, int32(123)},
		{" -42 ", String, Integer, nil, int32(-42)},
		{"+7", String, Long, nil, int64(7)},
		{"9223372036854775807", String, Long, nil, int64(math.MaxInt64)},
		{"1.5", String, Double, nil, 1.5},
		{"1e3", String, Double, nil, 1000.0},
		{"2.5d", String, Double, nil, 2.5},
		{"25.5", String, DecimalType{10, 2}, nil, NewDecimal(2550, 2)},
		{" 1.005 ", String, DecimalType{10, 2}, nil, NewDecimal(101, 2)},
		{"2026-10-01T09:15:00Z", String, TimestampT, nil, at("2026-10-01T09:15:00Z")},
		{"2026-10-01 02:15:00", String, TimestampT, la, at("2026-10-01T09:15:00Z")},
		{"2026-10-01", String, DateT, nil, Date(20727)},
		{"yes", String, Boolean, nil, true},
		{"F", String, Boolean, nil, false},
		{int32(1001), Integer, String, nil, "1001"},
		{int32(1001), Integer, Long, nil, int64(1001)},
		{int64(5), Long, Integer, nil, int32(5)},
		{3.99, Double, Integer, nil, int32(3)},
		{-3.99, Double, Long, nil, int64(-3)},
		{int32(7), Integer, Double, nil, 7.0},
		{int32(7), Integer, DecimalType{10, 2}, nil, NewDecimal(700, 2)},
		{NewDecimal(2550, 2), DecimalType{10, 2}, String, nil, "25.50"},
		{NewDecimal(2550, 2), DecimalType{10, 2}, Integer, nil, int32(25)},
		{NewDecimal(2550, 2), DecimalType{10, 2}, Double, nil, 25.5},
		{NewDecimal(2550, 2), DecimalType{10, 2}, DecimalType{10, 1}, nil, NewDecimal(255, 1)},
		{1.5, Double, String, nil, "1.5"},
		{at("2026-10-01T09:15:00Z"), TimestampT, String, la, "2026-10-01 02:15:00"},
		{at("2026-10-01T09:15:00Z"), TimestampT, Long, nil, int64(1790846100)},
		{at("2026-10-01T03:15:00Z"), TimestampT, DateT, la, Date(20726)},
		{int64(1790846100), Long, TimestampT, nil, at("2026-10-01T09:15:00Z")},
		{Date(20727), DateT, TimestampT, la, at("2026-10-01T07:00:00Z")},
		{true, Boolean, Integer, nil, int32(1)},
		{float32(0.1), Float, DecimalType{20, 18}, nil, NewDecimal(100000001490116120, 18)},
		{NewDecimal(15000009999, 10), DecimalType{20, 10}, TimestampT, nil, Timestamp(1500000)},
		{NewDecimal(-15, 1), DecimalType{20, 1}, TimestampT, nil, Timestamp(-1500000)},
		{NewDecimal(-159, 2), DecimalType{20, 2}, Integer, nil, int32(-1)},
		{Date(20727), DateT, String, nil, "2026-10-01"},
		{Row{int32(1), nil}, MustParseDDL("a INT, b STRING"), String, nil, "{1, null}"},
		{[]any{int32(1), nil}, ArrayType{Integer, true}, String, nil, "[1, null]"},
		{[]any{"1", "2"}, ArrayType{String, true}, ArrayType{Integer, true}, nil, []any{int32(1), int32(2)}},
		{"abc", String, Binary, nil, []byte("abc")},
		{nil, String, Integer, nil, nil},
	}
	for _, c := range cases {
		got, err := Cast(c.v, c.from, c.to, c.loc)
		if err != nil {
			t.Errorf("cast %#v %s->%s: %v", c.v, c.from.SQL(), c.to.SQL(), err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("cast %#v %s->%s = %#v, want %#v", c.v, c.from.SQL(), c.to.SQL(), got, c.want)
		}
	}
}

func TestCastErrors(t *testing.T) {
	cases := []struct {
		v        any
		from, to DataType
		want     string
	}{
		{"abc", String, Integer, "[CAST_INVALID_INPUT] The value 'abc' of the type \"STRING\" cannot be cast to \"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"1.5", String, Integer, "[CAST_INVALID_INPUT] The value '1.5' of the type \"STRING\" cannot be cast to \"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"2147483648", String, Integer, "[CAST_INVALID_INPUT] The value '2147483648' of the type \"STRING\" cannot be cast to \"INT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"", String, Long, "[CAST_INVALID_INPUT] The value '' of the type \"STRING\" cannot be cast to \"BIGINT\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"nope", String, TimestampT, "[CAST_INVALID_INPUT] The value 'nope' of the type \"STRING\" cannot be cast to \"TIMESTAMP\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"x", String, DecimalType{10, 2}, "[CAST_INVALID_INPUT] The value 'x' of the type \"STRING\" cannot be cast to \"DECIMAL(10,2)\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{"maybe", String, Boolean, "[CAST_INVALID_INPUT] The value 'maybe' of the type \"STRING\" cannot be cast to \"BOOLEAN\" because it is malformed. Correct the value as per the syntax, or change its target type. Use `try_cast` to tolerate malformed input and return NULL instead. SQLSTATE: 22018"},
		{int64(3000000000), Long, Integer, "[CAST_OVERFLOW] The value 3000000000L of the type \"BIGINT\" cannot be cast to \"INT\" due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead. SQLSTATE: 22003"},
		{1e20, Double, Long, "[CAST_OVERFLOW] The value 1.0E20D of the type \"DOUBLE\" cannot be cast to \"BIGINT\" due to an overflow. Use `try_cast` to tolerate overflow and return NULL instead. SQLSTATE: 22003"},
		{"123456789", String, DecimalType{10, 2}, "[NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION] 123456789 cannot be represented as Decimal(10, 2). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead. SQLSTATE: 22003"},
	}
	for _, c := range cases {
		_, err := Cast(c.v, c.from, c.to, nil)
		var ce *CastError
		if err == nil || !errors.As(err, &ce) {
			t.Errorf("cast %#v to %s: want a CastError, got %v", c.v, c.to.SQL(), err)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("cast %#v to %s:\n got %s\nwant %s", c.v, c.to.SQL(), err, c.want)
		}
	}
	if CanCast(TimestampT, Binary) || !CanCast(Binary, String) || !CanCast(String, TimestampT) {
		t.Error("CanCast")
	}
}

func TestCompareAndKeys(t *testing.T) {
	vals := []any{3.0, nil, math.NaN(), -1.0, math.Inf(1), 0.0}
	sort.SliceStable(vals, func(i, j int) bool { return Compare(vals[i], vals[j], Double) < 0 })
	if vals[0] != nil || vals[1] != -1.0 || vals[2] != 0.0 || vals[3] != 3.0 || !math.IsInf(vals[4].(float64), 1) || !math.IsNaN(vals[5].(float64)) {
		t.Fatalf("ascending order %v", vals)
	}
	if CompareOrdered(nil, int32(1), Integer, true, false) != 1 {
		t.Error("descending puts nulls last")
	}
	if CompareOrdered(int32(1), int32(2), Integer, true, false) != 1 {
		t.Error("descending reverses")
	}
	if Compare("C02", "C10", String) != -1 || Compare("é", "z", String) != 1 {
		t.Error("strings compare by UTF-8 bytes")
	}
	if Compare(NewDecimal(2550, 2), NewDecimal(255, 1), DecimalType{10, 2}) != 0 {
		t.Error("decimal compare by value")
	}
	key := func(v any, dt DataType) string { return string(AppendKey(nil, v, dt)) }
	if key(math.Copysign(0, -1), Double) != key(0.0, Double) || key(math.NaN(), Double) != key(-math.NaN(), Double) {
		t.Error("float keys normalise -0.0 and NaN")
	}
	if key(NewDecimal(2550, 2), DecimalType{10, 2}) != key(NewDecimal(255, 1), DecimalType{10, 1}) {
		t.Error("decimal keys by value")
	}
	if key(nil, String) == key("", String) || key(Row{"a", "bc"}, nil) == key(Row{"ab", "c"}, nil) {
		t.Error("keys must be unambiguous")
	}
}

func TestCompareMixedTypesDoesNotPanic(t *testing.T) {
	if Compare(int32(1), int64(2), Long) != -1 || Compare(NewDecimal(150, 2), int32(1), nil) != 1 || Compare(2.5, int64(2), nil) != 1 {
		t.Error("mixed numbers compare by value")
	}
	if Compare("a", int32(1), String) == 0 {
		t.Error("mixed kinds still order")
	}
}
