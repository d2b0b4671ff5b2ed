# Reading a query's state from its checkpoint: the statestore format gives each key and
# value the aggregation keeps (with its partition), state-metadata each stateful operator.
# source: docs/streaming/structured-streaming-state-data-source.md (Reading state key-values from the checkpoint; Reading state for the state store metadata)
# category: state
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("state-reader").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([(w,) for w in "the cat and the dog and the owl".split()], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 4).load()
         .selectExpr("CAST(value AS STRING) AS word"))
q = (words.groupBy("word").count().writeStream.outputMode("update").format("memory").queryName("counts")
     .option("checkpointLocation", "checkpoints/words").trigger(availableNow=True).start())
q.awaitTermination()

state = spark.read.format("statestore").load("checkpoints/words")
state.printSchema()
state.selectExpr("key.word AS word", "value.count AS count", "partition_id").orderBy("word").show()
first = spark.read.format("statestore").option("batchId", 0).load("checkpoints/words")
print("after batch 0:", sorted((r.key.word, r.value["count"]) for r in first.collect()))

meta = spark.read.format("state-metadata").load("checkpoints/words")
meta.select("operatorId", "operatorName", "stateStoreName", "numPartitions", "minBatchId", "maxBatchId").show()
