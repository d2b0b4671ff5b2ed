# foreachBatch writing each micro-batch to two Delta tables: every order to one, the large
# ones to another, the batch cached so it is read once.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (ForeachBatch: write to multiple locations); delta docs: delta-streaming.md
# category: foreach
# topics: orders
import json
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
builder = (SparkSession.builder.appName("two-tables")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

orders = [{"id": i, "amount": i * 15} for i in range(1, 7)]
(spark.createDataFrame([(json.dumps(o),) for o in orders], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load()
          .select(from_json(col("value").cast("string"), "id INT, amount INT").alias("o")).select("o.*"))


def fan_out(batch_df, batch_id):
    batch_df.persist()
    batch_df.write.format("delta").mode("append").save("tables/all_orders")
    batch_df.where("amount >= 50").write.format("delta").mode("append").save("tables/large_orders")
    batch_df.unpersist()


q = stream.writeStream.foreachBatch(fan_out).option("checkpointLocation", "checkpoints/fan").trigger(availableNow=True).start()
q.awaitTermination()
spark.read.format("delta").load("tables/all_orders").orderBy("id").show()
spark.read.format("delta").load("tables/large_orders").orderBy("id").show()
