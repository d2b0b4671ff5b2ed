# The join kinds of the Spark SQL reference on its employee/department example: INNER,
# LEFT, RIGHT, FULL, CROSS, SEMI, ANTI, USING, NATURAL, and a self-join with aliases, in
# SQL and with the DataFrame API's join on a list of columns and on an expression.
# source: docs/sql-ref-syntax-qry-select-join.md (examples) and python/pyspark/sql/dataframe.py (join, alias docstrings)
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("join-kinds").getOrCreate()

spark.sql("""CREATE OR REPLACE TEMP VIEW employee(id, name, deptno) AS
VALUES (105, 'Chloe', 5), (103, 'Paul', 3), (101, 'John', 1), (102, 'Lisa', 2), (104, 'Evan', 4), (106, 'Amy', 6)""")
spark.sql("""CREATE OR REPLACE TEMP VIEW department(deptno, deptname) AS
VALUES (3, 'Engineering'), (2, 'Sales'), (1, 'Marketing')""")
for kind in ["INNER JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "SEMI JOIN", "ANTI JOIN", "LEFT SEMI JOIN", "LEFT ANTI JOIN"]:
    cols = "id, emp.name" if "SEMI" in kind or "ANTI" in kind else "id, emp.name, dept.deptno, deptname"
    print(kind)
    spark.sql("SELECT " + cols + " FROM employee emp " + kind + " department dept ON emp.deptno = dept.deptno ORDER BY id NULLS FIRST, 2").show()
spark.sql("SELECT id, name, deptname FROM employee CROSS JOIN department WHERE id < 102 ORDER BY id, deptname").show()
spark.sql("SELECT * FROM employee JOIN department USING (deptno) ORDER BY id").show()
spark.sql("SELECT * FROM employee NATURAL JOIN department ORDER BY id").show()
spark.sql("SELECT * FROM employee FULL OUTER JOIN department USING (deptno) ORDER BY deptno").show()
spark.sql("SELECT a.name, b.name AS next FROM employee a JOIN employee b ON a.id + 1 = b.id ORDER BY a.id").show()

df = spark.createDataFrame([(2, "Alice"), (5, "Bob")]).toDF("age", "name")
df2 = spark.createDataFrame([(80, "Tom"), (85, "Bob")], ["height", "name"])
df3 = spark.createDataFrame([(2, "Alice"), (5, "Bob")], ["age", "name"])
df.join(df2, "name").show()
df.join(df2, ["name"], "outer").orderBy("name").show()
df.join(df2, df.name == df2.name, "outer").select(df.name, df2.height).orderBy(F.desc("height")).show()
df.join(df3, [df.name == df3.name, df.age == df3.age], "outer").orderBy(df.age).show()
df.join(df2, "name", "left_semi").show()
df.join(df2, "name", "leftanti").show()
df_as1 = df.alias("df_as1")
df_as2 = df.alias("df_as2")
joined = df_as1.join(df_as2, F.col("df_as1.name") == F.col("df_as2.name"), "inner")
joined.select("df_as1.name", "df_as2.name", "df_as2.age").orderBy("df_as1.name").show()
print(df.crossJoin(df2.select("height")).orderBy("age", "height").collect())
