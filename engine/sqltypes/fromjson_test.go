package sqltypes

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"syscall"
	"testing"
	"time"
)

var courseSchema = MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP")

func ts(t *testing.T, s string) Timestamp {
	t.Helper()
	v, ok := ParseTimestamp(s, time.UTC)
	if !ok {
		t.Fatalf("bad timestamp %q", s)
	}
	return v
}

func TestFromJSONCourseEvent(t *testing.T) {
	row := fromJSON([]byte(`{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`), courseSchema, time.UTC)
	want := Row{int32(1001), "C01", "placed", NewDecimal(2550, 2), ts(t, "2026-10-01T09:15:00Z")}
	if !reflect.DeepEqual(row, want) {
		t.Fatalf("got %#v\nwant %#v", row, want)
	}
	if got := toJSON(row, courseSchema, time.UTC); got != `{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.50,"event_time":"2026-10-01T09:15:00.000Z"}` {
		t.Fatalf("to_json: %s", got)
	}
}

func TestFromJSONPermissive(t *testing.T) {
	schema := MustParseDDL("a INT, b STRING, d DECIMAL(10,2), t TIMESTAMP")
	la, _ := time.LoadLocation("America/Los_Angeles")
	nulls := Row{nil, nil, nil, nil}
	cases := []struct {
		name string
		in   string
		loc  *time.Location
		want Row
	}{
		{"empty input is a null struct", ``, time.UTC, nil},
		{"blank input is a null struct", "  \n", time.UTC, nil},
		{"JSON null is a bad record", `null`, time.UTC, nulls},
		{"broken JSON", `{"a" 1}`, time.UTC, nulls},
		{"truncated", `{"a":1,"b":"x`, time.UTC, nulls},
		{"not an object", `[1,2]`, time.UTC, nulls},
		{"scalar", `42`, time.UTC, nulls},
		{"plain text", `hello`, time.UTC, nulls},
		{"empty object", `{}`, time.UTC, nulls},
		{"missing fields", `{"a":1}`, time.UTC, Row{int32(1), nil, nil, nil}},
		{"unknown keys ignored", `{"zz":{"q":[1,2,{"r":null}]},"a":2}`, time.UTC, Row{int32(2), nil, nil, nil}},
		{"case-sensitive names", `{"A":1,"B":"x"}`, time.UTC, nulls},
		{"wrong type keeps others", `{"a":"abc","b":"x","d":"abc","t":"nope"}`, time.UTC, Row{nil, "x", nil, nil}},
		{"float for int", `{"a":1.5,"b":"x"}`, time.UTC, Row{nil, "x", nil, nil}},
		{"int overflow", `{"a":2147483648,"b":"x"}`, time.UTC, Row{nil, "x", nil, nil}},
		{"int min", `{"a":-2147483648}`, time.UTC, Row{int32(math.MinInt32), nil, nil, nil}},
		{"decimal HALF_UP", `{"d":25.505}`, time.UTC, Row{nil, nil, NewDecimal(2551, 2), nil}},
		{"decimal exponent", `{"d":2.5e1}`, time.UTC, Row{nil, nil, NewDecimal(2500, 2), nil}},
		{"decimal overflow", `{"d":123456789.5,"a":1}`, time.UTC, Row{int32(1), nil, nil, nil}},
		{"decimal from string", `{"d":"25.5"}`, time.UTC, Row{nil, nil, NewDecimal(2550, 2), nil}},
		{"decimal string with comma", `{"d":"1,234.5"}`, time.UTC, Row{nil, nil, NewDecimal(123450, 2), nil}},
		{"number for string", `{"b":12}`, time.UTC, Row{nil, "12", nil, nil}},
		{"float for string", `{"b":1e2}`, time.UTC, Row{nil, "100.0", nil, nil}},
		{"object for string", `{"b":{ "x" : [1, "y"] }}`, time.UTC, Row{nil, `{"x":[1,"y"]}`, nil, nil}},
		{"bool for string", `{"b":true}`, time.UTC, Row{nil, "true", nil, nil}},
		{"NaN for string", `{"b":NaN}`, time.UTC, Row{nil, `"NaN"`, nil, nil}},
		{"array for string", `{"b":[ -0, 1.50, -INF, null, 'q' ]}`, time.UTC, Row{nil, `[0,1.5,"-Infinity",null,"q"]`, nil, nil}},
		{"null field", `{"a":null,"b":"x"}`, time.UTC, Row{nil, "x", nil, nil}},
		{"duplicate key keeps last", `{"a":1,"a":2}`, time.UTC, Row{int32(2), nil, nil, nil}},
		{"duplicate key with a bad value keeps the good one", `{"a":1,"a":"x"}`, time.UTC, Row{int32(1), nil, nil, nil}},
		{"null must end", `{"a":nullx}`, time.UTC, nulls},
		{"escapes", `{"b":"a\"b\\c\n\u00e9\ud83d\ude00\/"}`, time.UTC, Row{nil, "a\"b\\c\né😀/", nil, nil}},
		{"single quotes", `{'b':'it''s'}`, time.UTC, nulls},
		{"single quoted", `{'b':'x"y'}`, time.UTC, Row{nil, `x"y`, nil, nil}},
		{"unquoted control char", "{\"b\":\"a\tb\"}", time.UTC, nulls},
		{"bad escape", `{"b":"\q"}`, time.UTC, nulls},
		{"leading zero", `{"a":01}`, time.UTC, nulls},
		{"leading plus", `{"a":+1}`, time.UTC, nulls},
		{"trailing garbage after object ignored", `{"a":1} trailing`, time.UTC, Row{int32(1), nil, nil, nil}},
		{"garbage inside", `{"a":1 x}`, time.UTC, nulls},
		{"trailing comma", `{"a":1,}`, time.UTC, nulls},
		{"timestamp seconds", `{"t":1790846100}`, time.UTC, Row{nil, nil, nil, ts(t, "2026-10-01T09:15:00Z")}},
		{"timestamp session zone", `{"t":"2026-10-01 02:15:00"}`, la, Row{nil, nil, nil, ts(t, "2026-10-01T09:15:00Z")}},
		{"timestamp offset", `{"t":"2026-10-01T11:15:00+02:00"}`, time.UTC, Row{nil, nil, nil, ts(t, "2026-10-01T09:15:00Z")}},
		{"timestamp float", `{"t":1.5}`, time.UTC, nulls},
		{"timestamp empty string", `{"t":""}`, time.UTC, nulls},
		{"whitespace everywhere", " {\n \"a\" :\t7 , \"b\" : \"x\" }\n", time.UTC, Row{int32(7), "x", nil, nil}},
	}
	for _, c := range cases {
		var in []byte
		if c.in != "" || c.name != "" {
			in = []byte(c.in)
		}
		got := NewJSONReader(schema, c.loc).Parse(in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %s\n got %#v\nwant %#v", c.name, c.in, got, c.want)
		}
	}
	if got := NewJSONReader(schema, time.UTC).ParseString(`{"a":3}`); !reflect.DeepEqual(got, Row{int32(3), nil, nil, nil}) {
		t.Errorf("FromJSONString: %#v", got)
	}
	for in, wantBad := range map[string]bool{`{"a":1}`: false, `{"a":"x"}`: true, `{"a" 1}`: true, `[]`: true, ``: false, `{"zz":"x"}`: false} {
		if _, bad := NewJSONReader(schema, time.UTC).ParseStatus(in); bad != wantBad {
			t.Errorf("ParseStatus(%s) bad=%v", in, bad)
		}
	}
	if fromJSON(nil, schema, time.UTC) != nil {
		t.Error("nil input must give nil")
	}
}

