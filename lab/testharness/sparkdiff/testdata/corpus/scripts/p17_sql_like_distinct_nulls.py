# LIKE / ILIKE / RLIKE with ANY and ALL, ESCAPE; SELECT DISTINCT; NULL semantics of
# comparisons, <=>, IN with NULL, and count/sum over NULLs.
# source: docs/sql-ref-syntax-qry-select-like.md (examples); docs/sql-ref-null-semantics.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("like-nulls").getOrCreate()

spark.createDataFrame([(100, "John", 30), (200, "Mary", None), (300, "Mike", 80), (400, "Dan", 50),
                       (500, "Evan_w", 16)], "id int, name string, age int").createOrReplaceTempView("person")
for w in ["name LIKE 'M%'", "name LIKE 'M_ry'", "name NOT LIKE 'M_ry'", "name RLIKE 'M+'",
          "name LIKE '%\\_%'", "name LIKE '%$_%' ESCAPE '$'", "name LIKE ALL ('%an%', '%an')",
          "name LIKE ANY ('%an%', '%an')", "name NOT LIKE ANY ('%an%', '%an')", "name ILIKE 'j%'"]:
    print(w, [r.name for r in spark.sql(f"SELECT name FROM person WHERE {w} ORDER BY id").collect()])
spark.sql("SELECT DISTINCT age > 40 AS old FROM person ORDER BY old").show()
spark.sql("""SELECT 5 > null AS a, null = null AS b, null <=> null AS c, 1 IN (2, null) AS d,
  1 IN (1, null) AS e, 1 NOT IN (2, null) AS f, null AND false AS g, null OR true AS h""").show()
spark.sql("SELECT count(*), count(age), sum(age), avg(age), max(age) FROM person").show()
spark.stop()
