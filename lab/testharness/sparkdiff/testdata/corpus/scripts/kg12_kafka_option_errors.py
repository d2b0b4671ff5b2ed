# Kafka consumer and producer settings Spark manages itself and refuses (auto.offset.reset,
# deserializers, auto commit, serializers), bad values for its own options, and the ones it
# accepts (group.id, groupIdPrefix, failOnDataLoss).
# source: docs/streaming/structured-streaming-kafka-integration.md (Kafka Specific Configurations; Creating a Kafka Source for Streaming Queries: groupIdPrefix, kafka.group.id, failOnDataLoss)
# category: kafka-source
# topics: settings
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "settings-" + run_id
spark = SparkSession.builder.appName("kafka-settings").getOrCreate()

(spark.createDataFrame([("a",), ("b",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def source(**options):
    r = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
    for k, v in options.items():
        r = r.option(k, v)
    return r.load()


def report(label, action):
    try:
        action()
        print(label, "-> ok")
    except Exception as e:
        print(label, "->", type(e).__name__)
        print("  text:", str(e).splitlines()[0] if str(e) else "")


report("auto.offset.reset", lambda: source(**{"kafka.auto.offset.reset": "earliest"}))
report("key.deserializer", lambda: source(**{"kafka.key.deserializer": "org.apache.kafka.common.serialization.StringDeserializer"}))
report("value.deserializer", lambda: source(**{"kafka.value.deserializer": "org.apache.kafka.common.serialization.StringDeserializer"}))
report("enable.auto.commit", lambda: source(**{"kafka.enable.auto.commit": "true"}))
report("minPartitions 0", lambda: source(minPartitions="0"))
report("maxOffsetsPerTrigger text", lambda: source(startingOffsets="earliest", maxOffsetsPerTrigger="lots")
       .writeStream.format("memory").queryName("never").option("checkpointLocation", "checkpoints/never")
       .trigger(availableNow=True).start().awaitTermination())
report("key.serializer", lambda: spark.createDataFrame([("x",)], "value string").write.format("kafka")
       .option("kafka.bootstrap.servers", bootstrap).option("topic", topic)
       .option("kafka.key.serializer", "org.apache.kafka.common.serialization.StringSerializer").save())

df = source(**{"kafka.group.id": "learner-group", "startingOffsets": "earliest", "failOnDataLoss": "false"})
q = (df.selectExpr("CAST(value AS STRING) AS value").writeStream.format("memory").queryName("grouped")
     .option("checkpointLocation", "checkpoints/grouped").trigger(availableNow=True).start())
q.awaitTermination()
print("with a group id:", sorted(r.value for r in spark.table("grouped").collect()))
prefixed = source(groupIdPrefix="lab", startingOffsets="earliest")
q2 = (prefixed.selectExpr("CAST(value AS STRING) AS value").writeStream.format("memory").queryName("prefixed")
      .option("checkpointLocation", "checkpoints/prefixed").trigger(availableNow=True).start())
q2.awaitTermination()
print("with a prefix:", spark.table("prefixed").count())
