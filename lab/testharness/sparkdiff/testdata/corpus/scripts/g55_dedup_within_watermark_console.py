# dropDuplicatesWithinWatermark on a guid with a watermark on event time, written to the
# console in append mode: a duplicate arriving within the delay is dropped even when its
# event time differs from the first copy's.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Deduplication: dropDuplicatesWithinWatermark)
# category: dedup
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("dedup-within").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(events):
    payload = [(json.dumps({"guid": g, "eventTime": "2024-05-01 12:%s" % t, "n": n}),) for g, t, n in events]
    (spark.createDataFrame(payload, "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "guid STRING, eventTime TIMESTAMP, n INT").alias("e")).select("e.*"))
deduped = stream.withWatermark("eventTime", "10 minutes").dropDuplicatesWithinWatermark(["guid"])


def run():
    q = (deduped.writeStream.format("console").option("checkpointLocation", "checkpoints/dedup")
         .trigger(availableNow=True).start())
    q.awaitTermination()
    print("state rows", q.lastProgress["stateOperators"][0]["numRowsTotal"])


send([("a", "00:00", 1), ("b", "01:00", 2), ("a", "03:00", 3), ("c", "20:00", 4)])
run()
send([("a", "21:00", 5), ("b", "05:00", 6), ("d", "22:00", 7)])
run()
