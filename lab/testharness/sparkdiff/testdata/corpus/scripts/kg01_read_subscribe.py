# Reads a topic with subscribe and shows Kafka's columns, values cast to strings.
# source: docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka: streaming queries)
# category: kafka-source
# topics: events:2
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id

spark = SparkSession.builder.appName("kafka-subscribe").getOrCreate()

rows = [("user-%d" % (i % 3), "event %d" % i) for i in range(6)]
(spark.createDataFrame(rows, "key string, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka")
      .option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic)
      .option("startingOffsets", "earliest")
      .load())
view = df.selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)", "partition", "offset")

query = (view.writeStream.format("memory").queryName("kafka_rows")
         .option("checkpointLocation", "checkpoints/subscribe").start())
query.processAllAvailable()
query.stop()
spark.sql("SELECT * FROM kafka_rows ORDER BY partition, offset").show(truncate=False)
print(sorted(view.columns))
