# Batch write to Kafka from a DataFrame with key and value (strings), then a batch read
# of the topic with the key's partitioning visible.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing the output of Batch Queries to Kafka)
# category: kafka-batch
# topics: keyed:3
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "keyed-" + run_id
spark = SparkSession.builder.appName("batch-write").getOrCreate()

df = spark.createDataFrame([("user%d" % (i % 4), "event%d" % i) for i in range(8)], "user string, event string")
(df.selectExpr("CAST(user AS STRING) AS key", "CAST(event AS STRING) AS value").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

back = spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
back.selectExpr("partition", "offset", "CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value") \
    .orderBy("partition", "offset").show()
