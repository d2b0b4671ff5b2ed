# Key-value RDD operations from the RDD programming guide and PySpark's RDD docs: the join
# family and cogroup, counting by key and value, the by-key folds (foldByKey,
# aggregateByKey, combineByKey), groupBy, subtract, intersection, lookup, and the
# partitions each result has (glom).
# source: docs/rdd-programming-guide.md (Working with Key-Value Pairs; Transformations; Actions) and python/pyspark/core/rdd.py docstrings
# category: rdd
import sys
from operator import add

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("pair-rdds").getOrCreate()
sc = spark.sparkContext

lines = sc.parallelize(["a b a", "c a", "b d", "a"], 2)
pairs = lines.flatMap(lambda s: s.split(" ")).map(lambda s: (s, 1))
counts = pairs.reduceByKey(lambda a, b: a + b)
print(counts.sortByKey().collect())
print(counts.glom().collect())

x = sc.parallelize([("a", 1), ("b", 4), ("c", 7)], 2)
y = sc.parallelize([("a", 2), ("a", 3), ("d", 5)], 2)
print(x.join(y).collect())
print(x.leftOuterJoin(y).collect())
print(x.rightOuterJoin(y).collect())
print(x.fullOuterJoin(y).collect())
print(x.join(y, 3).glom().collect())
print([(k, tuple(map(list, v))) for k, v in x.cogroup(y).collect()])
print(sorted((k, tuple(map(list, v))) for k, v in x.groupWith(y, sc.parallelize([("c", 0)])).collect()))

print(sorted(pairs.countByKey().items()), sorted(sc.parallelize([1, 2, 1, 2, 2], 2).countByValue().items()))
print(pairs.countByKey())
print(pairs.foldByKey(0, add).collect())
print(pairs.aggregateByKey((0, 0), lambda acc, v: (acc[0] + v, acc[1] + 1), lambda a, b: (a[0] + b[0], a[1] + b[1])).collect())
print(pairs.combineByKey(lambda v: [v], lambda c, v: c + [v], lambda c1, c2: c1 + c2).mapValues(len).collect())
print(sc.parallelize([1, 1, 2, 3, 5, 8], 3).groupBy(lambda n: n % 2).mapValues(sorted).collect())

print(sc.parallelize([("a", 1), ("b", 4), ("b", 5), ("a", 2)], 2).subtractByKey(sc.parallelize([("a", 3), ("c", None)], 2)).collect())
print(sc.parallelize([1, 2, 3, 4, 5, 5], 2).subtract(sc.parallelize([2, 4], 2)).collect())
print(sc.parallelize([1, 10, 2, 3, 4, 5]).intersection(sc.parallelize([1, 6, 2, 3, 7, 8])).collect())
print(sc.parallelize([("a", 7), ("b", 2), ("a", 8)]).lookup("a"), x.keys().collect(), y.values().collect())
print(sc.parallelize([1, 2], 2).cartesian(sc.parallelize(["x", "y"], 1)).collect())
print(sc.parallelize(range(6), 3).zip(sc.parallelize("abcdef", 3)).collect())
print(sc.parallelize(range(10), 5).coalesce(2).glom().collect(), sc.parallelize(range(4), 2).coalesce(5).getNumPartitions())
spark.stop()
