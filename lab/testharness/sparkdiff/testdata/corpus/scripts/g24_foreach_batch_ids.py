# foreachBatch with a function that sees the batch id and the rows of each batch, three
# records per batch.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch)
# category: foreach
# topics: numbers
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "numbers-" + run_id
spark = SparkSession.builder.appName("foreach-batch-ids").getOrCreate()

(spark.createDataFrame([(str(i),) for i in range(7)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

numbers = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
           .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", "3").load()
           .selectExpr("CAST(value AS STRING) AS n", "offset"))

seen = []


def foreach_batch_function(df, epoch_id):
    rows = sorted(r.n for r in df.collect())
    seen.append((epoch_id, rows))
    print("epoch", epoch_id, rows, df.isStreaming)


q = numbers.writeStream.foreachBatch(foreach_batch_function).option("checkpointLocation", "checkpoints/ids").start()
q.processAllAvailable()
q.stop()
print(len(seen), "batches")
