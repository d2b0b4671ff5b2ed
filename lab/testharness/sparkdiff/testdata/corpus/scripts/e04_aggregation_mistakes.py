# Aggregation mistakes on a batch DataFrame: a column neither grouped nor aggregated, an
# aggregate where Spark takes none, an aggregate inside another, and a dict of unknown
# functions.
# source: docs/sql-error-conditions.md (MISSING_AGGREGATION, MISSING_GROUP_BY, GROUP_BY_AGGREGATE, NESTED_AGGREGATE_FUNCTION)
# category: errors
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("aggregation-mistakes").getOrCreate()


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
    [(1, "alice", 12.5), (2, "bob", 3.0), (3, "alice", 7.25)],
    "order_id int, customer string, amount double")

report("column not aggregated", lambda: orders.groupBy("customer").agg(F.col("amount")).collect())
report("aggregate without groupBy", lambda: orders.select("customer", F.sum("amount")).collect())
report("aggregate in a filter", lambda: orders.filter(F.sum("amount") > 10).collect())
report("nested aggregate", lambda: orders.groupBy("customer").agg(F.sum(F.count("amount"))).collect())
report("group by an aggregate", lambda: orders.groupBy(F.sum("amount")).count().collect())
report("aggregate in withColumn", lambda: orders.withColumn("total", F.sum("amount")).collect())
report("aggregate in orderBy", lambda: orders.orderBy(F.sum("amount")).collect())
report("agg of a string", lambda: orders.groupBy("customer").agg("amount").collect())
report("count then a column", lambda: orders.groupBy("customer").count().select("amount").collect())
report("sum of a missing column", lambda: orders.groupBy("customer").sum("amout").collect())
report("sum of a string column", lambda: orders.groupBy("order_id").sum("customer").collect())
report("avg with two names", lambda: orders.groupBy("customer").avg("amount", "order_id").orderBy("customer").collect())
