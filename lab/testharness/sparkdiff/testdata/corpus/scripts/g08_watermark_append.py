# The same windows in append mode: a window is written once, when the watermark passes its
# end; the memory table grows run by run.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Handling Late Data and Watermarking: append mode)
# category: watermarks
# topics: words
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("watermark-append").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(events):
    payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "word": w}),) for t, w in events]
    (spark.createDataFrame(payload, "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run(label):
    words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
             .option("subscribe", topic).option("startingOffsets", "earliest").load()
             .select(from_json(col("value").cast("string"), "timestamp TIMESTAMP, word STRING").alias("w")).select("w.*"))
    counts = words.withWatermark("timestamp", "10 minutes").groupBy(window("timestamp", "10 minutes"), "word").count()
    q = (counts.writeStream.outputMode("append").format("parquet").option("path", "out/windows")
         .option("checkpointLocation", "checkpoints/append").trigger(availableNow=True).start())
    q.awaitTermination()
    print(label)
    spark.read.parquet("out/windows").orderBy("window", "word").show(truncate=False)


send([("12:07", "dog"), ("12:08", "owl")])
run("after the first run")
send([("12:14", "dog"), ("12:21", "owl")])
run("after the second run")
send([("12:35", "cat")])
run("after the third run")
