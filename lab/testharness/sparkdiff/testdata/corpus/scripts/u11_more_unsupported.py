# More operations the guide lists as unsupported on streams, each tried and its error
# printed: dropDuplicatesWithinWatermark without a watermark, a non-time window function,
# sorting an aggregation in update mode, DataFrame.foreach and .rdd on a stream, and
# a stream-stream join in complete mode.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations; Streaming Deduplication; Window Operations on Event Time)
# category: unsupported
# topics: events
import json
import sys

from pyspark.sql import SparkSession, Window
from pyspark.sql.functions import col, from_json, row_number

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("more-unsupported").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("a", "2024-05-01 10:00:00"), ("b", "2024-05-01 10:00:05"), ("a", "2024-05-01 10:00:09")]
(spark.createDataFrame([(json.dumps({"k": k, "ts": t}),) for k, t in events], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())
stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "k STRING, ts TIMESTAMP").alias("e")).select("e.*"))


def report(label, action):
    try:
        action()
        print(label, "-> ok")
    except Exception as e:
        print(label, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
        print("  text:", str(e).splitlines()[0] if str(e) else "")


def start(name, df, mode="append"):
    q = (df.writeStream.outputMode(mode).format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    q.awaitTermination()
    print("  rows:", sorted(tuple(r) for r in spark.table(name).collect()))


report("within watermark without watermark", lambda: start("within", stream.dropDuplicatesWithinWatermark(["k"])))
report("row_number over a stream", lambda: start("ranked", stream.withColumn("n", row_number().over(Window.partitionBy("k").orderBy("ts")))))
report("sort in update mode", lambda: start("sorted", stream.groupBy("k").count().orderBy("k"), "update"))
report("sort in complete mode", lambda: start("sorted_complete", stream.groupBy("k").count().orderBy("k"), "complete"))
report("foreach on a stream", lambda: stream.foreach(lambda row: None))
report("foreachPartition on a stream", lambda: stream.foreachPartition(lambda rows: None))
report("rdd of a stream", lambda: stream.rdd.count())
report("join in complete mode", lambda: start("joined", stream.join(stream.withColumnRenamed("ts", "ts2"), "k"), "complete"))
report("dedup then count, complete", lambda: start("dedup_count", stream.dropDuplicates(["k"]).groupBy("k").count(), "complete"))
