package pyspark

import "testing"

// fillna/na.fill, dropna/na.drop and replace/na.replace as PySpark 4.2 runs them: a
// number fills every numeric column (cast, NaN counted as missing), a dict fills by column,
// thresh counts non-NULL non-NaN values, replace keeps to the keys' type family; the
// argument errors are PySpark's. The expected output is real PySpark 4.2's.
func TestNaFunctions(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, float("nan"), "a", True), (None, 2.5, None, None), (3, None, "c", False)], "i int, d double, s string, b boolean")
print(df.fillna(7.9).collect())
print(df.na.fill("z", subset="s").collect())
print(df.na.fill({"i": 0, "d": 1, "s": "q", "b": True}).collect())
print(df.dropna().count(), df.dropna(how="all").count(), df.dropna(thresh=3).count(), df.na.drop(subset=["d"]).count())
print(df.replace([1, 3], [10, 30]).collect())
print(df.replace({"a": "A", "c": None}).collect())
print(df.na.replace(2.5, 9).collect())
print(df.replace(True, False).collect())
for f in (lambda: df.dropna(how="some"), lambda: df.replace(1, "x"), lambda: df.replace([1, 2], [3]), lambda: df.replace(1), lambda: df.fillna([1]), lambda: df.fillna(1, subset=["nope"])):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, str(e).split("\n")[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(i=1, d=7.9, s='a', b=True), Row(i=7, d=2.5, s=None, b=None), Row(i=3, d=7.9, s='c', b=False)]
[Row(i=1, d=nan, s='a', b=True), Row(i=None, d=2.5, s='z', b=None), Row(i=3, d=None, s='c', b=False)]
[Row(i=1, d=1.0, s='a', b=True), Row(i=0, d=2.5, s='q', b=True), Row(i=3, d=1.0, s='c', b=False)]
0 3 2 1
[Row(i=10, d=nan, s='a', b=True), Row(i=None, d=2.5, s=None, b=None), Row(i=30, d=None, s='c', b=False)]
[Row(i=1, d=nan, s='A', b=True), Row(i=None, d=2.5, s=None, b=None), Row(i=3, d=None, s=None, b=False)]
[Row(i=1, d=nan, s='a', b=True), Row(i=None, d=9.0, s=None, b=None), Row(i=3, d=None, s='c', b=False)]
[Row(i=1, d=nan, s='a', b=False), Row(i=None, d=2.5, s=None, b=None), Row(i=3, d=None, s='c', b=False)]
AssertionError Undefined error message parameter for error class: VALUE_NOT_ANY_OR_ALL. Parameters: {'arg_name': 'how', 'arg_type': 'some'}
PySparkValueError [MIXED_TYPE_REPLACEMENT] Mixed type replacements are not supported.
PySparkValueError [LENGTH_SHOULD_BE_THE_SAME] to_replace and value should be of the same length, got 2 and 1.
PySparkTypeError [ARGUMENT_REQUIRED] Argument ` + "`" + `value` + "`" + ` is required when ` + "`" + `to_replace` + "`" + ` is dict.
PySparkTypeError [NOT_EXPECTED_TYPE] Argument ` + "`" + `value` + "`" + ` should be bool, dict, float, int or str, got list.
AnalysisException [UNRESOLVED_COLUMN.WITH_SUGGESTION] A column, variable, or function parameter with name ` + "`" + `nope` + "`" + ` cannot be resolved. Did you mean one of the following? [` + "`" + `i` + "`" + `, ` + "`" + `d` + "`" + `, ` + "`" + `s` + "`" + `, ` + "`" + `b` + "`" + `]. SQLSTATE: 42703
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
