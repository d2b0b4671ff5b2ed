# Upserts into a Delta table with MERGE: the upsert function of Delta's foreachBatch docs
# called on two batches, an insert-only merge (its result row), a conditional matched update,
# a matched delete, and the error for a target row that two source rows match.
# source: delta docs: delta-update.md (Upsert into a table using merge; Upsert from streaming queries using foreachBatch)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("merge-upsert")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

schema = "key int, status string, version int"
spark.createDataFrame([(1, "new", 0), (2, "new", 0), (3, "new", 0)], schema).write.format("delta").saveAsTable("aggregates")
target = DeltaTable.forName(spark, "aggregates")


def upsertToDelta(microBatchOutputDF, batchId):
    (target.alias("t").merge(microBatchOutputDF.alias("s"), "s.key = t.key")
     .whenMatchedUpdateAll()
     .whenNotMatchedInsertAll()
     .execute())


upsertToDelta(spark.createDataFrame([(1, "paid", 1), (4, "new", 1)], schema), 0)
upsertToDelta(spark.createDataFrame([(2, "cancelled", 2), (4, "paid", 2)], schema), 1)
(target.alias("t").merge(spark.createDataFrame([(4, "late", 3), (5, "new", 3), (6, "new", 3)], schema).alias("s"), "t.key = s.key")
 .whenNotMatchedInsertAll().execute().show())
(target.alias("t").merge(spark.createDataFrame([(3, "shipped", 4), (1, "stale", 0)], schema).alias("s"), "t.key = s.key")
 .whenMatchedUpdate(condition="s.version > t.version", set={"status": "s.status", "version": "s.version"}).execute())
target.alias("t").merge(spark.createDataFrame([(6, "gone", 5)], schema).alias("s"), "t.key = s.key").whenMatchedDelete().execute()
try:
    dup = spark.createDataFrame([(1, "a", 9), (1, "b", 9)], schema)
    target.alias("t").merge(dup.alias("s"), "t.key = s.key").whenMatchedUpdateAll().execute()
except Exception as e:
    print(type(e).__name__, "DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE" in str(e))
spark.table("aggregates").orderBy("key").show()
(target.history().select("version", "operation", "operationMetrics.numTargetRowsInserted", "operationMetrics.numTargetRowsUpdated",
                         "operationMetrics.numTargetRowsDeleted", "operationMetrics.numTargetFilesAdded",
                         "operationMetrics.numTargetFilesRemoved").orderBy("version").show())
