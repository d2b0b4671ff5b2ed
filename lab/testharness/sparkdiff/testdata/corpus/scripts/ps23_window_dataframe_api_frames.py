# Window functions through the DataFrame API with frames the guides use: running totals
# (unboundedPreceding..currentRow), moving averages (rowsBetween(-1, 1)), rangeBetween on a
# numeric order, percent_rank, lag with default, and a window over no partition.
# source: python/pyspark/sql/window.py (Window.partitionBy, orderBy, rowsBetween, rangeBetween, unboundedPreceding, currentRow); docs/sql-ref-functions-builtin.md (Window Functions)
# category: batch
from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("window-api").getOrCreate()
df = spark.createDataFrame(
    [("Lisa", "Sales", 10000, 35), ("Evan", "Sales", 32000, 38), ("Fred", "Engineering", 21000, 28),
     ("Alex", "Sales", 30000, 33), ("Tom", "Engineering", 23000, 33), ("Jane", "Marketing", 29000, 28),
     ("Jeff", "Marketing", 35000, 38), ("Paul", "Engineering", 29000, 23), ("Chloe", "Engineering", 23000, 25)],
    "name string, dept string, salary int, age int")
w = Window.partitionBy("dept").orderBy("salary")
running = w.rowsBetween(Window.unboundedPreceding, Window.currentRow)
df.select("dept", "name", "salary",
          F.sum("salary").over(running).alias("running"),
          F.avg("salary").over(w.rowsBetween(-1, 1)).alias("moving"),
          F.count("*").over(Window.partitionBy("dept").orderBy("age").rangeBetween(-5, 0)).alias("near_age"),
          F.percent_rank().over(w).alias("pr"),
          F.lag("salary", 1, 0).over(w).alias("prev"),
          F.lead("name", 2).over(w).alias("lead2")).orderBy("dept", "salary", "name").show()
df.select("name", F.row_number().over(Window.orderBy(F.desc("salary"), "name")).alias("rn"),
          F.max("salary").over(Window.partitionBy()).alias("top")).orderBy("rn").show()
df.withColumn("dept_total", F.sum("salary").over(Window.partitionBy("dept"))) \
  .withColumn("share", F.round(F.col("salary") / F.col("dept_total"), 3)).orderBy("name").show()
try:
    df.select(F.sum("salary").over(Window.partitionBy("dept").orderBy("name").rangeBetween(-1, 0))).show()
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.stop()
