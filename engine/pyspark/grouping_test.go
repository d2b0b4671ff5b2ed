package pyspark

import "testing"

// agg with a dict (columns in the java.util.HashMap order PySpark's dict arrives in), pivot
// with and without values (PivotFirst's NULL for a value a group lacks; value_agg names for
// several aggregates), rollup and cube. The expected output is real PySpark 4.2's.
func TestGroupingForms(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("a", "x", 1, 2.0), ("a", "y", 2, None), ("b", "x", 3, 4.0), ("b", None, 4, 5.0)], "k string, p string, n int, d double")
print(df.groupBy("k").agg({"n": "sum", "d": "avg", "p": "count", "*": "count"}).orderBy("k").collect())
print(df.agg({"n": "max", "d": "stddev"}).collect())
print(df.groupBy("k").pivot("p").sum("n").orderBy("k").collect())
print(df.groupBy("k").pivot("p", ["x", "z"]).agg(F.sum("n"), F.max("d").alias("m")).orderBy("k").collect())
print(df.groupBy("k").pivot("n", [1, 3]).count().orderBy("k").collect())
print(df.groupBy("k").pivot("p", ["x"]).agg(F.first("d"), (F.sum("n") * 2).alias("twice")).columns)
print(df.rollup("k", "p").agg(F.sum("n").alias("s")).orderBy(F.col("k").asc_nulls_last(), F.col("p").asc_nulls_last(), "s").collect())
print(df.cube("k", "p").count().orderBy("k", "p", "count").collect())
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(k='a', count(p)=2, avg(d)=2.0, count(1)=2, sum(n)=3), Row(k='b', count(p)=1, avg(d)=4.5, count(1)=2, sum(n)=7)]
[Row(stddev(d)=1.5275252316519468, max(n)=4)]
[Row(k='a', null=None, x=1, y=2), Row(k='b', null=4, x=3, y=None)]
[Row(k='a', x_sum(n)=1, x_m=2.0, z_sum(n)=None, z_m=None), Row(k='b', x_sum(n)=3, x_m=4.0, z_sum(n)=None, z_m=None)]
[Row(k='a', 1=1, 3=None), Row(k='b', 1=None, 3=1)]
['k', 'x_first(d)', 'x_twice']
[Row(k='a', p='x', s=1), Row(k='a', p='y', s=2), Row(k='a', p=None, s=3), Row(k='b', p='x', s=3), Row(k='b', p=None, s=4), Row(k='b', p=None, s=7), Row(k=None, p=None, s=10)]
[Row(k=None, p=None, count=1), Row(k=None, p=None, count=4), Row(k=None, p='x', count=2), Row(k=None, p='y', count=1), Row(k='a', p=None, count=2), Row(k='a', p='x', count=1), Row(k='a', p='y', count=1), Row(k='b', p=None, count=1), Row(k='b', p=None, count=2), Row(k='b', p='x', count=1)]
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// grouping and grouping_id take their value from the grouping set; outside rollup and cube,
// or over other columns than the grouping ones, Spark refuses them.
func TestGroupingFunctions(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("a", "x", 1), ("a", "y", 2), ("b", "x", 3)], "k string, p string, n int")
print(df.cube("k").agg(F.grouping("k"), F.count("*")).orderBy("k").collect())
print(df.rollup("k", "p").agg(F.grouping_id().alias("g"), F.sum("n")).orderBy("k", "p").collect())
for bad in [lambda: df.groupBy("k").agg(F.grouping("k")).collect(), lambda: df.rollup("k", "p").agg(F.grouping_id("p")).collect()]:
    try:
        bad()
    except Exception as e:
        print(type(e).__name__, e.getCondition())
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `[Row(k=None, grouping(k)=1, count(1)=3), Row(k='a', grouping(k)=0, count(1)=2), Row(k='b', grouping(k)=0, count(1)=1)]
[Row(k=None, p=None, g=3, sum(n)=6), Row(k='a', p=None, g=1, sum(n)=3), Row(k='a', p='x', g=0, sum(n)=1), Row(k='a', p='y', g=0, sum(n)=2), Row(k='b', p=None, g=1, sum(n)=3), Row(k='b', p='x', g=0, sum(n)=3)]
AnalysisException UNSUPPORTED_GROUPING_EXPRESSION
AnalysisException GROUPING_ID_COLUMN_MISMATCH
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// A static groupBy(session_window) merges the sessions that overlap within a key, whatever
// the order the rows come in (the corpus's fn_session_window has real Spark's output).
func TestBatchSessionWindowsMerge(t *testing.T) {
	src := `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("u", "2024-01-01 00:20:00"), ("u", "2024-01-01 00:00:00"), ("v", "2024-01-01 00:05:00"), ("u", "2024-01-01 01:00:00"), ("u", "2024-01-01 00:09:59")], "k string, s string").select("k", F.col("s").cast("timestamp").alias("t"))
for r in df.groupBy("k", F.session_window("t", "10 minutes")).count().orderBy("k", "session_window").collect():
    print(r.k, r.session_window.start, r.session_window.end, r["count"])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `u 2024-01-01 00:00:00 2024-01-01 00:19:59 2
u 2024-01-01 00:20:00 2024-01-01 00:30:00 1
u 2024-01-01 01:00:00 2024-01-01 01:10:00 1
v 2024-01-01 00:05:00 2024-01-01 00:15:00 1
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
