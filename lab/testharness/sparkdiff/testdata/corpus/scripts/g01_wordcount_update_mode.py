# The quick example's word count, printed in update mode: each batch shows only the words
# whose count changed. Two batches: the second run of the query reads only new lines.
# source: docs/streaming/getting-started.md (Quick Example) and apis-on-dataframes-and-datasets.md (Output Modes)
# category: output-modes
# topics: lines
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import explode, split

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "lines-" + run_id
spark = SparkSession.builder.appName("update-mode").config("spark.sql.shuffle.partitions", "2").getOrCreate()


def send(texts):
    (spark.createDataFrame([(t,) for t in texts], "value string").coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run_once():
    lines = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
             .option("subscribe", topic).option("startingOffsets", "earliest").load()
             .selectExpr("CAST(value AS STRING) AS value"))
    counts = lines.select(explode(split(lines.value, " ")).alias("word")).groupBy("word").count()
    q = (counts.writeStream.outputMode("update").format("console")
         .option("checkpointLocation", "checkpoints/update").trigger(availableNow=True).start())
    q.awaitTermination()


send(["cat dog", "dog owl"])
run_once()
send(["owl owl", "emu"])
run_once()
