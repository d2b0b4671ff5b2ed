# Missing values: fillna / na.fill, dropna / na.drop with how and subset, na.replace.
# source: python/pyspark/sql/dataframe.py (fillna, dropna, replace docstrings)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("na").getOrCreate()

df = spark.createDataFrame([(10, 80.5, "Alice", None), (5, None, "Bob", None), (None, None, "Tom", None), (None, None, None, True)],
                           schema=["age", "height", "name", "bool"])
df.na.fill(50).show()
df.fillna({"age": 50, "name": "unknown"}).show()
df.fillna(False).show()
df.na.drop().show()
df.dropna(how="all", subset=["age", "height"]).show()
df.na.drop(thresh=2).show()
df.na.replace(10, 20).show()
df.replace("Alice", "Alicia", "name").show()
