# A learner's type mistakes: parsing Kafka's binary value without a cast, a watermark on a
# column that is not a timestamp, arithmetic on strings, a filter that is not a condition,
# and Python's operator precedence in a Column condition.
# source: docs/sql-error-conditions-datatype-mismatch-error-class.md and docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka)
# category: errors
# topics: orders
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
spark = SparkSession.builder.appName("wrong-types").getOrCreate()


def report(label, action):
    # What a learner sees when the call fails: the exception's class, Spark's condition and
    # parameters, and the first line of its text.
    try:
        action()
        print(label, "-> ok")
    except Exception as e:
        print(label, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
            params = e.getMessageParameters() or {}
            for k in sorted(params):
                print("  param", k, "=", params[k])
        print("  text:", str(e).splitlines()[0] if str(e) else "")


stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).load())
schema = "order_id INT, amount DOUBLE"
report("from_json of binary", lambda: stream.select(F.from_json(F.col("value"), schema)).schema)
report("from_json of a cast", lambda: stream.select(F.from_json(F.col("value").cast("string"), schema)).schema)
report("watermark on binary", lambda: stream.withWatermark("value", "10 minutes").schema)
report("watermark on a string", lambda: stream.selectExpr("CAST(value AS STRING) AS ts").withWatermark("ts", "10 minutes").schema)
report("bad delay", lambda: stream.withWatermark("timestamp", "ten minutes").schema)
report("window on an int", lambda: stream.groupBy(F.window("partition", "5 minutes")).count().schema)
report("upper of binary", lambda: stream.select(F.upper("value")).schema)

orders = spark.createDataFrame(
    [(1, "alice", 12.5, True)],
    "order_id int, customer string, amount double, paid boolean")
report("string plus int", lambda: orders.select(F.col("customer") + 1).collect())
report("sum of strings", lambda: orders.agg(F.sum("customer")).collect())
report("avg of booleans", lambda: orders.agg(F.avg("paid")).collect())
report("filter on a string", lambda: orders.filter(F.col("customer")).collect())
report("filter on an int", lambda: orders.filter("order_id").collect())
report("precedence", lambda: orders.filter(F.col("amount") > 10 & F.col("paid") == True).collect())
report("and of columns", lambda: orders.filter(F.col("paid") and F.col("amount") > 1).collect())
report("cast to a typo", lambda: orders.select(F.col("amount").cast("strin")).collect())
report("not of an int", lambda: orders.filter(~F.col("order_id")).collect())
report("when on a string", lambda: orders.select(F.when(F.col("customer"), 1).otherwise(0)).collect())
report("compare to a struct", lambda: orders.filter(F.col("order_id") == F.struct("order_id")).collect())
