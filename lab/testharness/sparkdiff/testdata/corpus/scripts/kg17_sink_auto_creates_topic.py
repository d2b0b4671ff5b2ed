# The Kafka sink writes to a topic nobody created: the producer's metadata request lets the
# broker create it (auto.create.topics.enable, one partition), for a batch write and for a
# streaming write, and both can be read back.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing Data to Kafka; Kafka Specific Configurations)
# category: kafka-sink
# topics: src:2
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
src = "src-" + run_id
spark = SparkSession.builder.appName("auto-create").getOrCreate()

rows = spark.createDataFrame([("k%d" % (i % 3), "v%d" % i) for i in range(6)], "key string, value string")
rows.write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", src).save()

# A batch write to a topic that does not exist yet.
batch_topic = "made-by-batch-" + run_id
spark.createDataFrame([("hello",), ("world",)], "value string") \
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", batch_topic).save()

# A streaming write to another topic that does not exist yet.
stream_topic = "made-by-stream-" + run_id
stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", src).option("startingOffsets", "earliest").load()
          .selectExpr("key", "upper(CAST(value AS STRING)) AS value"))
q = (stream.writeStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
     .option("topic", stream_topic).option("checkpointLocation", "chk")
     .trigger(availableNow=True).start())
q.awaitTermination()
print("stream rows:", q.lastProgress["numInputRows"] if q.lastProgress else None)

for t in (batch_topic, stream_topic):
    back = spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", t).load()
    print(t.replace(run_id, "<run>"), "partitions:", sorted(r.partition for r in back.select("partition").distinct().collect()))
    back.selectExpr("CAST(key AS STRING) AS key", "CAST(value AS STRING) AS value") \
        .orderBy("value").show()
