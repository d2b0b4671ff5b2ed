# Subscribing to two topics at once with a comma list; the topic column tells them apart.
# source: docs/streaming/structured-streaming-kafka-integration.md (Subscribe to multiple topics)
# category: kafka-source
# topics: topic1 topic2
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("multi-topic").getOrCreate()

for name, values in [("topic1", ["a", "b"]), ("topic2", ["c"])]:
    (spark.createDataFrame([(v,) for v in values], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", name + "-" + run_id).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", "topic1-%s,topic2-%s" % (run_id, run_id)).option("startingOffsets", "earliest").load())
q = (df.selectExpr("topic", "CAST(value AS STRING)").writeStream.format("memory").queryName("both")
     .option("checkpointLocation", "checkpoints/both").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM both ORDER BY topic, value").show()
print(q.lastProgress["sources"][0]["description"])
