# Restoring a Delta table to an earlier version after a delete and an append, the result row
# RESTORE returns, the history after it, and versions and times that cannot be restored.
# source: delta docs: delta-utility.md (Restore a Delta table to an earlier state)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("restore-rows")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/r"
schema = "id int, v string"
spark.createDataFrame([(1, "a"), (2, "b"), (3, "c"), (4, "d")], schema).write.format("delta").save(path)
t = DeltaTable.forPath(spark, path)
t.delete("id = 2")
spark.createDataFrame([(5, "e")], schema).write.format("delta").mode("append").save(path)
t.restoreToVersion(0).select("num_removed_files", "num_restored_files", "num_of_files_after_restore").show()
t.toDF().orderBy("id").show()
t.restoreToVersion(2).select("num_removed_files", "num_restored_files").show()
t.toDF().orderBy("id").show()
history = t.history().orderBy("version")
history.select("version", "operation", "readVersion").show(truncate=False)
# The DELETE's predicate names expression ids, which change from run to run; its keys do not.
for r in history.collect():
    print(r.version, r.operation, sorted(r.operationParameters))
try:
    t.restoreToVersion(9)
except Exception as e:
    print(type(e).__name__, "DELTA_CANNOT_RESTORE_TABLE_VERSION" in str(e))
try:
    t.restoreToTimestamp("2999-01-01 00:00:00")
except Exception as e:
    print(type(e).__name__, "DELTA_TIMESTAMP_GREATER_THAN_COMMIT" in str(e))
