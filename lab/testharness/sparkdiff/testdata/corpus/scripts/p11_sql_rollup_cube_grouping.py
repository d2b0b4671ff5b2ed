# GROUP BY ROLLUP, CUBE and GROUPING SETS in SQL with grouping() and grouping_id(), and
# the DataFrame rollup/cube equivalents.
# source: docs/sql-ref-syntax-qry-select-groupby.md (ROLLUP, CUBE, GROUPING SETS examples); python/pyspark/sql/functions/builtin.py (grouping, grouping_id docstrings)
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("rollup-cube").getOrCreate()

spark.createDataFrame(
    [(100, "Fremont", "Honda Civic", 10), (100, "Fremont", "Honda Accord", 15),
     (200, "Dublin", "Honda Civic", 20), (200, "Dublin", "Honda Accord", 10),
     (300, "San Jose", "Honda Civic", 5), (300, "San Jose", "Honda Accord", 8)],
    "id int, city string, car_model string, quantity int").createOrReplaceTempView("dealer")
spark.sql("""SELECT city, car_model, sum(quantity) AS sum FROM dealer
GROUP BY city, car_model WITH ROLLUP ORDER BY city NULLS LAST, car_model NULLS LAST""").show()
spark.sql("""SELECT city, car_model, sum(quantity) AS sum, grouping(city) AS gc, grouping_id() AS gid FROM dealer
GROUP BY CUBE(city, car_model) ORDER BY gid, city, car_model""").show()
spark.sql("""SELECT city, car_model, sum(quantity) AS sum FROM dealer
GROUP BY GROUPING SETS ((city), (car_model), ()) ORDER BY city NULLS FIRST, car_model NULLS FIRST""").show()
d = spark.table("dealer")
d.rollup("city").agg(F.sum("quantity").alias("q"), F.grouping_id().alias("g")).orderBy("g", "city").show()
d.cube("car_model").count().orderBy(F.col("car_model").asc_nulls_first()).show()
spark.stop()
