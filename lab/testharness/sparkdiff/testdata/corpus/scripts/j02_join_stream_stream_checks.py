# What Spark refuses in stream-stream joins: an outer join without a watermark and range
# condition to bound its state, an outer join in update mode, an inner join in complete
# mode. Each error is caught and printed.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Support matrix for joins in streaming queries)
# category: joins
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json
from pyspark.errors import AnalysisException

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("stream-stream-checks").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


send("impressions", [{"impressionAdId": 1, "impressionTime": "2024-05-01 10:00:00"}])
send("clicks", [{"clickAdId": 1, "clickTime": "2024-05-01 10:10:00"}])

impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP")
clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP")
ranged = expr("clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour")
cases = [
    ("left outer, no watermark", impressions.join(clicks, ranged, "leftOuter"), "append"),
    ("left outer, watermark but no range", impressions.withWatermark("impressionTime", "1 hour").join(
        clicks.withWatermark("clickTime", "1 hour"), expr("clickAdId = impressionAdId"), "leftOuter"), "append"),
    ("full outer in update mode", impressions.withWatermark("impressionTime", "1 hour").join(
        clicks.withWatermark("clickTime", "1 hour"), ranged, "fullOuter"), "update"),
    ("inner in complete mode", impressions.join(clicks, ranged), "complete"),
]
for i, (label, df, mode) in enumerate(cases):
    try:
        q = df.writeStream.format("memory").queryName("checks%d" % i).outputMode(mode).option("checkpointLocation", "checkpoints/c%d" % i).start()
        q.processAllAvailable()
        q.stop()
        print(label, "ran")
    except AnalysisException as e:
        print(label, "->", e.getCondition())
        print(str(e).split(";")[0])
