# spark.sql with Python-formatted fields and bound parameters, SQL comments and hints,
# the :: cast and table-valued functions in FROM.
# source: python/pyspark/sql/session.py (SparkSession.sql docstring); docs/sql-ref-syntax-qry-select-tvf.md; docs/sql-ref-syntax-comment.md; docs/sql-ref-datatypes.md
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql.functions import col

spark = SparkSession.builder.appName("sql parameters").getOrCreate()

df = spark.createDataFrame([(1, "a"), (2, "b"), (3, "it's")], "id int, s string")
spark.sql("SELECT * FROM {df} WHERE id > {n} ORDER BY id", df=df, n=1).show()
spark.sql("SELECT {c} FROM {df} WHERE s = {v}", df=df, c=df.s, v="it's").show()
spark.sql("SELECT {c}, {{1}} AS braces FROM {df} ORDER BY 1".replace("{{1}}", "1"), df=df, c=col("id")).show()
spark.sql("SELECT * FROM {df} WHERE id > :lo AND s != :skip ORDER BY id", {"lo": 1, "skip": "b"}, df=df).show()
spark.sql("SELECT ? + 1 AS x, ? AS y, ? AS z", args=[41, 2.5, None]).show()
spark.sql("SELECT :flag AS flag, ':flag' AS text", args={"flag": True}).show()
spark.sql("SELECT :x", args={"x": 10}).show()
try:
    spark.sql("SELECT :y AS y", args={"x": 1}).show()
except Exception as e:
    print(type(e).__name__, e.getCondition())
try:
    spark.sql("SELECT {c} FROM {df}", df=df, c=col("id") + 1)
except Exception as e:
    print(type(e).__name__, e.getCondition())

spark.sql("""
    -- the total of the first ten numbers
    SELECT sum(id) AS total /* a block comment */
    FROM range(10)  -- a table-valued function
""").show()
spark.sql("SELECT /*+ BROADCAST(r) */ count(*) AS n FROM range(1, 10, 3) AS r").show()
spark.sql("SELECT * FROM range(0, 6, 2, 3)").show()
spark.sql("SELECT 1::string AS a, '2.5'::double + 1 AS b, -3::int AS c, '12.345'::decimal(5,2) AS d, 7::string").show()
spark.sql("SELECT id::string AS s, id::bigint FROM range(2)").printSchema()
spark.sql("SELECT * FROM explode(array(10, 20))").show()
spark.sql("SELECT * FROM posexplode(array('x', 'y'))").show()
spark.sql("SELECT * FROM inline(array(struct(1, 'a'), struct(2, 'b')))").show()
spark.sql("SELECT * FROM stack(2, 'k1', 1, 'k2', 2)").show()
spark.sql("SELECT '--not a comment' AS a, '/* nor this */' AS b").show()

spark.stop()
