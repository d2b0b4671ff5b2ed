# A streaming query writing to Kafka with the topic as an option: key and value columns,
# then the target topic read back as a batch.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing Data to Kafka: streaming queries)
# category: kafka-sink
# topics: source target
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
source, target = "source-" + run_id, "target-" + run_id
spark = SparkSession.builder.appName("kafka-sink").getOrCreate()

(spark.createDataFrame([("k1", "hello"), ("k2", "world")], "key string, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", source).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", source).option("startingOffsets", "earliest").load())
upper = df.selectExpr("CAST(key AS STRING) AS key", "upper(CAST(value AS STRING)) AS value")
ds = (upper.writeStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", target)
      .option("checkpointLocation", "checkpoints/to-kafka").trigger(availableNow=True).start())
ds.awaitTermination()

back = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", target).load()
        .selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)", "partition", "offset"))
back.orderBy("offset").show()