func TestFromJSONTypes(t *testing.T) {
	schema := MustParseDDL("by TINYINT, sh SMALLINT, l BIGINT, f FLOAT, db DOUBLE, bo BOOLEAN, dt DATE, bin BINARY, ntz TIMESTAMP_NTZ")
	r := NewJSONReader(schema, time.UTC)
	row := r.Parse([]byte(`{"by":200,"sh":-5,"l":9223372036854775807,"f":1.5,"db":"NaN","bo":true,"dt":"2026-10-01","bin":"AAEC","ntz":"2026-10-01T09:15:00"}`))
	if row[0] != int8(-56) || row[1] != int16(-5) || row[2] != int64(math.MaxInt64) || row[3] != float32(1.5) ||
		!math.IsNaN(row[4].(float64)) || row[5] != true || row[6] != Date(20727) ||
		!reflect.DeepEqual(row[7], []byte{0, 1, 2}) || row[8] != TimestampNTZ(1790846100*1_000_000) {
		t.Fatalf("%#v", row)
	}
	row = r.Parse([]byte(`{"by":256,"sh":40000,"l":9223372036854775808,"db":Infinity,"bo":"true","dt":"123","ntz":"2026-10-01T09:15:00Z"}`))
	if row[0] != nil || row[1] != nil || row[2] != nil || !math.IsInf(row[4].(float64), 1) || row[5] != nil || row[6] != Date(123) || row[8] != nil {
		t.Fatalf("%#v", row)
	}
}

