# Writing to Kafka with a topic column: each row goes to the topic it names.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing Data to Kafka: topic column)
# category: kafka-sink
# topics: source even odd
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("topic-column").getOrCreate()

(spark.createDataFrame([(str(i),) for i in range(6)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", "source-" + run_id).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", "source-" + run_id).option("startingOffsets", "earliest").load())
routed = df.selectExpr(
    "CASE WHEN CAST(CAST(value AS STRING) AS INT) % 2 = 0 THEN 'even-" + run_id + "' ELSE 'odd-" + run_id + "' END AS topic",
    "CAST(value AS STRING) AS value")
q = (routed.writeStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
     .option("checkpointLocation", "checkpoints/routed").trigger(availableNow=True).start())
q.awaitTermination()

for name in ["even", "odd"]:
    back = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", name + "-" + run_id).load().selectExpr("topic", "CAST(value AS STRING) AS value", "offset"))
    back.orderBy("offset").show()
