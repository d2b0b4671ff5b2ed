package pyspark

import (
	"strings"
	"testing"
)

// Corners real PySpark 4.2 shows in the corpus (sql36, sql37, sql39, sql40): each snippet's
// expected output is what Spark printed for the same lines.
func TestSparkCornersFromCorpus(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"named parameters stay unbound beside a {df} field", `
df = spark.createDataFrame([(1, "a"), (2, "b")], "id int, s string")
try:
    spark.sql("SELECT * FROM {df} WHERE id > :lo", {"lo": 1}, df=df).show()
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.sql("SELECT * FROM {df} WHERE id > {n}", df=df, n=1).show()`,
			"AnalysisException UNBOUND_SQL_PARAMETER\n+---+---+\n| id|  s|\n+---+---+\n|  2|  b|\n+---+---+"},
		{"repartition by columns without a count: one coalesced task, input task by input task", `
# Two input tasks, as on the 2 cores the corpus golden was recorded on.
rows = spark.sparkContext.parallelize([(i, "k%d" % (i % 5), i * 1.5) for i in range(12)], 2)
df = spark.createDataFrame(rows, "id int, k string, x double")
print([r.id for r in df.repartition("k").select("id", spark_partition_id().alias("p")).collect()])`,
			"[2, 4, 0, 5, 1, 3, 7, 9, 10, 6, 11, 8]"},
		{"a UDTF yielding a bare value fails in the worker", `
from pyspark.sql.functions import udtf
@udtf(returnType="a: int")
class Bad:
    def eval(self):
        yield 1
try:
    Bad().show()
except Exception as e:
    print(type(e).__name__, e.getCondition())`,
			"PythonException PYTHON_EXCEPTION"},
		{"task 0 writes a file even without rows", `
import os
from pyspark.sql import Row
spark.createDataFrame(spark.sparkContext.parallelize([Row(x=1)], 2)).write.parquet("p")
spark.createDataFrame([(i, "k%d" % (i % 5)) for i in range(12)], "id int, k string").repartition(4, "k").write.json("j")
print(sorted(f.split("-")[1] for f in os.listdir("p") if f.startswith("part-")), sorted(f.split("-")[1] for f in os.listdir("j") if f.startswith("part-")))`,
			"['00000', '00001'] ['00000', '00001', '00002']"},
		{"an overflow Spark leaves as a bare java.lang.ArithmeticException is a Py4JJavaError naming the call", `
from pyspark.sql import functions as F
df = spark.createDataFrame([(9223372036854775807,)], "l bigint").select(F.timestamp_millis("l"))
for action in (df.show, df.collect, df.first):
    try:
        action()
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[0], getattr(e, "getCondition", None))`,
			"Py4JJavaError An error occurred while calling o0.showString. None\n" +
				"Py4JJavaError An error occurred while calling o0.collectToPython. None\n" +
				"Py4JJavaError An error occurred while calling o0.collectToPython. None"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "from pyspark.sql import SparkSession\nfrom pyspark.sql.functions import spark_partition_id\nspark = SparkSession.builder.getOrCreate()\n" + tc.src
			out, err := runSnippet(t, src, nil)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if got := strings.TrimSpace(out); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}
