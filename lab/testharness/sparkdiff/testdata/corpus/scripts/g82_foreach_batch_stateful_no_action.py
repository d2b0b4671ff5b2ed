# foreachBatch over a stateful query (a count per page) whose function never runs the batch:
# Spark 4.2 checks that every partition's state store committed, so the query fails once
# batch 0 is in the commit log, with the state of that batch never written.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch)
# category: foreach
# topics: visits
import sys

from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "visits-" + run_id
spark = (SparkSession.builder.appName("foreach-batch-stateful-no-action")
         .config("spark.sql.shuffle.partitions", "2").getOrCreate())

(spark.createDataFrame([(p,) for p in ["home", "cart", "home", "help", "cart", "home"]], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

visits = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load()
          .selectExpr("CAST(value AS STRING) AS page"))
seen = []


def remember_only(batch_df, batch_id):
    # Only the id is kept: no action runs the batch, so its state stores never commit.
    seen.append(batch_id)


q = (visits.groupBy("page").count().writeStream.outputMode("update").foreachBatch(remember_only)
     .option("checkpointLocation", "checkpoints/pages").trigger(availableNow=True).start())
try:
    q.awaitTermination()
    print("ended without an error")
except StreamingQueryException as e:
    text = str(e)
    print("caught:", type(e).__name__, e.getCondition())
    print("exception:", text[text.index("terminated with exception:"):].splitlines()[0])
print("batches the function saw:", seen)
print("active:", q.isActive, "exception kept:", q.exception() is not None)
print("progress reported:", [p["batchId"] for p in q.recentProgress])
