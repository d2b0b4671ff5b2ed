"""Counts a table's rows and the distinct Kafka events (partition, offset) they hold."""
import sys

from stream_session import get_spark

if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "bronze_orders"
    spark = get_spark("count-events")
    table = spark.table(name)
    events = table.select("partition", "offset").distinct().count()
    print(name, "has", table.count(), "rows holding", events, "distinct events")
