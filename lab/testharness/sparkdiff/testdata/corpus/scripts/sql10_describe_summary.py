# describe and summary statistics of a small DataFrame.
# source: python/pyspark/sql/dataframe.py (describe, summary docstrings)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("describe").getOrCreate()

df = spark.createDataFrame([("Bob", 13, 40.3, 150.5), ("Alice", 12, 37.8, 142.3), ("Tom", 11, 44.1, 142.2)],
                           ["name", "age", "weight", "height"])
df.describe(["age"]).show()
df.describe(["age", "weight", "height"]).show()
df.summary().show()
df.summary("count", "min", "25%", "75%", "max").show()
