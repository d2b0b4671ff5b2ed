package sqltypes

import (
	"math"
	"testing"
	"time"
)

func TestPythonRowRepr(t *testing.T) {
	schema, rows := courseTable(t)
	got := PythonRowRepr(rows[0], schema, time.UTC)
	want := "Row(order_id=1001, customer_id='C01', status='placed', amount=Decimal('25.50'), event_time=datetime.datetime(2026, 10, 1, 9, 15), partition=0, offset=0)"
	if got != want {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
	cases := []struct {
		v    any
		t    DataType
		want string
	}{
		{nil, String, "None"},
		{true, Boolean, "True"},
		{"it's", String, `"it's"`},
		{"a\nb", String, `'a\nb'`},
		{"é", String, `'é'`},
		{[]byte("a'\x00"), Binary, `bytearray(b"a'\x00")`},
		{25.5, Double, "25.5"},
		{100.0, Double, "100.0"},
		{1e16, Double, "1e+16"},
		{1.5e-5, Double, "1.5e-05"},
		{math.Inf(-1), Double, "-inf"},
		{NewDecimal(0, 10), DecimalType{20, 10}, "Decimal('0E-10')"},
		{Date(20727), DateT, "datetime.date(2026, 10, 1)"},
		{Timestamp(1790846100*1_000_000 + 5_000_000 + 250), TimestampT, "datetime.datetime(2026, 10, 1, 9, 15, 5, 250)"},
		{[]any{int32(1), nil}, ArrayType{Integer, true}, "[1, None]"},
		{&MapValue{Keys: []any{"k"}, Values: []any{int64(2)}}, MapType{String, Long, true}, "{'k': 2}"},
		{Row{int32(1), "x"}, MustParseDDL("a INT, b STRING"), "Row(a=1, b='x')"},
	}
	for _, c := range cases {
		if got := PythonRepr(c.v, c.t, time.UTC); got != c.want {
			t.Errorf("%#v: got %s want %s", c.v, got, c.want)
		}
	}
}
