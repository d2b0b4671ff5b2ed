# dropDuplicatesWithinWatermark: events with the same guid but different times are still
# duplicates while within the watermark delay.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Streaming Deduplication: dropDuplicatesWithinWatermark)
# category: deduplication
# topics: events
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("dedup-within").config("spark.sql.shuffle.partitions", "2").getOrCreate()

records = [("a", "10:00:01"), ("a", "10:00:05"), ("b", "10:00:07"), ("a", "10:01:00")]
(spark.createDataFrame([(json.dumps({"guid": g, "eventTime": "2024-05-01 " + t}),) for g, t in records], "value string")
    .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "guid STRING, eventTime TIMESTAMP").alias("e")).select("e.*"))

deduped = stream.withWatermark("eventTime", "1 hour").dropDuplicatesWithinWatermark(["guid"])
q = deduped.writeStream.format("memory").queryName("within").option("checkpointLocation", "checkpoints/within").start()
q.processAllAvailable()
q.stop()
spark.sql("SELECT * FROM within ORDER BY guid, eventTime").show()
