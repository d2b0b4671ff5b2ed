# union (by position), unionByName, and unionByName with missing columns.
# source: python/pyspark/sql/dataframe.py (union, unionByName docstrings)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("union").getOrCreate()

a = spark.createDataFrame([(1, "x")], "n int, s string")
b = spark.createDataFrame([("y", 2)], "s string, n int")
c = spark.createDataFrame([(3,)], "n int")
a.union(a).show()
a.unionByName(b).orderBy("n").show()
a.unionByName(c, allowMissingColumns=True).orderBy("n").show()
print(a.union(b.select("n", "s")).collect())
