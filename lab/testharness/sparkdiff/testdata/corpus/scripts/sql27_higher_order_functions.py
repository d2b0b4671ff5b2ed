# Higher-order functions over arrays and maps, in SQL with lambda syntax and in the
# DataFrame API with Python lambdas: transform, filter, exists, forall, aggregate,
# zip_with, array_sort with a comparator, map_filter, transform_keys / transform_values.
# source: docs/sql-ref-functions-builtin.md (Lambda functions) and python/pyspark/sql/functions/builtin.py (transform, aggregate, zip_with docstrings)
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("higher-order").getOrCreate()

spark.sql("SELECT transform(array(1, 2, 3), x -> x + 1) AS t, transform(array(1, 2, 3), (x, i) -> x + i) AS ti").show()
spark.sql("SELECT filter(array(1, 2, 3), x -> x % 2 == 1) AS odd, filter(array(0, 2, 3), (x, i) -> x > i) AS gt").show()
spark.sql("SELECT exists(array(1, 2, 3), x -> x % 2 == 0) AS e, forall(array(1, 2, 3), x -> x % 2 == 0) AS f, exists(array(1, null, 3), x -> x % 2 == 0) AS n").show()
spark.sql("SELECT aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x) AS s, aggregate(array(1, 2, 3), 0, (acc, x) -> acc + x, acc -> acc * 10) AS s10").show()
spark.sql("SELECT zip_with(array(1, 2), array(3, 4), (x, y) -> x + y) AS z, zip_with(array('a', 'b', 'c'), array('d', 'e'), (x, y) -> concat(x, y)) AS zz").show()
spark.sql("""SELECT array_sort(array(5, 6, 1), (left, right) -> CASE WHEN left < right THEN -1 WHEN left > right THEN 1 ELSE 0 END) AS asc_sorted,
                    array_sort(array('bc', 'ab', 'dc'), (left, right) -> CASE WHEN left < right THEN 1 WHEN left > right THEN -1 ELSE 0 END) AS desc_sorted""").show(truncate=False)
spark.sql("SELECT map_filter(map(1, 0, 2, 2, 3, -1), (k, v) -> k > v) AS mf").show()
spark.sql("SELECT transform_keys(map_from_arrays(array(1, 2, 3), array(1, 2, 3)), (k, v) -> k + 1) AS tk, transform_values(map_from_arrays(array(1, 2, 3), array(1, 2, 3)), (k, v) -> v * 10) AS tv").show(truncate=False)
spark.sql("SELECT map_zip_with(map(1, 'a', 2, 'b'), map(1, 'x', 2, 'y'), (k, v1, v2) -> concat(v1, v2)) AS mz").show()
spark.sql("SELECT reduce(array(1, 2, 3), 0, (acc, x) -> acc + x) AS r").show()

df = spark.createDataFrame([(1, [1, 2, 3, 4], [1.0, 3.0], {"foo": -2.0, "bar": 2.0})], ("key", "values", "ws", "data"))
df.select(F.transform("values", lambda x: x * 2).alias("doubled")).show()
df.select(F.transform("values", lambda x, i: F.when(i % 2 == 0, x).otherwise(-x)).alias("alternating")).show()
df.select(F.filter("values", lambda x: x > 2).alias("big"), F.exists("values", lambda x: x < 0).alias("any_neg"), F.forall("values", lambda x: x > 0).alias("all_pos")).show()
df.select(F.aggregate("ws", F.lit(0.0), lambda acc, x: acc + x).alias("sum")).show()
df.select(F.aggregate("values", F.struct(F.lit(0).alias("count"), F.lit(0.0).alias("sum")),
                      lambda acc, x: F.struct((acc["count"] + 1).alias("count"), (acc["sum"] + x).alias("sum")),
                      lambda acc: acc["sum"] / acc["count"]).alias("mean")).show()
df.select(F.zip_with("values", "ws", lambda x, y: x * y).alias("products")).show(truncate=False)
df.select(F.map_filter("data", lambda _, v: v > 0.0).alias("positive")).show()
df.select(F.transform_values("data", lambda k, v: F.when(k.isin("foo"), v + 10.0).otherwise(v)).alias("new_data")).show(truncate=False)
df.select(F.transform_keys("data", lambda k, _: F.upper(k)).alias("upper_keys")).show(truncate=False)
df.select(F.array_sort("values", lambda x, y: F.when(x < y, 1).when(x > y, -1).otherwise(0)).alias("desc")).show()
df.select(F.transform("values", lambda x: x + 1)).printSchema()
