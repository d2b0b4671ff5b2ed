# Hash repartitioning by columns: which task each row lands in, the files a write then makes,
# with and without a partition count.
# source: python/pyspark/sql/dataframe.py (repartition docstring); docs/sql-performance-tuning.md (Coalesce Hints, Adaptive Query Execution)
# category: batch
import os

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, spark_partition_id

spark = SparkSession.builder.appName("repartition").getOrCreate()

df = spark.createDataFrame([(i, "k%d" % (i % 5), i * 1.5) for i in range(12)], "id int, k string, x double")
print(df.repartition(3, "k").select("id", "k", spark_partition_id().alias("p")).collect())
print(df.repartition(4, col("k"), "id").select("id", spark_partition_id().alias("p")).collect())
print(df.repartition(2, col("x")).select("id", spark_partition_id().alias("p")).collect())
by_key = df.repartition("k")
print(by_key.select("id", spark_partition_id().alias("p")).collect())
by_key.write.parquet("out/by_key")
print(len([f for f in os.listdir("out/by_key") if f.startswith("part-")]))
df.repartition(4, "k").write.json("out/four")
print(sorted(f.split("-")[1] for f in os.listdir("out/four") if f.startswith("part-")))
spark.read.json("out/four").orderBy("id").show()
try:
    df.repartition(0, "k")
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    df.repartition(1.5)
except Exception as e:
    print(type(e).__name__, e)

spark.stop()
