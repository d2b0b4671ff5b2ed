# Dates and times with Spark's datetime patterns and intervals, in a fixed session time
# zone: date_format, to_date / to_timestamp with formats, unix_timestamp / from_unixtime,
# date_trunc / trunc, add_months / months_between / datediff / last_day / next_day,
# make_date / make_timestamp, INTERVAL literals and timestamp arithmetic.
# source: docs/sql-ref-datetime-pattern.md, docs/sql-ref-literals.md (Interval literal) and python/pyspark/sql/functions/builtin.py (date_format, to_timestamp, date_trunc docstrings)
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("datetime").getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "America/Los_Angeles")

df = spark.createDataFrame([("2015-04-08 13:08:15",)], ["dt"])
df.select(F.date_format("dt", "MM/dd/yyy").alias("date")).show()
df.select(F.date_format("dt", "yyyy-MM-dd HH:mm:ss EEE").alias("a"), F.date_format("dt", "EEEE d MMMM yy").alias("b"),
          F.date_format("dt", "hh:mm a").alias("c"), F.date_format("dt", "D QQQ").alias("d")).show(truncate=False)
df.select(F.to_date(df.dt).alias("date"), F.to_timestamp(df.dt).alias("ts"), F.to_date(F.lit("08/04/2015"), "dd/MM/yyyy").alias("d2")).show()
df.select(F.to_timestamp(F.lit("2015-04-08T13:08:15.123"), "yyyy-MM-dd'T'HH:mm:ss.SSS").alias("ts")).show(truncate=False)
df.select(F.unix_timestamp("dt").alias("u"), F.unix_timestamp(F.lit("2015-04-08"), "yyyy-MM-dd").alias("u2")).show()
spark.createDataFrame([(1428476400,)], ["unix_time"]).select(F.from_unixtime("unix_time").alias("ts"), F.from_unixtime("unix_time", "yyyy/MM/dd HH").alias("f")).show()
spark.createDataFrame([("1997-02-28 05:02:11",)], ["t"]).select(
    F.date_trunc("year", "t").alias("year"), F.date_trunc("mon", "t").alias("month"), F.date_trunc("hour", "t").alias("hour"),
    F.trunc("t", "year").alias("ty"), F.trunc("t", "mon").alias("tm")).show()
d = spark.createDataFrame([("2015-04-08", "1997-02-28 10:30:00")], ["d", "t"])
d.select(F.add_months("d", 1).alias("am"), F.months_between("t", "d").alias("mb"), F.datediff("d", "t").alias("dd"),
         F.last_day("d").alias("ld"), F.next_day("d", "Sun").alias("nd"), F.date_add("d", -3).alias("da"),
         F.dayofweek("d").alias("dow"), F.weekofyear("d").alias("woy"), F.quarter("d").alias("q")).show()
spark.createDataFrame([(2020, 6, 26, 12, 30, 45.887)], ["y", "m", "d", "h", "mi", "s"]).select(
    F.make_date("y", "m", "d").alias("md"), F.make_timestamp("y", "m", "d", "h", "mi", "s").alias("mt")).show(truncate=False)

spark.sql("SELECT TIMESTAMP'2024-03-10 01:30:00' + INTERVAL 1 HOUR AS dst, DATE'2024-01-31' + INTERVAL 1 MONTH AS m").show()
spark.sql("SELECT INTERVAL '2 10:20' DAY TO MINUTE AS a, INTERVAL '1-2' YEAR TO MONTH AS b, INTERVAL 3 DAYS AS c").show(truncate=False)
spark.sql("SELECT TIMESTAMP'2024-01-02 00:00:00' - TIMESTAMP'2024-01-01 12:00:00' AS diff, DATE'2024-03-01' - DATE'2024-02-01' AS ddiff").show(truncate=False)
spark.sql("SELECT timestampadd(MINUTE, 90, TIMESTAMP'2024-01-01 00:00:00') AS a, timestampdiff(HOUR, TIMESTAMP'2024-01-01 00:00:00', TIMESTAMP'2024-01-02 06:00:00') AS b, date_part('DOY', DATE'2024-12-31') AS c, extract(YEAR FROM DATE'2024-12-31') AS y").show()
spark.sql("SELECT from_utc_timestamp(TIMESTAMP'2024-06-01 12:00:00', 'Asia/Tokyo') AS tokyo, to_utc_timestamp(TIMESTAMP'2024-06-01 12:00:00', 'Asia/Tokyo') AS utc").show()
spark.sql("SELECT CAST(TIMESTAMP'2024-06-01 12:00:00' AS LONG) AS epoch, CAST(0 AS TIMESTAMP) AS zero, timestamp_seconds(1230219000) AS ts").show()
spark.sql("SELECT to_timestamp('2024-13-01', 'yyyy-MM-dd') AS bad").show()
