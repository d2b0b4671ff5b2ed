# Unions of streams: two Kafka streams unioned (and unionByName with a missing column) into
# one query; the noop sink runs a query for its progress only; a union of a stream with a
# batch DataFrame is refused.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations; Unsupported Operations), docs/structured-streaming-programming-guide (Output Sinks)
# category: basic-operations
# topics: left right
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import lit

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-union").config("spark.sql.shuffle.partitions", "2").getOrCreate()

for name, values in [("left", ["l1", "l2"]), ("right", ["r1", "r2", "r3"])]:
    (spark.createDataFrame([(v,) for v in values], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", name + "-" + run_id).save())


def stream(name):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", name + "-" + run_id).option("startingOffsets", "earliest").load()
            .selectExpr("CAST(value AS STRING) AS v"))


both = stream("left").withColumn("side", lit("L")).union(stream("right").withColumn("side", lit("R")))
q = (both.writeStream.format("memory").queryName("both").option("checkpointLocation", "checkpoints/both")
     .trigger(availableNow=True).start())
q.awaitTermination()
print("union", sorted(tuple(r) for r in spark.table("both").collect()))
print("sources", [s["numInputRows"] for s in q.recentProgress[0]["sources"]])

by_name = stream("left").withColumn("n", lit(1)).unionByName(stream("right"), allowMissingColumns=True)
print(by_name.columns, by_name.isStreaming)
counts = by_name.groupBy("n").count()
q = (counts.writeStream.outputMode("complete").format("memory").queryName("by_name")
     .option("checkpointLocation", "checkpoints/by_name").trigger(availableNow=True).start())
q.awaitTermination()
print("by name", sorted((str(r.n), r["count"]) for r in spark.table("by_name").collect()))

q = (stream("right").writeStream.format("noop").option("checkpointLocation", "checkpoints/noop")
     .trigger(availableNow=True).start())
q.awaitTermination()
print("noop", [p["numInputRows"] for p in q.recentProgress], q.lastProgress["sink"]["description"])

static = spark.createDataFrame([("s1",)], "v string")
try:
    q = (stream("left").union(static).writeStream.format("memory").queryName("mixed")
         .option("checkpointLocation", "checkpoints/mixed").trigger(availableNow=True).start())
    q.awaitTermination()
    print("mixed", sorted(r.v for r in spark.table("mixed").collect()))
except Exception as e:
    print("mixed ->", type(e).__name__, str(e).splitlines()[0])
