# Subscribing to every topic whose name matches a regular expression.
# source: docs/streaming/structured-streaming-kafka-integration.md (Subscribe to a pattern)
# category: kafka-source
# topics: metrics-cpu metrics-mem other
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("pattern").getOrCreate()

for name in ["metrics-cpu", "metrics-mem", "other"]:
    (spark.createDataFrame([(name + " reading",)], "value string")
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", name + "-" + run_id).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribePattern", "metrics-.*-" + run_id).option("startingOffsets", "earliest").load())
q = (df.selectExpr("topic", "CAST(value AS STRING)").writeStream.format("memory").queryName("metrics")
     .option("checkpointLocation", "checkpoints/pattern").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM metrics ORDER BY topic").show(truncate=False)
