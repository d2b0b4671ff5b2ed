# A query that fails: the foreachBatch function raises on its second batch. The batch before
# is committed, awaitTermination() raises StreamingQueryException, exception() keeps it, the
# query is no longer active, and a restart on the same checkpoint replays the failed batch.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Managing Streaming Queries: exception(); Using Foreach and ForeachBatch)
# category: query-management
# topics: jobs
import sys

from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "jobs-" + run_id
spark = SparkSession.builder.appName("query-failure").getOrCreate()

(spark.createDataFrame([("job%d" % i,) for i in range(4)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def make_writer(fail_on):
    def write(batch_df, batch_id):
        if batch_id == fail_on:
            raise ValueError("cannot handle batch %d" % batch_id)
        batch_df.write.mode("append").parquet("out/jobs")
    return write


def start(fail_on):
    df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load())
    return (df.selectExpr("CAST(value AS STRING) AS job").writeStream.foreachBatch(make_writer(fail_on))
            .option("checkpointLocation", "checkpoints/jobs").trigger(availableNow=True).start())


q = start(1)
try:
    q.awaitTermination()
    print("ended without an error")
except StreamingQueryException as e:
    print("caught:", type(e).__name__, isinstance(e, Exception))
    print("condition:", e.getCondition())
    print("mentions the cause:", "cannot handle batch 1" in str(e))
print("active:", q.isActive, "exception kept:", q.exception() is not None)
print("after the failure:", sorted(r.job for r in spark.read.parquet("out/jobs").collect()))

again = start(-1)
again.awaitTermination()
print("after the restart:", sorted(r.job for r in spark.read.parquet("out/jobs").collect()))
print("batches of the restart:", [p["batchId"] for p in again.recentProgress])
