package pyspark

import "testing"

// unionByName matches columns by name; allowMissingColumns fills either side's missing
// columns with NULLs (PySpark 4.2's unionByName docstring examples, corpus sql08).
func TestUnionByName(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
a = spark.createDataFrame([(1, "x")], "n int, s string")
b = spark.createDataFrame([("y", 2)], "S string, n int")
c = spark.createDataFrame([(3, 4.5)], "n int, f double")
print(a.unionByName(b).collect())
print(a.unionByName(c, allowMissingColumns=True).collect())
print(c.unionByName(a, True).schema.simpleString())
for other in (c, b.select("n")):
    try:
        a.unionByName(other)
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(n=1, s='x'), Row(n=2, s='y')]
[Row(n=1, s='x', f=None), Row(n=3, s=None, f=4.5)]
struct<n:int,f:double,s:string>
AnalysisException [UNRESOLVED_COLUMN_AMONG_FIELD_NAMES] Cannot resolve column name "s" among (n, f). SQLSTATE: 42703
AnalysisException [UNRESOLVED_COLUMN_AMONG_FIELD_NAMES] Cannot resolve column name "s" among (n). SQLSTATE: 42703
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
