# A stream of orders re-keyed and written back to Kafka as JSON: to_json(struct(...)) builds
# the value, a column the key; a batch read shows what the sink wrote.
# source: structured-streaming-kafka-integration.md (Writing Data to Kafka: writing the output of streaming queries)
# category: sinks
# topics: orders enriched
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, struct, to_json, upper

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
source, target = "orders-" + run_id, "enriched-" + run_id
spark = SparkSession.builder.appName("kafka-json-sink").getOrCreate()

orders = [{"id": 1, "customer": "ann", "amount": 12.5}, {"id": 2, "customer": "bob", "amount": 3.0},
          {"id": 3, "customer": "ann", "amount": 7.25}]
(spark.createDataFrame([(json.dumps(o),) for o in orders], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", source).save())

parsed = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", source).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "id INT, customer STRING, amount DOUBLE").alias("o")).select("o.*"))
out = parsed.select(upper("customer").alias("key"),
                    to_json(struct("id", (col("amount") * 100).cast("int").alias("cents"))).alias("value"))
q = (out.writeStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", target)
     .option("checkpointLocation", "checkpoints/json-sink").trigger(availableNow=True).start())
q.awaitTermination()
print(q.lastProgress["sink"]["numOutputRows"])
(spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", target).load()
    .selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)", "offset").orderBy("offset").show(truncate=False))
