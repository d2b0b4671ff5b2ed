package sqltypes

import (
	"testing"
	"time"
)

// Fuzz targets: bad input must give an error or a null, never a panic or a hang.
// Run one with: go test ./engine/sqltypes -run XXX -fuzz FuzzFromJSON -fuzztime 30s

func FuzzParseDDL(f *testing.F) {
	for _, s := range []string{"a INT, b STRING", "s STRUCT<x: ARRAY<MAP<STRING, DECIMAL(10,2)>>> NOT NULL COMMENT 'c'", "`a``b` INT", "a DECIMAL(", "struct<>"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseDDL(s)
		if err == nil {
			// Whatever parses must survive its own DDL and JSON forms.
			if _, err := ParseDDL(st.DDL()); err != nil {
				t.Fatalf("%q -> DDL %q: %v", s, st.DDL(), err)
			}
			if _, err := ParseSchemaJSON(st.JSON()); err != nil {
				t.Fatalf("%q -> JSON %q: %v", s, st.JSON(), err)
			}
		}
	})
}

func FuzzFromJSON(f *testing.F) {
	for _, s := range []string{`{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`,
		`{"s":{"x":1},"arr":[1,null],"m":{"k":1.5}}`, `{"a" 1}`, `[{}]`, `{'b':'\u00e9'}`, `{"d":1e999999}`} {
		f.Add([]byte(s))
	}
	schema := MustParseDDL("order_id INT, customer_id STRING, amount DECIMAL(10,2), event_time TIMESTAMP, s STRUCT<x: INT>, arr ARRAY<BIGINT>, m MAP<STRING, DOUBLE>, b STRING, d DECIMAL(38,18), dt DATE, bin BINARY")
	r := NewJSONReader(schema, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		row := r.Parse(data)
		if row != nil && len(row) != len(schema.Fields) {
			t.Fatalf("row has %d fields", len(row))
		}
		_ = toJSON(row, schema, time.UTC)
		_ = ShowString(schema, []Row{row}, ShowOptions{NumRows: 20, Truncate: 20})
	})
}

func FuzzParseTimestampAndDecimal(f *testing.F) {
	for _, s := range []string{"2026-10-01T09:15:00Z", "2026-10-01 09:15:00.123456789 America/Los_Angeles", "T09:15", "+12345-01-01", "1.5e-3", "-.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if ts, ok := ParseTimestamp(s, time.UTC); ok {
			_ = FormatTimestamp(ts, time.UTC)
		}
		_, _ = ParseDate(s)
		_, _ = ParseTimestampNTZ(s)
		if d, ok := ParseDecimal(s, 38, 10); ok {
			if back, ok := ParseDecimal(d.String(), 38, 10); !ok || back.Cmp(d) != 0 {
				t.Fatalf("%q: %s does not read back", s, d)
			}
		}
		for _, to := range []DataType{Integer, Long, Double, DecimalType{10, 2}, TimestampT, DateT, Boolean} {
			_, _ = Cast(s, String, to, time.UTC)
		}
	})
}
