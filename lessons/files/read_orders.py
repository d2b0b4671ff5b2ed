"""Loads the orders that are new since the last run into the Delta table bronze_orders."""
from pyspark.sql import functions as F

from stream_session import get_spark

ORDER_SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

if __name__ == "__main__":
    spark = get_spark("read-orders")
    raw = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", "orders")
        .option("startingOffsets", "earliest")  # used only by a brand-new checkpoint
        .load()
    )
    orders = raw.select(
        F.from_json(F.col("value").cast("string"), ORDER_SCHEMA).alias("event"),
        "partition",
        "offset",
    ).select("event.*", "partition", "offset")
    query = (
        orders.writeStream.format("delta")
        .option("checkpointLocation", "checkpoints/bronze_orders")
        .trigger(availableNow=True)  # read what is there now, then stop
        .toTable("bronze_orders")
    )
    query.awaitTermination()
    loaded = sum(p.numInputRows for p in query.recentProgress)
    print("Loaded", loaded, "new events into bronze_orders")
