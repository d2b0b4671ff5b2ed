# PageRank over a small link file with RDDs: distinct, groupByKey, cache, join, flatMap,
# reduceByKey and mapValues, ten iterations; the ranks print in the order collect()
# returns them (hash partitions of the url strings), then sorted.
# source: examples/src/main/python/pagerank.py
# category: rdd
import re
import sys
from operator import add

from pyspark.sql import SparkSession


def computeContribs(urls, rank):
    """Calculates URL contributions to the rank of other URLs."""
    num_urls = len(urls)
    for url in urls:
        yield (url, rank / num_urls)


def parseNeighbors(urls):
    """Parses a urls pair string into urls pair."""
    parts = re.split(r'\s+', urls)
    return parts[0], parts[1]


with open("links.txt", "w") as f:
    f.write("\n".join([
        "url_1 url_4", "url_2 url_1", "url_3 url_2", "url_3 url_1", "url_4 url_3",
        "url_4 url_1", "url_5 url_1", "url_5 url_4", "url_1 url_4", "url_2 url_3",
    ]) + "\n")

spark = SparkSession.builder.appName("PythonPageRank").getOrCreate()

lines = spark.read.text("links.txt").rdd.map(lambda r: r[0])
links = lines.map(lambda urls: parseNeighbors(urls)).distinct().groupByKey().cache()
ranks = links.map(lambda url_neighbors: (url_neighbors[0], 1.0))

for iteration in range(10):
    contribs = links.join(ranks).flatMap(lambda url_urls_rank: computeContribs(
        url_urls_rank[1][0], url_urls_rank[1][1]))
    ranks = contribs.reduceByKey(add).mapValues(lambda rank: rank * 0.85 + 0.15)

for (link, rank) in ranks.collect():
    print("%s has rank: %s." % (link, rank))
print(sorted((link, round(rank, 6)) for link, rank in ranks.collect()))
print(ranks.getNumPartitions(), links.getNumPartitions())
spark.stop()
