package pyspark

import (
	"strings"
	"testing"
)

// The generic load/save calls of Spark's data sources guide (examples/src/main/python/sql/
// datasource.py): keyword options, SQL on files, folder listing options, JSON from an RDD.
func TestDataSourceGuideCalls(t *testing.T) {
	const setup = `
from pyspark.sql import SparkSession, Row
spark = SparkSession.builder.getOrCreate()
with open("people.csv", "w") as f:
    f.write("name;age;job\nJorge;30;Developer\nBob;32;Developer\n")
`
	cases := []struct {
		name, src string
		want      []string
	}{
		{"load with keyword options", `
df = spark.read.load("people.csv", format="csv", sep=";", inferSchema="true", header="true")
print(df.dtypes)
print(df.collect()[1].name)`, []string{"[('name', 'string'), ('age', 'int'), ('job', 'string')]", "Bob"}},
		{"keyword option None is left out", `
df = spark.read.load("people.csv", format="csv", sep=";", header=True, inferSchema=None)
print(df.dtypes)`, []string{"[('name', 'string'), ('age', 'string'), ('job', 'string')]"}},
		{"save with keyword options", `
spark.read.csv("people.csv", sep=";", header=True).write.save("out", format="csv", sep="|", header="true")
import os
part = [f for f in sorted(os.listdir("out")) if f.startswith("part-")][0]
print(open("out/" + part).read().splitlines()[0])`, []string{"name|age|job"}},
		{"SQL on a Parquet folder", `
spark.createDataFrame([Row(a=1), Row(a=2)]).write.parquet("nums")
spark.sql("SELECT sum(a) AS s FROM parquet.` + "`nums`" + `").show()`, []string{"|  s|", "|  3|"}},
		{"SQL on a CSV file", `
spark.sql("SELECT * FROM csv.` + "`people.csv`" + `").show()`, []string{"|               _c0|", "|      name;age;job|"}},
		{"recursiveFileLookup reads nested folders without partitions", `
spark.createDataFrame([Row(x=1)]).write.parquet("d/a/key=1")
spark.createDataFrame([Row(x=2)]).write.parquet("d/b")
df = spark.read.option("recursiveFileLookup", "true").parquet("d")
print(df.columns, sorted(r.x for r in df.collect()))`, []string{"['x'] [1, 2]"}},
		{"pathGlobFilter matches file names", `
with open("people.txt", "w") as f:
    f.write("not csv\n")
import shutil, os
os.makedirs("mixed")
shutil.copy("people.csv", "mixed/people.csv")
shutil.copy("people.txt", "mixed/people.txt")
print(spark.read.option("pathGlobFilter", "*.csv").csv("mixed", sep=";", header=True).count())`, []string{"2"}},
		{"load of several paths", `
spark.createDataFrame([Row(x=1)]).write.json("j1")
spark.createDataFrame([Row(x=2)]).write.json("j2")
print(sorted(r.x for r in spark.read.load(["j1", "j2"], format="json").collect()))`, []string{"[1, 2]"}},
		{"json of an RDD of strings", `
rdd = spark.sparkContext.parallelize(['{"name":"Yin","address":{"city":"Columbus","state":"Ohio"}}', '{"name":"Ann","n":1}'])
df = spark.read.json(rdd)
print(df.columns)
print(df.collect()[0].address.city)`, []string{"['address', 'n', 'name']", "Columbus"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runSnippet(t, setup+c.src, nil)
			if err != nil {
				t.Fatalf("%v\noutput:\n%s", err, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestDataSourceGuideErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"json of an RDD of numbers", `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.read.json(spark.sparkContext.parallelize([1, 2]))`, "RDD of JSON strings"},
		{"bad glob", `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
import os
os.makedirs("d")
with open("d/a.csv", "w") as f:
    f.write("x\n")
spark.read.option("pathGlobFilter", "[").csv("d").collect()`, "pathGlobFilter"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runSnippet(t, c.src, nil)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want an error naming %q, got %v\n%s", c.want, err, out)
			}
		})
	}
}

// A stateful query asked for the RocksDB state store keeps Spark's default provider's files,
// records that provider in its offsets files (so Spark can resume it) and says so; a
// stateless one records the setting as Spark does.
func TestRocksDBProviderRecordsWhatIsWritten(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
from pyspark.sql.functions import col
spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.sql.streaming.stateStore.providerClass", "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider")
df = spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 5).load()
df.groupBy((col("value") % 3).alias("k")).count().writeStream.outputMode("complete").format("memory") \
    .queryName("t").option("checkpointLocation", "agg").trigger(availableNow=True).start().awaitTermination()
df.writeStream.format("memory").queryName("u").option("checkpointLocation", "plain") \
    .trigger(availableNow=True).start().awaitTermination()
print("agg:", "HDFSBackedStateStoreProvider" in open("agg/offsets/0").read())
print("plain:", "RocksDBStateStoreProvider" in open("plain/offsets/0").read())
print(sorted(r.k for r in spark.table("t").collect()))
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"is not in kafkalab yet", "agg: True", "plain: True", "[0, 1, 2]"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "is not in kafkalab yet"); n != 1 {
		t.Errorf("warned %d times, want once (the stateless query writes no state):\n%s", n, out)
	}
}

