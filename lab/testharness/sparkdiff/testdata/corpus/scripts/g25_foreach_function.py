# foreach with a plain function: every row is handed to it on an executor. The function
# writes a file per row, which the driver lists afterwards (executors print elsewhere).
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch: Foreach)
# category: foreach
# topics: words
import os
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("foreach-function").getOrCreate()

(spark.createDataFrame([("alpha",), ("beta",), ("gamma",)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

out_dir = os.path.join(os.getcwd(), "rows")
os.makedirs(out_dir)


def process_row(row):
    with open(os.path.join(out_dir, row.word), "w") as f:
        f.write("offset %d\n" % row.offset)


words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS word", "offset"))
q = words.writeStream.foreach(process_row).option("checkpointLocation", "checkpoints/foreach").trigger(availableNow=True).start()
q.awaitTermination()
for name in sorted(os.listdir(out_dir)):
    with open(os.path.join(out_dir, name)) as f:
        print(name, f.read().strip())
