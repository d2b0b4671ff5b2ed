"""Sends one batch of orders to Kafka. Usage: python send_orders.py BATCH (1 or 2)."""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

BATCHES = {
    "1": [
        (1001, "C01", "placed", 25.50, "2026-10-01T09:15:00Z"),
        (1002, "C02", "placed", 12.00, "2026-10-01T09:40:00Z"),
        (1003, "C03", "placed", 31.00, "2026-10-01T09:55:00Z"),
    ],
    "2": [
        (1001, "C01", "paid", 25.50, "2026-10-01T10:05:00Z"),
        (1004, "C01", "placed", 40.00, "2026-10-01T10:20:00Z"),
    ],
    "3": [
        (1005, "C05", "placed", 18.00, "2026-10-01T09:50:00Z"),  # arrives long after its time
    ],
}

if __name__ == "__main__":
    batch = sys.argv[1]
    spark = get_spark("send-orders")
    orders = spark.createDataFrame(
        BATCHES[batch],
        "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING",
    )
    (
        orders.select(
            F.col("order_id").cast("string").alias("key"),  # one order, one partition
            F.to_json(F.struct("*")).alias("value"),  # the whole event as JSON
        )
        .coalesce(1)  # a single writer keeps the events in the order above
        .write.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("topic", "orders")
        .save()
    )
    print("Sent", orders.count(), "events from batch", batch, "to orders")
