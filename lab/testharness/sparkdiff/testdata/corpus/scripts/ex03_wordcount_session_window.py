# Sessions of activity per word: a session closes after 10 seconds without the word. The
# example keeps the sessions itself with applyInPandasWithState and processing-time
# timeouts; here session_window with a watermark gives the same sessions repeatably.
# source: examples/src/main/python/sql/streaming/structured_network_wordcount_session_window.py
# category: examples
# topics: stamped
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import count, explode, session_window, split

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "stamped-" + run_id

spark = SparkSession.builder.appName("SessionWordCount").config("spark.sql.shuffle.partitions", "2").getOrCreate()

typed = [
    ("2024-05-01 09:00:01", "apple banana"),
    ("2024-05-01 09:00:05", "apple"),
    ("2024-05-01 09:00:30", "banana"),
    ("2024-05-01 09:01:30", "apple"),
]
(spark.createDataFrame([(t + "|" + l,) for t, l in typed], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

lines = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS line"))
parts = split(lines.line, "\\|")
events = lines.select(parts.getItem(0).cast("timestamp").alias("timestamp"),
                      explode(split(parts.getItem(1), " ")).alias("sessionId"))

sessions = (events.withWatermark("timestamp", "10 seconds")
            .groupBy(session_window("timestamp", "10 seconds"), "sessionId")
            .agg(count("*").alias("numEvents"))
            .selectExpr("sessionId", "CAST(session_window.start AS LONG)", "CAST(session_window.end AS LONG)",
                        "CAST(session_window.end AS LONG) - CAST(session_window.start AS LONG) AS durationMs",
                        "numEvents"))

query = (sessions.writeStream.outputMode("append").format("memory").queryName("sessions")
         .option("checkpointLocation", "checkpoints/sessions").trigger(availableNow=True).start())
query.awaitTermination()
spark.sql("SELECT * FROM sessions ORDER BY sessionId, 2").show(truncate=False)
