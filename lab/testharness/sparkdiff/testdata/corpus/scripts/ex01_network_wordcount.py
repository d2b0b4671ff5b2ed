# Counts the words of lines of text: Spark's first Structured Streaming example, with a
# Kafka topic in place of the socket and a bounded run in place of the endless one.
# source: examples/src/main/python/sql/streaming/structured_network_wordcount.py
# category: examples
# topics: lines
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, split

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "lines-" + run_id

spark = SparkSession.builder.appName("NetworkWordCount").config("spark.sql.shuffle.partitions", "2").getOrCreate()

# What a learner would have typed into `nc -lk 9999`.
typed = ["the quick brown fox", "jumps over the lazy dog", "the end"]
(spark.createDataFrame([(t,) for t in typed], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

lines = (spark.readStream.format("kafka")
         .option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic)
         .option("startingOffsets", "earliest")
         .load()
         .selectExpr("CAST(value AS STRING) AS value"))

# One row per word, then a running count per word.
words = lines.select(explode(split(lines.value, " ")).alias("word"))
counts = words.groupBy("word").count()

query = (counts.writeStream.outputMode("complete").format("console")
         .option("checkpointLocation", "checkpoints/wordcount")
         .trigger(availableNow=True).start())
query.awaitTermination()
spark.stop()
