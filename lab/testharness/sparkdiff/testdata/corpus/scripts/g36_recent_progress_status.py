# recentProgress (one entry per batch) and status (message, isDataAvailable,
# isTriggerActive) while running and after the query stopped.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Monitoring Streaming Queries: recentProgress, status)
# category: monitoring
# topics: events
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("recent-progress").getOrCreate()

(spark.createDataFrame([("e%d" % i,) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load())
query = (df.writeStream.format("memory").queryName("events_table").option("checkpointLocation", "checkpoints/recent")
         .trigger(availableNow=True).start())
query.awaitTermination()

for p in query.recentProgress:
    print(p["batchId"], p["numInputRows"], p["sources"][0]["endOffset"])
print(query.status)
print(query.status["message"], query.status["isTriggerActive"])
