# Other built-in formats through the generic API: ORC write/read round trip, an unknown
# format's error, and format("parquet").load of several paths.
# source: python/pyspark/sql/readwriter.py (DataFrameReader.orc, DataFrameWriter.orc, load docstrings); docs/sql-data-sources-orc.md
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("orc").getOrCreate()

df = spark.createDataFrame([(1, "a", 1.5), (2, "b", None)], "id int, s string, d double")
df.write.orc("o")
back = spark.read.orc("o")
back.printSchema()
back.orderBy("id").show()
df.write.format("parquet").save("p1")
df.write.format("parquet").save("p2")
print(spark.read.format("parquet").load(["p1", "p2"]).count())
try:
    spark.read.format("nosuchformat").load("o")
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
