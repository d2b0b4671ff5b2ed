# Unsupported: distinct on a streaming DataFrame is rejected (the guide's list of
# unsupported operations); the error is printed with its condition.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations)
# category: unsupported
# topics: words
import sys

from pyspark.errors import AnalysisException
from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("distinct").getOrCreate()

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).load().selectExpr("CAST(value AS STRING) AS word"))
try:
    q = words.groupBy("word").agg({"word": "count"}).distinct().writeStream.format("console").outputMode("complete").start()
    q.processAllAvailable()
    print("started")
except AnalysisException as e:
    print("AnalysisException:", e.getCondition())
    print(str(e).split("\n")[0])