func TestFromJSONNested(t *testing.T) {
	schema := MustParseDDL("s STRUCT<x: INT, y: STRING>, arr ARRAY<INT>, m MAP<STRING, DOUBLE>, as ARRAY<STRUCT<k: STRING>>, n INT")
	r := NewJSONReader(schema, time.UTC)
	row := r.Parse([]byte(`{"s":{"x":1,"y":"a"},"arr":[1,null,3],"m":{"p":1.5,"q":null},"as":[{"k":"v"},{"z":1}],"n":5}`))
	want := Row{Row{int32(1), "a"}, []any{int32(1), nil, int32(3)},
		&MapValue{Keys: []any{"p", "q"}, Values: []any{1.5, nil}}, []any{Row{"v"}, Row{nil}}, int32(5)}
	if !reflect.DeepEqual(row, want) {
		t.Fatalf("got %#v", row)
	}
	// A bad nested field keeps the rest of the nested struct; a bad array element nulls the array.
	row = r.Parse([]byte(`{"s":{"x":"bad","y":"a"},"arr":[1,"two",3],"m":{"p":"x"},"n":5}`))
	want = Row{Row{nil, "a"}, nil, nil, nil, int32(5)}
	if !reflect.DeepEqual(row, want) {
		t.Fatalf("got %#v", row)
	}
	if got := toJSON(Row{Row{int32(1), nil}, []any{int32(1), nil}, &MapValue{Keys: []any{"p"}, Values: []any{nil}}, nil, nil}, schema, time.UTC); got != `{"s":{"x":1},"arr":[1,null],"m":{"p":null}}` {
		t.Fatalf("to_json nested: %s", got)
	}
}

