# spark.range and the column operations a learner tries next: withColumn, expressions,
# withColumnRenamed, drop, distinct, limit.
# source: python/pyspark/sql/session.py (range) and docs/sql-getting-started.md (Untyped Dataset Operations)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("range").getOrCreate()

df = spark.range(1, 11, 3)
df.show()
print(df.count(), df.columns, df.dtypes)
df2 = df.withColumn("square", F.col("id") * F.col("id")).withColumn("parity", F.col("id") % 2)
df2.show()
df2.withColumnRenamed("square", "sq").drop("parity").show()
df2.select("parity").distinct().orderBy("parity").show()
print(spark.range(5).limit(2).collect())
print(spark.range(3).selectExpr("id * 2 AS twice", "id + 0.5").collect())
