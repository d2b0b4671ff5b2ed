# minOffsetsPerTrigger holds a micro-batch back until enough new records wait in the topic
# (maxTriggerDelay, here an hour, would release it anyway); maxOffsetsPerTrigger still caps
# each batch; availableNow runs under the same limits.
# source: docs/streaming/structured-streaming-kafka-integration.md (Kafka specific configurations: minOffsetsPerTrigger, maxTriggerDelay, maxOffsetsPerTrigger)
# category: kafka-source
# topics: ticks
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "ticks-" + run_id
spark = SparkSession.builder.appName("min-offsets").getOrCreate()
sent = [0]


def send(n):
    rows = [("t%d" % (sent[0] + i),) for i in range(n)]
    sent[0] += n
    (spark.createDataFrame(rows, "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def reader(**options):
    r = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest"))
    for k, v in options.items():
        r = r.option(k, v)
    return r.load().selectExpr("CAST(value AS STRING) AS v", "offset")


send(2)
q = (reader(minOffsetsPerTrigger=3, maxTriggerDelay="1h").writeStream.format("memory").queryName("held")
     .option("checkpointLocation", "checkpoints/held").start())
for n in [0, 2, 1, 2]:
    if n:
        send(n)
    q.processAllAvailable()
    rows = spark.table("held").collect()
    print("sent", sent[0], "processed", len(rows), "last offset", max([r.offset for r in rows], default=None))
print("batches with rows:", [p["numInputRows"] for p in q.recentProgress if p["numInputRows"] > 0])
q.stop()

send(2)
q = (reader(minOffsetsPerTrigger=3, maxOffsetsPerTrigger=4, maxTriggerDelay="1h").writeStream.format("memory")
     .queryName("capped").option("checkpointLocation", "checkpoints/capped").trigger(availableNow=True).start())
q.awaitTermination()
for p in q.recentProgress:
    print(p["batchId"], p["numInputRows"], p["sources"][0]["startOffset"], p["sources"][0]["endOffset"])
