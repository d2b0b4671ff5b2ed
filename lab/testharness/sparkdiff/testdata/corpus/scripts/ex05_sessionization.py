# Sessionization of user events: the example tracks sessions with applyInPandasWithState;
# without pandas in the course's environment, the same sessions (10-second gap) come from
# session_window, with the example's output columns.
# source: examples/src/main/python/sql/streaming/structured_sessionization.py
# category: examples
# topics: clicks
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id

spark = SparkSession.builder.appName("StructuredSessionization").config("spark.sql.shuffle.partitions", "2").getOrCreate()

clicks = [("2024-05-01 10:00:00", "alice page1 page2"), ("2024-05-01 10:00:04", "alice page3"),
          ("2024-05-01 10:00:02", "bob page1"), ("2024-05-01 10:00:40", "alice page4")]
(spark.createDataFrame([(t + "|" + l,) for t, l in clicks], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

raw = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
       .option("subscribe", topic).option("startingOffsets", "earliest").load())
line = F.split(F.col("value").cast("string"), "\\|")
events = raw.select(F.to_timestamp(line.getItem(0)).alias("eventTime"),
                    F.split(line.getItem(1), " ").alias("words"))
events = events.select("eventTime", F.col("words").getItem(0).alias("sessionId"))

sessions = (events.withWatermark("eventTime", "10 seconds")
            .groupBy("sessionId", F.session_window("eventTime", "10 seconds").alias("s"))
            .agg(F.count("*").alias("numEvents"))
            .select("sessionId", (F.col("s.end").cast("long") - F.col("s.start").cast("long")).alias("durationSec"),
                    "numEvents", F.lit(True).alias("expired")))

query = (sessions.writeStream.outputMode("append").format("console").option("truncate", "false")
         .option("checkpointLocation", "checkpoints/sessionization").trigger(availableNow=True).start())
query.awaitTermination()
