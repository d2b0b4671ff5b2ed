# Grouping: agg with several functions, dict form, pivot, rollup and cube.
# source: python/pyspark/sql/group.py (GroupedData docstrings)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("pivot").getOrCreate()

sales = spark.createDataFrame([
    ("dotNET", 2012, 10000), ("Java", 2012, 20000), ("dotNET", 2012, 5000), ("dotNET", 2013, 48000), ("Java", 2013, 30000),
], "course string, year int, earnings int")
sales.groupBy("course").agg(F.sum("earnings"), F.avg("earnings").alias("avg"), F.count("*")).orderBy("course").show()
sales.groupBy("year").agg({"earnings": "max"}).orderBy("year").show()
sales.groupBy("year").pivot("course", ["dotNET", "Java"]).sum("earnings").orderBy("year").show()
sales.rollup("course", "year").count().orderBy("course", "year").show()
sales.cube("course").agg(F.sum("earnings")).orderBy("course").show()
