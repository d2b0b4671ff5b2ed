# DataFrameWriter save modes: errorifexists (the default) fails on an existing path,
# ignore leaves it alone, append adds files, overwrite replaces them.
# source: docs/sql-data-sources-load-save-functions.md (Save Modes); python/pyspark/sql/readwriter.py (DataFrameWriter.mode docstring)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("save-modes").getOrCreate()

a = spark.createDataFrame([(1, "a")], "id int, v string")
b = spark.createDataFrame([(2, "b")], "id int, v string")
a.write.parquet("t")
try:
    b.write.parquet("t")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
try:
    b.write.mode("error").parquet("t")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
b.write.mode("ignore").parquet("t")
print(spark.read.parquet("t").orderBy("id").collect())
b.write.mode("append").parquet("t")
print(spark.read.parquet("t").orderBy("id").collect())
b.write.mode("overwrite").parquet("t")
print(spark.read.parquet("t").orderBy("id").collect())
try:
    b.write.mode("sideways").parquet("t")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
