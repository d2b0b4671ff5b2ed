# Two streams with different watermark delays unioned: the global watermark follows the
# slower stream by default (min); spark.sql.streaming.multipleWatermarkPolicy=max follows
# the faster one. The second run of each query shows the watermark the first one set.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Policy for handling multiple watermarks)
# category: watermarks
# topics: fast-min slow-min fast-max slow-max
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("multi-watermark").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, times):
    (spark.createDataFrame([(json.dumps({"t": "2024-05-01 " + t}),) for t in times], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), "t TIMESTAMP").alias("r")).select("r.t"))


for policy in ["min", "max"]:
    spark.conf.set("spark.sql.streaming.multipleWatermarkPolicy", policy)
    for fast, slow in [("10:30:00", "10:00:00"), ("10:31:00", "10:01:00")]:
        send("fast-" + policy, [fast])
        send("slow-" + policy, [slow])
        both = read("fast-" + policy).withWatermark("t", "1 minute").union(read("slow-" + policy).withWatermark("t", "10 minutes"))
        q = (both.writeStream.format("parquet").option("path", "out/" + policy)
             .option("checkpointLocation", "checkpoints/" + policy).trigger(availableNow=True).start())
        q.awaitTermination()
        print(policy, [(p["batchId"], p["eventTime"].get("watermark")) for p in q.recentProgress])
