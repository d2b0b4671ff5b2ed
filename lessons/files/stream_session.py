"""Builds the Spark session that every script of the course uses."""
import os

from pyspark.sql import SparkSession

KAFKA_CONNECTOR = "org.apache.spark:spark-sql-kafka-0-10_2.13:4.2.0"


def get_spark(app_name: str = "orders-lab") -> SparkSession:
    if "SPARK_REMOTE" in os.environ:
        # Spark Connect (kafkalab run --python, a Spark Connect or Databricks cluster): the
        # server brings Delta and the Kafka connector; the session takes the course's settings.
        return (
            SparkSession.builder.appName(app_name)
            .config("spark.sql.session.timeZone", "UTC")
            .config("spark.sql.shuffle.partitions", "4")
            .getOrCreate()
        )
    from delta import configure_spark_with_delta_pip

    builder = (
        SparkSession.builder.master("local[4]")
        .appName(app_name)
        # Delta Lake: the table format, and a catalog that knows Delta tables
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        # print and store times in UTC, whatever the laptop's zone
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.shuffle.partitions", "4")
        .enableHiveSupport()
    )
    spark = configure_spark_with_delta_pip(builder, extra_packages=[KAFKA_CONNECTOR]).getOrCreate()
    spark.sparkContext.setLogLevel("WARN")
    return spark
