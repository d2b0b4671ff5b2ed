# Unsupported: sorting a stream that is not aggregated (append mode) fails at start().
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations: sorting)
# category: unsupported
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("sort").getOrCreate()

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).load().selectExpr("CAST(value AS STRING) AS word"))
try:
    words.orderBy("word").writeStream.format("console").start()
except Exception as e:
    print(type(e).__name__, e.getCondition())
