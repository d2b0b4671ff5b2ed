# maxOffsetsPerTrigger over a topic of three partitions: the limit is split across
# partitions in proportion to what each has.
# source: docs/streaming/structured-streaming-kafka-integration.md (Kafka specific configurations: maxOffsetsPerTrigger)
# category: kafka-source
# topics: spread:3
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "spread-" + run_id
spark = SparkSession.builder.appName("max-offsets").getOrCreate()

rows = [(p, "p%d-%d" % (p, i)) for p, n in [(0, 6), (1, 3), (2, 1)] for i in range(n)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
      .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 4).load())
q = (df.selectExpr("partition", "offset").writeStream.format("memory").queryName("capped")
     .option("checkpointLocation", "checkpoints/capped").trigger(availableNow=True).start())
q.awaitTermination()
for p in q.recentProgress:
    print(p["batchId"], p["numInputRows"], p["sources"][0]["endOffset"])
