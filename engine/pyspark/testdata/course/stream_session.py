"""One place that knows how to start Spark for the orders lab; every script imports it."""
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

KAFKA_PACKAGE = "org.apache.spark:spark-sql-kafka-0-10_2.13:4.0.1"


def get_spark(app_name: str = "orders-lab") -> SparkSession:
    """Returns the session, with Delta enabled and times printed in UTC."""
    builder = (
        SparkSession.builder.master("local[4]")
        .appName(app_name)
        # Delta tables need the extension and the catalog
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .config("spark.sql.session.timeZone", "UTC")  # same output on every laptop
        .config("spark.sql.shuffle.partitions", "4")
        .enableHiveSupport()
    )
    spark = configure_spark_with_delta_pip(builder, extra_packages=[KAFKA_PACKAGE]).getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    return spark
