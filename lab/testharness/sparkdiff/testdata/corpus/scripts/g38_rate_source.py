# The rate source: its schema, and a bounded read with rate-micro-batch, which makes a
# fixed number of rows per batch with timestamps from a fixed start.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Creating streaming DataFrames: Input Sources, Rate Source, Rate Per Micro-Batch Source)
# category: sources
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("rate").getOrCreate()

rate = spark.readStream.format("rate").option("rowsPerSecond", 10).load()
print(rate.isStreaming)
rate.printSchema()

per_batch = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 3)
             .option("startTimestamp", 1714550400000).option("advanceMillisPerBatch", 1000).load())
q = (per_batch.writeStream.format("memory").queryName("rate_rows").option("checkpointLocation", "checkpoints/rate")
     .trigger(once=True).start())
q.awaitTermination()
spark.table("rate_rows").orderBy("value").show(truncate=False)
