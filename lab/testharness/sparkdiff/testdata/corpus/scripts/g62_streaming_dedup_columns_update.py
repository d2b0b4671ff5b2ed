# dropDuplicates on a subset of columns of a stream followed by an aggregation in update
# mode: only the first (user, page) visit counts towards the per-page total.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Deduplication; Output Modes: update)
# category: dedup
# topics: visits
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "visits-" + run_id
spark = SparkSession.builder.appName("dedup-columns").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(visits):
    (spark.createDataFrame([(v,) for v in visits], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


visits = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .selectExpr("split(CAST(value AS STRING), ',') AS p")
          .selectExpr("p[0] AS user", "p[1] AS page"))
unique_pages = visits.dropDuplicates(["user", "page"]).groupBy("page").count()
results = []


def keep(df, batch_id):
    results.append((batch_id, sorted((r.page, r["count"]) for r in df.collect())))


def run():
    q = (unique_pages.writeStream.outputMode("update").foreachBatch(keep)
         .option("checkpointLocation", "checkpoints/pages").trigger(availableNow=True).start())
    q.awaitTermination()


send(["ann,home", "bob,home", "ann,home", "ann,cart"])
run()
send(["bob,home", "cy,cart", "bob,cart"])
run()
for r in results:
    print(r)
