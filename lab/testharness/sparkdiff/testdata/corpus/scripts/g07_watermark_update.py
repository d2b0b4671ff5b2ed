# Late data with a watermark in update mode: three runs of the query, each reading what
# arrived since; the last brings an event older than the watermark, which is dropped.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Handling Late Data and Watermarking)
# category: watermarks
# topics: words
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("watermark-update").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(events):
    payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "word": w}),) for t, w in events]
    (spark.createDataFrame(payload, "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
             .option("subscribe", topic).option("startingOffsets", "earliest").load()
             .select(from_json(col("value").cast("string"), "timestamp TIMESTAMP, word STRING").alias("w")).select("w.*"))
    counts = (words.withWatermark("timestamp", "10 minutes")
              .groupBy(window("timestamp", "10 minutes", "5 minutes"), "word").count())
    q = (counts.writeStream.outputMode("update").format("console").option("truncate", "false")
         .option("checkpointLocation", "checkpoints/late").trigger(availableNow=True).start())
    q.awaitTermination()
    print("watermark after run:", q.lastProgress["eventTime"].get("watermark"))


send([("12:07", "dog"), ("12:08", "owl")])
run()
send([("12:14", "dog"), ("12:09", "cat"), ("12:21", "owl")])
run()
send([("12:04", "donkey"), ("12:26", "owl")])
run()
