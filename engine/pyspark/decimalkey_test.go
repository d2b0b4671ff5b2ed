package pyspark

import (
	"bytes"
	"context"
	"testing"
)

// A streaming groupBy, dropDuplicates, session window aggregation and stream-stream join on
// a DECIMAL(20,2) key keep each key's state in the partition folder Spark's does
// (state/0/<partition>/, which the state data source's partition_id reads back), and the
// console shows the rows in Spark's order: the key is hashed over BigInteger.toByteArray's
// bytes because its TYPE's precision is over 18, though every value has fewer digits. The
// batch repartition, the sum and avg types and F.hash / F.xxhash64 of the same column agree
// too, and a matched-only Delta MERGE on the key rewrites its file in Spark's shuffle order.
// The expected output is what PySpark 4.2.0 (delta-spark 4.4.0 for the MERGE) printed for
// these scripts, run as they stand (TZ=UTC).
func TestDecimalKeyPartitionsLikeSpark(t *testing.T) {
	cases := []struct {
		name, script, want string
	}{
		{"groupBy and dropDuplicates", decimalKeyAggScript, decimalKeyAggSpark},
		{"stream-stream join", decimalKeyJoinScript, decimalKeyJoinSpark},
		{"session windows", decimalKeySessionScript, decimalKeySessionSpark},
		{"Delta MERGE", decimalKeyMergeScript, decimalKeyMergeSpark},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			var out bytes.Buffer
			in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Stderr: &out, ScriptPath: "script.py"})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			if err := in.Exec(context.Background(), "script.py", tc.script); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			if got := out.String(); got != tc.want {
				t.Errorf("output\n%s\nSpark's\n%s", got, tc.want)
			}
		})
	}
}

// decimalKeyAggScript groups, deduplicates and repartitions on a DECIMAL(20,2) column.
const decimalKeyAggScript = `import os
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, StringType, StructField, StructType
spark = (SparkSession.builder.config("spark.sql.shuffle.partitions", "5")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
schema = StructType([StructField("k", StringType()), StructField("x", DecimalType(20, 2))])
os.makedirs("in", exist_ok=True)
with open("in/x.json", "w") as f:
    for k, x in [("a", "1.00"), ("b", "-1.00"), ("c", "0.33"), ("d", "12345678.90"), ("e", "2.50"),
                 ("f", "1.00"), ("g", "0"), ("h", "-0.01"), ("i", "99999999.99"), ("j", "327.68"), ("k", "null")]:
        f.write('{"k": "%s", "x": %s}\n' % (k, x))
src = spark.readStream.schema(schema).json("in")
q = (src.groupBy("x").count().writeStream.outputMode("complete").format("console")
     .option("checkpointLocation", "ckpt-agg").trigger(availableNow=True).start())
q.awaitTermination()
q = (src.dropDuplicates(["x"]).writeStream.outputMode("append").format("console")
     .option("checkpointLocation", "ckpt-dedup").trigger(availableNow=True).start())
q.awaitTermination()
for ckpt in ["ckpt-agg", "ckpt-dedup"]:
    st = spark.read.format("statestore").load(ckpt)
    for r in st.select("partition_id", "key.x").orderBy("partition_id", "x").collect():
        print(ckpt, r.partition_id, r.x)
    print(ckpt, sorted(d for d in os.listdir(ckpt + "/state/0") if not d.startswith("_")))
df = spark.read.schema(schema).json("in")
df.repartition(5, "x").select("x", F.spark_partition_id().alias("p")).orderBy("p", "x").show()
sums = df.groupBy(F.col("k") < "e").agg(F.sum("x").alias("s"), F.avg("x").alias("a"))
sums.printSchema()
sums.select("s", F.hash("s").alias("hs"), "a", F.hash("a").alias("ha")).orderBy("s").show()
df.select("x", F.hash("x").alias("h"), F.hash(F.struct("x", "k")).alias("hs"), F.hash(F.array("x")).alias("ha"),
          F.xxhash64("x").alias("xx")).orderBy("k").show(truncate=False)
spark.stop()
`

