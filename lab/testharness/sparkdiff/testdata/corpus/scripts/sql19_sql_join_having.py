# spark.sql joining temporary views with JOIN ... ON (inner, left, right, full outer, left
# semi, left anti), aggregating with GROUP BY ... HAVING, ordered and limited.
# source: docs/sql-ref-syntax-qry-select-join.md and docs/sql-ref-syntax-qry-select-having.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("sql-join-having").getOrCreate()

spark.createDataFrame([(100, "John", 30, 1), (200, "Mary", None, 1), (300, "Mike", 80, 3), (400, "Jerry", None, 4),
                       (500, "Kent", None, 2), (600, "Zach", 200, 5)],
                      "id int, name string, salary int, deptno int").createOrReplaceTempView("employee")
spark.createDataFrame([(1, "Marketing"), (2, "Sales"), (3, "Engineering"), (9, "Legal")],
                      "deptno int, deptname string").createOrReplaceTempView("department")

spark.sql("""SELECT e.id, e.name, d.deptname FROM employee e JOIN department d ON e.deptno = d.deptno
             ORDER BY e.id""").show()
spark.sql("""SELECT e.id, e.name, d.deptname FROM employee AS e LEFT OUTER JOIN department AS d
             ON e.deptno = d.deptno ORDER BY e.id""").show()
spark.sql("""SELECT e.name, d.deptno, d.deptname FROM employee e RIGHT JOIN department d
             ON e.deptno = d.deptno ORDER BY d.deptno, e.name""").show()
spark.sql("""SELECT e.id, d.deptname FROM employee e FULL OUTER JOIN department d ON e.deptno = d.deptno
             ORDER BY e.id NULLS LAST, d.deptname""").show()
spark.sql("SELECT * FROM employee e LEFT SEMI JOIN department d ON e.deptno = d.deptno ORDER BY id").show()
spark.sql("SELECT id, name FROM employee e LEFT ANTI JOIN department d ON e.deptno = d.deptno ORDER BY id").show()
spark.sql("SELECT deptno, count(*) AS n FROM employee GROUP BY deptno HAVING count(*) > 1 ORDER BY deptno").show()
spark.sql("""SELECT d.deptname, count(e.id) AS people, max(e.salary) AS top FROM department d
             LEFT JOIN employee e ON d.deptno = e.deptno AND e.salary IS NOT NULL
             GROUP BY d.deptname HAVING people >= 1 ORDER BY top DESC LIMIT 2""").show()
spark.sql("SELECT deptno, sum(salary) AS total FROM employee GROUP BY deptno HAVING sum(salary) > 50 ORDER BY deptno").show()
