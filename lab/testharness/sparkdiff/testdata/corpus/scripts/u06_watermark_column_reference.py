# The guide's windowed count refers to the event-time column through the DataFrame before
# withWatermark (words.timestamp): Spark then does not see the watermark on the grouping
# column and refuses append mode.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Handling Late Data and Watermarking, Python snippet)
# category: watermarks
# topics: words
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("watermark-reference").getOrCreate()

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
         .selectExpr("CAST(value AS STRING) AS word", "timestamp"))
windowedCounts = (words.withWatermark("timestamp", "10 minutes")
                  .groupBy(window(words.timestamp, "10 minutes", "5 minutes"), words.word).count())
try:
    windowedCounts.writeStream.outputMode("append").format("console").start()
    print("started")
except Exception as e:
    print(type(e).__name__, e.getCondition())
