# OPTIMIZE on a partitioned table compacts each partition on its own, and a WHERE on the
# partition columns (Python's optimize().where(), SQL's OPTIMIZE ... WHERE) limits it to
# the matching partitions; a partition with one file is left alone.
# source: delta docs: optimizations-oss.md (Compaction (bin-packing): where partition predicate)
# category: delta
import os

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("optimize-where")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/visits"
batches = [[(1, "mon"), (2, "tue")], [(3, "mon"), (4, "tue")], [(5, "mon"), (6, "wed")]]
for rows in batches:
    (spark.createDataFrame(rows, "id int, day string").coalesce(1)
        .write.format("delta").mode("append").partitionBy("day").save(path))

t = DeltaTable.forPath(spark, path)
m = t.optimize().where("day = 'mon'").executeCompaction().first().metrics
print("mon", m.numFilesAdded, m.numFilesRemoved, m.partitionsOptimized)
m = spark.sql("OPTIMIZE delta.`%s` WHERE day = 'tue'" % os.path.abspath(path)).first().metrics
print("tue", m.numFilesAdded, m.numFilesRemoved, m.partitionsOptimized)
m = t.optimize().executeCompaction().first().metrics
print("all", m.numFilesAdded, m.numFilesRemoved, m.partitionsOptimized)
print(t.detail().first().numFiles)
print(sorted((r.id, r.day) for r in t.toDF().collect()))
for h in t.history().orderBy("version").collect():
    print(h.version, h.operation, h.operationParameters.get("predicate"))
bad = None
try:
    t.optimize().where("id = 1").executeCompaction()
except Exception as e:
    bad = e
print(type(bad).__name__, bad.getCondition() if bad is not None else None)
