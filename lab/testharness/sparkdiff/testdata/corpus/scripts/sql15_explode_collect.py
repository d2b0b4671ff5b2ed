# Arrays in and out: split and explode, collect_list / collect_set, array_contains, size.
# source: python/pyspark/sql/functions/builtin.py (explode, collect_list docstrings)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("explode").getOrCreate()

df = spark.createDataFrame([("a", "x y z"), ("b", "y"), ("c", "")], "k string, words string")
exploded = df.select("k", F.explode(F.split("words", " ")).alias("w"))
exploded.orderBy("k", "w").show()
back = exploded.groupBy("k").agg(F.sort_array(F.collect_list("w")).alias("ws"), F.size(F.collect_set("w")).alias("n"))
back.orderBy("k").show()
back.where(F.array_contains("ws", "y")).select("k").orderBy("k").show()
