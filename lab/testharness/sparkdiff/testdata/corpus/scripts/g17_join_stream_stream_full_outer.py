# Stream-stream full outer join with watermarks: unmatched rows of both sides come out once
# the watermark passes them.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Stream-stream Joins: Outer Joins with Watermarking)
# category: joins
# topics: left right
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-stream-full").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, prefix):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), "id INT, t TIMESTAMP").alias("r"))
            .select(col("r.id").alias(prefix + "Id"), col("r.t").alias(prefix + "Time"))
            .withWatermark(prefix + "Time", "5 minutes"))


def run():
    joined = read("left", "l").join(
        read("right", "r"), expr("lId = rId AND rTime BETWEEN lTime - interval 5 minutes AND lTime + interval 5 minutes"), "full_outer")
    q = (joined.writeStream.format("parquet").option("path", "out/full").option("checkpointLocation", "checkpoints/full")
         .trigger(availableNow=True).start())
    q.awaitTermination()


send("left", [{"id": 1, "t": "2024-05-01 10:00:00"}, {"id": 2, "t": "2024-05-01 10:01:00"}])
send("right", [{"id": 1, "t": "2024-05-01 10:02:00"}, {"id": 3, "t": "2024-05-01 10:03:00"}])
run()
send("left", [{"id": 9, "t": "2024-05-01 11:00:00"}])
send("right", [{"id": 9, "t": "2024-05-01 11:00:00"}])
run()
spark.read.parquet("out/full").orderBy("lId", "rId").show()
