# QUALIFY filters on a window function's result; a named WINDOW clause shares a spec.
# source: docs/sql-ref-syntax-qry-select-qualify.md; docs/sql-ref-syntax-qry-select-window.md (named window)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("qualify").getOrCreate()

spark.createDataFrame(
    [("Lisa", "Sales", 10000, 35), ("Evan", "Sales", 32000, 38), ("Fred", "Engineering", 21000, 28),
     ("Alex", "Sales", 30000, 33), ("Tom", "Engineering", 23000, 33), ("Jane", "Marketing", 29000, 28),
     ("Jeff", "Marketing", 35000, 38), ("Paul", "Engineering", 29000, 23), ("Chloe", "Engineering", 23000, 25)],
    "name string, dept string, salary int, age int").createOrReplaceTempView("employees")
spark.sql("""SELECT name, dept, salary, rank() OVER (PARTITION BY dept ORDER BY salary DESC) AS r
FROM employees QUALIFY r = 1 ORDER BY dept""").show()
spark.sql("""SELECT name, dept, salary FROM employees
QUALIFY row_number() OVER (PARTITION BY dept ORDER BY salary) <= 2 ORDER BY dept, salary""").show()
spark.sql("""SELECT name, dept, salary, min(salary) OVER w AS lo, max(salary) OVER w AS hi
FROM employees WINDOW w AS (PARTITION BY dept) ORDER BY dept, name""").show()
spark.stop()
