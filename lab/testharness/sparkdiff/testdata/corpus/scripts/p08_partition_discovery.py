# partitionBy writes key=value folders; reading the root discovers the partition columns
# (types inferred), basePath keeps them when reading one folder, and a filter prunes.
# source: docs/sql-data-sources-parquet.md (Partition Discovery); python/pyspark/sql/readwriter.py (DataFrameWriter.partitionBy docstring)
# category: batch
import os

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("partition-discovery").getOrCreate()

df = spark.createDataFrame(
    [("Ann", "F", "US", 1), ("Bob", "M", "CN", 2), ("Cy", "M", "US", 3)],
    "name string, gender string, country string, n int")
df.write.partitionBy("gender", "country").parquet("people")
print(sorted(d for d in os.listdir("people") if not d.startswith(".") and not d.startswith("_")))
print(sorted(os.listdir("people/gender=M")))
back = spark.read.parquet("people")
back.printSchema()
back.orderBy("name").show()
one = spark.read.parquet("people/gender=M")
print(one.columns)
# An absolute basePath: the corpus runs scripts in a shared JVM whose working folder is not
# the script's, and Spark resolves the option's path against the JVM's.
based = spark.read.option("basePath", os.path.abspath("people")).parquet("people/gender=M")
print(based.columns, based.count())
print(back.where("country = 'US'").orderBy("name").collect())

spark.createDataFrame([(1, 10), (2, 20)], "k int, v int").write.partitionBy("k").json("nums")
nums = spark.read.json("nums")
nums.printSchema()
print(nums.orderBy("k").collect())
spark.stop()
