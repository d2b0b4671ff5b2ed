package sparkparquet

import (
	"bytes"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/parquet-go/parquet-go"
)

func ts(s string) sqltypes.Timestamp {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return sqltypes.Timestamp(t.UnixMicro())
}

func dec(unscaled int64, scale int32) sqltypes.Decimal {
	return sqltypes.Decimal{Unscaled: unscaled, Scale: scale}
}

var ordersSchema = sqltypes.MustParseDDL("order_id INT, customer_id STRING, amount DECIMAL(10,2), event_time TIMESTAMP").AsNullable()

func ordersRows() []sqltypes.Row {
	return []sqltypes.Row{
		{int32(1001), "c-1", dec(2550, 2), ts("2026-10-01T09:15:00Z")},
		{int32(1002), "c-2", dec(1999, 2), ts("2026-10-01T09:40:00Z")},
		{int32(1003), nil, nil, nil},
	}
}

func TestSchemaLikeSpark(t *testing.T) {
	st := sqltypes.MustParseDDL("i INT, l BIGINT, s STRING, b BINARY, d DECIMAL(10,2), d5 DECIMAL(5,1), d30 DECIMAL(30,3), ts TIMESTAMP, ntz TIMESTAMP_NTZ, dt DATE, f FLOAT, x DOUBLE, y TINYINT, z SMALLINT, ok BOOLEAN, nest STRUCT<a: INT, b: STRING>").AsNullable()
	schema, err := Schema(st)
	if err != nil {
		t.Fatal(err)
	}
	want := `message spark_schema {
	optional int32 i;
	optional int64 l;
	optional binary s (STRING);
	optional binary b;
	optional int64 d (DECIMAL(10,2));
	optional int32 d5 (DECIMAL(5,1));
	optional fixed_len_byte_array(13) d30 (DECIMAL(30,3));
	optional int96 ts;
	optional int64 ntz (TIMESTAMP(isAdjustedToUTC=false,unit=MICROS));
	optional int32 dt (DATE);
	optional float f;
	optional double x;
	optional int32 y (INT(8,true));
	optional int32 z (INT(16,true));
	optional boolean ok;
	optional group nest {
		optional int32 a;
		optional binary b (STRING);
	}
}`
	if got := schema.String(); got != want {
		t.Errorf("schema:\n%s\nwant:\n%s", got, want)
	}
}

