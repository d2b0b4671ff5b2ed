# A rate stream written to the noop sink: the query runs, reports progress with the noop
# sink's description, and stops cleanly.
# source: examples/src/main/python/sql/streaming/simple_streaming_query.py (awaitTermination replaced by a bounded run)
# category: sinks
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("StructuredSessionization").getOrCreate()
df = spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 5).load()
print(df.isStreaming, df.columns)
query = df.writeStream.format("noop").trigger(availableNow=True).start()
print(query.isActive in (True, False), query.name)
query.awaitTermination()
p = query.lastProgress
print(p["sink"]["description"], p["sources"][0]["description"])
print(p["numInputRows"], p["batchId"])
print(query.status["message"], query.status["isDataAvailable"], query.status["isTriggerActive"])
spark.stop()
