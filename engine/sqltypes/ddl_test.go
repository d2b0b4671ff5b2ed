package sqltypes

import (
	"errors"
	"math"
	"testing"
)

func TestParseDDLCourseSchema(t *testing.T) {
	st, err := ParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"struct","fields":[{"name":"order_id","type":"integer","nullable":true,"metadata":{}},{"name":"customer_id","type":"string","nullable":true,"metadata":{}},{"name":"status","type":"string","nullable":true,"metadata":{}},{"name":"amount","type":"decimal(10,2)","nullable":true,"metadata":{}},{"name":"event_time","type":"timestamp","nullable":true,"metadata":{}}]}`
	if got := st.JSON(); got != want {
		t.Fatalf("JSON:\n got %s\nwant %s", got, want)
	}
	if got := st.String(); got != "struct<order_id:int,customer_id:string,status:string,amount:decimal(10,2),event_time:timestamp>" {
		t.Fatalf("String: %s", got)
	}
	if i, ok := st.FieldIndex("amount"); !ok || i != 3 {
		t.Fatalf("FieldIndex(amount) = %d %v", i, ok)
	}
	if _, ok := st.FieldIndex("AMOUNT"); ok {
		t.Fatal("FieldIndex must be case-sensitive")
	}
	if i, ok := st.FieldIndexFold("AMOUNT"); !ok || i != 3 {
		t.Fatalf("FieldIndexFold = %d %v", i, ok)
	}
}

func TestParseDataTypeSimpleStrings(t *testing.T) {
	cases := []struct{ in, simple, json string }{
		{"int", "int", `"integer"`},
		{"INTEGER", "int", `"integer"`},
		{"bigint", "bigint", `"long"`},
		{"Long", "bigint", `"long"`},
		{"smallint", "smallint", `"short"`},
		{"short", "smallint", `"short"`},
		{"tinyint", "tinyint", `"byte"`},
		{"byte", "tinyint", `"byte"`},
		{"float", "float", `"float"`},
		{"real", "float", `"float"`},
		{"double", "double", `"double"`},
		{"decimal", "decimal(10,0)", `"decimal(10,0)"`},
		{"dec(5)", "decimal(5,0)", `"decimal(5,0)"`},
		{"numeric(38, 18)", "decimal(38,18)", `"decimal(38,18)"`},
		{"string", "string", `"string"`},
		{"varchar(10)", "string", `"string"`},
		{"char(3)", "string", `"string"`},
		{"binary", "binary", `"binary"`},
		{"boolean", "boolean", `"boolean"`},
		{"date", "date", `"date"`},
		{"timestamp", "timestamp", `"timestamp"`},
		{"timestamp_ltz", "timestamp", `"timestamp"`},
		{"timestamp_ntz", "timestamp_ntz", `"timestamp_ntz"`},
		{"array<string>", "array<string>", `{"type":"array","elementType":"string","containsNull":true}`},
		{"map<string, int>", "map<string,int>", `{"type":"map","keyType":"string","valueType":"integer","valueContainsNull":true}`},
		{"struct<a: INT, b STRING>", "struct<a:int,b:string>", `{"type":"struct","fields":[{"name":"a","type":"integer","nullable":true,"metadata":{}},{"name":"b","type":"string","nullable":true,"metadata":{}}]}`},
		{"struct<>", "struct<>", `{"type":"struct","fields":[]}`},
		{"array<struct<x:array<int>>>", "array<struct<x:array<int>>>", `{"type":"array","elementType":{"type":"struct","fields":[{"name":"x","type":{"type":"array","elementType":"integer","containsNull":true},"nullable":true,"metadata":{}}]},"containsNull":true}`},
	}
	for _, c := range cases {
		dt, err := ParseDataType(c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if got := SimpleString(dt); got != c.simple {
			t.Errorf("%q simpleString = %q, want %q", c.in, got, c.simple)
		}
		if got := TypeJSON(dt); got != c.json {
			t.Errorf("%q json = %s, want %s", c.in, got, c.json)
		}
		back, err := parseTypeJSON(c.json)
		if err != nil || !EqualTypes(back, dt, false) {
			t.Errorf("%q json round trip: %v %v", c.in, back, err)
		}
	}
}

func TestParseDDLFeatures(t *testing.T) {
	st, err := ParseDDL("`order id` INT NOT NULL COMMENT 'the id', `a``b` map<string,array<double>>, c: struct<x: int not null>")
	if err != nil {
		t.Fatal(err)
	}
	want := `{"type":"struct","fields":[{"name":"order id","type":"integer","nullable":false,"metadata":{"comment":"the id"}},{"name":"a` + "`" + `b","type":{"type":"map","keyType":"string","valueType":{"type":"array","elementType":"double","containsNull":true},"valueContainsNull":true},"nullable":true,"metadata":{}},{"name":"c","type":{"type":"struct","fields":[{"name":"x","type":"integer","nullable":false,"metadata":{}}]},"nullable":true,"metadata":{}}]}`
	if got := st.JSON(); got != want {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
	n := st.AsNullable()
	if !n.Fields[0].Nullable || !n.Fields[2].Type.(*StructType).Fields[0].Nullable || st.Fields[0].Nullable {
		t.Fatal("AsNullable must make a nullable deep copy")
	}
	back, err := ParseSchemaJSON(want)
	if err != nil {
		t.Fatal(err)
	}
	if back.JSON() != want {
		t.Fatalf("round trip:\n%s", back.JSON())
	}
	if got := st.SQL(); got != "STRUCT<`order id`: INT NOT NULL COMMENT 'the id', `a``b`: MAP<STRING, ARRAY<DOUBLE>>, c: STRUCT<x: INT NOT NULL>>" {
		t.Fatalf("SQL: %s", got)
	}
	// A whole struct type is accepted as a schema too, as DataType.fromDDL does.
	st2, err := ParseDDL("struct<a:int,b:string>")
	if err != nil || len(st2.Fields) != 2 || st2.Fields[1].Name != "b" {
		t.Fatalf("struct<...> schema: %v %v", st2, err)
	}
}

func TestParseDDLErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"order_id INT, amount STRNG", `[UNSUPPORTED_DATATYPE] Unsupported data type "STRNG". SQLSTATE: 0A000 (line 1, pos 21)`},
		{"order_id INT,", `[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 13)`},
		{"order_id", `[PARSE_SYNTAX_ERROR] Syntax error at or near end of input. SQLSTATE: 42601 (line 1, pos 8)`},
		{"a DECIMAL(10,2", `[PARSE_SYNTAX_ERROR] Syntax error at or near end of input: missing ')'. SQLSTATE: 42601 (line 1, pos 14)`},
		{"a DECIMAL(39,2)", `[DECIMAL_PRECISION_EXCEEDS_MAX_PRECISION] Decimal precision 39 exceeds max precision 38. SQLSTATE: 22003 (line 1, pos 2)`},
		{"a ARRAY<INT", `[PARSE_SYNTAX_ERROR] Syntax error at or near end of input: missing '>'. SQLSTATE: 42601 (line 1, pos 11)`},
		{"a INT b STRING", `[PARSE_SYNTAX_ERROR] Syntax error at or near 'b'. SQLSTATE: 42601 (line 1, pos 6)`},
		{"a INT,\n  b INT(3)", `[UNSUPPORTED_DATATYPE] Unsupported data type "INT(3)". SQLSTATE: 0A000 (line 2, pos 4)`},
		{"a VARCHAR", `[DATATYPE_MISSING_SIZE] DataType "VARCHAR" requires a length parameter, for example "VARCHAR(10)". Please specify the length. SQLSTATE: 42K01 (line 1, pos 2)`},
		{"a INT; b INT", `[PARSE_SYNTAX_ERROR] Syntax error at or near ';'. SQLSTATE: 42601 (line 1, pos 5)`},
	}
	for _, c := range cases {
		_, err := ParseDDL(c.in)
		if err == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.in, err, c.want)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("%q: not a *ParseError", c.in)
		}
	}
	_, err := ParseDDL("a INT, b STRNG")
	var pe *ParseError
	errors.As(err, &pe)
	if got := pe.Detail(); got != "[UNSUPPORTED_DATATYPE] Unsupported data type \"STRNG\". SQLSTATE: 0A000 (line 1, pos 9)\n\n== SQL ==\na INT, b STRNG\n---------^^^\n" {
		t.Errorf("Detail:\n%s", got)
	}
}

