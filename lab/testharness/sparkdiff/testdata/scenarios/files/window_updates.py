"""Counts events per 5-minute window and customer under a 10-minute watermark in update
mode, into a memory table: every batch adds the windows it changed. Prints each batch's
progress (rows read, rows emitted, watermark, state), then the memory table, sorted.

Usage: python window_updates.py TOPIC NAME [maxOffsetsPerTrigger]"""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

EVENT_SCHEMA = "id INT, customer STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

if __name__ == "__main__":
    topic, name = sys.argv[1], sys.argv[2]
    spark = get_spark("window-updates")
    reader = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
    )
    if len(sys.argv) > 3:
        reader = reader.option("maxOffsetsPerTrigger", sys.argv[3])
    events = reader.load().select(F.from_json(F.col("value").cast("string"), EVENT_SCHEMA).alias("e")).select("e.*")
    counts = (
        events.withWatermark("event_time", "10 minutes")
        .groupBy(F.window("event_time", "5 minutes"), "customer")
        .agg(F.count("*").alias("events"), F.sum("amount").alias("amount"))
        .select(F.col("window.start").alias("window_start"), "customer", "events", "amount")
    )
    query = (
        counts.writeStream.format("memory")
        .queryName(name)
        .outputMode("update")
        .option("checkpointLocation", "checkpoints/" + name)
        .trigger(availableNow=True)
        .start()
    )
    query.awaitTermination()
    for p in query.recentProgress:
        state = p.stateOperators[0]
        print(
            "batch", p.batchId, "read", p.numInputRows, "emitted", p.sink.numOutputRows,
            "| watermark", p.eventTime["watermark"],
            "| state rows", state.numRowsTotal, "updated", state.numRowsUpdated,
            "removed", state.numRowsRemoved, "dropped late", state.numRowsDroppedByWatermark,
        )
    table = spark.table(name)
    table.orderBy(*table.columns).show(truncate=False)
