# A Parquet folder written by a batch job, then read as a stream with the schema of the
# files; maxFilesPerTrigger splits it into batches.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Creating streaming DataFrames: File Source, parquet)
# category: sources
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("parquet-source").getOrCreate()

for part in range(3):
    spark.createDataFrame([(part * 10 + i, "p%d" % part) for i in range(2)], "n INT, tag STRING").coalesce(1) \
        .write.mode("append").parquet("in/numbers")

schema = spark.read.parquet("in/numbers").schema
stream = spark.readStream.schema(schema).option("maxFilesPerTrigger", 2).parquet("in/numbers")
q = (stream.writeStream.format("memory").queryName("numbers").option("checkpointLocation", "checkpoints/parquet")
     .trigger(availableNow=True).start())
q.awaitTermination()
print([p["numInputRows"] for p in q.recentProgress])
spark.table("numbers").orderBy("n").show()