const decimalKeyAggSpark = `-------------------------------------------
Batch: 0
-------------------------------------------
+-----------+-----+
|          x|count|
+-----------+-----+
|       2.50|    1|
|12345678.90|    1|
|       NULL|    1|
|       0.00|    1|
|     327.68|    1|
|99999999.99|    1|
|       0.33|    1|
|       1.00|    2|
|      -1.00|    1|
|      -0.01|    1|
+-----------+-----+

-------------------------------------------
Batch: 0
-------------------------------------------
+---+-----------+
|  k|          x|
+---+-----------+
|  e|       2.50|
|  d|12345678.90|
|  k|       NULL|
|  c|       0.33|
|  g|       0.00|
|  i|99999999.99|
|  j|     327.68|
|  a|       1.00|
|  b|      -1.00|
|  h|      -0.01|
+---+-----------+

ckpt-agg 0 2.50
ckpt-agg 2 None
ckpt-agg 2 12345678.90
ckpt-agg 3 0.00
ckpt-agg 3 0.33
ckpt-agg 3 327.68
ckpt-agg 3 99999999.99
ckpt-agg 4 -1.00
ckpt-agg 4 -0.01
ckpt-agg 4 1.00
ckpt-agg ['0', '1', '2', '3', '4']
ckpt-dedup 0 2.50
ckpt-dedup 2 None
ckpt-dedup 2 12345678.90
ckpt-dedup 3 0.00
ckpt-dedup 3 0.33
ckpt-dedup 3 327.68
ckpt-dedup 3 99999999.99
ckpt-dedup 4 -1.00
ckpt-dedup 4 -0.01
ckpt-dedup 4 1.00
ckpt-dedup ['0', '1', '2', '3', '4']
+-----------+---+
|          x|  p|
+-----------+---+
|       2.50|  0|
|       NULL|  2|
|12345678.90|  2|
|       0.00|  3|
|       0.33|  3|
|     327.68|  3|
|99999999.99|  3|
|      -1.00|  4|
|      -0.01|  4|
|       1.00|  4|
|       1.00|  4|
+-----------+---+

root
 |-- (k < e): boolean (nullable = true)
 |-- s: decimal(30,2) (nullable = true)
 |-- a: decimal(24,6) (nullable = true)

+------------+----------+---------------+----------+
|           s|        hs|              a|        ha|
+------------+----------+---------------+----------+
| 12345679.23|-413047607| 3086419.807500|1850332813|
|100000331.16|1278399152|16666721.860000|2145098980|
+------------+----------+---------------+----------+

+-----------+----------+-----------+----------+--------------------+
|x          |h         |hs         |ha        |xx                  |
+-----------+----------+-----------+----------+--------------------+
|1.00       |-295670906|-1523537475|-295670906|4409375254388155230 |
|-1.00      |-893129661|-1661824439|-893129661|6412485201787246618 |
|0.33       |-414944962|-2083399257|-414944962|-3075780151314238380|
|12345678.90|465834962 |-603091718 |465834962 |3506046138426991900 |
|2.50       |735213570 |727869193  |735213570 |-6010379921068480483|
|1.00       |-295670906|-1796789443|-295670906|4409375254388155230 |
|0.00       |-783713497|1200107336 |-783713497|-8959994473701255385|
|-0.01      |1398487324|433477060  |1398487324|-4006032525457443936|
|99999999.99|-246687752|222637423  |-246687752|7647542928501114250 |
|327.68     |-99371362 |2119876654 |-99371362 |7486961118722643011 |
|NULL       |42        |-473204544 |42        |42                  |
+-----------+----------+-----------+----------+--------------------+

`

// decimalKeyJoinScript joins two streams on a DECIMAL(20,2) column.
const decimalKeyJoinScript = `import os
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, StringType, StructField, StructType
spark = (SparkSession.builder.config("spark.sql.shuffle.partitions", "5")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
schema = StructType([StructField("k", StringType()), StructField("x", DecimalType(20, 2))])
for d, rows in [("left", [("a", "1.00"), ("b", "-1.00"), ("c", "0.33"), ("d", "12345678.90"), ("e", "2.50"), ("g", "0")]),
                ("right", [("p", "1.00"), ("q", "0.33"), ("r", "2.50"), ("s", "0"), ("t", "-1.00"), ("u", "7.77")])]:
    os.makedirs(d, exist_ok=True)
    with open(d + "/x.json", "w") as f:
        for k, x in rows:
            f.write('{"k": "%s", "x": %s}\n' % (k, x))
left = spark.readStream.schema(schema).json("left").withColumnRenamed("k", "lk")
right = spark.readStream.schema(schema).json("right").withColumnRenamed("k", "rk")
q = (left.join(right, "x").writeStream.format("console")
     .option("checkpointLocation", "ckpt-join").trigger(availableNow=True).start())
q.awaitTermination()
for side in ["left", "right"]:
    st = spark.read.format("statestore").option("joinSide", side).load("ckpt-join")
    for r in st.select("partition_id", F.col("key.field0").alias("x")).orderBy("partition_id", "x").collect():
        print(side, r.partition_id, r.x)
spark.stop()
`

const decimalKeyJoinSpark = `-------------------------------------------
Batch: 0
-------------------------------------------
+-----+---+---+
|    x| lk| rk|
+-----+---+---+
| 2.50|  e|  r|
| 0.33|  c|  q|
| 0.00|  g|  s|
| 1.00|  a|  p|
|-1.00|  b|  t|
+-----+---+---+

left 0 2.50
left 2 12345678.90
left 3 0.00
left 3 0.33
left 4 -1.00
left 4 1.00
right 0 2.50
right 0 7.77
right 3 0.00
right 3 0.33
right 4 -1.00
right 4 1.00
`

