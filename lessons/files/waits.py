"""How long the orders in a table waited between reaching Kafka and landing in the table."""
import sys

from pyspark.sql import functions as F

from stream_session import get_spark

if __name__ == "__main__":
    name = sys.argv[1]
    spark = get_spark("waits")
    waits = spark.table(name).select(
        (F.col("loaded_at").cast("double") - F.col("sent_at").cast("double")).alias("wait")
    )
    row = waits.agg(F.count("*").alias("n"), F.avg("wait").alias("avg"), F.max("wait").alias("max")).collect()[0]
    print(name, "holds", row["n"], "orders; they waited", round(row["avg"], 1), "s on average,", round(row["max"], 1), "s at most")
