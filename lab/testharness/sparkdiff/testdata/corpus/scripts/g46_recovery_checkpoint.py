# Recovery from a checkpoint: the query is stopped and started again with the same
# checkpoint location; it goes on from the committed offsets and keeps its state.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Recovering from Failures with Checkpointing)
# category: recovery
# topics: clicks
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id
spark = SparkSession.builder.appName("recovery").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(pages):
    (spark.createDataFrame([(p,) for p in pages], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    clicks = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
              .option("subscribe", topic).option("startingOffsets", "earliest").load()
              .selectExpr("CAST(value AS STRING) AS page"))
    aggDF = clicks.groupBy("page").count()
    q = (aggDF.writeStream.outputMode("complete").option("checkpointLocation", "path/to/HDFS/dir")
         .format("memory").queryName("page_counts").trigger(availableNow=True).start())
    q.awaitTermination()
    spark.sql("SELECT * FROM page_counts ORDER BY page").show()
    print([p["batchId"] for p in q.recentProgress])


send(["home", "cart", "home"])
run()
send(["home", "checkout"])
run()
