# Streaming deduplication on a unique identifier, without a watermark: every guid is kept
# in state forever. Two runs: a guid seen in the first run is dropped in the second.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Deduplication)
# category: deduplication
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("dedup").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(records):
    (spark.createDataFrame([(json.dumps({"guid": g, "eventTime": "2024-05-01 10:00:%02d" % s}),) for g, s in records], "value string")
        .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
              .option("subscribe", topic).option("startingOffsets", "earliest").load()
              .select(from_json(col("value").cast("string"), "guid STRING, eventTime TIMESTAMP").alias("e")).select("e.*"))
    q = (stream.dropDuplicates(["guid"]).writeStream.format("console")
         .option("checkpointLocation", "checkpoints/dedup").trigger(availableNow=True).start())
    q.awaitTermination()


send([("a", 1), ("b", 2), ("a", 3)])
run()
send([("b", 4), ("c", 5)])
run()
