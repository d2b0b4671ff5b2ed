# Changes between restarts of a query: the number of shuffle partitions of a stateful query
# is fixed by its checkpoint (the session's new value is ignored), while the counts go on
# from the saved state.
# source: docs/streaming/additional-information.md (Miscellaneous Notes: spark.sql.shuffle.partitions) and docs/streaming/apis-on-dataframes-and-datasets.md (Recovery Semantics after Changes in a Streaming Query)
# category: recovery
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("restart-changes").getOrCreate()


def send(words):
    (spark.createDataFrame([(w,) for w in words], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
             .option("subscribe", topic).option("startingOffsets", "earliest").load()
             .selectExpr("CAST(value AS STRING) AS word"))
    q = (words.groupBy("word").count().writeStream.outputMode("complete").format("memory").queryName("counts")
         .option("checkpointLocation", "checkpoints/counts").trigger(availableNow=True).start())
    q.awaitTermination()
    op = q.lastProgress["stateOperators"][0]
    print("batch", q.lastProgress["batchId"], "shuffle partitions", op["numShufflePartitions"],
          "state instances", op["numStateStoreInstances"], "rows", op["numRowsTotal"])
    print(sorted((r.word, r["count"]) for r in spark.table("counts").collect()))


spark.conf.set("spark.sql.shuffle.partitions", "3")
send(["cat", "dog", "cat"])
run()
spark.conf.set("spark.sql.shuffle.partitions", "5")
send(["dog", "owl"])
run()
print("session setting:", spark.conf.get("spark.sql.shuffle.partitions"))
