# Session windows across micro-batches: an event in a later batch extends a session or
# bridges two into one; append mode emits a session once the watermark passes its end,
# update mode is refused for session windows; complete mode shows every session.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Types of time windows: session windows)
# category: windows
# topics: visits
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, count, from_json, session_window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "visits-" + run_id
spark = (SparkSession.builder.appName("session-batches").config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())


def send(events):
    (spark.createDataFrame([(json.dumps({"user": u, "ts": "2024-05-01 " + t}),) for u, t in events], "value string")
        .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


visits = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "user STRING, ts TIMESTAMP").alias("e")).select("e.*"))
sessions = (visits.withWatermark("ts", "10 minutes")
            .groupBy(session_window("ts", "5 minutes"), "user").agg(count("*").alias("clicks")))

steps = [
    [("a", "10:00:00"), ("a", "10:03:00"), ("a", "10:12:00"), ("b", "10:01:00")],
    [("a", "10:07:30"), ("b", "10:04:00")],
    [("c", "10:40:00")],
]


def run(mode):
    # One availableNow run on the mode's checkpoint, so the batches are the steps; the rows
    # each run emits are collected by foreachBatch (the memory sink cannot resume).
    emitted = []

    def collect(df, batch_id):
        emitted.extend((r.user, str(r.session_window.start)[11:], str(r.session_window.end)[11:], r.clicks)
                       for r in df.collect())

    try:
        q = (sessions.writeStream.outputMode(mode).foreachBatch(collect)
             .option("checkpointLocation", "checkpoints/" + mode).trigger(availableNow=True).start())
        q.awaitTermination()
        return sorted(emitted)
    except Exception as e:
        return type(e).__name__ + ": " + str(e).splitlines()[0]


for i, events in enumerate(steps):
    send(events)
    for mode in ["append", "update", "complete"]:
        print(i, mode, run(mode))
