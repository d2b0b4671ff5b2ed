# bucketBy and sortBy only work with saveAsTable: save() refuses them; saveAsTable,
# insertInto and spark.table round trip a managed table in the local warehouse.
# source: python/pyspark/sql/readwriter.py (DataFrameWriter.bucketBy, sortBy, saveAsTable, insertInto docstrings)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("bucketby").getOrCreate()

df = spark.createDataFrame([(1, "a"), (2, "b"), (3, "c")], "id int, v string")
try:
    df.write.bucketBy(2, "id").parquet("b")
except Exception as e:
    print(type(e).__name__, e)
try:
    df.write.sortBy("id").parquet("b2")
except Exception as e:
    print(type(e).__name__, e)
df.write.saveAsTable("plain")
spark.table("plain").orderBy("id").show()
spark.createDataFrame([(4, "d")], "id int, v string").write.insertInto("plain")
print(spark.table("plain").count())
spark.createDataFrame([(5, "e")], "id int, v string").write.insertInto("plain", overwrite=True)
print(spark.table("plain").collect())
try:
    df.write.saveAsTable("plain")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
df.write.mode("append").saveAsTable("plain")
print(spark.table("plain").count())
spark.sql("DROP TABLE plain")
spark.stop()
