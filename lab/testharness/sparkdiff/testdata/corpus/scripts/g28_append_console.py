# A stream without aggregation in append mode (the default) to the console sink, with
# numRows and truncate options, in two batches.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Modes; Output Sinks: Console Sink)
# category: sinks
# topics: notes
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "notes-" + run_id
spark = SparkSession.builder.appName("console").getOrCreate()

notes = ["a short note", "a rather longer note that the console sink cuts at twenty characters", "x"]
(spark.createDataFrame([(n,) for n in notes], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
      .selectExpr("CAST(value AS STRING) AS note", "offset"))
q = (df.writeStream.format("console").option("numRows", 1).option("checkpointLocation", "checkpoints/console")
     .trigger(availableNow=True).start())
q.awaitTermination()
q = (df.writeStream.format("console").option("truncate", "true").option("checkpointLocation", "checkpoints/console2")
     .trigger(availableNow=True).start())
q.awaitTermination()
