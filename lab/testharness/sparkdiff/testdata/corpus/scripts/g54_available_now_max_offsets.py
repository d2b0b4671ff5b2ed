# Trigger.AvailableNow with maxOffsetsPerTrigger on a two-partition topic: what is there at
# the start is read in several rate-limited batches, then the query stops by itself.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Triggers: Available-now micro-batch); structured-streaming-kafka-integration.md (maxOffsetsPerTrigger)
# category: triggers
# topics: clicks:2
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id
spark = SparkSession.builder.appName("available-now").getOrCreate()

rows = [("k%d" % (i % 2), "click%d" % i, i % 2) for i in range(10)]
(spark.createDataFrame(rows, "key string, value string, partition int")
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

clicks = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 4).load()
          .selectExpr("CAST(value AS STRING)", "partition", "offset"))
q = (clicks.writeStream.format("memory").queryName("clicks").option("checkpointLocation", "checkpoints/now")
     .trigger(availableNow=True).start())
q.awaitTermination()
print(q.isActive)
for p in q.recentProgress:
    print(p["batchId"], p["numInputRows"], p["sources"][0]["startOffset"], p["sources"][0]["endOffset"])
spark.sql("SELECT partition, count(*) AS n, max(offset) AS last FROM clicks GROUP BY partition ORDER BY partition").show()
