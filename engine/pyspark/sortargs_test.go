package pyspark

import "testing"

// orderBy/sort with ascending (a flag or a list zipped with the columns), 1-based ordinals
// (negative for descending) and PySpark's argument errors. The expected output is real
// PySpark 4.2's.
func TestSortArguments(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, "b"), (2, "a"), (3, "b")], "n int, s string")
print(df.orderBy("s", "n", ascending=False).collect())
print(df.orderBy(["s", "n"], ascending=[True, False]).collect())
print(df.sort(2, -1).collect())
print(df.orderBy("s", "n", ascending=[False]).collect())
for f in (lambda: df.orderBy(), lambda: df.orderBy(0), lambda: df.orderBy(1.5), lambda: df.sort("n", ascending="no")):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(n=3, s='b'), Row(n=1, s='b'), Row(n=2, s='a')]
[Row(n=2, s='a'), Row(n=3, s='b'), Row(n=1, s='b')]
[Row(n=2, s='a'), Row(n=3, s='b'), Row(n=1, s='b')]
[Row(n=1, s='b'), Row(n=3, s='b'), Row(n=2, s='a')]
PySparkValueError [CANNOT_BE_EMPTY] At least one cols must be specified.
PySparkIndexError [ZERO_INDEX] Index must be non-zero.
PySparkTypeError [NOT_EXPECTED_TYPE] Argument ` + "`" + `col` + "`" + ` should be Column, int or str, got float.
PySparkTypeError [NOT_EXPECTED_TYPE] Argument ` + "`" + `ascending` + "`" + ` should be Column, int or str, got str.
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
