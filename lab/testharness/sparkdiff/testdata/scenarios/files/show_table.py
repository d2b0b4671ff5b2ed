"""Prints a table, sorted by all its columns, without cutting long values."""
import sys

from stream_session import get_spark

if __name__ == "__main__":
    name = sys.argv[1] if len(sys.argv) > 1 else "bronze_orders"
    spark = get_spark("show-table")
    table = spark.table(name)
    table.orderBy(*table.columns).show(truncate=False)
