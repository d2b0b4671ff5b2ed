# Batch joins beyond a single key: several USING columns, a condition list, an expression
# with a range, aliased sides, semi and anti joins on a condition, and a cross join.
# source: python/pyspark/sql/dataframe.py (DataFrame.join docstring examples) and docs/sql-ref-syntax-qry-select-join.md
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("join-conditions").getOrCreate()

sales = spark.createDataFrame([("eu", 2024, 10), ("eu", 2025, 12), ("us", 2024, 7), ("apac", 2025, 3)],
                              "region string, year int, amount int")
targets = spark.createDataFrame([("eu", 2024, 9), ("eu", 2025, 15), ("us", 2024, 7)],
                                "region string, year int, goal int")
bands = spark.createDataFrame([("low", 0, 8), ("high", 8, 100)], "band string, lo int, hi int")

sales.join(targets, ["region", "year"]).orderBy("region", "year").show()
sales.join(targets, ["region", "year"], "full").orderBy("region", "year").show()
s, t = sales.alias("s"), targets.alias("t")
s.join(t, [F.col("s.region") == F.col("t.region"), F.col("s.year") == F.col("t.year")], "left") \
    .select("s.region", "s.year", "amount", "goal").orderBy("region", "year").show()
sales.join(bands, (sales.amount >= bands.lo) & (sales.amount < bands.hi)).select("region", "year", "band") \
    .orderBy("region", "year").show()
sales.join(targets, (sales.region == targets.region) & (sales.amount >= targets.goal), "left_semi").orderBy("region", "year").show()
sales.join(targets, "region", "left_anti").show()
print(sales.crossJoin(bands).count(), sales.join(bands, how="cross").count())
