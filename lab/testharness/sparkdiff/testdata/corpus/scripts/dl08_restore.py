# Restoring a Delta table to an earlier version.
# source: delta docs: delta-utility.md (Restore a Delta table to an earlier state)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("restore")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.range(3).write.format("delta").save("tables/r")
spark.range(10, 12).write.format("delta").mode("append").save("tables/r")
t = DeltaTable.forPath(spark, "tables/r")
t.restoreToVersion(0).select("table_size_after_restore", "num_of_files_after_restore").show()
t.toDF().orderBy("id").show()
t.history().select("version", "operation").orderBy("version").show()
