# Where a Kafka read starts and ends by record time: startingTimestamp for every partition,
# startingOffsetsByTimestamp per partition (with the strategy for a time past the last
# record), endingOffsetsByTimestamp for a batch read, and minPartitions splitting the read.
# source: docs/streaming/structured-streaming-kafka-integration.md (Creating a Kafka Source for Batch Queries: startingTimestamp, startingOffsetsByTimestamp, endingOffsetsByTimestamp, startingOffsetsByTimestampStrategy, minPartitions)
# category: kafka-batch
# topics: stamped:2
import json
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "stamped-" + run_id
spark = SparkSession.builder.appName("by-timestamp").getOrCreate()

rows = [(i % 2, "v%d" % i) for i in range(6)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

PAST = 1000000000000      # 2001-09-09: before every record
FUTURE = 4102444800000    # 2100-01-01: after every record


def read(**options):
    r = spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
    for k, v in options.items():
        r = r.option(k, v)
    return r.load().selectExpr("partition", "offset", "CAST(value AS STRING) AS value")


def report(label, build):
    try:
        df = build()
        print(label, "->", sorted((r.partition, r.offset, r.value) for r in df.collect()))
    except Exception as e:
        print(label, "->", type(e).__name__)
        print("  text:", str(e).splitlines()[0])


report("startingTimestamp past", lambda: read(startingTimestamp=str(PAST)))
report("by timestamp, past and future", lambda: read(
    startingOffsetsByTimestamp=json.dumps({topic: {"0": PAST, "1": FUTURE}}),
    startingOffsetsByTimestampStrategy="latest"))
# One partition past its last record: Spark checks partitions in no fixed order, so with two
# the error would name either.
report("future, strategy error", lambda: read(
    startingOffsetsByTimestamp=json.dumps({topic: {"0": PAST, "1": FUTURE}})))
report("ending by timestamp", lambda: read(
    startingOffsets="earliest", endingOffsetsByTimestamp=json.dumps({topic: {"0": PAST, "1": FUTURE}})))
report("endingTimestamp future", lambda: read(endingTimestamp=str(FUTURE)))

split = (spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
         .option("minPartitions", "4").load())
print("minPartitions 4:", split.count(), sorted(tuple(r) for r in split.groupBy("partition").count().collect()))
