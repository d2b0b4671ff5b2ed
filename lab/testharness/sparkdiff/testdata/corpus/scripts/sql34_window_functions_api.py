# Window functions from the functions reference on a batch DataFrame: ntile, cume_dist,
# nth_value, lag/lead with offsets and defaults, first/last with ignorenulls, running and
# moving aggregates with unbounded and value-range frames, and a window in spark.sql with
# a named WINDOW clause and QUALIFY.
# source: python/pyspark/sql/functions/builtin.py (ntile, cume_dist, nth_value, lag, lead, first, last docstrings) and docs/sql-ref-syntax-qry-select-window.md
# category: batch-sql
from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("window-functions").getOrCreate()

df = spark.createDataFrame([("a", 1), ("a", 2), ("a", 3), ("b", 8), ("b", 2)], ["c1", "c2"])
w = Window.partitionBy("c1").orderBy("c2")
df.withColumn("ntile", F.ntile(2).over(w)).orderBy("c1", "c2").show()
df.withColumn("cd", F.cume_dist().over(w)).orderBy("c1", "c2").show()
df.withColumn("nth_value", F.nth_value("c2", 1).over(w)).orderBy("c1", "c2").show()
df.withColumn("nth_value", F.nth_value("c2", 2).over(w)).orderBy("c1", "c2").show()
df.withColumn("previous_value", F.lag("c2").over(w)).orderBy("c1", "c2").show()
df.withColumn("previous_value", F.lag("c2", 1, 0).over(w)).orderBy("c1", "c2").show()
df.withColumn("previous_value", F.lag("c2", 2, -1).over(w)).orderBy("c1", "c2").show()
df.withColumn("next_value", F.lead("c2").over(w)).orderBy("c1", "c2").show()
df.withColumn("next_value", F.lead("c2", 2, -1).over(w)).orderBy("c1", "c2").show()

gaps = spark.createDataFrame([("a", 1, None), ("a", 2, 10), ("a", 3, None), ("a", 4, 30), ("b", 1, 5)], "k string, t int, v int")
wt = Window.partitionBy("k").orderBy("t")
whole = wt.rowsBetween(Window.unboundedPreceding, Window.unboundedFollowing)
gaps.select("k", "t", "v",
            F.last("v", ignorenulls=True).over(wt).alias("filled"),
            F.first("v").over(whole).alias("first"),
            F.first("v", ignorenulls=True).over(whole).alias("first_nn"),
            F.last("v").over(whole).alias("last"),
            F.sum("v").over(wt).alias("running"),
            F.avg("v").over(wt.rowsBetween(-1, 1)).alias("moving"),
            F.count("v").over(wt.rangeBetween(-1, Window.currentRow)).alias("range_n"),
            F.collect_list("v").over(wt).alias("so_far")).orderBy("k", "t").show(truncate=False)

spark.sql("""CREATE OR REPLACE TEMP VIEW employees (name, dept, salary, age) AS
VALUES ('Lisa', 'Sales', 10000, 35), ('Evan', 'Sales', 32000, 38), ('Fred', 'Engineering', 21000, 28),
       ('Alex', 'Sales', 30000, 33), ('Tom', 'Engineering', 23000, 33), ('Jane', 'Marketing', 29000, 28),
       ('Jeff', 'Marketing', 35000, 38), ('Paul', 'Engineering', 29000, 23), ('Chloe', 'Engineering', 23000, 25)""")
spark.sql("""SELECT name, dept, salary, RANK() OVER (PARTITION BY dept ORDER BY salary) AS rank FROM employees ORDER BY dept, salary, name""").show()
spark.sql("""SELECT name, dept, salary, DENSE_RANK() OVER (PARTITION BY dept ORDER BY salary ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS dense_rank FROM employees ORDER BY dept, salary, name""").show()
spark.sql("""SELECT name, dept, age, CUME_DIST() OVER (PARTITION BY dept ORDER BY age RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cume_dist FROM employees ORDER BY dept, age, name""").show()
spark.sql("""SELECT name, dept, salary, MIN(salary) OVER (PARTITION BY dept ORDER BY salary) AS min FROM employees ORDER BY dept, salary, name""").show()
spark.sql("""SELECT name, salary, LAG(salary) OVER (PARTITION BY dept ORDER BY salary) AS lag, LEAD(salary, 1, 0) OVER (PARTITION BY dept ORDER BY salary) AS lead FROM employees ORDER BY dept, salary, name""").show()
spark.sql("""SELECT name, dept, sum(salary) OVER w AS total, row_number() OVER w AS rn FROM employees
    WINDOW w AS (PARTITION BY dept ORDER BY salary, name) ORDER BY dept, rn""").show()
spark.sql("""SELECT name, dept, salary FROM employees QUALIFY row_number() OVER (PARTITION BY dept ORDER BY salary DESC) = 1 ORDER BY dept""").show()
