# Continuous processing: trigger(continuous=...) takes only map-like queries (select,
# filter) from Kafka or rate sources into Kafka, memory or console sinks; an aggregation or
# a file sink is refused when the query starts. A map-only query runs until it is stopped.
# Its checkpoint is removed at the end: how many epochs it commits depends on time.
# source: docs/streaming/performance-tips.md (Continuous Processing: Supported Queries, Caveats); docs/streaming/apis-on-dataframes-and-datasets.md (Triggers: Continuous with fixed checkpoint interval)
# category: triggers
# topics: readings
import shutil
import sys
import time

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
spark = SparkSession.builder.appName("continuous").getOrCreate()

(spark.createDataFrame([("s1,20",), ("s2,31",), ("s1,35",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

readings = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic).option("startingOffsets", "earliest").load()
            .selectExpr("split(CAST(value AS STRING), ',')[0] AS sensor",
                        "CAST(split(CAST(value AS STRING), ',')[1] AS INT) AS reading"))


def attempt(label, build):
    try:
        q = build()
        print(label, "-> started")
        q.stop()
    except Exception as e:
        print(label, "->", type(e).__name__)
        print("  condition:", e.getCondition() if hasattr(e, "getCondition") else None)
        print("  text:", str(e).splitlines()[0])


attempt("aggregation", lambda: readings.groupBy("sensor").count().writeStream.outputMode("complete")
        .format("memory").queryName("per_sensor").option("checkpointLocation", "checkpoints/agg")
        .trigger(continuous="1 second").start())
attempt("file sink", lambda: readings.writeStream.format("parquet").option("path", "out/readings")
        .option("checkpointLocation", "checkpoints/files").trigger(continuous="1 second").start())

hot = readings.where("reading > 30")
q = (hot.writeStream.format("memory").queryName("hot").option("checkpointLocation", "checkpoints/hot")
     .trigger(continuous="1 second").start())
deadline = time.time() + 90
while spark.table("hot").count() < 2 and time.time() < deadline:
    time.sleep(0.5)
q.stop()
print("active after stop:", q.isActive)
shutil.rmtree("checkpoints", ignore_errors=True)
shutil.rmtree("out", ignore_errors=True)
spark.table("hot").orderBy("sensor").show()
