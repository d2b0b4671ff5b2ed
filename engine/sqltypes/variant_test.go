package sqltypes

import (
	"bytes"
	"testing"
	"time"
)

// The encodings real Spark 4.2 gives parse_json of these documents (collect() of the
// functions corpus's variant_collect case prints them).
func TestParseJSONVariantMatchesSparkBytes(t *testing.T) {
	cases := []struct {
		json            string
		value, metadata []byte
	}{
		{`{"a": 1, "b": [1, 2], "c": {"d": "x"}}`,
			[]byte("\x02\x03\x00\x01\x02\x00\x02\x0b\x12\x0c\x01\x03\x02\x00\x02\x04\x0c\x01\x0c\x02\x02\x01\x03\x00\x02\x05x"),
			[]byte("\x01\x04\x00\x01\x02\x03\x04abcd")},
		{`{"a": null}`, []byte("\x02\x01\x00\x00\x01\x00"), []byte("\x01\x01\x00\x01a")},
		{`[1, 2, 3]`, []byte("\x03\x03\x00\x02\x04\x06\x0c\x01\x0c\x02\x0c\x03"), []byte("\x01\x00\x00")},
		{`{"a": 1.5e3, "u": "\u00fc"}`,
			[]byte("\x02\x02\x00\x01\x00\t\x0c\x1c\x00\x00\x00\x00\x00p\x97@\t\xc3\xbc"), []byte("\x01\x02\x00\x01\x02au")},
		{`{"k": [1.5, "x", false, null, 300, 70000, 5000000000]}`,
			[]byte("\x02\x01\x00\x00%\x03\x07\x00\x06\x08\t\n\r\x12\x1b \x01\x0f\x00\x00\x00\x05x\x08\x00\x10,\x01\x14p\x11\x01\x00\x18\x00\xf2\x05*\x01\x00\x00\x00"),
			[]byte("\x01\x01\x00\x01k")},
	}
	for _, tc := range cases {
		v, err := ParseJSONVariant(tc.json)
		if err != nil {
			t.Fatalf("%s: %v", tc.json, err)
		}
		if !bytes.Equal(v.Value, tc.value) || !bytes.Equal(v.Metadata, tc.metadata) {
			t.Errorf("%s:\n got %q %q\nwant %q %q", tc.json, v.Value, v.Metadata, tc.value, tc.metadata)
		}
	}
}

// JSON text and schema_of_variant types as Spark prints them (the functions corpus goldens).
func TestVariantJSONAndSchema(t *testing.T) {
	cases := []struct{ in, json, schema string }{
		{`{"b": 2, "a": [1, {"z": null, "y": "t\"q"}], "c": 1.50, "d": 1E2, "e": 123456789012345678901234567890, "f": -0.0}`,
			`{"a":[1,{"y":"t\"q","z":null}],"b":2,"c":1.5,"d":100.0,"e":123456789012345678901234567890,"f":0}`,
			`STRUCT<a: ARRAY<VARIANT>, b: BIGINT, c: DECIMAL(2,1), d: DOUBLE, e: DECIMAL(30,0), f: DECIMAL(1,0)>`},
		{`{"a": 1.5e3, "u": "\u00fc"}`, `{"a":1500.0,"u":"ü"}`, `STRUCT<a: DOUBLE, u: STRING>`},
		{`{"g": -0.0001, "e": {}, "f": []}`, `{"e":{},"f":[],"g":-0.0001}`, `STRUCT<e: STRUCT<>, f: ARRAY<VOID>, g: DECIMAL(4,4)>`},
		{`"s"`, `"s"`, `STRING`},
	}
	for _, tc := range cases {
		v, err := ParseJSONVariant(tc.in)
		if err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		got, err := v.JSON(time.UTC)
		if err != nil || got != tc.json {
			t.Errorf("JSON(%s) = %s, %v; want %s", tc.in, got, err, tc.json)
		}
		st, err := VariantSchema(v.Ref())
		if err != nil || st.SQL() != tc.schema {
			t.Errorf("schema(%s) = %v, %v; want %s", tc.in, st, err, tc.schema)
		}
	}
}

func TestParseJSONVariantErrors(t *testing.T) {
	for _, in := range []string{`not json`, `{"a": 1,}`, `01`, `{"a"}`, `[1`, `"x`} {
		if _, err := ParseJSONVariant(in); err == nil {
			t.Errorf("ParseJSONVariant(%s): no error", in)
		}
	}
	_, err := ParseJSONVariant(`{"a": 1, "a": 2}`)
	if _, ok := err.(*VariantDuplicateKeyError); !ok {
		t.Errorf("duplicate key: %v, want VariantDuplicateKeyError", err)
	}
}

// variant_get's casts: Spark's goldens for fn_variant_get, fn_try_variant_get, fn_variant_cast.
func TestCastVariant(t *testing.T) {
	cases := []struct {
		json string
		to   DataType
		want string // show() text; "error" for INVALID_VARIANT_CAST
		try  string // what try_variant_get gives instead, when it differs
	}{
		{`1`, Integer, "1", ""},
		{`1.5e3`, Integer, "1500", ""},
		{`1`, DecimalType{6, 1}, "1.0", ""},
		{`12.5`, Integer, "12", ""},
		{`"true"`, Boolean, "true", ""},
		{`1`, Boolean, "true", ""},
		{`"2024-01-02"`, DateT, "2024-01-02", ""},
		{`"\u00fc"`, Integer, "error", "NULL"},
		{`{"d": "x"}`, String, `{"d":"x"}`, ""},
		{`{"d": "x"}`, Integer, "error", "NULL"},
		{`[1, 2]`, ArrayType{Element: Integer, ContainsNull: true}, "[1, 2]", ""},
		{`{"d": "x"}`, MapType{Key: String, Value: String, ValueContainsNull: true}, "{d -> x}", ""},
		{`{"d": "x"}`, MustParseDDL("d string, e int"), "{x, NULL}", ""},
		{`null`, Integer, "NULL", ""},
	}
	for _, tc := range cases {
		v, err := ParseJSONVariant(tc.json)
		if err != nil {
			t.Fatal(err)
		}
		for _, try := range []bool{false, true} {
			want := tc.want
			if try && tc.try != "" {
				want = tc.try
			}
			got, err := CastVariant(v.Ref(), tc.to, time.UTC, !try)
			text := "NULL"
			switch {
			case err != nil:
				if _, ok := err.(*InvalidVariantCastError); !ok {
					t.Fatalf("%s as %s: %v", tc.json, tc.to.SQL(), err)
				}
				text = "error"
			case got != nil:
				text = FormatValue(got, tc.to, time.UTC)
			}
			if text != want {
				t.Errorf("%s as %s (try %v) = %s, want %s", tc.json, tc.to.SQL(), try, text, want)
			}
		}
	}
}
