# rate-micro-batch across restarts: each availableNow run makes exactly one batch of
# rowsPerBatch rows, numbered on from the last, its timestamps one advance later.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Rate Per Micro-Batch Source)
# category: sources
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("rate-restarts").getOrCreate()


def show_batch(batch_df, batch_id):
    rows = sorted((r.value, str(r.timestamp)) for r in batch_df.collect())
    print("batch", batch_id, rows)


for _ in range(3):
    rows = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 4).option("numPartitions", 3)
            .option("startTimestamp", 1714550400000).option("advanceMillisPerBatch", 2500).load())
    q = (rows.writeStream.foreachBatch(show_batch).option("checkpointLocation", "checkpoints/rate")
         .trigger(availableNow=True).start())
    q.awaitTermination()
