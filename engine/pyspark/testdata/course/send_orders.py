"""Publishes one batch of order events to the orders topic: python send_orders.py 1|2"""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

ORDERS = {
    "1": [
        (1001, "C01", "placed", 25.50, "2026-10-01T09:15:00Z"),
        (1002, "C02", "placed", 12.00, "2026-10-01T09:40:00Z"),
        (1003, "C03", "placed", 31.00, "2026-10-01T09:55:00Z"),
    ],
    "2": [
        (1001, "C01", "paid", 25.50, "2026-10-01T10:05:00Z"),
        (1004, "C01", "placed", 40.00, "2026-10-01T10:20:00Z"),
    ],
}
COLUMNS = "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING"


def send(batch: str) -> int:
    spark = get_spark("send-orders")
    events = spark.createDataFrame(ORDERS[batch], COLUMNS)
    (
        events.select(
            F.col("order_id").cast("string").alias("key"),  # same order, same partition
            F.to_json(F.struct("*")).alias("value"),
        )
        .coalesce(1)  # one writer, so the order above is kept
        .write.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("topic", "orders")
        .save()
    )
    return events.count()


if __name__ == "__main__":
    which = sys.argv[1]
    n = send(which)
    print("sent", n, "events of batch", which, sep=" ")
