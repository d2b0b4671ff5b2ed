# With spark.sql.streaming.noDataMicroBatches.enabled=false a query runs a micro-batch only
# when new data arrives, so in append mode a window that the watermark has closed waits for
# the next data; with the default, a no-data batch emits it at once.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Handling Late Data and Watermarking; configuration spark.sql.streaming.noDataMicroBatches.enabled)
# category: watermarks
# topics: on off
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = (SparkSession.builder.appName("no-data-batches").config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())


def send(topic, times):
    (spark.createDataFrame([(json.dumps({"ts": "2024-05-01 " + t}),) for t in times], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def counts(topic):
    readings = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
                .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
                .select(from_json(col("value").cast("string"), "ts TIMESTAMP").alias("e")).select("e.ts"))
    return readings.withWatermark("ts", "1 minute").groupBy(window("ts", "5 minutes")).count()


steps = [["10:01:00", "10:02:00"], ["10:09:00"], ["10:03:00", "10:16:00"]]
for topic, enabled in [("on", "true"), ("off", "false")]:
    spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", enabled)
    # One availableNow run per step on the same checkpoint; foreachBatch collects what each
    # run emits (the memory sink cannot resume an append-mode query).
    for i, times in enumerate(steps):
        send(topic, times)
        emitted = []

        def collect(df, batch_id):
            emitted.extend((batch_id, str(r.window.start)[11:], r["count"]) for r in df.collect())

        q = (counts(topic).writeStream.outputMode("append").foreachBatch(collect)
             .option("checkpointLocation", "checkpoints/" + topic).trigger(availableNow=True).start())
        q.awaitTermination()
        print(topic, i, sorted(emitted), [p["numInputRows"] for p in q.recentProgress])
