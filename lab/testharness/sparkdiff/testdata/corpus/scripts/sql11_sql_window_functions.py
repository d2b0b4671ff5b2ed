# Temporary views and SQL with window functions: rank per department, running totals, lag.
# source: docs/sql-ref-syntax-qry-select-window.md (examples) and docs/sql-getting-started.md (Running SQL Queries Programmatically)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("sql-window").getOrCreate()

employees = spark.createDataFrame([
    ("Lisa", "Sales", 10000, 35), ("Evan", "Sales", 32000, 38), ("Fred", "Engineering", 21000, 28),
    ("Alex", "Sales", 30000, 33), ("Tom", "Engineering", 23000, 33), ("Jane", "Marketing", 29000, 28),
    ("Jeff", "Marketing", 35000, 38), ("Paul", "Engineering", 29000, 23), ("Chloe", "Engineering", 23000, 25),
], "name string, dept string, salary int, age int")
employees.createOrReplaceTempView("employees")

spark.sql("""
    SELECT name, dept, salary,
           RANK() OVER (PARTITION BY dept ORDER BY salary) AS rank,
           DENSE_RANK() OVER (PARTITION BY dept ORDER BY salary) AS dense_rank
    FROM employees ORDER BY dept, salary, name""").show()
spark.sql("""
    SELECT name, dept, age, salary,
           SUM(salary) OVER (PARTITION BY dept ORDER BY age ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running,
           LAG(salary) OVER (PARTITION BY dept ORDER BY salary, name) AS lag
    FROM employees ORDER BY dept, age, name""").show()
spark.sql("SELECT dept, count(*) AS n, avg(salary) AS avg_salary FROM employees GROUP BY dept ORDER BY dept").show()
