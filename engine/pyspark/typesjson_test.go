package pyspark

import "testing"

// The expected lines are what PySpark 4.2 prints for the same script.
func TestDataTypeJSONRoundTrip(t *testing.T) {
	src := `
import json
from pyspark.sql.types import *
s = StructType([StructField("a", IntegerType()), StructField("b", ArrayType(StringType()), False, {"comment": "x"})])
j = json.dumps(s.jsonValue())
print(j)
t = StructType.fromJson(json.loads(j))
print(t == s, t.simpleString(), t)
print(IntegerType().jsonValue(), ArrayType(LongType()).jsonValue())
`
	want := `{"type": "struct", "fields": [{"name": "a", "type": "integer", "nullable": true, "metadata": {}}, {"name": "b", "type": {"type": "array", "elementType": "string", "containsNull": true}, "nullable": false, "metadata": {"comment": "x"}}]}
True struct<a:int,b:array<string>> StructType([StructField('a', IntegerType(), True), StructField('b', ArrayType(StringType(), True), False)])
integer {'type': 'array', 'elementType': 'long', 'containsNull': True}
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
