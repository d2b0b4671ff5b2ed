# Stateful operators over a JSON folder, run in two phases on one checkpoint per operator:
#   python interchange.py first   -> in/<op>/ holds b0.json and b1.json
#   python interchange.py second  -> b2.json is added, the query resumes its checkpoint
# Each batch's rows are printed as "<op> <batch> <row>" (times as HH:MM, UTC), sorted.
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, StringType, StructField, StructType, TimestampType

BATCHES = {
    "b0.json": [
        ("2026-10-01T09:01:00Z", "C01", "10.50"),
        ("2026-10-01T09:02:00Z", "C02", "20.00"),
        ("2026-10-01T09:07:00Z", "C01", "5.25"),
        ("2026-10-01T09:03:00Z", "C03", None),
    ],
    "b1.json": [
        ("2026-10-01T09:21:00Z", "C02", "7.00"),
        ("2026-10-01T09:08:00Z", "C01", "1.00"),
        ("2026-10-01T09:22:00Z", "C04", "3.30"),
        ("2026-10-01T09:04:00Z", "C03", "2.00"),
    ],
    "b2.json": [
        ("2026-10-01T09:24:00Z", "C01", "4.00"),
        ("2026-10-01T09:14:00Z", "C05", "1.10"),
        ("2026-10-01T09:09:00Z", "C02", "9.99"),
        ("2026-10-01T09:40:00Z", "C02", "2.50"),
    ],
}

SCHEMA = StructType([
    StructField("event_time", TimestampType()),
    StructField("customer_id", StringType()),
    StructField("amount", DecimalType(10, 2)),
])


def write_batch(folder, name):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        for t, c, a in BATCHES[name]:
            amount = "null" if a is None else a
            f.write('{"event_time": "%s", "customer_id": "%s", "amount": %s}\n' % (t, c, amount))
    # The file source takes files oldest first: b0, b1, b2 ten seconds apart.
    stamp = 1790000000 + 10 * sorted(BATCHES).index(name)
    os.utime(path, (stamp, stamp))


def fmt(v):
    if v is None:
        return "null"
    if hasattr(v, "strftime"):
        return v.strftime("%H:%M")
    if hasattr(v, "start") and hasattr(v, "end"):
        return "[" + fmt(v.start) + "," + fmt(v.end) + ")"
    if isinstance(v, list):
        return "[" + ",".join(fmt(x) for x in v) + "]"
    return str(v)


def aggs():
    return [F.count("*").alias("n"), F.sum("amount").alias("s"), F.avg("amount").alias("a"),
            F.min("amount").alias("mn"), F.max("amount").alias("mx")]


def query(op, events, read):
    if op == "agg":
        return events.groupBy("customer_id").agg(*aggs()), "complete"
    if op == "window":
        w = events.withWatermark("event_time", "10 minutes")
        return w.groupBy(F.window("event_time", "5 minutes")).agg(*aggs()), "append"
    if op == "dedup":
        return events.dropDuplicates(["customer_id"]), "append"
    if op == "dedupwm":
        w = events.withWatermark("event_time", "10 minutes")
        return w.dropDuplicatesWithinWatermark(["customer_id"]), "append"
    if op == "session":
        w = events.withWatermark("event_time", "10 minutes")
        return w.groupBy(F.session_window("event_time", "5 minutes"), "customer_id").agg(*aggs()), "append"
    if op == "limit":
        return events.limit(10), "append"
    if op == "collect":
        # Aggregates whose buffers are collections: collect_list keeps arrival order,
        # collect_set's order is its hash set's (sorted here to print), and
        # approx_count_distinct's HyperLogLog++ words.
        return events.groupBy("customer_id").agg(
            F.count("*").alias("n"), F.collect_list("amount").alias("l"),
            F.array_sort(F.collect_set(F.date_format("event_time", "HH:mm"))).alias("t"),
            F.approx_count_distinct("amount").alias("d")), "complete"
    if op == "join":
        # A left outer stream-stream join of the events with their own larger amounts (read
        # by a second source, as Spark plans a self-join of one stream with one source),
        # bounded by a time range: unmatched left rows come out with NULLs once the
        # watermark passes them.
        left = events.withWatermark("event_time", "10 minutes")
        right = (read().where("amount > 2")
                 .select(F.col("customer_id").alias("cid"), F.col("event_time").alias("rtime"),
                         F.col("amount").alias("ramount"))
                 .withWatermark("rtime", "10 minutes"))
        cond = F.expr("customer_id = cid AND rtime >= event_time AND rtime <= event_time + interval 10 minutes")
        return left.join(right, cond, "leftOuter"), "append"
    raise ValueError(op)


def run(spark, op):
    src = "in/" + op
    def read():
        return spark.readStream.schema(SCHEMA).option("maxFilesPerTrigger", 1).json(src)

    df, mode = query(op, read(), read)

    def show(batch, batch_id):
        for line in sorted(" ".join(fmt(v) for v in r) for r in batch.collect()):
            print(op, batch_id, line)

    q = (df.writeStream.outputMode(mode).foreachBatch(show)
         .option("checkpointLocation", "ckpt/" + op).trigger(availableNow=True).start())
    q.awaitTermination()


phase = sys.argv[1]
ops = sys.argv[2].split(",") if len(sys.argv) > 2 else ["agg", "window", "dedup", "dedupwm", "limit", "join", "session", "collect"]
spark = (SparkSession.builder.appName("interchange").config("spark.sql.shuffle.partitions", "2")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
spark.sparkContext.setLogLevel("ERROR")
for op in ops:
    names = ["b0.json", "b1.json"] if phase == "first" else ["b2.json"]
    for n in names:
        write_batch("in/" + op, n)
    run(spark, op)
spark.stop()
