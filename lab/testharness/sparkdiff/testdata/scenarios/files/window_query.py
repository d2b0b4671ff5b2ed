"""Aggregates events per event-time window under a 10-minute watermark, writes the windows
to a Delta table, and prints what every batch read, kept, dropped and emitted.

Usage: python window_query.py TOPIC TABLE [window=5 minutes] [slide=...] [start=...]
                              [cap=N] [mode=append|update|complete]"""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

EVENT_SCHEMA = "id INT, customer STRING, amount DECIMAL(10,2), event_time TIMESTAMP"


def options(args):
    opts = {"window": "5 minutes", "slide": None, "start": None, "cap": None, "mode": "append"}
    for a in args:
        key, value = a.split("=", 1)
        if key not in opts:
            raise SystemExit("unknown option " + key)
        opts[key] = value
    return opts


def print_progress(query):
    for p in query.recentProgress:
        times = p.eventTime
        print(
            "batch", p.batchId, "read", p.numInputRows,
            "| event time", times.get("min", "-"), "to", times.get("max", "-"),
            "| watermark", times.get("watermark", "-"),
        )
        for state in p.stateOperators:
            print(
                "  state rows", state.numRowsTotal, "updated", state.numRowsUpdated,
                "removed", state.numRowsRemoved, "dropped late", state.numRowsDroppedByWatermark,
            )
        source = p.sources[0]
        print("  offsets", source.startOffset, "->", source.endOffset, "| sink rows", p.sink.numOutputRows)


if __name__ == "__main__":
    topic, table = sys.argv[1], sys.argv[2]
    opts = options(sys.argv[3:])
    spark = get_spark("window-query")
    reader = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
    )
    if opts["cap"]:
        reader = reader.option("maxOffsetsPerTrigger", opts["cap"])
    events = reader.load().select(F.from_json(F.col("value").cast("string"), EVENT_SCHEMA).alias("e")).select("e.*")
    windows = (
        events.withWatermark("event_time", "10 minutes")
        .groupBy(F.window("event_time", opts["window"], opts["slide"], opts["start"]))
        .agg(
            F.count("*").alias("events"),
            F.sum("amount").alias("amount"),
            F.min("id").alias("first_id"),
            F.max("event_time").alias("last_event"),
        )
        .select(
            F.col("window.start").alias("window_start"),
            F.col("window.end").alias("window_end"),
            "events",
            "amount",
            "first_id",
            "last_event",
        )
    )
    query = (
        windows.writeStream.format("delta")
        .outputMode(opts["mode"])
        .option("checkpointLocation", "checkpoints/" + table)
        .trigger(availableNow=True)
        .toTable(table)
    )
    query.awaitTermination()
    print_progress(query)
