# Managing queries: name, id and runId (a restart keeps the id and gets a new runId),
# spark.streams.active and get(), isActive, exception(), stop().
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Managing Streaming Queries)
# category: query-management
# topics: ticks
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "ticks-" + run_id
spark = SparkSession.builder.appName("manage").getOrCreate()

(spark.createDataFrame([("a",), ("b",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def start():
    df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").load())
    return (df.selectExpr("CAST(value AS STRING) AS v").writeStream.format("parquet").queryName("ticks_query")
            .option("path", "out/ticks").option("checkpointLocation", "checkpoints/manage").start())


query = start()
query.processAllAvailable()
print("name:", query.name)
print("active:", [q.name for q in spark.streams.active], query.isActive)
print("same query:", spark.streams.get(query.id).name)
first_id, first_run = query.id, query.runId
query.stop()
print("after stop:", query.isActive, query.exception(), len(spark.streams.active))

again = start()
again.processAllAvailable()
print("id kept:", again.id == first_id, "new runId:", again.runId != first_run)
again.stop()
print(spark.read.parquet("out/ticks").count())
