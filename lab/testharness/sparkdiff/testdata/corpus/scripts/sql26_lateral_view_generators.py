# Generators: LATERAL VIEW explode / posexplode / OUTER in SQL, explode_outer, posexplode,
# inline and stack, and exploding a map.
# source: docs/sql-ref-syntax-qry-select-lateral-view.md and python/pyspark/sql/functions/builtin.py (explode_outer, posexplode, inline, stack docstrings)
# category: batch-sql
from pyspark.sql import SparkSession, Row
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("generators").getOrCreate()

spark.sql("""CREATE OR REPLACE TEMP VIEW person (id, name, age, class, address) AS
VALUES (100, 'John', 30, 1, 'Street 1'),
       (200, 'Mary', NULL, 1, 'Street 2'),
       (300, 'Mike', 80, 3, 'Street 3'),
       (400, 'Dan', 50, 4, 'Street 4')""")
spark.sql("""SELECT * FROM person
    LATERAL VIEW EXPLODE(ARRAY(30, 60)) tableName AS c_age
    LATERAL VIEW EXPLODE(ARRAY(40, 80)) AS d_age
    ORDER BY id, c_age, d_age""").show()
spark.sql("""SELECT c_age, COUNT(1) FROM person
    LATERAL VIEW EXPLODE(ARRAY(30, 60)) AS c_age
    LATERAL VIEW EXPLODE(ARRAY(40, 80)) AS d_age
    GROUP BY c_age ORDER BY c_age""").show()
spark.sql("SELECT id, c_age FROM person LATERAL VIEW EXPLODE(ARRAY()) tableName AS c_age").show()
spark.sql("SELECT id, c_age FROM person LATERAL VIEW OUTER EXPLODE(ARRAY()) tableName AS c_age ORDER BY id").show()
spark.sql("SELECT id, pos, v FROM person LATERAL VIEW posexplode(array('x', 'y')) t AS pos, v WHERE id < 300 ORDER BY id, pos").show()
spark.sql("SELECT explode(map('a', 1, 'b', 2)), 'z' AS z").show()
spark.sql("SELECT stack(2, 1, 2, 3) AS (x, y)").show()
spark.sql("SELECT inline(array(struct(1, 'a'), struct(2, 'b')))").show()

df = spark.createDataFrame([(1, ["foo", "bar"], {"x": 1.0}), (2, [], {}), (3, None, None)], ("id", "an_array", "a_map"))
df.select("id", "an_array", F.explode_outer("a_map")).orderBy("id").show()
df.select("id", "a_map", F.explode_outer("an_array")).orderBy("id").show()
df.select("id", F.posexplode("an_array")).orderBy("id", "pos").show()
df.select("id", F.posexplode_outer("an_array").alias("p", "v")).orderBy("id", "p").show()
rows = spark.createDataFrame([Row(structlist=[Row(a=1, b=2), Row(a=3, b=4)])])
rows.select(F.inline(rows.structlist)).show()
spark.createDataFrame([(1, 2, 3)], ["a", "b", "c"]).select(F.stack(F.lit(2), "a", "b", "c")).show()
