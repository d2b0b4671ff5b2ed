# Stream-stream inner join of ad impressions and clicks, with watermarks on both sides and
# a time-range condition: a click counts within an hour of its impression.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Stream-stream Joins: Inner Joins with optional Watermarking)
# category: joins
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-stream-inner").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


send("impressions", [{"impressionAdId": a, "impressionTime": "2024-05-01 %s:00" % t} for a, t in [(1, "10:00"), (2, "10:05"), (3, "10:10")]])
send("clicks", [{"clickAdId": a, "clickTime": "2024-05-01 %s:00" % t} for a, t in [(1, "10:20"), (2, "11:30"), (4, "10:15")]])

impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP")
clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP")

impressions_wm = impressions.withWatermark("impressionTime", "2 hours")
clicks_wm = clicks.withWatermark("clickTime", "3 hours")

joined = impressions_wm.join(
    clicks_wm,
    expr("""
        clickAdId = impressionAdId AND
        clickTime >= impressionTime AND
        clickTime <= impressionTime + interval 1 hour
    """))

q = joined.writeStream.format("memory").queryName("matched").option("checkpointLocation", "checkpoints/inner").start()
q.processAllAvailable()
q.stop()
spark.sql("SELECT * FROM matched ORDER BY impressionAdId").show()
