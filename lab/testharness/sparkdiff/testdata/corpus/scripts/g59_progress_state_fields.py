# Reading a stateful query's progress the way the monitoring guide does: the batch's input
# and sink, the state operator's rows and the event-time watermark of each batch.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Monitoring Streaming Queries: Reading Metrics Interactively)
# category: monitoring
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("progress-fields").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("a", "12:01"), ("b", "12:04"), ("a", "12:09"), ("c", "12:16"), ("a", "12:31")]
payload = [(json.dumps({"user": u, "ts": "2024-05-01 %s:00" % t}),) for u, t in events]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
          .select(from_json(col("value").cast("string"), "user STRING, ts TIMESTAMP").alias("e")).select("e.*"))
counts = stream.withWatermark("ts", "5 minutes").groupBy(window("ts", "10 minutes")).count()
q = (counts.writeStream.outputMode("append").format("memory").queryName("per_window")
     .option("checkpointLocation", "checkpoints/fields").trigger(availableNow=True).start())
q.awaitTermination()
for p in q.recentProgress:
    s = p["stateOperators"][0]
    print(p["batchId"], p["numInputRows"], p["eventTime"].get("watermark"), s["numRowsTotal"], s["numRowsUpdated"],
          s["numRowsDroppedByWatermark"], p["sink"]["description"], p["sink"]["numOutputRows"])
print(sorted(q.lastProgress["eventTime"].keys()))
print(q.lastProgress["stateOperators"][0]["operatorName"])
spark.table("per_window").orderBy("window").show(truncate=False)
