"""Sends one batch of orders to Kafka. Usage: python send_orders.py BATCH (1, 2 or 3)."""
import json
import sys

from pyspark.sql import functions as F

from stream_session import get_spark


def load_batches(path="orders.jsonl"):
    """The course's orders by batch, from its data set: one JSON event per line."""
    batches = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                e = json.loads(line)
                row = (e["order_id"], e["customer_id"], e["status"], e["amount"], e["event_time"])
                batches.setdefault(str(e["batch"]), []).append(row)
    return batches


BATCHES = load_batches()  # "3" holds an order that arrives long after its time

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
