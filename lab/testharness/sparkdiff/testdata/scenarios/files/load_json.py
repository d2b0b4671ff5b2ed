"""Loads a topic into a Delta table with the course's order schema.
Usage: python load_json.py TOPIC TABLE [maxOffsetsPerTrigger]"""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

ORDER_SCHEMA = "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP"

if __name__ == "__main__":
    topic, table = sys.argv[1], sys.argv[2]
    spark = get_spark("load-json")
    reader = (
        spark.readStream.format("kafka")
        .option("kafka.bootstrap.servers", "localhost:9092")
        .option("subscribe", topic)
        .option("startingOffsets", "earliest")
    )
    if len(sys.argv) > 3:
        reader = reader.option("maxOffsetsPerTrigger", sys.argv[3])
    raw = reader.load()
    rows = raw.select(
        F.from_json(F.col("value").cast("string"), ORDER_SCHEMA).alias("event"),
        F.col("value").cast("string").alias("raw"),
        "partition",
        "offset",
    ).select("event.*", "raw", "partition", "offset")
    query = (
        rows.writeStream.format("delta")
        .option("checkpointLocation", "checkpoints/" + table)
        .trigger(availableNow=True)
        .toTable(table)
    )
    query.awaitTermination()
    for p in query.recentProgress:
        print("batch", p.batchId, "read", p.numInputRows)
