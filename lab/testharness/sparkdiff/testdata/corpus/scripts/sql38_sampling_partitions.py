# Sampling (sample, randomSplit, sampleBy), seeded random numbers and the partition-aware
# functions, over DataFrames of several partitions; sortWithinPartitions, hint, checkpoint,
# toJSON, corr, cov and approxQuantile.
# source: python/pyspark/sql/dataframe.py (sample, randomSplit, sampleBy, sortWithinPartitions, hint, localCheckpoint, toJSON, corr, cov docstrings); python/pyspark/sql/functions/builtin.py (rand, monotonically_increasing_id, spark_partition_id)
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, monotonically_increasing_id, rand, randn, spark_partition_id

spark = SparkSession.builder.appName("sampling").getOrCreate()

df = spark.range(0, 40, 1, 4)
print(sorted(r.id for r in df.sample(fraction=0.3, seed=7).collect()))
print(sorted(r.id for r in df.sample(0.5, 3).collect()))
print(sorted(r.id for r in df.sample(False, 0.25, 11).collect()))
print(df.sample(fraction=0.0, seed=1).count(), df.sample(fraction=1.0, seed=1).count())
parts = df.randomSplit([1.0, 2.0, 1.0], seed=42)
print([sorted(r.id for r in p.collect()) for p in parts])
print(sum(p.count() for p in parts))

strata = spark.range(0, 60, 1, 3).select((col("id") % 3).alias("key"), "id")
sampled = strata.sampleBy("key", fractions={0: 0.1, 1: 0.5}, seed=5)
print(sampled.groupBy("key").count().orderBy("key").collect())
print(sorted(r.id for r in strata.stat.sampleBy(col("key"), {2: 0.3}, 9).collect()))

df.select("id", spark_partition_id().alias("part"), monotonically_increasing_id().alias("mid"),
          rand(7).alias("r"), randn(3).alias("n")).where("id % 7 = 0").show(truncate=False)
people = spark.createDataFrame([(n, a) for n, a in [("Ann", 31), ("Bo", 12), ("Cy", 45), ("Di", 27)]], "name string, age int")
people.select("name", spark_partition_id().alias("p"), monotonically_increasing_id().alias("m")).show()

print(df.sortWithinPartitions(col("id").desc()).select("id", spark_partition_id()).collect()[:6])
print(people.hint("broadcast").join(people.hint("merge"), "name").count())
print(people.localCheckpoint().count(), people.checkpoint(eager=False).count() if False else "skipped")
print(people.toJSON().collect())
nums = spark.createDataFrame([(1, 2.0), (2, 4.5), (3, 5.5), (4, 9.0)], "x int, y double")
print(round(nums.corr("x", "y"), 12), nums.stat.cov("x", "y"), nums.cov("y", "y"))
quant = spark.createDataFrame([(float(i), i * 2) for i in range(1, 11)] + [(float("nan"), None)], "x double, y int")
print(quant.approxQuantile("x", [0.0, 0.25, 0.5, 0.75, 1.0], 0.0))
print(quant.approxQuantile(["x", "y"], [0.5], 0.1), quant.stat.approxQuantile("y", (0.1, 0.9), 0.25))
try:
    df.sample(fraction=1.5, seed=1)
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    df.randomSplit([1.0, -1.0])
except Exception as e:
    print(type(e).__name__, e)
try:
    df.sample("a")
except Exception as e:
    print(type(e).__name__, e)

spark.stop()
