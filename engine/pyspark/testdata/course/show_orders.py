"""Prints a table sorted by every column, cells in full."""
import sys

from stream_session import get_spark

if __name__ == "__main__":
    table_name = sys.argv[1] if len(sys.argv) > 1 else "bronze_orders"
    spark = get_spark("show-orders")
    table = spark.table(table_name)
    table.orderBy(*table.columns).show(truncate=False)
