# dropDuplicates takes a list of column names; a bare string is a type error in PySpark.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Deduplication: Python snippet)
# category: deduplication
# topics: events
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("dedup-string").getOrCreate()

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
          .selectExpr("CAST(value AS STRING) AS guid"))
try:
    stream.dropDuplicates("guid")
except Exception as e:
    print(type(e).__name__, e.getCondition())
print(stream.dropDuplicates(["guid"]).isStreaming)
