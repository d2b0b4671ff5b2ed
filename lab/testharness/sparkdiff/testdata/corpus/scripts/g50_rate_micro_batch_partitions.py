# The rate-micro-batch source spread over two partitions: each batch makes rowsPerBatch rows
# whose timestamps advance by advanceMillisPerBatch; a running count of values modulo 3.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Input Sources: Rate Per Micro-Batch Source options)
# category: sources
from pyspark.sql import SparkSession
from pyspark.sql.functions import col

spark = SparkSession.builder.appName("rate-partitions").config("spark.sql.shuffle.partitions", "2").getOrCreate()

rate = (spark.readStream.format("rate-micro-batch").option("rowsPerBatch", 4).option("numPartitions", 2)
        .option("startTimestamp", 1714550400000).option("advanceMillisPerBatch", 500).load())
rate.printSchema()
buckets = rate.select((col("value") % 3).alias("bucket"), "timestamp").groupBy("bucket").count()

for run in range(2):
    q = (buckets.writeStream.outputMode("complete").format("memory").queryName("buckets")
         .option("checkpointLocation", "checkpoints/rate").trigger(once=True).start())
    q.awaitTermination()
    print("run", run, q.lastProgress["numInputRows"], q.lastProgress["sources"][0]["endOffset"])
    spark.table("buckets").orderBy("bucket").show()

raw = (rate.writeStream.format("memory").queryName("raw_rates").option("checkpointLocation", "checkpoints/raw")
       .trigger(once=True).start())
raw.awaitTermination()
spark.table("raw_rates").orderBy("value").show(truncate=False)
