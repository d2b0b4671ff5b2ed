# A batch query over a range of offsets: startingOffsets and endingOffsets as JSON, and
# earliest/latest.
# source: docs/streaming/structured-streaming-kafka-integration.md (Creating a Kafka Source for Batch Queries)
# category: kafka-batch
# topics: topic1:2
import json
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "topic1-" + run_id
spark = SparkSession.builder.appName("batch-range").getOrCreate()

rows = [(i % 2, "v%d" % i) for i in range(8)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
      .option("startingOffsets", json.dumps({topic: {"0": 1, "1": -2}}))
      .option("endingOffsets", json.dumps({topic: {"0": 3, "1": -1}})).load())
df.selectExpr("partition", "offset", "CAST(value AS STRING)").orderBy("partition", "offset").show()

everything = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
              .option("startingOffsets", "earliest").option("endingOffsets", "latest").load())
print(everything.count(), everything.isStreaming)
everything.printSchema()
