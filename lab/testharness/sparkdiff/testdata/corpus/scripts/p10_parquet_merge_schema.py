# Parquet schema merging: two folders with different columns read together with
# mergeSchema, by option and by keyword.
# source: docs/sql-data-sources-parquet.md (Schema Merging; Data Source Option: mergeSchema)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("merge-schema").getOrCreate()

spark.createDataFrame([(i, i * i) for i in range(1, 4)], "value int, square int").coalesce(1).write.parquet("data/key=1")
spark.createDataFrame([(i, i * i * i) for i in range(4, 6)], "value int, cube int").coalesce(1).write.parquet("data/key=2")
merged = spark.read.option("mergeSchema", "true").parquet("data")
merged.printSchema()
merged.orderBy("value").show()
print(spark.read.parquet("data", mergeSchema=True).columns)
spark.stop()
