# GROUP BY in Spark SQL: GROUPING SETS, ROLLUP, CUBE, grouping() and grouping_id(),
# an aggregate with a FILTER clause, HAVING, and GROUP BY ALL / by position.
# source: docs/sql-ref-syntax-qry-select-groupby.md (examples) and docs/sql-ref-syntax-qry-select-having.md
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("grouping-sets").getOrCreate()

spark.sql("""CREATE OR REPLACE TEMP VIEW dealer (id, city, car_model, quantity) AS
VALUES (100, 'Fremont', 'Honda Civic', 10),
       (100, 'Fremont', 'Honda Accord', 15),
       (100, 'Fremont', 'Honda CRV', 7),
       (200, 'Dublin', 'Honda Civic', 20),
       (200, 'Dublin', 'Honda Accord', 10),
       (200, 'Dublin', 'Honda CRV', 3),
       (300, 'San Jose', 'Honda Civic', 5),
       (300, 'San Jose', 'Honda Accord', 8)""")
spark.sql("SELECT id, sum(quantity) FROM dealer GROUP BY id ORDER BY id").show()
spark.sql("SELECT id, sum(quantity) FILTER (WHERE car_model IN ('Honda Civic', 'Honda CRV')) AS `sum(quantity)` FROM dealer GROUP BY id ORDER BY id").show()
spark.sql("""SELECT city, car_model, sum(quantity) AS sum FROM dealer
    GROUP BY GROUPING SETS ((city, car_model), (city), (car_model), ())
    ORDER BY city, car_model""").show()
spark.sql("SELECT city, car_model, sum(quantity) AS sum FROM dealer GROUP BY city, car_model WITH ROLLUP ORDER BY city, car_model").show()
spark.sql("SELECT city, car_model, sum(quantity) AS sum FROM dealer GROUP BY CUBE(city, car_model) ORDER BY city, car_model").show()
spark.sql("""SELECT city, car_model, grouping(city) AS gc, grouping_id(city, car_model) AS gid, sum(quantity) AS sum
    FROM dealer GROUP BY ROLLUP(city, car_model) ORDER BY gid, city, car_model""").show()
spark.sql("SELECT city, sum(quantity) AS sum FROM dealer GROUP BY city HAVING sum(quantity) > 15 ORDER BY city").show()
spark.sql("SELECT city, max(quantity) AS m FROM dealer GROUP BY 1 HAVING m > 10 ORDER BY 1").show()
spark.sql("SELECT city, count(*) AS n FROM dealer GROUP BY ALL ORDER BY city").show()
spark.sql("SELECT count(DISTINCT city), approx_count_distinct(car_model), max_by(car_model, quantity), min_by(city, quantity) FROM dealer").show()

df = spark.table("dealer")
df.groupBy("city").agg(F.sum("quantity").alias("q"), F.countDistinct("car_model").alias("models")).orderBy("city").show()
df.rollup("city", "car_model").agg(F.grouping_id().alias("gid"), F.sum("quantity")).orderBy("gid", "city", "car_model").show()
df.cube("city").agg(F.grouping("city"), F.sum("quantity")).orderBy("city").show()
df.groupingSets([["city"], []], "city").agg(F.sum("quantity")).orderBy("city").show()
