# window() with a startTime offset: tumbling hourly windows that start at a quarter past,
# sliding windows shifted by two minutes, an event exactly on a window's edge, and events
# before 1970 (negative timestamps), counted in complete mode.
# source: python/pyspark/sql/functions/builtin.py (window: startTime), docs/streaming/apis-on-dataframes-and-datasets.md (Window Operations on Event Time)
# category: windows
# topics: clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, count, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id
spark = (SparkSession.builder.appName("window-start-time").config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())

times = ["2024-05-01 10:02:00", "2024-05-01 10:14:59", "2024-05-01 10:15:00", "2024-05-01 11:16:30",
         "1969-12-31 23:58:00", "1969-12-31 23:10:00"]
(spark.createDataFrame([(json.dumps({"ts": t}),) for t in times], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

clicks = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "ts TIMESTAMP").alias("e")).select("e.ts"))

queries = {
    "hourly_quarter": clicks.groupBy(window("ts", "1 hour", startTime="15 minutes")).agg(count("*").alias("n")),
    "sliding_shifted": clicks.groupBy(window(col("ts"), "10 minutes", "5 minutes", "2 minutes")).count(),
}
for name, df in queries.items():
    q = (df.writeStream.outputMode("complete").format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    q.awaitTermination()
    print(name)
    spark.sql("SELECT window.start, window.end, * FROM %s ORDER BY window.start" % name).drop("window").show(truncate=False)
