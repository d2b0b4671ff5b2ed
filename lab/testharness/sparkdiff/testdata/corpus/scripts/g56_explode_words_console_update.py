# Lines split into words with split and explode (the flatMap of the Scala examples), counted
# in update mode and printed by the console sink; a second run prints only changed words.
# source: examples/src/main/python/sql/streaming/structured_network_wordcount.py; docs/streaming/apis-on-dataframes-and-datasets.md (Output Modes)
# category: examples
# topics: lines
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, lower, split, trim

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "lines-" + run_id
spark = SparkSession.builder.appName("explode-words").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(lines):
    (spark.createDataFrame([(l,) for l in lines], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


lines = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load().selectExpr("CAST(value AS STRING)"))
words = lines.select(explode(split(lower(trim(lines.value)), " +")).alias("word")).where("word != ''")
counts = words.groupBy("word").count()


def run():
    q = (counts.orderBy("word").writeStream.outputMode("complete").format("console")
         .option("checkpointLocation", "checkpoints/words").trigger(availableNow=True).start())
    q.awaitTermination()


send(["The owl  and the cat", "  the DOG  "])
run()
send(["owl owl", "cat"])
run()
