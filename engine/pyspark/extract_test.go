package pyspark

import (
	"strings"
	"testing"
)

// Column[key], getItem and getField name and evaluate as Spark 4.2 does (checked on PySpark
// 4.2.0): a struct field, an array element (0-based, ANSI out of range), a map value.
func TestColumnExtractValue(t *testing.T) {
	const setup = `from pyspark.sql import SparkSession, functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("a|b", {"k": 1}, (1, "x"))], "line string, m map<string,int>, s struct<a:int,b:string>")
p = F.split(df.line, "\\|")
def show(*cols):
    try:
        d = df.select(*cols)
        print(d.columns)
        print(d.collect())
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
`
	cases := []struct{ name, code, want string }{
		{"array", `show(p.getItem(0), p[1], p[F.lit(0)])`,
			"['split(line, \\\\|, -1)[0]', 'split(line, \\\\|, -1)[1]', 'split(line, \\\\|, -1)[0]']\n[Row(split(line, \\|, -1)[0]='a', split(line, \\|, -1)[1]='b', split(line, \\|, -1)[0]='a')]"},
		{"array out of range", `show(p[5])`, "INVALID_ARRAY_INDEX] The index 5 is out of bounds. The array has 2 elements. Use the SQL function `get()` to tolerate accessing element at invalid index and return NULL instead."},
		{"array wrong key", `show(p.getItem("x"))`, "The second parameter requires the \"INTEGRAL\" type, however \"x\" has the type \"STRING\"."},
		{"map", `show(df.m.getItem("k"), df.m["k"], df.m.k, df.m.getField("zz"))`, "['m[k]', 'm[k]', 'm[k]', 'm[zz]']\n[Row(m[k]=1, m[k]=1, m[k]=1, m[zz]=None)]"},
		{"struct", `show(df.s.getItem("a"), df.s["b"], df.s.a, F.col("s.a"), df.s.a.cast("string"))`, "['s.a', 's.b', 's.a', 'a', 'CAST(s.a AS STRING)']"},
		{"struct missing field", `show(df.s["zz"])`, "[FIELD_NOT_FOUND] No such struct field `zz` in `a`, `b`."},
		{"struct by index", `show(df.s[0])`, "[INVALID_EXTRACT_FIELD_TYPE] Field name should be a non-null string literal, but it's \"0\"."},
		{"not complex", `show(df.line[0])`, "[INVALID_EXTRACT_BASE_FIELD_TYPE] Can't extract a value from \"line\". Need a complex type [STRUCT, ARRAY, MAP] but got \"STRING\"."},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runSnippet(t, setup+tc.code+"\n", nil)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("got\n%s\nwant it to contain\n%s", out, tc.want)
			}
		})
	}
}
