package pyspark

import "testing"

// describe and summary as Spark's StatFunctions.summary: string columns' mean is NULL unless
// they parse, percentiles are percentile_approx's, an unknown statistic is Spark's error.
// The expected output is real PySpark 4.2's.
func TestDescribeSummary(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("1.5", 3, None), ("x", 1, 2.0), (None, 2, 4.0), ("2.5", 4, 6.0)], "s string, n int, d double")
df.describe().show()
df.describe("n").show()
df.summary("count", "count_distinct", "approx_count_distinct", "10%", "50%").show()
print(df.summary().columns, [r.summary for r in df.summary().collect()])
try:
    df.summary("median")
except Exception as e:
    print(type(e).__name__, str(e).split("\n")[0])
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `+-------+------------------+------------------+---+
|summary|                 s|                 n|  d|
+-------+------------------+------------------+---+
|  count|                 3|                 4|  3|
|   mean|               2.0|               2.5|4.0|
| stddev|0.7071067811865476|1.2909944487358056|2.0|
|    min|               1.5|                 1|2.0|
|    max|                 x|                 4|6.0|
+-------+------------------+------------------+---+

+-------+------------------+
|summary|                 n|
+-------+------------------+
|  count|                 4|
|   mean|               2.5|
| stddev|1.2909944487358056|
|    min|                 1|
|    max|                 4|
+-------+------------------+

+--------------------+---+---+---+
|             summary|  s|  n|  d|
+--------------------+---+---+---+
|               count|  3|  4|  3|
|      count_distinct|  3|  4|  3|
|approx_count_dist...|  3|  4|  3|
|                 10%|1.5|  1|2.0|
|                 50%|1.5|  2|4.0|
+--------------------+---+---+---+

['summary', 's', 'n', 'd'] ['count', 'mean', 'stddev', 'min', '25%', '50%', '75%', 'max']
IllegalArgumentException [UNRECOGNIZED_STATISTIC] The statistic 'median' is not recognized. Valid statistics include ` + "`" + `count` + "`" + `, ` + "`" + `count_distinct` + "`" + `, ` + "`" + `approx_count_distinct` + "`" + `, ` + "`" + `mean` + "`" + `, ` + "`" + `stddev` + "`" + `, ` + "`" + `min` + "`" + `, ` + "`" + `max` + "`" + `, and percentile values. Percentile must be a numeric value followed by '%', within the range 0% to 100%. SQLSTATE: 42704
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}
