# The Kafka sink with a key and an explicit partition column: keyed records go to the
# partition each row names, and a streaming query's output read back per partition.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing Data to Kafka: the partition column)
# category: kafka-sink
# topics: raw sorted:3
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
raw, target = "raw-" + run_id, "sorted-" + run_id
spark = SparkSession.builder.appName("kafka-sink-partition").getOrCreate()

(spark.createDataFrame([(str(i),) for i in range(9)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", raw).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", raw).option("startingOffsets", "earliest").load())
routed = df.selectExpr("CONCAT('k', CAST(value AS STRING)) AS key", "value",
                       "CAST(CAST(CAST(value AS STRING) AS INT) % 3 AS INT) AS partition")
q = (routed.writeStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", target)
     .option("checkpointLocation", "checkpoints/sorted").start())
q.processAllAvailable()
q.stop()

back = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", target).load()
        .selectExpr("CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value", "partition", "offset"))
back.orderBy("partition", "offset").show()
