# When a watermark cleans aggregation state: in update mode late rows are dropped and old
# windows leave the state; complete mode keeps every window and still counts late rows; a
# watermark on another column than the grouping's keeps all state too.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Handling Late Data and Watermarking: Conditions for watermarking to clean aggregation state)
# category: windows
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("watermark-cleanup").config("spark.sql.shuffle.partitions", "2").getOrCreate()

events = [("12:02", "12:02", "a"), ("12:06", "12:06", "b"), ("12:31", "12:31", "a"), ("12:03", "12:40", "c"),
          ("12:45", "12:45", "b")]
payload = [(json.dumps({"ts": "2024-05-01 %s:00" % t, "seen": "2024-05-01 %s:00" % s, "user": u}),)
           for t, s, u in events]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 1).load()
          .select(from_json(col("value").cast("string"), "ts TIMESTAMP, seen TIMESTAMP, user STRING").alias("e"))
          .select("e.*"))


def run(name, df, mode):
    q = (df.writeStream.outputMode(mode).format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    q.awaitTermination()
    ops = [p["stateOperators"][0] for p in q.recentProgress]
    print(name, "state rows:", [o["numRowsTotal"] for o in ops],
          "dropped:", [o["numRowsDroppedByWatermark"] for o in ops],
          "removed:", sum(o["numRowsRemoved"] for o in ops))
    rows = spark.table(name).orderBy("window", "count").collect()
    print(" ", [(str(r.window.start)[11:16], r["count"]) for r in rows])


by_window = stream.withWatermark("ts", "10 minutes").groupBy(window("ts", "10 minutes"))
run("update_mode", by_window.count(), "update")
run("complete_mode", by_window.count(), "complete")
other_column = stream.withWatermark("seen", "10 minutes").groupBy(window("ts", "10 minutes"))
run("other_column", other_column.count(), "update")