// decimalKeySessionScript aggregates session windows per DECIMAL(20,2) key. Its rows go to a
// memory sink, read back sorted: within a partition, kafkalab emits session windows in key
// order, not in the order of Spark's state store map (the same for any key type).
const decimalKeySessionScript = `import os
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, StringType, StructField, StructType, TimestampType
spark = (SparkSession.builder.config("spark.sql.shuffle.partitions", "5")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
schema = StructType([StructField("t", TimestampType()), StructField("x", DecimalType(20, 2))])
os.makedirs("in", exist_ok=True)
with open("in/x.json", "w") as f:
    for t, x in [("10:00", "1.00"), ("10:02", "1.00"), ("10:01", "-1.00"), ("10:03", "0.33"), ("10:04", "12345678.90"),
                 ("10:05", "2.50"), ("10:20", "1.00"), ("10:06", "0"), ("10:07", "-0.01"), ("10:08", "327.68")]:
        f.write('{"t": "2026-10-01T%s:00Z", "x": %s}\n' % (t, x))
src = spark.readStream.schema(schema).json("in").withWatermark("t", "10 minutes")
agg = src.groupBy(F.session_window("t", "5 minutes"), "x").count()
q = (agg.writeStream.outputMode("complete").format("memory").queryName("sessions")
     .option("checkpointLocation", "ckpt-sess").trigger(availableNow=True).start())
q.awaitTermination()
st = spark.read.format("statestore").load("ckpt-sess")
for r in spark.table("sessions").orderBy("x", "session_window").collect():
    print(str(r.session_window.start)[11:16], str(r.session_window.end)[11:16], r.x, r["count"])
st.printSchema()
for r in st.select("partition_id", "key.x").orderBy("partition_id", "x").collect():
    print(r.partition_id, r.x)
spark.stop()
`

const decimalKeySessionSpark = `10:01 10:06 -1.00 1
10:07 10:12 -0.01 1
10:06 10:11 0.00 1
10:03 10:08 0.33 1
10:00 10:07 1.00 2
10:20 10:25 1.00 1
10:05 10:10 2.50 1
10:08 10:13 327.68 1
10:04 10:09 12345678.90 1
root
 |-- key: struct (nullable = true)
 |    |-- x: decimal(20,2) (nullable = true)
 |    |-- sessionStartTime: timestamp (nullable = false)
 |-- value: struct (nullable = true)
 |    |-- session_window: struct (nullable = false)
 |    |    |-- start: timestamp (nullable = true)
 |    |    |-- end: timestamp (nullable = true)
 |    |-- x: decimal(20,2) (nullable = true)
 |    |-- count: long (nullable = false)
 |-- partition_id: integer (nullable = true)

0 2.50
2 12345678.90
3 0.00
3 0.33
3 327.68
4 -1.00
4 -0.01
4 1.00
4 1.00
`

// decimalKeyMergeScript updates the rows of a Delta table a DECIMAL(20,2) key matches. The
// source is a createDataFrame, which Spark does not broadcast: the target is shuffled by
// the key, and its rewritten file holds the rows in the order of their partitions.
const decimalKeyMergeScript = `from pyspark.sql import SparkSession
from pyspark.sql import functions as F
spark = (SparkSession.builder.config("spark.sql.shuffle.partitions", "5")
         .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
         .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
t = spark.createDataFrame([(k, x) for k, x in [("a", "1.00"), ("b", "-1.00"), ("c", "0.33"), ("d", "12345678.90"),
                          ("e", "2.50"), ("g", "0"), ("h", "-0.01"), ("i", "327.68")]], "k STRING, x STRING")
t.select("k", F.col("x").cast("decimal(20,2)").alias("x")).coalesce(1).write.format("delta").save("tbl")
src = spark.createDataFrame([("1.00",), ("0.33",), ("-0.01",), ("327.68",), ("2.50",)], "x STRING")
src.select(F.col("x").cast("decimal(20,2)").alias("x")).createOrReplaceTempView("src")
import os
spark.sql("MERGE INTO delta.` + "`" + `" + os.path.abspath("tbl") + "` + "`" + ` t USING src s ON t.x = s.x WHEN MATCHED THEN UPDATE SET k = upper(t.k)")
for r in spark.read.format("delta").load("tbl").collect():
    print(r.k, r.x)
spark.stop()
`

const decimalKeyMergeSpark = `E 2.50
d 12345678.90
C 0.33
g 0.00
I 327.68
A 1.00
b -1.00
H -0.01
`