func TestTreeString(t *testing.T) {
	st := MustParseDDL("a INT, s STRUCT<x: ARRAY<STRING>>")
	want := "root\n |-- a: integer (nullable = true)\n |-- s: struct (nullable = true)\n |    |-- x: array (nullable = true)\n |    |    |-- element: string (containsNull = true)\n"
	if got := st.TreeString(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestJavaDoubleString(t *testing.T) {
	cases := []struct {
		f    float64
		want string
	}{
		{25.5, "25.5"}, {100, "100.0"}, {0, "0.0"}, {0.001, "0.001"}, {0.0001, "1.0E-4"},
		{1e7, "1.0E7"}, {9999999, "9999999.0"}, {1.2345e-5, "1.2345E-5"}, {-3.25, "-3.25"},
		{0.30000000000000004, "0.30000000000000004"}, {1e21, "1.0E21"}, {123456789.5, "1.234567895E8"},
		// Java 17 prints whole numbers in [2**54, 2**63) from their integer digits (values
		// and strings from OpenJDK 17's Double.toString).
		{math.Float64frombits(0x43c184a4c710c22e), "2.5246299409143798E18"},
		{math.Float64frombits(0x43b49fc8f3e6ff8c), "1.48612735193366835E18"},
		{math.Float64frombits(0xc389c67c2b27078a), "-2.32163552639643968E17"},
		{math.Float64frombits(0x4365c7af47e95f0e), "4.9044241204836464E16"},
		{4.611686018427388e18, "4.6116860184273879E18"}, {0x1p53, "9.007199254740992E15"},
		{0x1p63, "9.223372036854776E18"}, {-0x1p62, "-4.6116860184273879E18"},
	}
	for _, c := range cases {
		if got := JavaDoubleString(c.f); got != c.want {
			t.Errorf("%v: got %s want %s", c.f, got, c.want)
		}
	}
	if got := JavaFloatString(0.1); got != "0.1" {
		t.Errorf("float 0.1: %s", got)
	}
}

func TestDDLRoundTrip(t *testing.T) {
	for _, s := range []string{
		"order_id INT,customer_id STRING,amount DECIMAL(10,2),event_time TIMESTAMP",
		"`a b` ARRAY<MAP<STRING, STRUCT<x: INT NOT NULL>>> NOT NULL COMMENT 'it\\'s'",
	} {
		st, err := ParseDDL(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := st.DDL(); got != s {
			t.Errorf("DDL:\n got %s\nwant %s", got, s)
		}
		again, err := ParseDDL(st.DDL())
		if err != nil || again.JSON() != st.JSON() {
			t.Errorf("round trip of %q: %v", s, err)
		}
	}
}

func TestSchemaJSONMetadataAndErrors(t *testing.T) {
	in := `{"type":"struct","fields":[{"name":"window","type":{"type":"struct","fields":[{"name":"start","type":"timestamp","nullable":true,"metadata":{}},{"name":"end","type":"timestamp","nullable":true,"metadata":{}}]},"nullable":false,"metadata":{"spark.timeWindow":true}},{"name":"event_time","type":"timestamp","nullable":true,"metadata":{"spark.watermarkDelayMs":600000}},{"name":"x","type":"double","nullable":true,"metadata":{"a":[1,2],"b":1.5,"c":"s","d":{"e":null}}}]}`
	st, err := ParseSchemaJSON(in)
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := st.Fields[1].Metadata["spark.watermarkDelayMs"].(int64); !ok || v != 600000 {
		t.Fatalf("metadata number must be int64: %#v", st.Fields[1].Metadata)
	}
	if got := st.JSON(); got != in {
		t.Fatalf("round trip:\n got %s\nwant %s", got, in)
	}
	for _, bad := range []string{
		``, `{`, `{"type":"array","elementType":"integer","containsNull":true}`,
		`{"type":"struct","fields":[{"name":"a","type":"int","nullable":true,"metadata":{}}]}`,
		`{"type":"struct","fields":[{"name":"a","type":"decimal(39,1)","nullable":true}]}`,
		`{"type":"struct","fields":[{"name":"a","type":"string"}]}`,
	} {
		if _, err := ParseSchemaJSON(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}
