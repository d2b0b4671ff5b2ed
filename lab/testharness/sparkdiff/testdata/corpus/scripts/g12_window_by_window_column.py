# A time window applied to a window column directly: window(windowed.window, "1 hour").
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
spark = SparkSession.builder.appName("window-of-window").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("12:02", "owl"), ("12:17", "cat"), ("13:07", "owl"), ("14:30", "dog")]
payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "word": w}),) for t, w in events]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .select(sf.from_json(sf.col("value").cast("string"), "timestamp TIMESTAMP, word STRING").alias("w")).select("w.*"))

windowed = words.withWatermark("timestamp", "10 minutes").groupBy(sf.window("timestamp", "10 minutes"), "word").count()
hourly = windowed.groupBy(sf.window("window", "1 hour")).agg(sf.sum("count").alias("events"))

q = (hourly.writeStream.outputMode("append").format("memory").queryName("hourly")
     .option("checkpointLocation", "checkpoints/hourly").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM hourly ORDER BY window").show(truncate=False)
