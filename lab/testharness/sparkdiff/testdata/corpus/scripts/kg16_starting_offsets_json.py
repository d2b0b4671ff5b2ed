# startingOffsets and endingOffsets as JSON per partition: an offset, -2 for earliest and -1
# for latest; a stream and a batch read over a two-partition topic, and the error for a
# JSON that leaves a partition out.
# source: docs/streaming/structured-streaming-kafka-integration.md (Creating a Kafka Source for Streaming Queries / Batch Queries: startingOffsets, endingOffsets)
# category: kafka-source
# topics: parts:2
import json
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "parts-" + run_id
spark = SparkSession.builder.appName("offsets-json").getOrCreate()

rows = [(p, "p%d-%d" % (p, i)) for p, n in [(0, 4), (1, 3)] for i in range(n)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def offsets(p0, p1):
    return json.dumps({topic: {"0": p0, "1": p1}})


def kafka(reader, **options):
    r = reader.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
    for k, v in options.items():
        r = r.option(k, v)
    return r.load().selectExpr("partition", "offset", "CAST(value AS STRING) AS v")


q = (kafka(spark.readStream, startingOffsets=offsets(2, -2)).writeStream.format("memory").queryName("from_json")
     .option("checkpointLocation", "checkpoints/from_json").trigger(availableNow=True).start())
q.awaitTermination()
print("stream", sorted(tuple(r) for r in spark.table("from_json").collect()))
print("start", q.recentProgress[0]["sources"][0]["startOffset"])

q = (kafka(spark.readStream, startingOffsets=offsets(-1, 1)).writeStream.format("memory").queryName("latest_p0")
     .option("checkpointLocation", "checkpoints/latest_p0").trigger(availableNow=True).start())
q.awaitTermination()
print("stream", sorted(tuple(r) for r in spark.table("latest_p0").collect()))

batch = kafka(spark.read, startingOffsets=offsets(-2, 1), endingOffsets=offsets(3, -1))
print("batch", sorted(tuple(r) for r in batch.collect()))
batch = kafka(spark.read, startingOffsets=offsets(1, 2), endingOffsets=offsets(1, 3))
print("batch", sorted(tuple(r) for r in batch.collect()))

try:
    kafka(spark.read, startingOffsets=json.dumps({topic: {"0": 0}})).collect()
    print("partial -> ran")
except Exception as e:
    print("partial ->", type(e).__name__)
