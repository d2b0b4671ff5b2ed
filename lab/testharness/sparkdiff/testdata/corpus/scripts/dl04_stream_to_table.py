# A stream written to a managed Delta table with toTable, read back with spark.table.
# source: delta docs: delta-streaming.md (Delta table as a sink) and docs/streaming/apis-on-dataframes-and-datasets.md (toTable)
# category: delta
# topics: orders
import json
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
builder = (SparkSession.builder.appName("to-table")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

orders = [{"order_id": i, "amount": 10.5 * i} for i in range(1, 5)]
(spark.createDataFrame([(json.dumps(o),) for o in orders], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").load()
          .select(from_json(col("value").cast("string"), "order_id INT, amount DOUBLE").alias("o"), "offset").select("o.*", "offset"))
q = (stream.writeStream.format("delta").outputMode("append").option("checkpointLocation", "checkpoints/orders")
     .trigger(availableNow=True).toTable("orders"))
q.awaitTermination()
spark.table("orders").orderBy("order_id").show()
