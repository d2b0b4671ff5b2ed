# foreachBatch over a stateful query (a count per page) whose function runs two actions on
# the batch, count() and then show(): each action runs the batch's plan, the second one
# again from the state the first left, and the query goes on; show() alone on a batch
# whose first partition has more rows than it prints stops before the end of that
# partition, and Spark 4.2 fails the query because that state store never committed.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch)
# category: foreach
# topics: visits
import sys

from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "visits-" + run_id
spark = (SparkSession.builder.appName("foreach-batch-stateful-count-show")
         .config("spark.sql.shuffle.partitions", "2").getOrCreate())

pages = ["page%02d" % i for i in range(60)]
(spark.createDataFrame([(p,) for p in pages + ["page01", "page02", "page03"]], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def start(name, fn, max_offsets):
    visits = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
              .option("subscribe", topic).option("startingOffsets", "earliest")
              .option("maxOffsetsPerTrigger", max_offsets).load()
              .selectExpr("CAST(value AS STRING) AS page"))
    return (visits.groupBy("page").count().writeStream.outputMode("update").foreachBatch(fn)
            .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())


def count_then_show(batch_df, batch_id):
    print("batch", batch_id, "rows", batch_df.count())
    batch_df.orderBy("page").show(3)


q = start("count_show", count_then_show, 40)
q.awaitTermination()
print("count+show batches:", [(p["batchId"], p["numInputRows"]) for p in q.recentProgress])


def show_only(batch_df, batch_id):
    batch_df.show(2)


q = start("show_only", show_only, 100)
try:
    q.awaitTermination()
    print("show only: ended without an error")
except StreamingQueryException as e:
    text = str(e)
    print("show only:", type(e).__name__, e.getCondition())
    print("exception:", text[text.index("terminated with exception:"):].splitlines()[0])
print("show only progress:", [p["batchId"] for p in q.recentProgress])