func TestRoundTripAndFooter(t *testing.T) {
	st := sqltypes.MustParseDDL("i INT, l BIGINT, s STRING, b BINARY, d DECIMAL(10,2), d30 DECIMAL(30,3), ts TIMESTAMP, ntz TIMESTAMP_NTZ, dt DATE, x DOUBLE, ok BOOLEAN, nest STRUCT<a: INT, b: STRING>").AsNullable()
	huge, _ := new(big.Int).SetString("-123456789012345678901234567", 10)
	rows := []sqltypes.Row{
		{int32(-5), int64(1) << 40, "héllo", []byte{0, 1, 2}, dec(-5, 2), sqltypes.Decimal{Big: huge, Scale: 3},
			ts("1969-12-31T23:59:59.999999Z"), sqltypes.TimestampNTZ(123), sqltypes.Date(-1), 2.5, true,
			sqltypes.Row{int32(7), "x"}},
		{nil, nil, nil, nil, nil, dec(42, 3), ts("2026-10-01T09:15:00.123456Z"), nil, nil, nil, nil, sqltypes.Row{nil, nil}},
		{int32(1), int64(2), "", []byte{}, dec(99999999, 2), nil, nil, nil, nil, nil, false, nil},
	}
	var buf bytes.Buffer
	if err := Write(&buf, st, rows, nil); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), st)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("round trip:\n got %#v\nwant %#v", back, rows)
	}
	pf, err := parquet.OpenFile(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := pf.Lookup(MetaSparkVersion); v != SparkVersion {
		t.Errorf("footer spark version = %q", v)
	}
	if v, _ := pf.Lookup(MetaRowMetadata); v != st.JSON() {
		t.Errorf("footer row metadata = %q", v)
	}
	for _, rg := range pf.Metadata().RowGroups {
		for _, cc := range rg.Columns {
			if cc.MetaData.Codec.String() != "SNAPPY" {
				t.Errorf("column %v codec %v", cc.MetaData.PathInSchema, cc.MetaData.Codec)
			}
		}
	}
	fs, ok, err := FileSchema(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil || !ok || fs.JSON() != st.JSON() {
		t.Errorf("FileSchema = %v %v %v", fs, ok, err)
	}
}

func TestInt96Bytes(t *testing.T) {
	// 2026-10-01T09:15:00Z: Julian day 2461315, 33300 s into the day.
	v := MicrosToInt96(int64(ts("2026-10-01T09:15:00Z")))
	nanos := uint64(33300) * 1e9
	if v[0] != uint32(nanos) || v[1] != uint32(nanos>>32) || v[2] != 2461315 {
		t.Errorf("int96 = %v", v)
	}
	for _, m := range []int64{0, -1, 1, -86_400_000_000, 1_790_000_000_123_456} {
		if got := Int96ToMicros(MicrosToInt96(m)); got != m {
			t.Errorf("round trip %d -> %d", m, got)
		}
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		row  sqltypes.Row
		want string
	}{
		{"wrong Go type", sqltypes.Row{int64(1), "a", nil, nil}, "column order_id: expected a int (int32) value, got int64"},
		{"decimal too wide", sqltypes.Row{int32(1), "a", dec(12345678901, 2), nil}, "does not fit decimal(10,2)"},
		{"decimal needs rounding", sqltypes.Row{int32(1), "a", dec(12345, 3), nil}, "without rounding"},
		{"too few values", sqltypes.Row{int32(1)}, "has 1 values, schema has 4"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, ordersSchema, []sqltypes.Row{tc.row}, nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
	// Non-nullable column with a null.
	st := sqltypes.MustParseDDL("a INT")
	st.Fields[0].Nullable = false
	if err := Write(&bytes.Buffer{}, st, []sqltypes.Row{{nil}}, nil); err == nil || !strings.Contains(err.Error(), "not nullable") {
		t.Errorf("null in required column: %v", err)
	}
	// Decimal at a smaller scale is widened exactly.
	var buf bytes.Buffer
	if err := Write(&buf, ordersSchema, []sqltypes.Row{{int32(1), "a", dec(255, 1), nil}}, nil); err != nil {
		t.Fatal(err)
	}
	back, _ := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), ordersSchema)
	if got := back[0][2]; got != dec(2550, 2) {
		t.Errorf("widened decimal = %#v", got)
	}
}

func TestWriteFileExclusiveAndMissingColumns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "part-00000.snappy.parquet")
	size, err := WriteFile(path, ordersSchema, ordersRows(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Size() != size {
		t.Errorf("size %d vs stat %d", size, st.Size())
	}
	if _, err := WriteFile(path, ordersSchema, ordersRows(), nil); err == nil {
		t.Error("WriteFile overwrote an existing file")
	}
	// Reading with a wider schema: the extra column is null.
	wide := sqltypes.MustParseDDL("order_id INT, note STRING, event_time TIMESTAMP")
	rows, err := ReadFile(path, wide)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0][0] != int32(1001) || rows[0][1] != nil || rows[0][2] != ts("2026-10-01T09:15:00Z") {
		t.Errorf("rows = %v", rows)
	}
	if _, err := ReadFile(path, sqltypes.MustParseDDL("order_id STRING")); err == nil || !strings.Contains(err.Error(), "cannot be read as STRING") {
		t.Errorf("type mismatch err = %v", err)
	}
}

