# Literals and identifiers: typed numeric suffixes (Y, S, L, BD, D, F), exponents, decimal
# precision, string escapes and raw strings, hex binary, boolean/null, date/timestamp
# literals, interval literals of both families, backticked identifiers with spaces and dots.
# source: docs/sql-ref-literals.md; docs/sql-ref-identifier.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("literals").config("spark.sql.session.timeZone", "UTC").getOrCreate()
sql = spark.sql
sql("SELECT 1Y, 2S, 3L, 4BD, 5D, 6F, 7.0, 1E10, -.5, 2.5e-3 AS e").printSchema()
sql("SELECT 1Y, 2S, 3L, 4BD, 5D, 6F, 7.0, 1E10, -.5, 2.5e-3 AS e").show()
sql("SELECT typeof(123456789012), typeof(12345678901234567890), typeof(1.23), typeof(1e0)").show(truncate=False)
sql(r"""SELECT 'it\'s' AS a, "dq" AS b, 'tab\there' AS c, r'raw\n' AS d, 'a' 'b' AS e""").show()
sql("SELECT X'123456' AS bin, typeof(X'1') AS t, TRUE AND NULL AS tn, NULL AS n").show()
sql("SELECT DATE '1997' AS d1, DATE '1997-01' AS d2, DATE '2011-11-11' AS d3").show()
sql("SELECT TIMESTAMP '1997-01-31 09:26:56.123' AS t1, TIMESTAMP '1997-01' AS t2, TIMESTAMP_NTZ '2020-01-01 01:02:03' AS t3").show(truncate=False)
sql("SELECT INTERVAL '1-2' YEAR TO MONTH AS ym, INTERVAL '3 4:05:06.7' DAY TO SECOND AS ds").show(truncate=False)
sql("SELECT INTERVAL 3 YEAR AS y, INTERVAL -2 HOUR AS h, INTERVAL '10' MINUTE AS m").show(truncate=False)
sql("SELECT 1 AS `a b`, 2 AS `x.y`, 3 AS `back``tick`").show()
print(sql("SELECT 1 AS `a b`, 2 AS `x.y`").columns)
sql("SELECT `x.y` FROM (SELECT 2 AS `x.y`)").show()
for q in ["SELECT 128Y", "SELECT DATE '2020-13-01'", "SELECT INTERVAL '1' FORTNIGHT"]:
    try:
        sql(q).show()
    except Exception as e:
        print(type(e).__name__, e.getCondition())
spark.stop()
