# Reading a stream-stream join's state: joinSide shows the rows each side buffers, by join
# key; storeName reads one of the join's four internal stores; state-metadata lists them.
# source: docs/streaming/structured-streaming-state-data-source.md (Reading state for stream-stream join; State Metadata Source)
# category: state
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("state-join").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


send("impressions", [{"impressionAdId": a, "impressionTime": "2024-05-01 %s:00" % t} for a, t in [(1, "10:00"), (2, "10:05"), (3, "10:10"), (1, "10:12")]])
send("clicks", [{"clickAdId": a, "clickTime": "2024-05-01 %s:00" % t} for a, t in [(1, "10:20"), (2, "11:30"), (4, "10:15")]])

impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP").withWatermark("impressionTime", "2 hours")
clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP").withWatermark("clickTime", "3 hours")

joined = impressions.join(clicks, expr("""
    clickAdId = impressionAdId AND
    clickTime >= impressionTime AND
    clickTime <= impressionTime + interval 1 hour"""))

q = joined.writeStream.format("memory").queryName("matched").option("checkpointLocation", "checkpoints/join").start()
q.processAllAvailable()
q.stop()
spark.sql("SELECT * FROM matched ORDER BY impressionAdId, impressionTime").show()

left = spark.read.format("statestore").option("joinSide", "left").load("checkpoints/join")
left.printSchema()
left.selectExpr("key.*", "value.*", "partition_id").orderBy("impressionAdId", "impressionTime").show()
right = spark.read.format("statestore").option("joinSide", "right").load("checkpoints/join")
right.selectExpr("key.*", "value.*", "partition_id").orderBy("clickAdId").show()

counts = spark.read.format("statestore").option("storeName", "left-keyToNumValues").load("checkpoints/join")
counts.printSchema()
counts.selectExpr("key.*", "value.*").orderBy("field0").show()

meta = spark.read.format("state-metadata").load("checkpoints/join")
meta.select("operatorId", "operatorName", "stateStoreName", "numPartitions").orderBy("stateStoreName").show(truncate=False)
