# What the state data source refuses: a checkpoint with no committed batch, a batch or
# operator the checkpoint does not have, and options that cannot go together.
# source: docs/streaming/structured-streaming-state-data-source.md (Reading state key-values from the checkpoint: options)
# category: state
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("state-errors").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([(w,) for w in "to be or not to be".split()], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS word"))
q = (words.groupBy("word").count().writeStream.outputMode("complete").format("memory").queryName("counts")
     .option("checkpointLocation", "checkpoints/words").trigger(availableNow=True).start())
q.awaitTermination()

cases = [
    ("batch 7", {"batchId": 7}),
    ("operator 3", {"operatorId": 3}),
    ("negative batch", {"batchId": -1}),
    ("negative operator", {"operatorId": -2}),
    ("side and store", {"joinSide": "left", "storeName": "left-keyToNumValues"}),
    ("bad side", {"joinSide": "middle"}),
    ("feed without start", {"readChangeFeed": "true"}),
    ("feed and batch", {"readChangeFeed": "true", "changeStartBatchId": 0, "batchId": 0}),
    ("start without feed", {"changeStartBatchId": 0}),
    ("end before start", {"readChangeFeed": "true", "changeStartBatchId": 1, "changeEndBatchId": 0}),
    ("empty store name", {"storeName": " "}),
]
for name, opts in cases:
    try:
        reader = spark.read.format("statestore")
        for k, v in opts.items():
            reader = reader.option(k, v)
        reader.load("checkpoints/words").collect()
        print(name, "ok")
    except Exception as e:
        print(name, type(e).__name__, e.getCondition())

try:
    spark.read.format("statestore").load().collect()
except Exception as e:
    print("no path", type(e).__name__, e.getCondition())
print(spark.read.format("statestore").load("checkpoints/words").count())
