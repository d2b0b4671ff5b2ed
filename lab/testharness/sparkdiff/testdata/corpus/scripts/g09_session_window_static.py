# Session windows with a static 5-minute gap per user.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Types of time windows: session window)
# category: windows
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, session_window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("session-static").config("spark.sql.shuffle.partitions", "2").getOrCreate()

rows = [("12:00", "u1"), ("12:03", "u1"), ("12:04", "u2"), ("12:20", "u1"), ("12:22", "u2"), ("12:40", "u3")]
payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "userId": u}),) for t, u in rows]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

events = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "timestamp TIMESTAMP, userId STRING").alias("e")).select("e.*"))

session_counts = (events.withWatermark("timestamp", "10 minutes")
                  .groupBy(session_window(events.timestamp, "5 minutes"), events.userId).count())

q = (session_counts.writeStream.outputMode("complete").format("memory").queryName("sessions")
     .option("checkpointLocation", "checkpoints/sessions").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM sessions ORDER BY userId, session_window").show(truncate=False)
