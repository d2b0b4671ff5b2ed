# Word counts per sliding event-time window. The example stamps each socket line with its
# arrival time; here each line carries its own time, so the run is repeatable.
# source: examples/src/main/python/sql/streaming/structured_network_wordcount_windowed.py
# category: examples
# topics: stamped
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, split, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "stamped-" + run_id
window_size, slide = "10 seconds", "5 seconds"

spark = SparkSession.builder.appName("WindowedWordCount").config("spark.sql.shuffle.partitions", "2").getOrCreate()

typed = [
    ("2024-05-01 09:00:01", "apple banana"),
    ("2024-05-01 09:00:04", "banana cherry"),
    ("2024-05-01 09:00:09", "apple"),
    ("2024-05-01 09:00:12", "cherry cherry banana"),
]
(spark.createDataFrame([(t + "|" + l,) for t, l in typed], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

lines = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS line"))
parts = split(lines.line, "\\|")
stamped = lines.select(parts.getItem(0).cast("timestamp").alias("timestamp"), parts.getItem(1).alias("text"))
words = stamped.select(explode(split(stamped.text, " ")).alias("word"), stamped.timestamp)

windowed_counts = words.groupBy(window(words.timestamp, window_size, slide), words.word).count().orderBy("window", "word")

query = (windowed_counts.writeStream.outputMode("complete").format("console").option("truncate", "false")
         .option("checkpointLocation", "checkpoints/windowed").trigger(availableNow=True).start())
query.awaitTermination()
