# Window frames in SQL: ROWS BETWEEN with offsets, RANGE BETWEEN on a numeric order,
# RANGE with an INTERVAL on timestamps, and the default frame with and without ORDER BY.
# source: docs/sql-ref-syntax-qry-select-window.md (window_frame: ROWS, RANGE, UNBOUNDED, CURRENT ROW)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("window-frames").config("spark.sql.session.timeZone", "UTC").getOrCreate()

spark.sql("""CREATE OR REPLACE TEMP VIEW t AS SELECT * FROM VALUES
  ('a', 1, TIMESTAMP'2024-01-01 00:00:00'), ('a', 2, TIMESTAMP'2024-01-01 00:30:00'),
  ('a', 4, TIMESTAMP'2024-01-01 02:00:00'), ('b', 3, TIMESTAMP'2024-01-01 00:00:00'),
  ('b', 5, TIMESTAMP'2024-01-01 01:00:00') AS t(k, v, ts)""")
spark.sql("""SELECT k, v,
  sum(v) OVER (PARTITION BY k ORDER BY v ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS rows1,
  sum(v) OVER (PARTITION BY k ORDER BY v RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS range1,
  sum(v) OVER (PARTITION BY k ORDER BY v) AS running,
  sum(v) OVER (PARTITION BY k) AS total,
  count(*) OVER (PARTITION BY k ORDER BY ts RANGE BETWEEN INTERVAL 1 HOUR PRECEDING AND CURRENT ROW) AS last_hour,
  last_value(v) OVER (PARTITION BY k ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lastv
FROM t ORDER BY k, v""").show()
try:
    spark.sql("SELECT sum(v) OVER (ORDER BY k RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t").show()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
