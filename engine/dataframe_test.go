package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func newTestSession(t *testing.T) *Session {
	t.Helper()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Now: func() time.Time {
		return time.Date(2026, 10, 1, 12, 0, 0, 0, time.UTC)
	}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The course's reference events as a learner's send script defines them.
var courseEvents = []sqltypes.Row{
	{1001, "C01", "placed", 25.5, "2026-10-01T09:15:00Z"},
	{1002, "C02", "placed", 12.0, "2026-10-01T09:40:00Z"},
	{1003, "C03", "placed", 31.0, "2026-10-01T09:55:00Z"},
}

const sendDDL = "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING"
const readDDL = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

func must[T any](t *testing.T) func(v T, err error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

func TestToJSONOfCourseEvent(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	out := must[*DataFrame](t)(df.Select(
		Col("order_id").Cast("string").Alias("key"),
		ToJSON(Struct("*")).Alias("value")))
	if got := strings.Join(out.Columns(), ","); got != "key,value" {
		t.Fatalf("columns = %s", got)
	}
	rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
	want := `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`
	if rows[0][0] != "1001" || rows[0][1] != want {
		t.Fatalf("first row = %q, %q\nwant %q", rows[0][0], rows[0][1], want)
	}
	if len(rows) != 3 {
		t.Fatalf("rows = %d", len(rows))
	}
}

func TestToJSONTypedEvent(t *testing.T) {
	// With the read schema's types, Spark writes the decimal with its scale and the
	// timestamp with milliseconds and a zone.
	ctx := context.Background()
	s := newTestSession(t)
	ts := sqltypes.Timestamp(time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC).UnixMicro())
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{1001, "C01", "placed", sqltypes.Decimal{Unscaled: 255, Scale: 1}, ts},
	}, readDDL))
	out := must[*DataFrame](t)(df.Select(ToJSON(Struct("*"))))
	if got := out.Columns()[0]; got != "to_json(struct(order_id, customer_id, status, amount, event_time))" {
		t.Errorf("column name = %s", got)
	}
	rows := must[[]sqltypes.Row](t)(out.Collect(ctx))
	want := `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.50,"event_time":"2026-10-01T09:15:00.000Z"}`
	if rows[0][0] != want {
		t.Fatalf("got  %s\nwant %s", rows[0][0], want)
	}
}

func TestSelectExprCastAndFromJSON(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	value := `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`
	kafkaLike := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{[]byte("1001"), []byte(value), int32(0), int64(0)},
		{[]byte("1002"), []byte("not json"), int32(0), int64(1)},
	}, "key BINARY, value BINARY, partition INT, offset BIGINT"))

	j := must[*DataFrame](t)(kafkaLike.SelectExpr("CAST(value AS STRING) as json", "CAST(key AS STRING)", "partition"))
	// Spark names an unaliased cast of a column after the column (ResolveAliases), as the
	// Kafka guide's selectExpr("CAST(key AS STRING)") shows.
	if got := strings.Join(j.Columns(), ","); got != "json,key,partition" {
		t.Fatalf("columns = %s", got)
	}
	parsed := must[*DataFrame](t)(kafkaLike.Select(
		FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset"))
	flat := must[*DataFrame](t)(parsed.Select("event.*", "partition", "offset"))
	if got := strings.Join(flat.Columns(), ","); got != "order_id,customer_id,status,amount,event_time,partition,offset" {
		t.Fatalf("columns = %s", got)
	}
	if got := flat.Schema().Fields[3].Type; got != (sqltypes.DecimalType{Precision: 10, Scale: 2}) {
		t.Fatalf("amount type = %v", got)
	}
	rows := must[[]sqltypes.Row](t)(flat.Collect(ctx))
	if rows[0][0] != int32(1001) || rows[0][3] != (sqltypes.Decimal{Unscaled: 2550, Scale: 2}) {
		t.Fatalf("row 0 = %#v", rows[0])
	}
	wantTS := sqltypes.Timestamp(time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC).UnixMicro())
	if rows[0][4] != wantTS {
		t.Fatalf("event_time = %v, want %v", rows[0][4], wantTS)
	}
	// PERMISSIVE: broken JSON gives a struct of nulls, not an error and not a dropped row.
	for i := 0; i < 5; i++ {
		if rows[1][i] != nil {
			t.Fatalf("row 1 field %d = %v, want NULL", i, rows[1][i])
		}
	}
}

