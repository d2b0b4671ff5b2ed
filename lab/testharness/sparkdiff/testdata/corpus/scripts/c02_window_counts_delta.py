# The course's windowed count: orders per 5-minute window with a 10-minute watermark, in
# append mode to a Delta table, and the late order that is dropped.
# source: course lessons/06-windows-watermarks.md (window_counts.py, late_order.py)
# category: course
# topics: orders
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
ORDER_SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"
builder = (SparkSession.builder.appName("window-counts")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
           .config("spark.sql.session.timeZone", "UTC").config("spark.sql.shuffle.partitions", "4"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()


def send(rows):
    orders = spark.createDataFrame(rows, "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING")
    (orders.select(F.to_json(F.struct(*orders.columns)).alias("value")).coalesce(1)
        .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    orders = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
              .option("startingOffsets", "earliest").load()
              .select(F.from_json(F.col("value").cast("string"), ORDER_SCHEMA).alias("o")).select("o.*"))
    counts = (orders.withWatermark("event_time", "10 minutes").groupBy(F.window("event_time", "5 minutes"))
              .agg(F.count("*").alias("orders"))
              .select(F.col("window.start").alias("window_start"), F.col("window.end").alias("window_end"), "orders"))
    q = (counts.writeStream.format("delta").outputMode("append").option("checkpointLocation", "checkpoints/window_counts")
         .trigger(availableNow=True).toTable("window_counts"))
    q.awaitTermination()
    for p in q.recentProgress:
        print("batch", p["batchId"], "read", p["numInputRows"], "watermark", p["eventTime"].get("watermark"))


send([(1001, "C01", "placed", 25.50, "2026-10-01T09:15:00Z"), (1002, "C02", "placed", 12.00, "2026-10-01T09:40:00Z"),
      (1003, "C03", "placed", 31.00, "2026-10-01T09:55:00Z")])
run()
send([(1004, "C01", "placed", 40.00, "2026-10-01T10:20:00Z")])
run()
send([(1005, "C05", "placed", 18.00, "2026-10-01T09:50:00Z")])
run()
spark.table("window_counts").orderBy("window_start").show()
