# A learner's typos in column names, on a batch DataFrame and on a Kafka stream: Spark names
# the column it cannot find and proposes the closest ones; other lookups fail on their own terms.
# source: docs/sql-error-conditions-unresolved-column-error-class.md and docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka)
# category: errors
# topics: orders
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
spark = SparkSession.builder.appName("unresolved-columns").getOrCreate()


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


orders = spark.createDataFrame(
    [(1, "alice", 12.5, "2024-01-01 10:00:00")],
    "order_id int, customer string, amount double, event_time string")

report("select", lambda: orders.select("oder_id").collect())
report("select two", lambda: orders.select("order_id", "custmer").collect())
report("filter column", lambda: orders.filter(F.col("amout") > 10).collect())
report("filter sql", lambda: orders.filter("amout > 10").collect())
report("withColumn", lambda: orders.withColumn("total", F.col("amount") * F.col("qty")).collect())
report("groupBy", lambda: orders.groupBy("customer_name").count().collect())
report("orderBy", lambda: orders.orderBy("created").collect())
report("selectExpr", lambda: orders.selectExpr("amount * 2 AS double_amount", "custmer").collect())
report("other case", lambda: orders.select(F.col("Order_ID")).collect())
report("drop missing", lambda: orders.drop("nope").collect())
report("struct field of a string", lambda: orders.select("event_time.date").collect())
report("item", lambda: orders["oder_id"])
report("attribute", lambda: orders.oder_id)
report("dropDuplicates", lambda: orders.dropDuplicates(["oder_id"]).collect())
report("after groupBy", lambda: orders.groupBy("customer").count().orderBy("amount").collect())
report("backticks", lambda: orders.select("`order id`").collect())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).load())
report("stream select", lambda: stream.select("vaule").schema)
report("stream cast", lambda: stream.selectExpr("CAST(valu AS STRING)").schema)
report("stream after cast", lambda: stream.selectExpr("CAST(value AS STRING) AS json").select("value").schema)
report("stream watermark", lambda: stream.withWatermark("timestmp", "10 minutes").schema)
