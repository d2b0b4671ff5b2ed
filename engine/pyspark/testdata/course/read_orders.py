"""Copies the orders that arrived since the last run into the Delta table bronze_orders."""
from pyspark.sql import functions as F

from stream_session import get_spark

SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

if __name__ == "__main__":
    spark = get_spark("read-orders")
    source = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", "orders")
        .option("startingOffsets", "earliest")  # only a new checkpoint looks at this
        .load()
    )
    events = source.select(
        F.from_json(F.col("value").cast("string"), SCHEMA).alias("event"), "partition", "offset"
    ).select("event.*", "partition", "offset")
    query = (
        events.writeStream.format("delta")
        .option("checkpointLocation", "checkpoints/bronze_orders")
        .trigger(availableNow=True)
        .toTable("bronze_orders")
    )
    query.awaitTermination()
    print(f"loaded {sum(p.numInputRows for p in query.recentProgress)} events")
