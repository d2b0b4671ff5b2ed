# The streaming table APIs without Delta: writeStream.toTable creates a parquet table in the
# warehouse, spark.readStream.table reads it back as a stream, and the table is readable
# in batch between runs.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Table APIs)
# category: sinks
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("table-apis").getOrCreate()
df = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 3)
      .option("startTimestamp", 0).option("advanceMillisPerBatch", 1000).load())
q = (df.writeStream.option("checkpointLocation", "chk/source")
     .trigger(availableNow=True).toTable("myTable"))
q.awaitTermination()
spark.read.table("myTable").orderBy("value").show(truncate=False)
print(spark.catalog.tableExists("myTable"), [c.name for c in spark.catalog.listColumns("myTable")])
spark.sql("DESCRIBE TABLE myTable").show()
s = spark.readStream.table("myTable")
print(s.isStreaming)
q2 = (s.selectExpr("value * 10 AS v").writeStream.format("parquet")
      .option("checkpointLocation", "chk/copy").option("path", "out/newTable")
      .trigger(availableNow=True).start())
q2.awaitTermination()
spark.read.parquet("out/newTable").orderBy("v").show()
q3 = (spark.readStream.table("myTable").writeStream.format("memory").queryName("mem")
      .trigger(availableNow=True).start())
q3.awaitTermination()
print(spark.sql("SELECT count(*) FROM mem").collect())
spark.stop()
