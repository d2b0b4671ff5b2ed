"""Groups each customer's events into sessions that end after 10 minutes without an event,
under a 10-minute watermark, into a Delta table in append mode.

Usage: python session_query.py TOPIC TABLE"""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

EVENT_SCHEMA = "id INT, customer STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

if __name__ == "__main__":
    topic, table = sys.argv[1], sys.argv[2]
    spark = get_spark("session-query")
    events = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
        .load()
        .select(F.from_json(F.col("value").cast("string"), EVENT_SCHEMA).alias("e"))
        .select("e.*")
    )
    sessions = (
        events.withWatermark("event_time", "10 minutes")
        .groupBy("customer", F.session_window("event_time", "10 minutes"))
        .agg(F.count("*").alias("events"), F.sum("amount").alias("amount"))
        .select(
            "customer",
            F.col("session_window.start").alias("session_start"),
            F.col("session_window.end").alias("session_end"),
            "events",
            "amount",
        )
    )
    query = (
        sessions.writeStream.format("delta")
        .outputMode("append")
        .option("checkpointLocation", "checkpoints/" + table)
        .trigger(availableNow=True)
        .toTable(table)
    )
    query.awaitTermination()
    for p in query.recentProgress:
        state = p.stateOperators[0]
        print("batch", p.batchId, "read", p.numInputRows, "watermark", p.eventTime["watermark"],
              "state rows", state.numRowsTotal, "dropped late", state.numRowsDroppedByWatermark)
