# The course's ingestion: orders as JSON on a 3-partition topic loaded into the Delta table
# bronze_orders with availableNow, run twice around a second send.
# source: course lessons/04-read-to-table.md and lessons/files/read_orders.py, send_orders.py
# category: course
# topics: orders:3
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
ORDER_SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"
builder = (SparkSession.builder.master("local[4]").appName("read-orders")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
           .config("spark.sql.session.timeZone", "UTC").config("spark.sql.shuffle.partitions", "4"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()


def send(rows):
    orders = spark.createDataFrame(rows, "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING")
    (orders.select(F.col("customer_id").alias("key"), F.to_json(F.struct(*orders.columns)).alias("value")).coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def load():
    raw = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
           .option("startingOffsets", "earliest").load())
    orders = raw.select(F.from_json(F.col("value").cast("string"), ORDER_SCHEMA).alias("event"), "partition", "offset") \
        .select("event.*", "partition", "offset")
    q = (orders.writeStream.format("delta").option("checkpointLocation", "checkpoints/bronze_orders")
         .trigger(availableNow=True).toTable("bronze_orders"))
    q.awaitTermination()
    print("Loaded", sum(p.numInputRows for p in q.recentProgress), "new events into bronze_orders")


send([(1001, "C01", "placed", 25.50, "2026-10-01T09:15:00Z"), (1002, "C02", "placed", 12.00, "2026-10-01T09:40:00Z"),
      (1003, "C03", "placed", 31.00, "2026-10-01T09:55:00Z")])
load()
send([(1001, "C01", "paid", 25.50, "2026-10-01T10:05:00Z"), (1004, "C01", "placed", 40.00, "2026-10-01T10:20:00Z")])
load()
spark.table("bronze_orders").orderBy("partition", "offset").show(truncate=False)