func TestToJSONValues(t *testing.T) {
	schema := MustParseDDL("s STRING, d DECIMAL(20,10), f DOUBLE, g FLOAT, b BINARY, dt DATE, t TIMESTAMP, ok BOOLEAN, l BIGINT")
	la, _ := time.LoadLocation("America/Los_Angeles")
	row := Row{"a\"b\\\n\x01é/", NewDecimal(0, 10), 1e7, float32(0.1), []byte("hi"), Date(20727), ts(t, "2026-10-01T09:15:00Z"), false, int64(-3)}
	want := `{"s":"a\"b\\\n\u0001é/","d":0E-10,"f":1.0E7,"g":0.1,"b":"aGk=","dt":"2026-10-01","t":"2026-10-01T02:15:00.000-07:00","ok":false,"l":-3}`
	if got := toJSON(row, schema, la); got != want {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
	if got := toJSON(Row{nil, nil, math.NaN(), nil, nil, nil, nil, nil, nil}, schema, nil); got != `{"f":"NaN"}` {
		t.Fatalf("NaN: %s", got)
	}
}

// courseEvents builds n events of the course's shape (~110-120 bytes each).
func courseEvents(n int) [][]byte {
	out := make([][]byte, n)
	statuses := []string{"placed", "paid", "shipped"}
	for i := range out {
		out[i] = fmt.Appendf(nil, `{"order_id":%d,"customer_id":"C%04d","status":"%s","amount":%d.%02d,"event_time":"2026-10-01T%02d:%02d:%02dZ"}`,
			1000+i, i%5000, statuses[i%3], i%500, i%100, i/3600%24, i/60%60, i%60)
	}
	return out
}

func TestParseBatch(t *testing.T) {
	r := NewJSONReader(courseSchema, time.UTC)
	values := [][]byte{
		[]byte(`{"order_id":1,"customer_id":"C01"}`), nil, []byte(`broken`), []byte(``),
		[]byte(`{"order_id":2,"status":"paid"}`),
	}
	got := r.ParseBatch(values, nil)
	want := []Row{{int32(1), "C01", nil, nil, nil}, nil, {nil, nil, nil, nil, nil}, nil, {int32(2), nil, "paid", nil, nil}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %#v", got)
	}
	got[0] = append(got[0], "extra")
	if got[2][0] != nil {
		t.Fatal("rows must not share capacity")
	}
}

func TestCourseEventsParse(t *testing.T) {
	r := NewJSONReader(courseSchema, time.UTC)
	for i, ev := range courseEvents(500) {
		row := r.Parse(ev)
		for j, v := range row {
			if v == nil {
				t.Fatalf("event %d field %d null: %s", i, j, ev)
			}
		}
		if row[0] != int32(1000+i) || row[3].(Decimal).String() != strconv.Itoa(i%500)+"."+fmt.Sprintf("%02d", i%100) {
			t.Fatalf("event %d: %#v", i, row)
		}
	}
}

// BenchmarkFromJSONCourseEvents parses 1,000,000 course events per iteration and reports
// events/s: go test ./engine/sqltypes -run XXX -bench FromJSON -benchtime 3x
// The events sit in one buffer, as record values of a Kafka fetch do.
func BenchmarkFromJSONCourseEvents(b *testing.B) {
	var buf []byte
	var ends []int
	for _, e := range courseEvents(1_000_000) {
		buf = append(buf, e...)
		ends = append(ends, len(buf))
	}
	r := NewJSONReader(courseSchema, time.UTC)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	for b.Loop() {
		start := 0
		for _, end := range ends {
			if r.Parse(buf[start:end]) == nil {
				b.Fatal("nil row")
			}
			start = end
		}
	}
	b.ReportMetric(float64(len(ends))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	// The machine is shared: events per CPU-second of this process (GC included) is the
	// figure that does not depend on how busy the other cores are.
	b.ReportMetric(float64(len(ends))*float64(b.N)/(processCPU()-cpu0).Seconds(), "events/cpu-s")
}

// BenchmarkFromJSONCourseEventsBatch is the same through ParseBatch, 10,000 values a batch.
func BenchmarkFromJSONCourseEventsBatch(b *testing.B) {
	events := courseEvents(1_000_000)
	r := NewJSONReader(courseSchema, time.UTC)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := processCPU()
	var out []Row
	for b.Loop() {
		for i := 0; i < len(events); i += 10_000 {
			out = r.ParseBatch(events[i:i+10_000], out[:0])
			if len(out) != 10_000 || out[0] == nil {
				b.Fatal("bad batch")
			}
		}
	}
	b.ReportMetric(float64(len(events))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(len(events))*float64(b.N)/(processCPU()-cpu0).Seconds(), "events/cpu-s")
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkToJSONCourseEvents writes course rows as to_json(struct(*)) does:
// go test ./engine/sqltypes -run XXX -bench ToJSON -benchtime 3x
func BenchmarkToJSONCourseEvents(b *testing.B) {
	r := NewJSONReader(courseSchema, time.UTC)
	var rows []Row
	for _, e := range courseEvents(100_000) {
		rows = append(rows, r.Parse(e))
	}
	b.ReportAllocs()
	b.ResetTimer()
	var buf []byte
	for b.Loop() {
		for _, row := range rows {
			buf = appendJSONStruct(buf[:0], row, courseSchema, time.UTC)
		}
	}
	b.ReportMetric(float64(len(rows))*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// WithUnquotedFieldNames accepts bare keys (Java identifiers) in objects at any depth,
// in maps and in skipped values; without it they make a bad record (every field NULL).
func TestJSONReaderUnquotedFieldNames(t *testing.T) {
	schema := MustParseDDL("a INT, m MAP<STRING, INT>, s STRING")
	tests := []struct {
		in   string
		want Row
	}{
		{`{a: 1, m: {k: 2}, s: {x: [1]}, skip: {y: 3}}`, Row{int32(1), &MapValue{Keys: []any{"k"}, Values: []any{int32(2)}}, `{"x":[1]}`}},
		{`{_a$1: 1, a: 2}`, Row{int32(2), nil, nil}},
		{`{1a: 1}`, Row{nil, nil, nil}},
	}
	for _, tc := range tests {
		got := NewJSONReader(schema, time.UTC).WithUnquotedFieldNames().ParseString(tc.in)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %#v, want %#v", tc.in, got, tc.want)
		}
	}
	if got := NewJSONReader(schema, time.UTC).ParseString(`{a: 1}`); !reflect.DeepEqual(got, Row{nil, nil, nil}) {
		t.Errorf("{a: 1} without the option: %#v, want a bad record (all NULL)", got)
	}
}
