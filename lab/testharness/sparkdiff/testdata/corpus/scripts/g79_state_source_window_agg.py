# Reading a windowed aggregation's state: the key holds the window and the grouping column,
# the value each aggregate's buffer (count; sum; avg's sum and count; max), batch by batch.
# The value's fields share names (sum, count), so it is shown whole, not expanded.
# source: docs/streaming/structured-streaming-state-data-source.md (Reading state key-values from the checkpoint)
# category: state
# topics: readings
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
spark = SparkSession.builder.appName("state-window").config("spark.sql.shuffle.partitions", "2").getOrCreate()

rows = [("s1", "10:01", 3), ("s2", "10:02", 5), ("s1", "10:04", 4), ("s1", "10:07", 1),
        ("s2", "10:08", 2), ("s1", "10:09", 6)]
(spark.createDataFrame([(json.dumps({"sensor": s, "ts": "2024-05-01 %s:00" % t, "v": v}),) for s, t, v in rows], "value string")
    .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

readings = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load()
            .select(F.from_json(F.col("value").cast("string"), "sensor STRING, ts TIMESTAMP, v INT").alias("r")).select("r.*"))

agg = (readings.groupBy(F.window("ts", "5 minutes"), "sensor")
       .agg(F.count("*").alias("n"), F.sum("v").alias("total"), F.avg("v").alias("mean"), F.max("v").alias("top")))
q = (agg.writeStream.outputMode("update").format("memory").queryName("agg")
     .option("checkpointLocation", "checkpoints/agg").trigger(availableNow=True).start())
q.awaitTermination()

state = spark.read.format("statestore").load("checkpoints/agg")
state.printSchema()
state.selectExpr("key.window.start AS start", "key.sensor", "value", "partition_id").orderBy("start", "sensor").show(truncate=False)
for b in (0, 1):
    at = spark.read.format("statestore").option("batchId", b).load("checkpoints/agg")
    print(b, sorted((str(r.key.window.start), r.key.sensor, r.value[0]) for r in at.collect()))

changes = (spark.read.format("statestore").option("readChangeFeed", "true").option("changeStartBatchId", 1)
           .option("changeEndBatchId", 1).load("checkpoints/agg"))
changes.selectExpr("batch_id", "change_type", "key.window.start AS start", "key.sensor", "value").orderBy("start", "sensor").show(truncate=False)