func TestOrderByAllColumnsShow(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	at := func(h, m int) sqltypes.Timestamp {
		return sqltypes.Timestamp(time.Date(2026, 10, 1, h, m, 0, 0, time.UTC).UnixMicro())
	}
	dec := func(u int64) sqltypes.Decimal { return sqltypes.Decimal{Unscaled: u, Scale: 2} }
	table := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{1003, "C03", "placed", dec(3100), at(9, 55), 1, int64(0)},
		{1001, "C01", "placed", dec(2550), at(9, 15), 0, int64(0)},
		{1004, "C01", "placed", dec(4000), at(10, 20), 1, int64(1)},
		{1002, "C02", "placed", dec(1200), at(9, 40), 0, int64(1)},
		{1001, "C01", "paid", dec(2550), at(10, 5), 0, int64(2)},
	}, readDDL+", partition INT, offset BIGINT"))
	cols := make([]any, 0)
	for _, c := range table.Columns() {
		cols = append(cols, c)
	}
	sorted := must[*DataFrame](t)(table.OrderBy(cols...))
	got := must[string](t)(sorted.Show(ctx, 20, 0, false))
	want := `+--------+-----------+------+------+-------------------+---------+------+
|order_id|customer_id|status|amount|event_time         |partition|offset|
+--------+-----------+------+------+-------------------+---------+------+
|1001    |C01        |paid  |25.50 |2026-10-01 10:05:00|0        |2     |
|1001    |C01        |placed|25.50 |2026-10-01 09:15:00|0        |0     |
|1002    |C02        |placed|12.00 |2026-10-01 09:40:00|0        |1     |
|1003    |C03        |placed|31.00 |2026-10-01 09:55:00|1        |0     |
|1004    |C01        |placed|40.00 |2026-10-01 10:20:00|1        |1     |
+--------+-----------+------+------+-------------------+---------+------+
`
	if got != want {
		t.Fatalf("show:\n%s\nwant:\n%s", got, want)
	}
	if n := must[int64](t)(sorted.Count(ctx)); n != 5 {
		t.Fatalf("count = %d", n)
	}
}

func TestAnalysisErrors(t *testing.T) {
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"unknown column", func() error { _, err := df.Select("oder_id"); return err },
			"[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `oder_id` cannot be resolved. Did you mean one of the following? [`order_id`, `customer_id`, `amount`, `status`, `event_time`]."},
		{"unknown column in filter", func() error { _, err := df.Filter(Col("amout").Gt(10)); return err },
			"[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name `amout` cannot be resolved. Did you mean one of the following? [`amount`, `status`, `order_id`, `event_time`, `customer_id`]."},
		{"unknown struct field", func() error {
			p, err := df.Select(Struct("*").Alias("e"))
			if err != nil {
				return err
			}
			_, err = p.Select("e.nope")
			return err
		}, "[FIELD_NOT_FOUND] No such struct field `nope` in `order_id`, `customer_id`, `status`, `amount`, `event_time`."},
		{"bad arithmetic", func() error { _, err := df.Select(Col("amount").Plus(Lit(true))); return err },
			`[DATATYPE_MISMATCH.BINARY_OP_DIFF_TYPES] Cannot resolve "(amount + true)" due to data type mismatch: the left and right operands of the binary operator have incompatible types ("DOUBLE" and "BOOLEAN").`},
		{"syntax", func() error { _, err := df.SelectExpr("CAST(order_id AS"); return err },
			"[PARSE_SYNTAX_ERROR] Syntax error at or near end of input."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			if err.Error() != tc.want {
				t.Fatalf("error:\n%s\nwant:\n%s", err, tc.want)
			}
			var ae *plan.AnalysisError
			if !errors.As(err, &ae) {
				t.Fatalf("error is %T, want *plan.AnalysisError", err)
			}
		})
	}
}

func TestSumOfStringIsDouble(t *testing.T) {
	// Spark casts a string argument of sum/avg to DOUBLE implicitly.
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{"1.5"}, {"2"}}, "v STRING"))
	out := must[*DataFrame](t)(df.Agg(Sum("v")))
	if got := sqltypes.SimpleString(out.Schema()); got != "struct<sum(v):double>" {
		t.Fatalf("schema %s", got)
	}
	rows := must[[]sqltypes.Row](t)(out.Collect(context.Background()))
	if rows[0][0] != 3.5 {
		t.Fatalf("sum = %v", rows[0][0])
	}
}

