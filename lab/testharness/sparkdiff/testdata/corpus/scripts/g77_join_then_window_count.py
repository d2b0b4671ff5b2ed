# A stream-stream join of ad impressions and clicks (a click counts within an hour of its
# impression), then the matched clicks counted per hour window in append mode: two stateful
# operators in one query. The count sees the join's output watermark, which is an hour
# behind the query's watermark (an impression stays in the join's state an hour past it), so
# an hour window closes an hour later than it would on the global watermark.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Stream-stream Joins: Inner Joins with optional Watermarking; multiple stateful operators)
# category: joins
# topics: impressions clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, from_json, window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
spark = SparkSession.builder.appName("join-then-count").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(topic, records):
    (spark.createDataFrame([(json.dumps(r),) for r in records], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic + "-" + run_id).save())


def read(topic, schema):
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic + "-" + run_id).option("startingOffsets", "earliest").load()
            .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))


send("impressions", [{"impressionAdId": a, "impressionTime": "2024-05-01 %s:00" % t}
                     for a, t in [(1, "10:00"), (2, "10:05"), (3, "10:10"), (4, "14:00")]])
send("clicks", [{"clickAdId": a, "clickTime": "2024-05-01 %s:00" % t}
                for a, t in [(1, "10:20"), (2, "10:30"), (3, "10:40"), (4, "14:30")]])

impressions = read("impressions", "impressionAdId INT, impressionTime TIMESTAMP").withWatermark("impressionTime", "2 hours")
clicks = read("clicks", "clickAdId INT, clickTime TIMESTAMP").withWatermark("clickTime", "3 hours")

joined = impressions.join(clicks, expr("""
    clickAdId = impressionAdId AND
    clickTime >= impressionTime AND
    clickTime <= impressionTime + interval 1 hour
"""))
per_hour = joined.groupBy(window("clickTime", "1 hour")).count()

q = (per_hour.writeStream.outputMode("append").format("memory").queryName("per_hour")
     .option("checkpointLocation", "checkpoints/per_hour").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT window.start, window.end, count FROM per_hour ORDER BY start").show()
for p in q.recentProgress:
    print(p["batchId"], p["eventTime"].get("watermark"), [(s["operatorName"], s["numRowsTotal"]) for s in p["stateOperators"]])
