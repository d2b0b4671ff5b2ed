# assign: reading chosen partitions of a topic given as JSON, with per-partition starting
# offsets.
# source: docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka: assign, startingOffsets JSON)
# category: kafka-source
# topics: parts:3
import json
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "parts-" + run_id
spark = SparkSession.builder.appName("assign").getOrCreate()

rows = [(p, "p%d-m%d" % (p, m)) for p in range(3) for m in range(3)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

assign = json.dumps({topic: [0, 2]})
starting = json.dumps({topic: {"0": 1, "2": -2}})
df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("assign", assign).option("startingOffsets", starting).load())
q = (df.selectExpr("partition", "offset", "CAST(value AS STRING)").writeStream.format("memory").queryName("assigned")
     .option("checkpointLocation", "checkpoints/assign").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM assigned ORDER BY partition, offset").show()
