# Batch reads of Kafka beyond subscribe: assign with per-partition offset ranges as JSON,
# subscribePattern across topics, and includeHeaders on a batch read.
# source: docs/streaming/structured-streaming-kafka-integration.md (Creating a Kafka Source for Batch Queries: assign, subscribePattern; Reading Data from Kafka: includeHeaders)
# category: kafka-batch
# topics: metrics-a:2 metrics-b
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
ta, tb = "metrics-a-" + run_id, "metrics-b-" + run_id
spark = SparkSession.builder.appName("batch-assign").getOrCreate()

rows = [(ta, i % 2, "a%d" % i, "h%d" % i) for i in range(6)] + [(tb, 0, "b%d" % i, "h%d" % i) for i in range(3)]
src = spark.createDataFrame(rows, "topic string, partition int, value string, h string")
(src.select("topic", "partition", "value",
            F.array(F.struct(F.lit("hop").alias("key"), F.col("h").cast("binary").alias("value"))).alias("headers"))
    .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).save())

assigned = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("assign", json.dumps({ta: [1], tb: [0]}))
            .option("startingOffsets", json.dumps({ta: {"1": 1}, tb: {"0": -2}}))
            .option("endingOffsets", json.dumps({ta: {"1": -1}, tb: {"0": 2}})).load())
print(sorted((r.topic == ta, r.partition, r.offset, str(r.value, "utf-8")) for r in
             assigned.select("topic", "partition", "offset", "value").collect()))

pattern = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
           .option("subscribePattern", "metrics-.*-" + run_id).option("includeHeaders", "true").load())
pattern.printSchema()
summary = (pattern.withColumn("which", F.when(F.col("topic") == ta, "a").otherwise("b"))
           .groupBy("which", "partition").agg(F.count("*").alias("n"), F.min("offset").alias("first"))
           .orderBy("which", "partition"))
summary.show()
heads = pattern.where(F.col("topic") == tb).orderBy("offset").select(
    F.col("value").cast("string").alias("value"), F.col("headers")[0]["key"].alias("hk"),
    F.col("headers")[0]["value"].cast("string").alias("hv"))
heads.show()
