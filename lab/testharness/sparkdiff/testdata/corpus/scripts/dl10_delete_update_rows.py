# Deleting and updating rows of a Delta table with DeltaTable.delete and update: SQL strings
# and Column expressions as conditions, a condition no row meets (no commit), an update
# without a condition and a delete of every row.
# source: delta docs: delta-update.md (Delete from a table; Update a table)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, expr, lit

builder = (SparkSession.builder.appName("delete-update")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

rows = [(i, "x" if i % 3 else "y", i * 1.5) for i in range(8)]
spark.createDataFrame(rows, "id long, label string, amount double").write.format("delta").save("tables/events")
t = DeltaTable.forPath(spark, "tables/events")
t.delete("id % 2 = 0")
t.delete(col("label") == "nope")
t.update(condition=expr("amount > 6"), set={"label": expr("'big'"), "amount": expr("amount * 2")})
t.update(col("label") == "y", {"label": lit("why")})
t.update(set={"id": col("id") + 100})
t.toDF().orderBy("id").show()
t.history().select("version", "operation", "operationMetrics.numDeletedRows", "operationMetrics.numUpdatedRows",
                   "operationMetrics.numCopiedRows", "operationMetrics.numRemovedFiles").orderBy("version").show()
t.delete()
print(t.toDF().count(), t.history(1).select("operation", "operationMetrics.numDeletedRows").first())