// spark.sql's Python-formatted fields and bound parameters (SparkSession.sql's docstring).
func TestSQLFormattingAndParameters(t *testing.T) {
	const setup = `
from pyspark.sql import SparkSession
from pyspark.sql.functions import col
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([(1, "a"), (2, "b"), (3, "it's")], "id int, s string")
`
	cases := []struct{ name, src, want string }{
		{"DataFrame and int fields", `print(spark.sql("SELECT count(*) AS n FROM {df} WHERE id > {n}", df=df, n=1).first().n)`, "2"},
		{"Column and quoted str", `print(spark.sql("SELECT {c} FROM {df} WHERE s = {v}", df=df, c=df.s, v="it's").first()[0])`, "it's"},
		{"escaped braces", `print(spark.sql("SELECT '{{x}}' AS b").first().b)`, "{x}"},
		{"named parameters", `print(spark.sql("SELECT :a + :b AS s, ':a' AS t", {"a": 1, "b": 2}).first())`, "Row(s=3, t=':a')"},
		{"positional parameters", `print(spark.sql("SELECT ? AS x, ? AS y, ? AS z", args=[2.5, None, "q"]).first())`, "Row(x=2.5, y=None, z='q')"},
		{"temporary views are dropped", `spark.sql("SELECT * FROM {df}", df=df).collect(); print(len(spark.catalog.listTables()))`, "0"},
		{"unbound parameter", `
try:
    spark.sql("SELECT :y", args={"x": 1})
except Exception as e:
    print(e.getCondition(), e.getMessageParameters())`, "UNBOUND_SQL_PARAMETER {'name': 'y'}"},
		{"expression as a field", `
try:
    spark.sql("SELECT {c} FROM {df}", df=df, c=col("id") + 1)
except Exception as e:
    print(e.getCondition())`, "VALUE_NOT_PLAIN_COLUMN_REFERENCE"},
		{"missing field", `
try:
    spark.sql("SELECT {nope}", df=df)
except KeyError as e:
    print("KeyError", e)`, "KeyError 'nope'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := runSnippet(t, setup+c.src, nil)
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			if !strings.Contains(out, c.want) {
				t.Errorf("output lacks %q:\n%s", c.want, out)
			}
		})
	}
}

// The console and noop batch writers: show() as Spark's console source prints it, and a run
// that keeps nothing (still raising the plan's errors).
func TestConsoleAndNoopBatchWrites(t *testing.T) {
	src := `
from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
df = spark.createDataFrame([("a" * 25, 1), ("b", 2), ("c", 3)], "s string, n int")
df.write.format("console").save()
df.write.format("console").option("numRows", 1).option("truncate", "false").save()
df.write.format("noop").mode("overwrite").save()
try:
    spark.sql("SELECT 1/0 AS x").write.format("noop").save()
except Exception as e:
    print(type(e).__name__, e.getCondition())
`
	want := `+--------------------+---+
|                   s|  n|
+--------------------+---+
|aaaaaaaaaaaaaaaaa...|  1|
|                   b|  2|
|                   c|  3|
+--------------------+---+

+-------------------------+---+
|s                        |n  |
+-------------------------+---+
|aaaaaaaaaaaaaaaaaaaaaaaaa|1  |
+-------------------------+---+
only showing top 1 row

ArithmeticException DIVIDE_BY_ZERO
`
	out, err := runSnippet(t, src, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
}
