# Session windows whose gap depends on the user: an expression as the gap duration.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Types of time windows: dynamic gap duration)
# category: windows
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as sf

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("session-dynamic").config("spark.sql.shuffle.partitions", "2").getOrCreate()

rows = [("12:00", "user1"), ("12:04", "user1"), ("12:00", "user2"), ("12:08", "user2"), ("12:30", "user3"), ("12:55", "user3")]
payload = [(json.dumps({"timestamp": "2024-05-01 %s:00" % t, "userId": u}),) for t, u in rows]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

events = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(sf.from_json(sf.col("value").cast("string"), "timestamp TIMESTAMP, userId STRING").alias("e")).select("e.*"))

session_window = sf.session_window(
    events.timestamp,
    sf.when(events.userId == "user1", "5 seconds")
    .when(events.userId == "user2", "20 minutes")
    .otherwise("30 minutes"))

counts = events.withWatermark("timestamp", "10 minutes").groupBy(session_window, events.userId).count()

q = (counts.writeStream.outputMode("complete").format("memory").queryName("dynamic")
     .option("checkpointLocation", "checkpoints/dynamic").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM dynamic ORDER BY userId, session_window").show(truncate=False)
