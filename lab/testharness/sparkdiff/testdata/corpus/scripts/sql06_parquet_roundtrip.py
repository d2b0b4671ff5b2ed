# Writing and reading Parquet, with partitioning and a schema merge of two writes.
# source: docs/sql-data-sources-parquet.md (Loading Data Programmatically; Partition Discovery; Schema Merging)
# category: batch
from pyspark.sql import Row, SparkSession

spark = SparkSession.builder.appName("parquet").getOrCreate()

squares = spark.createDataFrame([Row(single=i, double=i ** 2) for i in range(1, 4)])
squares.write.parquet("data/test_table/key=1")
cubes = spark.createDataFrame([Row(single=i, triple=i ** 3) for i in range(4, 6)])
cubes.write.parquet("data/test_table/key=2")

merged = spark.read.option("mergeSchema", "true").parquet("data/test_table")
merged.printSchema()
merged.orderBy("single").show()

people = spark.createDataFrame([("Ann", 31), ("Ben", 12)], "name string, age int")
people.write.mode("overwrite").partitionBy("age").parquet("data/people")
spark.read.parquet("data/people").orderBy("name").show()
