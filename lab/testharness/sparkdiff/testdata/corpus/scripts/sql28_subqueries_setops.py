# Subqueries and set operators in Spark SQL: a scalar subquery, IN and NOT IN, EXISTS and
# NOT EXISTS with a correlated condition, a subquery in FROM, and UNION / INTERSECT /
# EXCEPT / MINUS with and without ALL.
# source: docs/sql-ref-syntax-qry-select-subqueries.md, docs/sql-ref-syntax-qry-select-setops.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("subqueries").getOrCreate()

spark.sql("CREATE OR REPLACE TEMP VIEW number1(c) AS VALUES (3), (1), (2), (2), (3), (4)")
spark.sql("CREATE OR REPLACE TEMP VIEW number2(c) AS VALUES (5), (1), (1), (2)")
for q in ["SELECT c FROM number1 EXCEPT SELECT c FROM number2",
          "SELECT c FROM number1 MINUS SELECT c FROM number2",
          "SELECT c FROM number1 EXCEPT ALL (SELECT c FROM number2)",
          "SELECT c FROM number1 INTERSECT SELECT c FROM number2",
          "SELECT c FROM number1 INTERSECT ALL (SELECT c FROM number2)",
          "SELECT c FROM number1 UNION SELECT c FROM number2",
          "SELECT c FROM number1 UNION ALL (SELECT c FROM number2)"]:
    print(q)
    spark.sql("SELECT * FROM (" + q + ") ORDER BY c").show()

spark.sql("""CREATE OR REPLACE TEMP VIEW emp (id, name, dept, salary) AS
VALUES (1, 'Ann', 10, 5000), (2, 'Ben', 20, 3000), (3, 'Cid', 10, 4000), (4, 'Dee', 30, 6000), (5, 'Eve', NULL, 2000)""")
spark.sql("CREATE OR REPLACE TEMP VIEW dept (dept, title) AS VALUES (10, 'Sales'), (20, 'Ops'), (40, 'Legal')")
spark.sql("SELECT name, salary, (SELECT max(salary) FROM emp) - salary AS gap FROM emp ORDER BY id").show()
spark.sql("SELECT name FROM emp WHERE dept IN (SELECT dept FROM dept) ORDER BY name").show()
spark.sql("SELECT name FROM emp WHERE dept NOT IN (SELECT dept FROM dept WHERE dept IS NOT NULL) ORDER BY name").show()
spark.sql("SELECT title FROM dept d WHERE EXISTS (SELECT 1 FROM emp e WHERE e.dept = d.dept) ORDER BY title").show()
spark.sql("SELECT title FROM dept d WHERE NOT EXISTS (SELECT 1 FROM emp e WHERE e.dept = d.dept) ORDER BY title").show()
spark.sql("""SELECT name, salary FROM emp e
    WHERE salary > (SELECT avg(salary) FROM emp i WHERE i.dept = e.dept) ORDER BY name""").show()
spark.sql("SELECT d, total FROM (SELECT dept AS d, sum(salary) AS total FROM emp GROUP BY dept) t WHERE total > 3000 ORDER BY d").show()
spark.sql("SELECT name, (SELECT title FROM dept d WHERE d.dept = e.dept) AS title FROM emp e ORDER BY id").show()
spark.sql("SELECT * FROM VALUES (1, 'a'), (2, 'b') AS t(k, v) ORDER BY k DESC").show()
spark.sql("SELECT dept, name FROM emp ORDER BY dept NULLS LAST, name LIMIT 3 OFFSET 1").show()
