# rate-micro-batch feeding a windowed count: deterministic timestamps, two batches run as
# two once-triggered runs of the same checkpoint.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Rate Per Micro-Batch Source) with Window Operations on Event Time
# category: sources
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import window

spark = SparkSession.builder.appName("rate-windows").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def run():
    rows = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 5)
            .option("startTimestamp", 0).option("advanceMillisPerBatch", 4000).load())
    counts = rows.groupBy(window("timestamp", "2 seconds")).count()
    q = (counts.writeStream.outputMode("complete").format("console").option("truncate", "false")
         .option("checkpointLocation", "checkpoints/rate-windows").trigger(once=True).start())
    q.awaitTermination()


run()
run()
