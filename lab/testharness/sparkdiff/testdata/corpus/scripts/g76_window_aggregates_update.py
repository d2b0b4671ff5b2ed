# A windowed aggregation with several aggregate functions per device, selected through the
# window's start and end, in update mode with a watermark: each run prints the windows it
# changed, and a late event for a closed window is dropped.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Window Operations on Event Time; Handling Late Data and Watermarking, update mode)
# category: windows
# topics: signals
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "signals-" + run_id
spark = (SparkSession.builder.appName("window-aggregates").config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())


def send(events):
    rows = [(json.dumps({"device": d, "signal": s, "ts": "2024-05-01 " + t}),) for d, s, t in events]
    (spark.createDataFrame(rows, "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


signals = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
           .option("subscribe", topic).option("startingOffsets", "earliest").load()
           .select(F.from_json(F.col("value").cast("string"), "device STRING, signal DOUBLE, ts TIMESTAMP").alias("e"))
           .select("e.*"))
stats = (signals.withWatermark("ts", "5 minutes")
         .groupBy(F.window("ts", "10 minutes"), "device")
         .agg(F.count("*").alias("n"), F.sum("signal").alias("total"), F.avg("signal").alias("mean"),
              F.min("signal").alias("low"), F.max("signal").alias("high"))
         .select(F.col("window.start").alias("start"), F.col("window.end").alias("end"), "device", "n", "total",
                 F.round("mean", 2).alias("mean"), "low", "high"))

steps = [
    [("d1", 10.0, "10:01:00"), ("d1", 12.5, "10:04:00"), ("d2", 7.0, "10:05:00")],
    [("d1", 1.5, "10:08:00"), ("d2", 20.0, "10:21:00")],
    [("d1", 99.0, "10:02:00"), ("d2", 3.0, "10:22:00")],
]
for i, events in enumerate(steps):
    send(events)
    emitted = []

    def collect(df, batch_id):
        emitted.extend(tuple([batch_id, str(r.start)[11:], str(r.end)[11:]] + list(r)[2:]) for r in df.collect())

    q = (stats.writeStream.outputMode("update").foreachBatch(collect)
         .option("checkpointLocation", "checkpoints/stats").trigger(availableNow=True).start())
    q.awaitTermination()
    print("run", i)
    for row in sorted(emitted):
        print(" ", row)
    print("dropped", sum(p["stateOperators"][0]["numRowsDroppedByWatermark"] for p in q.recentProgress))
