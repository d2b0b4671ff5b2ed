# Inline tables with VALUES (with and without aliases, in FROM and as a whole query) and the
# table-valued functions range, explode, inline, posexplode and stack in FROM.
# source: docs/sql-ref-syntax-qry-select-inline-table.md; docs/sql-ref-syntax-qry-select-tvf.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("inline-tvf").getOrCreate()
sql = spark.sql
sql("SELECT * FROM VALUES ('one', 1)").show()
sql("SELECT * FROM VALUES ('one', 1) AS data(a, b)").show()
sql("SELECT * FROM VALUES ('one', 1), ('two', 2), ('three', null) AS data(a, b)").show()
sql("SELECT * FROM VALUES ('one', array(0, 1)), ('two', array(2, 3)) AS data(a, b)").show()
sql("VALUES (1, 'x'), (2, 'y')").show()
sql("SELECT * FROM range(6 + cos(3))").show()
sql("SELECT * FROM range(5, 10)").show()
sql("SELECT * FROM range(0, 10, 2, 200)").show()
sql("SELECT * FROM range(5, 8) AS test").show()
sql("SELECT * FROM explode(array(10, 20))").show()
sql("SELECT * FROM inline(array(struct(1, 'a'), struct(2, 'b')))").show()
sql("SELECT * FROM posexplode(array(10, 20))").show()
sql("SELECT * FROM stack(2, 1, 2, 3)").show()
sql("SELECT * FROM explode_outer(array())").show()
sql("SELECT cnt, agg FROM VALUES (1, 'a') AS t(cnt, agg) JOIN range(2) ON cnt = id").show()
sql("SELECT typeof(a), typeof(b) FROM VALUES (1, 1.5), (2L, 2) AS t(a, b)").show()
spark.stop()
