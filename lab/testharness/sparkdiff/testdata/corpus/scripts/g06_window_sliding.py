# Counts per 10-minute window sliding every 5 minutes: each event falls into two windows.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Window Operations on Event Time)
# category: windows
# topics: words
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("sliding").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("12:02", "owl"), ("12:03", "cat"), ("12:07", "owl"), ("12:11", "dog"), ("12:13", "owl")]
payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "word": w}),) for t, w in events]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .select(from_json(col("value").cast("string"), "timestamp TIMESTAMP, word STRING").alias("w")).select("w.*"))

counts = words.groupBy(window(words.timestamp, "10 minutes", "5 minutes"), words.word).count()

q = (counts.writeStream.outputMode("complete").format("console").option("truncate", "false")
     .option("checkpointLocation", "checkpoints/sliding").trigger(availableNow=True).start())
q.awaitTermination()
