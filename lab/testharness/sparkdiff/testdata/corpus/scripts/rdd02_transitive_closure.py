# The transitive closure of a random graph (Python's Random(42), 200 edges over 100
# vertices) by repeated RDD joins, unions and distinct until the edge count stops growing.
# The join and distinct name their partition count: left to the default, each round's
# union would double it (PySpark's default reduce partitions are the parent's).
# source: examples/src/main/python/transitive_closure.py
# category: rdd
import sys
from random import Random

from pyspark.sql import SparkSession

numEdges = 200
numVertices = 100
rand = Random(42)


def generateGraph():
    edges = set()
    while len(edges) < numEdges:
        src = rand.randrange(0, numVertices)
        dst = rand.randrange(0, numVertices)
        if src != dst:
            edges.add((src, dst))
    return edges


spark = SparkSession.builder.appName("PythonTransitiveClosure").getOrCreate()

partitions = 2
tc = spark.sparkContext.parallelize(sorted(generateGraph()), partitions).cache()

# Linear transitive closure: each round grows paths by one edge,
# by joining the graph's edges with the already-discovered paths.
edges = tc.map(lambda x_y: (x_y[1], x_y[0]))

oldCount = 0
nextCount = tc.count()
rounds = 0
while True:
    oldCount = nextCount
    new_edges = tc.join(edges, partitions).map(lambda __a_b: (__a_b[1][1], __a_b[1][0]))
    tc = tc.union(new_edges).distinct(partitions).cache()
    nextCount = tc.count()
    rounds += 1
    if nextCount == oldCount:
        break

print("TC has %i edges" % tc.count())
print("rounds:", rounds, "partitions:", tc.getNumPartitions())
print(tc.takeOrdered(5), tc.top(3))
spark.stop()
