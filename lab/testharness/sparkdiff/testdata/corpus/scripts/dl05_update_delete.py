# Updating and deleting rows of a Delta table with DeltaTable.update and delete, with SQL
# strings and column expressions as conditions.
# source: delta docs: delta-update.md (Delete from a table; Update a table)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, lit

builder = (SparkSession.builder.appName("update-delete")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.range(0, 10).withColumn("label", lit("x")).write.format("delta").save("tables/t")
t = DeltaTable.forPath(spark, "tables/t")
t.delete("id % 2 == 0")
t.delete(col("id") == 9)
t.update(condition=expr("id < 4"), set={"label": expr("'small'"), "id": expr("id + 100")})
t.update(col("label") == "x", {"label": lit("rest")})
t.toDF().orderBy("id").show()
t.history().select("version", "operation", "operationMetrics.numDeletedRows", "operationMetrics.numUpdatedRows").orderBy("version").show()
