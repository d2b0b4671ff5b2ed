package sqltypes

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"
)

// courseTable is the reference scenario's bronze_orders rows, in arrival order.
func courseTable(t *testing.T) (*StructType, []Row) {
	schema := MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP, partition INT, offset BIGINT")
	events := []struct {
		json      string
		partition int32
		offset    int64
	}{
		{`{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`, 0, 0},
		{`{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.00,"event_time":"2026-10-01T09:40:00Z"}`, 0, 1},
		{`{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.00,"event_time":"2026-10-01T09:55:00Z"}`, 1, 0},
		{`{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.50,"event_time":"2026-10-01T10:05:00Z"}`, 0, 2},
		{`{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.00,"event_time":"2026-10-01T10:20:00Z"}`, 1, 1},
	}
	var rows []Row
	for _, e := range events {
		r := fromJSON([]byte(e.json), courseSchema, time.UTC)
		rows = append(rows, append(r, e.partition, e.offset))
	}
	return schema, rows
}

func TestShowCourseTableGolden(t *testing.T) {
	schema, rows := courseTable(t)
	sort.SliceStable(rows, func(i, j int) bool { return compareRows(rows[i], rows[j], schema) < 0 })
	want, err := os.ReadFile("testdata/course_table.golden")
	if err != nil {
		t.Fatal(err)
	}
	if got := ShowString(schema, rows, ShowOptions{NumRows: 20, Truncate: 0, Loc: time.UTC}); got != string(want) {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestShowLayouts(t *testing.T) {
	schema, rows := courseTable(t)
	cases := []struct {
		name string
		rows []Row
		opts ShowOptions
		want string
	}{
		{"truncate on, right aligned, footer", rows, ShowOptions{NumRows: 2, Truncate: 20}, `
+--------+-----------+------+------+-------------------+---------+------+
|order_id|customer_id|status|amount|         event_time|partition|offset|
+--------+-----------+------+------+-------------------+---------+------+
|    1001|        C01|placed| 25.50|2026-10-01 09:15:00|        0|     0|
|    1002|        C02|placed| 12.00|2026-10-01 09:40:00|        0|     1|
+--------+-----------+------+------+-------------------+---------+------+
only showing top 2 rows`},
		{"one row says row", rows, ShowOptions{NumRows: 1, Truncate: 5}, `
+--------+-----------+------+------+----------+---------+------+
|order_id|customer_id|status|amount|event_time|partition|offset|
+--------+-----------+------+------+----------+---------+------+
|    1001|        C01| pl...| 25.50|     20...|        0|     0|
+--------+-----------+------+------+----------+---------+------+
only showing top 1 row`},
		{"zero rows", nil, ShowOptions{NumRows: 20, Truncate: 20}, `
+--------+-----------+------+------+----------+---------+------+
|order_id|customer_id|status|amount|event_time|partition|offset|
+--------+-----------+------+------+----------+---------+------+
+--------+-----------+------+------+----------+---------+------+
`},
		{"vertical", rows[:2], ShowOptions{NumRows: 20, Truncate: 20, Vertical: true}, `
-RECORD 0--------------------------
 order_id    | 1001                
 customer_id | C01                 
 status      | placed              
 amount      | 25.50               
 event_time  | 2026-10-01 09:15:00 
 partition   | 0                   
 offset      | 0                   
-RECORD 1--------------------------
 order_id    | 1002                
 customer_id | C02                 
 status      | placed              
 amount      | 12.00               
 event_time  | 2026-10-01 09:40:00 
 partition   | 0                   
 offset      | 1                   
`},
		{"vertical zero rows", nil, ShowOptions{NumRows: 20, Truncate: 20, Vertical: true}, `
(0 rows)
`},
		{"has more flag", rows[:1], ShowOptions{NumRows: 20, Truncate: 20, HasMore: true}, `
+--------+-----------+------+------+-------------------+---------+------+
|order_id|customer_id|status|amount|         event_time|partition|offset|
+--------+-----------+------+------+-------------------+---------+------+
|    1001|        C01|placed| 25.50|2026-10-01 09:15:00|        0|     0|
+--------+-----------+------+------+-------------------+---------+------+
only showing top 20 rows`},
	}
	for _, c := range cases {
		got := ShowString(schema, c.rows, c.opts)
		if got != strings.TrimPrefix(c.want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", c.name, got, strings.TrimPrefix(c.want, "\n"))
		}
	}
}

func TestShowCellsAndWidths(t *testing.T) {
	schema := MustParseDDL("a STRING, b BINARY, s STRUCT<x: INT, y: STRING>, arr ARRAY<INT>, m MAP<STRING, INT>, n INT, d DOUBLE")
	rows := []Row{
		{"日本語", []byte{0x0A, 0x1B}, Row{int32(1), nil}, []any{int32(1), nil, int32(3)}, &MapValue{Keys: []any{"k"}, Values: []any{nil}}, nil, 1e7},
		{"a\tb", []byte{}, nil, []any{}, &MapValue{}, int32(5), 0.5},
		{"this string is longer than twenty", nil, nil, nil, nil, nil, nil},
	}
	got := ShowString(schema, rows, ShowOptions{NumRows: 20, Truncate: 20})
	want := `+--------------------+-------+---------+------------+-----------+----+-----+
|                   a|      b|        s|         arr|          m|   n|    d|
+--------------------+-------+---------+------------+-----------+----+-----+
|              日本語|[0A 1B]|{1, NULL}|[1, NULL, 3]|{k -> NULL}|NULL|1.0E7|
|                a\tb|     []|     NULL|          []|         {}|   5|  0.5|
|this string is lo...|   NULL|     NULL|        NULL|       NULL|NULL| NULL|
+--------------------+-------+---------+------------+-----------+----+-----+
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if w := stringHalfWidth("日本語x"); w != 7 {
		t.Fatalf("half width %d", w)
	}
}

func TestFormatValue(t *testing.T) {
	la, _ := time.LoadLocation("America/Los_Angeles")
	win := MustParseDDL("start TIMESTAMP, end TIMESTAMP")
	start, _ := ParseTimestamp("2026-10-01T09:15:00Z", time.UTC)
	cases := []struct {
		v    any
		t    DataType
		loc  *time.Location
		want string
	}{
		{nil, Integer, nil, "NULL"},
		{Row{start, start + 300_000_000}, win, time.UTC, "{2026-10-01 09:15:00, 2026-10-01 09:20:00}"},
		{start, TimestampT, la, "2026-10-01 02:15:00"},
		{NewDecimal(0, 10), DecimalType{20, 10}, nil, "0.0000000000"},
		{Date(20727), DateT, nil, "2026-10-01"},
		{true, Boolean, nil, "true"},
		{float32(1.5), Float, nil, "1.5"},
		{int64(-7), Long, nil, "-7"},
		{&MapValue{Keys: []any{"a", "b"}, Values: []any{int32(1), int32(2)}}, MapType{String, Integer, true}, nil, "{a -> 1, b -> 2}"},
	}
	for _, c := range cases {
		if got := FormatValue(c.v, c.t, c.loc); got != c.want {
			t.Errorf("%#v: got %q want %q", c.v, got, c.want)
		}
	}
}
