# The console sink's options: numRows limits the rows shown per batch (with Spark's "only
# showing top N rows" note) and truncate=false prints long values whole.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Sinks: console sink options numRows and truncate)
# category: sinks
# topics: notes
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "notes-" + run_id
spark = SparkSession.builder.appName("console-options").config("spark.sql.shuffle.partitions", "1").getOrCreate()

notes = ["short", "a note that is longer than twenty characters", "x" * 30, "short", "tab\there"]
(spark.createDataFrame([(n,) for n in notes], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())
lines = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
         .option("startingOffsets", "earliest").load().selectExpr("CAST(value AS STRING) AS note", "offset"))

runs = [
    ("default", lines, "append", {}),
    ("two_rows", lines, "append", {"numRows": "2"}),
    ("whole", lines, "append", {"truncate": "false", "numRows": 3}),
    ("counts", lines.groupBy("note").count().orderBy("count", "note"), "complete", {"numRows": 2, "truncate": False}),
]
for name, df, mode, options in runs:
    print("--", name)
    w = df.writeStream.format("console").outputMode(mode).option("checkpointLocation", "checkpoints/" + name)
    for k, v in options.items():
        w = w.option(k, v)
    w.trigger(availableNow=True).start().awaitTermination()
