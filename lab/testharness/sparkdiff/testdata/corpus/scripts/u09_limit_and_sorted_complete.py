# What Spark does allow: orderBy and limit on an aggregation in complete mode (the top
# words), and limit on a plain stream in append mode.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations: sorting and limit after aggregation in Complete mode)
# category: basic-operations
# topics: words
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import desc

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("top-words").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([(w,) for w in "a b a c b a d e a".split()], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())
words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS word"))

top = words.groupBy("word").count().orderBy(desc("count"), "word").limit(2)
q = (top.writeStream.outputMode("complete").format("console")
     .option("checkpointLocation", "checkpoints/top").trigger(availableNow=True).start())
q.awaitTermination()

first3 = words.limit(3)
q = (first3.writeStream.format("memory").queryName("first3").option("checkpointLocation", "checkpoints/limit")
     .trigger(availableNow=True).start())
q.awaitTermination()
print(spark.table("first3").count())
