# Stream-stream left outer join: an impression without a click in its hour comes out with
# NULLs once the watermark has passed it. A second run brings later data to move it.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Stream-stream Joins: Outer Joins with Watermarking)
# category: joins
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-stream-left").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


def run(label):
    impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP").withWatermark("impressionTime", "10 minutes")
    clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP").withWatermark("clickTime", "20 minutes")
    joined = impressions.join(
        clicks,
        expr("clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour"),
        "leftOuter")
    q = (joined.writeStream.format("parquet").option("path", "out/joined")
         .option("checkpointLocation", "checkpoints/left").trigger(availableNow=True).start())
    q.awaitTermination()
    print(label)
    spark.read.parquet("out/joined").orderBy("impressionAdId").show()


send("impressions", [{"impressionAdId": 1, "impressionTime": "2024-05-01 10:00:00"}, {"impressionAdId": 2, "impressionTime": "2024-05-01 10:05:00"}])
send("clicks", [{"clickAdId": 1, "clickTime": "2024-05-01 10:30:00"}])
run("first run")
send("impressions", [{"impressionAdId": 3, "impressionTime": "2024-05-01 14:00:00"}])
send("clicks", [{"clickAdId": 3, "clickTime": "2024-05-01 14:10:00"}])
run("second run")
