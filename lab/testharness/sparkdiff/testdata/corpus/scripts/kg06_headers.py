# Kafka headers: written from a headers column (array of key/value structs) and read back
# with includeHeaders.
# source: docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka: includeHeaders; Writing Data to Kafka: headers)
# category: kafka-source
# topics: with-headers
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "with-headers-" + run_id
spark = SparkSession.builder.appName("headers").getOrCreate()

src = spark.createDataFrame([("k1", "v1", "web"), ("k2", "v2", "app")], "key string, value string, origin string")
with_headers = src.select("key", "value", F.array(
    F.struct(F.lit("origin").alias("key"), F.col("origin").cast("binary").alias("value")),
    F.struct(F.lit("version").alias("key"), F.lit("1").cast("binary").alias("value"))).alias("headers"))
(with_headers.coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap)
    .option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
      .option("startingOffsets", "earliest").option("includeHeaders", "true").load())
view = df.selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)", "headers")
q = (view.writeStream.format("memory").queryName("headed").option("checkpointLocation", "checkpoints/headers")
     .trigger(availableNow=True).start())
q.awaitTermination()
rows = spark.sql("SELECT * FROM headed ORDER BY key").collect()
for r in rows:
    print(r.key, r.value, [(h.key, bytes(h.value).decode()) for h in r.headers])
print(spark.table("headed").schema.simpleString())
