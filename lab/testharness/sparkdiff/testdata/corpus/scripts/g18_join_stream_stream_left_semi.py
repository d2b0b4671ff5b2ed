# Stream-stream left semi join: impressions that got a click, each once, without the
# click's columns.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Stream-stream Joins: Semi Joins with Watermarking)
# category: joins
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-stream-semi").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


send("impressions", [{"impressionAdId": a, "impressionTime": "2024-05-01 10:0%d:00" % a} for a in (1, 2, 3)])
send("clicks", [{"clickAdId": a, "clickTime": "2024-05-01 10:1%d:00" % a} for a in (1, 1, 3)])

impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP").withWatermark("impressionTime", "2 hours")
clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP").withWatermark("clickTime", "3 hours")
semi = impressions.join(
    clicks,
    expr("clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour"),
    "leftSemi")

q = semi.writeStream.format("memory").queryName("semi").option("checkpointLocation", "checkpoints/semi").start()
q.processAllAvailable()
q.stop()
spark.sql("SELECT * FROM semi ORDER BY impressionAdId").show()
