package pyspark

import "testing"

// spark.sql with common table expressions: later definitions and the main query read
// earlier ones by name before any view of that name; a column list renames. The expected
// output is real PySpark 4.2's.
func TestSQLWith(t *testing.T) {
	src := `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.createDataFrame([(1, "a", 10.0), (2, "b", 20.0), (3, "a", 5.0)], "id int, k string, x double").createOrReplaceTempView("t")
spark.sql("""WITH a AS (SELECT k, sum(x) AS total FROM t GROUP BY k),
  ` + "`" + `b` + "`" + ` (key, amount) AS (SELECT k, total FROM a WHERE total > 10)
SELECT * FROM b ORDER BY key""").show()
spark.sql("with t as (select id * 10 as id from t) select max(id) as m from t").show()
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `+---+------+
|key|amount|
+---+------+
|  a|  15.0|
|  b|  20.0|
+---+------+

+---+
|  m|
+---+
| 30|
+---+

`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

// a DIV b is the integral quotient (truncated toward zero, BIGINT), as in Spark's SQL
// reference examples; its name is kafkalab's, so the test aliases it.
func TestSQLDiv(t *testing.T) {
	out, err := runSnippet(t, `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
r = spark.sql("SELECT 7 div 2 AS a, -7 DIV 2 AS b, 3 * 5 div 4 AS c").collect()[0]
print(r.a, r.b, r.c, spark.sql("SELECT 7 div 2 AS q").schema.simpleString())
`, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if want := "3 -3 3 struct<q:bigint>\n"; out != want {
		t.Errorf("got %q, want %q", out, want)
	}
}
