# PIVOT and UNPIVOT in Spark SQL, and DataFrame.unpivot / melt from the API reference.
# source: docs/sql-ref-syntax-qry-select-pivot.md, docs/sql-ref-syntax-qry-select-unpivot.md and python/pyspark/sql/dataframe.py (unpivot docstring)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("pivot-unpivot").getOrCreate()

spark.sql("""CREATE OR REPLACE TEMP VIEW person (id, name, age, class, address) AS
VALUES (100, 'John', 30, 1, 'Street 1'),
       (200, 'Mary', NULL, 1, 'Street 2'),
       (300, 'Mike', 80, 3, 'Street 3'),
       (400, 'Dan', 50, 4, 'Street 4')""")
spark.sql("""SELECT * FROM person
    PIVOT (SUM(age) AS a, AVG(class) AS c FOR name IN ('John' AS john, 'Mike' AS mike))
    ORDER BY id""").show()
spark.sql("""SELECT * FROM (SELECT id, name, age FROM person)
    PIVOT (max(age) FOR name IN ('John', 'Mary', 'Dan')) ORDER BY id""").show()

spark.sql("""CREATE OR REPLACE TEMP VIEW sales (location, year, q1, q2, q3, q4) AS
VALUES ('Santa Clara', 2018, NULL, 4, 6, 8),
       ('San Jose', 2019, 5, NULL, 9, 1)""")
spark.sql("""SELECT * FROM sales UNPIVOT (sales FOR quarter IN (q1, q2, q3, q4))
    ORDER BY location, quarter""").show()
spark.sql("""SELECT * FROM sales UNPIVOT INCLUDE NULLS (sales FOR quarter IN (q1 AS Q1, q2 AS Q2))
    ORDER BY location, quarter""").show()

df = spark.createDataFrame([(1, 11, 1.1), (2, 12, 1.2)], ["id", "int", "double"])
df.unpivot("id", ["int", "double"], "var", "val").orderBy("id", "var").show()
df.melt(ids=["id"], values=None, variableColumnName="var", valueColumnName="val").orderBy("id", "var").show()
df.unpivot("id", ["int", "double"], "var", "val").printSchema()