// BenchmarkWriteOrders writes 1M order rows to one file in memory.
func BenchmarkWriteOrders(b *testing.B) {
	const n = 1_000_000
	rows := make([]sqltypes.Row, n)
	base := int64(ts("2026-10-01T09:00:00Z"))
	for i := range rows {
		rows[i] = sqltypes.Row{int32(i), "customer-" + string(rune('a'+i%26)), dec(int64(i%100000), 2), sqltypes.Timestamp(base + int64(i)*1000)}
	}
	b.ResetTimer()
	for b.Loop() {
		var buf bytes.Buffer
		if err := Write(&buf, ordersSchema, rows, nil); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(buf.Len()), "bytes/file")
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

func TestArraysAndMaps(t *testing.T) {
	st := sqltypes.MustParseDDL("id INT, headers ARRAY<STRUCT<key: STRING, value: BINARY>>, tags ARRAY<STRING>, grid ARRAY<ARRAY<INT>>, props MAP<STRING, BIGINT>, nest STRUCT<xs: ARRAY<INT>, m: MAP<STRING, STRING>>").AsNullable()
	schema, err := Schema(st)
	if err != nil {
		t.Fatal(err)
	}
	want := `message spark_schema {
	optional int32 id;
	optional group headers (LIST) {
		repeated group list {
			optional group element {
				optional binary key (STRING);
				optional binary value;
			}
		}
	}
	optional group tags (LIST) {
		repeated group list {
			optional binary element (STRING);
		}
	}
	optional group grid (LIST) {
		repeated group list {
			optional group element (LIST) {
				repeated group list {
					optional int32 element;
				}
			}
		}
	}
	optional group props (MAP) {
		repeated group key_value {
			required binary key (STRING);
			optional int64 value;
		}
	}
	optional group nest {
		optional group xs (LIST) {
			repeated group list {
				optional int32 element;
			}
		}
		optional group m (MAP) {
			repeated group key_value {
				required binary key (STRING);
				optional binary value (STRING);
			}
		}
	}
}`
	if got := schema.String(); got != want {
		t.Errorf("schema:\n%s\nwant:\n%s", got, want)
	}
	rows := []sqltypes.Row{
		{int32(1),
			[]any{sqltypes.Row{"trace", []byte("abc")}, sqltypes.Row{"empty", nil}, nil},
			[]any{"a", nil, "c"},
			[]any{[]any{int32(1), int32(2)}, []any{}, nil, []any{nil}},
			&sqltypes.MapValue{Keys: []any{"x", "y"}, Values: []any{int64(1), nil}},
			sqltypes.Row{[]any{int32(7)}, &sqltypes.MapValue{Keys: []any{"k"}, Values: []any{"v"}}}},
		{int32(2), nil, []any{}, []any{}, &sqltypes.MapValue{}, sqltypes.Row{nil, nil}},
		{nil, []any{}, nil, nil, nil, nil},
	}
	var buf bytes.Buffer
	if err := Write(&buf, st, rows, nil); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()), st)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("round trip:\n got %#v\nwant %#v", back, rows)
	}
	// A null map key is refused.
	bad := []sqltypes.Row{{nil, nil, nil, nil, &sqltypes.MapValue{Keys: []any{nil}, Values: []any{int64(1)}}, nil}}
	if err := Write(&bytes.Buffer{}, st, bad, nil); err == nil || !strings.Contains(err.Error(), "props.key_value.key is not nullable") {
		t.Errorf("null map key err = %v", err)
	}
}

func TestEmptySchemaRefused(t *testing.T) {
	for _, st := range []*sqltypes.StructType{{}, sqltypes.MustParseDDL("a INT, s STRUCT<>")} {
		if err := Write(&bytes.Buffer{}, st, nil, nil); err == nil || !strings.Contains(err.Error(), "EMPTY_SCHEMA_NOT_SUPPORTED_FOR_DATASOURCE") {
			t.Errorf("schema %v: err = %v", st, err)
		}
	}
}
