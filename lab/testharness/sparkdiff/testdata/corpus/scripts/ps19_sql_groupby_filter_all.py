# GROUP BY forms from the reference: ordinals, aggregate FILTER (WHERE ...), GROUP BY ALL,
# count(DISTINCT ...) with FILTER, first/last with IGNORE NULLS, HAVING on an alias, and
# the same aggregates through the DataFrame API.
# source: docs/sql-ref-syntax-qry-select-groupby.md (examples: aggregate filter, ordinal, first/last); docs/sql-ref-syntax-qry-select-having.md
# category: batch-sql
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("groupby").getOrCreate()
sql = spark.sql
sql("""CREATE TEMP VIEW dealer AS SELECT * FROM VALUES
(100, 'Fremont', 'Honda Civic', 10), (100, 'Fremont', 'Honda Accord', 15), (100, 'Fremont', 'Honda CRV', 7),
(200, 'Dublin', 'Honda Civic', 20), (200, 'Dublin', 'Honda Accord', 10), (200, 'Dublin', 'Honda CRV', 3),
(300, 'San Jose', 'Honda Civic', 5), (300, 'San Jose', 'Honda Accord', 8) AS dealer(id, city, car_model, quantity)""")
sql("SELECT id, sum(quantity) FROM dealer GROUP BY id ORDER BY id").show()
sql("SELECT id, sum(quantity) FROM dealer GROUP BY 1 ORDER BY 1").show()
sql("SELECT id, sum(quantity) FILTER (WHERE car_model IN ('Honda Civic', 'Honda CRV')) AS `sum(quantity)` FROM dealer GROUP BY id ORDER BY id").show()
sql("SELECT city, count(DISTINCT car_model) FILTER (WHERE quantity > 6) AS c FROM dealer GROUP BY ALL ORDER BY city").show()
sql("SELECT city, car_model, max(quantity) FROM dealer GROUP BY ALL HAVING max(quantity) > 9 ORDER BY ALL").show()
sql("""CREATE TEMP VIEW person AS SELECT * FROM VALUES ('Mary', NULL), ('John', 30), ('Mike', NULL), ('Dan', 50) AS person(name, age)""")
sql("SELECT FIRST(age IGNORE NULLS), LAST(age), FIRST(age), LAST(age IGNORE NULLS) FROM person").show()
sql("SELECT id, sum(quantity) AS s FROM dealer GROUP BY id HAVING s > 20 ORDER BY id").show()
sql("SELECT count(*) FILTER (WHERE quantity > 9) AS big, count(*) AS all_rows, sum(quantity) FILTER (WHERE city = 'Dublin') AS dub FROM dealer").show()
d = spark.table("dealer")
d.groupBy("city").agg(F.sum(F.when(F.col("quantity") > 9, F.col("quantity"))).alias("big_sum"), F.count_distinct("car_model")).orderBy("city").show()
for q in ["SELECT id, sum(quantity) FROM dealer GROUP BY 3", "SELECT id, sum(quantity) FROM dealer GROUP BY 2"]:
    try:
        sql(q).show()
    except Exception as e:
        print(type(e).__name__, e.getCondition())
spark.stop()
