# Word count over a Kafka topic, the subscribe type and topics given as the example's
# arguments would give them.
# source: examples/src/main/python/sql/streaming/structured_kafka_wordcount.py
# category: examples
# topics: words
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, split

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
subscribe_type, topics = "subscribe", "words-" + run_id

spark = SparkSession.builder.appName("StructuredKafkaWordCount").config("spark.sql.shuffle.partitions", "2").getOrCreate()

text = ["to be or not to be", "that is the question"]
(spark.createDataFrame([(t,) for t in text], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topics).save())

lines = (spark.readStream.format("kafka")
         .option("kafka.bootstrap.servers", bootstrap)
         .option(subscribe_type, topics)
         .option("startingOffsets", "earliest")
         .load()
         .selectExpr("CAST(value AS STRING)"))

words = lines.select(explode(split(lines.value, " ")).alias("word"))
word_counts = words.groupBy("word").count()

query = (word_counts.writeStream.outputMode("complete").format("console")
         .option("checkpointLocation", "checkpoints/kafka-wordcount").trigger(availableNow=True).start())
query.awaitTermination()
