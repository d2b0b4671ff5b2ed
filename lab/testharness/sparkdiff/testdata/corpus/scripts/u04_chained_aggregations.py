# Multiple streaming aggregations (an aggregation over an aggregation) in complete mode
# are rejected at start().
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations: multiple streaming aggregations)
# category: unsupported
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("chained").getOrCreate()

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).load().selectExpr("CAST(value AS STRING) AS word"))
per_word = words.groupBy("word").count()
histogram = per_word.groupBy("count").count()
try:
    histogram.writeStream.outputMode("complete").format("console").start()
    print("started")
except Exception as e:
    print(type(e).__name__, e.getCondition())
