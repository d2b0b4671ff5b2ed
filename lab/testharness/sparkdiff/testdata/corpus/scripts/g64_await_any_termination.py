# The StreamingQueryManager's waits: awaitAnyTermination() returns once any query of the
# session has ended, with a timeout it says whether one has, and resetTerminated() forgets
# the ended ones so the next wait is for a new end. get() finds only active queries.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Managing Streaming Queries: spark.streams.awaitAnyTermination)
# category: query-management
# topics: clicks views
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("await-any").getOrCreate()

for name, n in (("clicks", 3), ("views", 5)):
    (spark.createDataFrame([("%s-%d" % (name, i),) for i in range(n)], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", name + "-" + run_id).save())


def start(name):
    df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", name + "-" + run_id).option("startingOffsets", "earliest").load())
    return (df.selectExpr("CAST(value AS STRING) AS value").writeStream.format("memory").queryName(name)
            .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())


print("before any query:", spark.streams.awaitAnyTermination(1))
clicks = start("clicks")
views = start("views")
spark.streams.awaitAnyTermination()
clicks.awaitTermination()
views.awaitTermination()
print("active:", len(spark.streams.active))
print("get after the end:", spark.streams.get(clicks.id))
print("ended one already:", spark.streams.awaitAnyTermination(1))
spark.streams.resetTerminated()
print("after resetTerminated:", spark.streams.awaitAnyTermination(1))
print("names:", clicks.name, views.name, "distinct ids:", clicks.id != views.id)
for name in ("clicks", "views"):
    print(name, sorted(r.value for r in spark.table(name).collect()))
