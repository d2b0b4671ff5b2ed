# foreachBatch patterns from the guide: persist/unpersist around two writes, a batch id used
# for idempotence, a DataFrame operation a stream cannot do (sort + limit) done per batch,
# and an exception in the function failing the query with its error.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch: ForeachBatch, reuse existing batch data sources, apply additional DataFrame operations)
# category: foreach
from pyspark.errors import StreamingQueryException
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("fb").getOrCreate()
src = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 4)
       .option("startTimestamp", 0).option("advanceMillisPerBatch", 1000).load())
seen = []


def write_twice(batch_df, batch_id):
    batch_df.persist()
    batch_df.write.mode("append").parquet("out/loc1")
    batch_df.selectExpr("value * 2 AS v").write.mode("append").json("out/loc2")
    top = batch_df.orderBy(F.desc("value")).limit(2).collect()
    seen.append((batch_id, [r.value for r in top], batch_df.count()))
    batch_df.unpersist()


q = src.writeStream.foreachBatch(write_twice).option("checkpointLocation", "chk/a").trigger(availableNow=True).start()
q.awaitTermination()
print(seen)
print(spark.read.parquet("out/loc1").count(), sorted(r.v for r in spark.read.json("out/loc2").collect()))


def fail(batch_df, batch_id):
    raise ValueError("bad batch %d" % batch_id)


q2 = src.writeStream.foreachBatch(fail).trigger(availableNow=True).start()
try:
    q2.awaitTermination()
except StreamingQueryException as e:
    print("StreamingQueryException", e.getCondition())
print(q2.isActive, q2.exception() is not None)
spark.stop()
