# The text file source: one row per line in a column named value, with wholetext off.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Creating streaming DataFrames: File Source, text)
# category: sources
import os
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, split

spark = SparkSession.builder.appName("text-source").config("spark.sql.shuffle.partitions", "2").getOrCreate()
os.makedirs("in/poems")
with open("in/poems/one.txt", "w") as f:
    f.write("roses are red\nviolets are blue\n")
with open("in/poems/two.txt", "w") as f:
    f.write("sugar is sweet\n")

lines = spark.readStream.text("in/poems")
lines.printSchema()
words = lines.select(explode(split(lines.value, " ")).alias("word")).groupBy("word").count()
q = (words.writeStream.outputMode("complete").format("memory").queryName("poem_words")
     .option("checkpointLocation", "checkpoints/text").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT * FROM poem_words ORDER BY count DESC, word").show()
