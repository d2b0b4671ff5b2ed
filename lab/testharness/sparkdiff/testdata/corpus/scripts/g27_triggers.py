# The trigger kinds a bounded run can use: once (deprecated, one batch), availableNow
# (everything, in as many batches as the limits say), and a processing-time trigger
# stopped once all data is processed.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Triggers)
# category: triggers
# topics: ticks
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "ticks-" + run_id
spark = SparkSession.builder.appName("triggers").getOrCreate()

(spark.createDataFrame([("t%d" % i,) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def ticks():
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
            .selectExpr("CAST(value AS STRING) AS tick"))


once = ticks().writeStream.format("memory").queryName("once").option("checkpointLocation", "checkpoints/once").trigger(once=True).start()
once.awaitTermination()
print("once:", sorted(r.tick for r in spark.table("once").collect()), len(once.recentProgress), "batch")

now = ticks().writeStream.format("memory").queryName("now").option("checkpointLocation", "checkpoints/now").trigger(availableNow=True).start()
now.awaitTermination()
print("availableNow:", [p["numInputRows"] for p in now.recentProgress])

timed = (ticks().writeStream.format("memory").queryName("timed").option("checkpointLocation", "checkpoints/timed")
         .trigger(processingTime="100 milliseconds").start())
timed.processAllAvailable()
timed.stop()
print("processingTime:", sorted(r.tick for r in spark.table("timed").collect()))
