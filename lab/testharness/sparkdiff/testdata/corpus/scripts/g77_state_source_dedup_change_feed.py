# Reading a deduplication's state: the statestore format shows the keys dropDuplicates
# keeps, and readChangeFeed how each batch added them and the watermark removed them.
# source: docs/streaming/structured-streaming-state-data-source.md (Reading state key-values from the checkpoint; Reading state changes over microbatches)
# category: state
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("state-dedup").config("spark.sql.shuffle.partitions", "2").getOrCreate()

records = [("a", "10:00:01"), ("a", "10:00:01"), ("b", "10:00:05"), ("c", "10:00:30"),
           ("a", "10:00:01"), ("d", "10:01:00"), ("e", "10:01:10"), ("b", "10:00:05")]
(spark.createDataFrame([(json.dumps({"guid": g, "eventTime": "2024-05-01 " + t}),) for g, t in records], "value string")
    .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 4).load()
          .select(from_json(col("value").cast("string"), "guid STRING, eventTime TIMESTAMP").alias("e")).select("e.*"))

deduped = stream.withWatermark("eventTime", "10 seconds").dropDuplicates(["guid", "eventTime"])
q = (deduped.writeStream.format("memory").queryName("deduped").option("checkpointLocation", "checkpoints/dedup")
     .trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM deduped ORDER BY guid").show()

state = spark.read.format("statestore").load("checkpoints/dedup")
state.printSchema()
state.select("key.guid", "key.eventTime", "partition_id").orderBy("guid").show()

changes = (spark.read.format("statestore").option("readChangeFeed", True).option("changeStartBatchId", 0)
           .load("checkpoints/dedup"))
changes.printSchema()
changes.select("batch_id", "change_type", "key.guid", "partition_id").orderBy("batch_id", "change_type", "guid").show()

meta = spark.read.format("state-metadata").load("checkpoints/dedup")
meta.select("operatorId", "operatorName", "stateStoreName", "numPartitions", "minBatchId", "maxBatchId").show()
