# RDD actions and shared variables from the RDD programming guide: reduce, fold and
# aggregate (zero value per partition), takeOrdered and top with keys, sum, mean, stdev,
# variance and stats(), an accumulator added to in foreach, a broadcast variable read in
# map, and saveAsTextFile read back with textFile.
# source: docs/rdd-programming-guide.md (Actions; Shared Variables: Broadcast Variables, Accumulators) and python/pyspark/core/rdd.py docstrings
# category: rdd
import os
import sys
from operator import add

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("rdd-actions").getOrCreate()
sc = spark.sparkContext

data = [1, 2, 3, 4, 5]
distData = sc.parallelize(data)
print(distData.reduce(lambda a, b: a + b), distData.fold(0, add), distData.fold(1, add))
print(sc.parallelize(data, 3).fold(10, add), sc.parallelize(data, 3).aggregate((0, 0), lambda acc, v: (acc[0] + v, acc[1] + 1), lambda a, b: (a[0] + b[0], a[1] + b[1])))
print(sc.parallelize([[1], [2, 3]], 2).fold([], lambda a, b: a + b))

nums = sc.parallelize([10, 1, 2, 9, 3, 4, 5, 6, 7], 3)
print(nums.takeOrdered(6), nums.takeOrdered(6, key=lambda v: -v), nums.top(3), nums.top(3, key=str))
print(nums.max(), nums.min(), nums.sum(), nums.mean(), nums.count())
print(nums.stdev(), nums.variance(), nums.sampleStdev(), nums.sampleVariance())
print(nums.stats())
st = sc.parallelize([2.5, 0.1, 3.75, 1.2], 2).stats()
print(st, st.count(), st.mean(), st.sum(), st.max(), st.min())
print(sc.parallelize([0.1] * 10, 4).sum(), sc.parallelize([0.1, 0.2, 0.3], 3).mean())

broadcastVar = sc.broadcast([1, 2, 3])
print(broadcastVar.value)
print(sc.parallelize([0, 1, 2]).map(lambda i: broadcastVar.value[i] * 10).collect())

accum = sc.accumulator(0)
sc.parallelize([1, 2, 3, 4]).foreach(lambda x: accum.add(x))
print(accum.value)
counter = sc.accumulator(0)


def count_long(word):
    global counter
    if len(word) > 3:
        counter += 1


sc.parallelize(["spark", "rdd", "streams", "kafka", "df"]).foreach(count_long)
print(counter.value)
fl = sc.accumulator(0.0)
sc.parallelize([0.5, 1.5]).foreach(lambda v: fl.add(v))
print(fl.value)

# An absolute path: the JVM resolves a relative one against its own folder.
saved = os.path.abspath("saved")
sc.parallelize(["spark", 2, ("k", 1.5)], 2).saveAsTextFile(saved)
print(sc.textFile(saved).collect(), sc.textFile(saved).getNumPartitions())
spark.stop()
