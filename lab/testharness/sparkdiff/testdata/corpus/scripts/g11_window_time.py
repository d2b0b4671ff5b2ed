# window_time: the event time of a window (its end minus one microsecond), used to window
# the windowed counts again into a coarser window.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Representation of the time for time window)
# category: windows
# topics: words
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as sf

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("window-time").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("12:02", "owl"), ("12:03", "cat"), ("12:07", "owl"), ("12:11", "dog"), ("12:13", "owl"), ("12:40", "cat")]
payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "word": w}),) for t, w in events]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .select(sf.from_json(sf.col("value").cast("string"), "timestamp TIMESTAMP, word STRING").alias("w")).select("w.*"))

windowed = (words.withWatermark("timestamp", "10 minutes")
            .groupBy(sf.window("timestamp", "10 minutes"), "word").count())
coarse = (windowed.groupBy(sf.window(sf.window_time("window"), "1 hour"))
          .agg(sf.sum("count").alias("events"), sf.count("*").alias("windows")))

q = (coarse.writeStream.outputMode("append").format("memory").queryName("coarse")
     .option("checkpointLocation", "checkpoints/coarse").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM coarse ORDER BY window").show(truncate=False)
print(words.groupBy(sf.window("timestamp", "5 minutes")).count().select(sf.window_time("window")).columns)
