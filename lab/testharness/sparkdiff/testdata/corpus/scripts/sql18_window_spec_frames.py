# Window specifications from the DataFrame API: row and range frames, ordering with
# direction and nulls, ranking and offset functions, and the refusal of a window function
# on a streaming DataFrame.
# source: python/pyspark/sql/window.py (Window.rowsBetween and rangeBetween docstrings) and docs/sql-ref-syntax-qry-select-window.md
# category: batch-sql
from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("window-frames").getOrCreate()

df = spark.createDataFrame(
    [(1, "a"), (1, "a"), (2, "a"), (1, "b"), (2, "b"), (3, "b")], ["id", "category"])

rows = Window.partitionBy("category").orderBy("id").rowsBetween(Window.currentRow, 1)
df.withColumn("sum", F.sum("id").over(rows)).sort("id", "category", "sum").show()

values = Window.partitionBy("category").orderBy("id").rangeBetween(Window.currentRow, 1)
df.withColumn("sum", F.sum("id").over(values)).sort("id", "category").show()

df.select("id", "category", F.sum("id").over(Window.orderBy("id").rangeBetween(-1, 0))).sort("id", "category").show(truncate=False)
df.select("id", "category", F.count("*").over(Window.partitionBy("category").orderBy("id").rowsBetween(-2, Window.unboundedFollowing))).sort("id", "category").show(truncate=False)

people = spark.createDataFrame([
    ("Lisa", "Sales", 10000), ("Evan", "Sales", 32000), ("Fred", "Engineering", 21000),
    ("Alex", "Sales", None), ("Tom", "Engineering", 23000), ("Jane", "Marketing", 29000),
    ("Jeff", "Marketing", 35000), ("Paul", "Engineering", 29000), ("Chloe", "Engineering", 23000),
], "name string, dept string, salary int")
by_salary = Window.partitionBy("dept").orderBy(F.desc("salary"))
(people.select("name", "dept", "salary",
               F.rank().over(by_salary).alias("rank"),
               F.dense_rank().over(by_salary).alias("dense"),
               F.percent_rank().over(by_salary).alias("pct"),
               F.lag("salary").over(by_salary).alias("prev"),
               F.lead("name", 1, "-").over(by_salary).alias("next"),
               F.first("name").over(by_salary).alias("top"),
               F.max("salary").over(Window.partitionBy("dept")).alias("max"))
 .orderBy("dept", "name").show())
people.select("name", F.row_number().over(Window.orderBy(F.asc_nulls_last("salary"), "name")).alias("n")).orderBy("n").show()
people.select(F.lag("salary", 1, 0).over(Window.partitionBy("dept").orderBy("name"))).printSchema()
people.createOrReplaceTempView("people")
spark.sql("SELECT name, dept, salary, avg(salary) OVER (PARTITION BY dept ORDER BY salary ROWS 1 PRECEDING) AS moving FROM people ORDER BY dept, name").show()

stream = spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 2).load()
numbered = stream.select("value", F.row_number().over(Window.partitionBy("value").orderBy("timestamp")).alias("rn"))
try:
    numbered.writeStream.format("console").start().awaitTermination()
except Exception as e:
    print(type(e).__name__, e.getCondition())
    print(e.getMessageParameters())
