# foreachBatch writing each micro-batch to two places (a Parquet folder and a JSON folder),
# caching the batch so it is computed once.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch: ForeachBatch)
# category: foreach
# topics: orders
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
spark = SparkSession.builder.appName("foreach-batch").getOrCreate()

orders = [{"id": i, "amount": i * 2.5} for i in range(1, 6)]
(spark.createDataFrame([(json.dumps(o),) for o in orders], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
          .select(from_json(col("value").cast("string"), "id INT, amount DOUBLE").alias("o")).select("o.*"))


def write_twice(batch_df, batch_id):
    batch_df.persist()
    batch_df.write.mode("append").parquet("out/parquet")
    batch_df.write.mode("append").json("out/json")
    print("batch", batch_id, "rows", batch_df.count())
    batch_df.unpersist()


q = stream.writeStream.foreachBatch(write_twice).option("checkpointLocation", "checkpoints/twice").trigger(availableNow=True).start()
q.awaitTermination()
spark.read.parquet("out/parquet").orderBy("id").show()
print(spark.read.json("out/json").orderBy("id").collect())
