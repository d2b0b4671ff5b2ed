# A Delta table's history, and reading older versions with versionAsOf.
# source: delta docs: delta-batch.md (Query an older snapshot of a table (time travel)) and delta-utility.md (Retrieve Delta table history)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("history")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.range(0, 3).write.format("delta").save("tables/numbers")
spark.range(3, 5).write.format("delta").mode("append").save("tables/numbers")
spark.range(100, 101).write.format("delta").mode("overwrite").save("tables/numbers")

table = DeltaTable.forPath(spark, "tables/numbers")
table.history().select("version", "operation", "operationParameters").orderBy("version").show(truncate=False)
table.history(1).select("version").show()
for v in range(3):
    print(v, sorted(r.id for r in spark.read.format("delta").option("versionAsOf", v).load("tables/numbers").collect()))
print(DeltaTable.isDeltaTable(spark, "tables/numbers"), DeltaTable.isDeltaTable(spark, "tables"))
