# StreamingQuery.awaitTermination(timeout) returns False while running and True after
# stop; runId changes on restart with the same checkpoint while id stays;
# StreamingQueryManager.resetTerminated and awaitAnyTermination(timeout).
# source: python/pyspark/sql/streaming/query.py (awaitTermination, id, runId, StreamingQueryManager docstrings)
# category: query-management
import time

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("await").getOrCreate()


def first_batch_done(q):
    # One batch per run: the hour-long trigger runs the first at once, then waits.
    while q.lastProgress is None:
        time.sleep(0.1)


sdf = spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 5).load()
q = sdf.writeStream.format("noop").option("checkpointLocation", "cp").trigger(processingTime="1 hour").start()
first_batch_done(q)
print(q.awaitTermination(1))
first_id, first_run = q.id, q.runId
q.stop()
print(q.awaitTermination(1), q.awaitTermination())
q2 = sdf.writeStream.format("noop").option("checkpointLocation", "cp").trigger(processingTime="1 hour").start()
first_batch_done(q2)
print(q2.id == first_id, q2.runId == first_run)
print(spark.streams.awaitAnyTermination(1))
q2.stop()
spark.streams.resetTerminated()
print(spark.streams.awaitAnyTermination(1))
try:
    q2.awaitTermination(-1)
except Exception as e:
    print(type(e).__name__, e)
spark.stop()