func TestCallFunctionResolvesByName(t *testing.T) {
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	df, err := s.CreateDataFrameDDL([]sqltypes.Row{{"a"}, {"b"}, {"a"}}, "k STRING")
	if err != nil {
		t.Fatal(err)
	}
	out, err := df.Select(CallFunction("upper", false, Col("k")).Alias("u"), CallFunction("count", true, Col("k")))
	if err == nil {
		t.Fatalf("mixing an aggregate and a plain column analysed: %v", out)
	}
	agg, err := df.Agg(CallFunction("count", true, Col("k")))
	if err != nil {
		t.Fatal(err)
	}
	if got := agg.Columns(); len(got) != 1 || got[0] != "count(DISTINCT k)" {
		t.Errorf("columns %v, want [count(DISTINCT k)]", got)
	}
	rows, err := agg.Collect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0][0] != int64(2) {
		t.Errorf("count(DISTINCT k) = %v, want 2", rows)
	}
	if _, err := df.Select(CallFunction("no_such_fn", false, Col("k"))); err == nil || !strings.Contains(err.Error(), "UNRESOLVED_ROUTINE") {
		t.Errorf("unknown function: %v, want UNRESOLVED_ROUTINE", err)
	}
}

// selectExpr takes a generator's several output names as SELECT does (stack(...) AS (k, v)),
// as Spark's own guide uses it to unpivot.
func TestSelectExprGeneratorNames(t *testing.T) {
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int64(1), "a"}}, "id BIGINT, name STRING"))
	tests := []struct {
		exprs      []string
		cols, rows string
	}{
		{[]string{"id", "stack(2, 'n', name, 'm', name) AS (k, v)"}, "id,k,v", "[[1 n a] [1 m a]]"},
		{[]string{"posexplode(array(10, 20)) as (p, v)"}, "p,v", "[[0 10] [1 20]]"},
		{[]string{"id AS `the id`", "name n"}, "the id,n", "[[1 a]]"},
	}
	for _, tc := range tests {
		out := must[*DataFrame](t)(df.SelectExpr(tc.exprs...))
		if got := strings.Join(out.Columns(), ","); got != tc.cols {
			t.Errorf("%q: columns %s, want %s", tc.exprs, got, tc.cols)
		}
		rows := must[[]sqltypes.Row](t)(out.Collect(context.Background()))
		if got := fmt.Sprint(rows); got != tc.rows {
			t.Errorf("%q: rows %s, want %s", tc.exprs, got, tc.rows)
		}
	}
}

// df.drop with a Column drops the column it resolves to; one that does not resolve (a
// name with dots read as a nested path) is left out, and a nested field drops nothing,
// as Spark's analyzer resolves the drop list.
func TestDropColumnsAsSparkResolvesThem(t *testing.T) {
	s := newTestSession(t)
	base := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{14, "Tom", 7}}, "age INT, name STRING, x INT"))
	df := must[*DataFrame](t)(base.WithColumn("a.b.c", Lit(1)))
	df = must[*DataFrame](t)(df.WithColumn("s", Struct("x")))
	tests := []struct {
		name string
		drop []any
		want string
	}{
		{"name with dots", []any{"a.b.c"}, "age,name,x,s"},
		{"column with dots is a nested path", []any{Col("a.b.c")}, "age,name,x,a.b.c,s"},
		{"unknown column", []any{Col("nope")}, "age,name,x,a.b.c,s"},
		{"nested field", []any{Col("s.x")}, "age,name,x,a.b.c,s"},
		{"columns", []any{Col("age"), Col("`a.b.c`")}, "name,x,s"},
		{"column of the DataFrame", []any{must[*Column](t)(df.Col("x"))}, "age,name,a.b.c,s"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := df.Drop(tc.drop...)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(out.Columns(), ","); got != tc.want {
				t.Errorf("columns %s, want %s", got, tc.want)
			}
		})
	}
}

// Column.withField and dropFields take a dotted name as a path into nested structs: each
// struct on the way is rebuilt with its updated field.
func TestUpdateFieldsOfNestedStructs(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{sqltypes.Row{1, 2, sqltypes.Row{4, 5, 6}}},
	}, "a STRUCT<b: INT, c: INT, e: STRUCT<f: INT, g: INT, h: INT>>"))
	tests := []struct {
		name string
		col  *Column
		want string
	}{
		{"drop a field", Col("a").DropFields("b"), "[[[2 [4 5 6]]]]"},
		{"drop nested fields", Col("a").DropFields("e.g", "e.h"), "[[[1 2 [4]]]]"},
		{"drop a field and a nested one", Col("a").DropFields("c", "e.f"), "[[[1 [5 6]]]]"},
		{"replace a nested field", Col("a").WithField("e.g", Lit(50)), "[[[1 2 [4 50 6]]]]"},
		{"add a nested field", Col("a").WithField("e.i", Lit(7)), "[[[1 2 [4 5 6 7]]]]"},
		{"a backquoted name is one field", Col("a").WithField("`e.i`", Lit(7)), "[[[1 2 [4 5 6] 7]]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := df.Select(tc.col)
			if err != nil {
				t.Fatal(err)
			}
			rows, err := out.Collect(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(rows); got != tc.want {
				t.Errorf("rows %s, want %s", got, tc.want)
			}
		})
	}
}
