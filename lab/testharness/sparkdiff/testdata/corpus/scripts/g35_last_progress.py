# Monitoring a query: lastProgress as a dictionary, the fields a learner looks at, and the
# whole object printed (timings normalised by the harness).
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Monitoring Streaming Queries: Reading Metrics Interactively)
# category: monitoring
# topics: events
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("progress").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([("e%d" % i,) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").load())
counts = df.groupBy("partition").count()
query = (counts.writeStream.outputMode("complete").format("memory").queryName("progress_counts")
         .option("checkpointLocation", "checkpoints/progress").trigger(availableNow=True).start())
query.awaitTermination()

p = query.lastProgress
print(p["batchId"], p["numInputRows"], p["name"])
print(sorted(p.keys()))
print(p["sources"][0]["description"], p["sources"][0]["startOffset"], p["sources"][0]["endOffset"])
print(p["sink"]["description"])
print(p["stateOperators"][0]["numRowsTotal"], p["stateOperators"][0]["numRowsUpdated"])
print(query.lastProgress)
