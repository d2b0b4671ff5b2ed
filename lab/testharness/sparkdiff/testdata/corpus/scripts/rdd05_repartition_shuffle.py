# RDD.repartition and coalesce(shuffle=True): PySpark batches each partition's elements
# ten at a time and Spark deals the batches round robin from a seeded start per input
# partition, so which elements land where is fixed; the partitions print with glom().
# source: python/pyspark/rdd.py (RDD.repartition, RDD.coalesce)
# category: rdd
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("rdd-repartition").getOrCreate()
sc = spark.sparkContext

rdd = sc.parallelize(range(1, 26), 3)
print(rdd.glom().collect())
print(rdd.repartition(4).glom().collect())
print(rdd.repartition(2).glom().collect())
print(rdd.coalesce(5, shuffle=True).glom().collect())
print(sorted(len(p) for p in sc.parallelize([1, 2, 3, 4, 5, 6, 7], 4).repartition(2).glom().collect()))
print(sc.parallelize(range(100), 4).repartition(3).glom().map(len).collect())
words = sc.parallelize("a b c d e f g h i j k l m".split(), 2)
print(words.repartition(3).glom().collect())
print(rdd.repartition(1).getNumPartitions(), rdd.repartition(6).getNumPartitions(), rdd.coalesce(6, True).count())
