package plan

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Examples from Spark's function documentation, plus the Hive wildcard rules.
func TestGetJSONObject(t *testing.T) {
	doc := `{"a": 1, "b": [1, 2.5e0, "x", null], "c": {"d": "x\"y"}, "e": null, "f": [{"g": 1}, {"g": 2}, {"h": 3}]}`
	tests := []struct {
		doc, path string
		want      any
	}{
		{`{"a":"b"}`, "$.a", "b"},
		{doc, "$.a", "1"},
		{doc, "$.b", `[1,2.5,"x",null]`},
		{doc, "$.b[1]", "2.5"},
		{doc, "$.b[2]", "x"},
		{doc, "$.b[9]", nil},
		{doc, "$.c", `{"d":"x\"y"}`},
		{doc, "$.c.d", `x"y`},
		{doc, "$['c']['d']", `x"y`},
		{doc, "$.e", nil},
		{doc, "$.missing", nil},
		{doc, "$.f[*].g", "[1,2]"},
		{doc, "$.f[0].g", "1"},
		{doc, "$.b[*]", `[1,2.5,"x",null]`},
		{`[{"a":"x"}]`, "$[*].a", `"x"`}, // one match inside a wildcard keeps its quotes
		{`[{"a":"x"},{"a":"y"}]`, "$[*].a", `["x","y"]`},
		{doc, "a", nil},
		{doc, "$.", nil},
		{"not json", "$", nil},
		{"null", "$", "null"},
		{`{'a': 'single'}`, "$.a", "single"},
		{`{"a": 1} trailing`, "$.a", "1"},
	}
	for _, tc := range tests {
		if got := getJSONObject(tc.doc, tc.path); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("get_json_object(%s, %s) = %#v, want %#v", tc.doc, tc.path, got, tc.want)
		}
	}
}

func TestSchemaOfJSONInference(t *testing.T) {
	tests := []struct{ doc, want string }{
		{`[{"col":0}]`, "ARRAY<STRUCT<col: BIGINT>>"},
		{`{"a": 1, "b": [1.5], "c": {"d": "x"}}`, "STRUCT<a: BIGINT, b: ARRAY<DOUBLE>, c: STRUCT<d: STRING>>"},
		{`[{"x": null}]`, "ARRAY<STRUCT<x: STRING>>"},
		{`{"z": 1, "a": [1, 2.5], "m": [1, "s"]}`, "STRUCT<a: ARRAY<DOUBLE>, m: ARRAY<STRING>, z: BIGINT>"},
		{`[{"a": 1}, {"b": true}]`, "ARRAY<STRUCT<a: BIGINT, b: BOOLEAN>>"},
		{`123456789012345678901234567890`, "DECIMAL(30,0)"},
	}
	for _, tc := range tests {
		v, err := parseFirstJSON(tc.doc)
		if err != nil {
			t.Fatalf("%s: %v", tc.doc, err)
		}
		if got := canonicalJSONType(inferJSONType(v), true).SQL(); got != tc.want {
			t.Errorf("schema_of_json(%s) = %s, want %s", tc.doc, got, tc.want)
		}
	}
}

func TestParseFirstJSONRejects(t *testing.T) {
	for _, doc := range []string{"", "[1, 2", `{"a" 1}`, "01", "1.", "-", "tru", "nulls", `"open`, `{"a": 1,}`} {
		if v, err := parseFirstJSON(doc); err == nil {
			t.Errorf("%q parsed as %+v", doc, v)
		}
	}
}

// The JSON functions' options written in SQL, as Spark takes them from map(...):
// schema_of_json's allowNumericLeadingZeros and primitivesAsString, from_json's
// timestampFormat, to_json's timestampFormat and dateFormat; struct(...) names its fields
// by its arguments' aliases (corpus sql32 on real Spark).
func TestJSONFunctionOptionsInSQL(t *testing.T) {
	rel := &Relation{Scope: &Scope{Schema: &sqltypes.StructType{}}}
	tests := []struct {
		expr string
		want string // the value as text, or "error: CLASS"
	}{
		{`schema_of_json('[{"col":01}]')`, "STRING"},
		{`schema_of_json('[{"col":01}]', map('allowNumericLeadingZeros', 'true'))`, "ARRAY<STRUCT<col: BIGINT>>"},
		{`schema_of_json('{"a":1,"b":[true]}', map('primitivesAsString', 'true'))`, "STRUCT<a: STRING, b: ARRAY<STRING>>"},
		{`schema_of_json('{"a":1}', 'x')`, "error: INVALID_OPTIONS.NON_MAP_FUNCTION"},
		{`from_json('{"t":"26/08/2015"}', 't timestamp', map('timestampFormat', 'dd/MM/yyyy')).t`, "2015-08-26 00:00:00"},
		{`from_json('{"t":"2015-08-26"}', 't timestamp', map('timestampFormat', 'dd/MM/yyyy')).t`, "NULL"},
		{`to_json(named_struct('time', to_timestamp('2015-08-26', 'yyyy-MM-dd')), map('timestampFormat', 'dd/MM/yyyy'))`, `{"time":"26/08/2015"}`},
		{`to_json(named_struct('d', DATE'2015-08-26'), map('dateFormat', 'MM/dd'))`, `{"d":"08/26"}`},
		{`struct(1 AS a, 'b' b).b`, "b"},
	}
	ec, err := NewEvalContext("UTC", true, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		e, err := ParseExpression(tc.expr)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		var got string
		p, err := NewProject(rel, []Expr{e})
		if err != nil {
			got = "error: " + errorClass(err)
		} else {
			v, err := p.Exprs[0].Eval(ec, sqltypes.Row{})
			switch {
			case err != nil:
				got = "error: " + errorClass(err)
			case v == nil:
				got = "NULL"
			default:
				got = sqltypes.FormatValue(v, p.Exprs[0].DataType(), time.UTC)
			}
		}
		if got != tc.want {
			t.Errorf("%s = %q, want %q", tc.expr, got, tc.want)
		}
	}
}

func errorClass(err error) string {
	var ae *AnalysisError
	if errors.As(err, &ae) {
		return ae.Class
	}
	return err.Error()
}
