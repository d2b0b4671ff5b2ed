# OPTIMIZE compacts a table's small files: after four one-file appends, executeCompaction
# bin-packs them into one file (the old ones are removed with dataChange false, so a stream
# reading the table sees no new data), reports its metrics, and a second OPTIMIZE in SQL
# finds nothing to do.
# source: delta docs: optimizations-oss.md (Compaction (bin-packing))
# category: delta
import os

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("optimize-compaction")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/events"
for i in range(4):
    (spark.createDataFrame([(i * 2, "e%d" % i), (i * 2 + 1, "f%d" % i)], "id int, name string").coalesce(1)
        .write.format("delta").mode("append").save(path))

t = DeltaTable.forPath(spark, path)
res = t.optimize().executeCompaction()
print(res.columns)
m = res.first().metrics
print(m.numFilesAdded, m.numFilesRemoved, m.totalConsideredFiles, m.totalFilesSkipped, m.numBatches, m.partitionsOptimized)
print(t.detail().first().numFiles)
spark.read.format("delta").load(path).orderBy("id").show()

again = spark.sql("OPTIMIZE delta.`%s`" % os.path.abspath(path))
print(again.columns)
m2 = again.first().metrics
print(m2.numFilesAdded, m2.numFilesRemoved, m2.totalConsideredFiles)
for h in t.history().orderBy("version").collect():
    print(h.version, h.operation, sorted(h.operationParameters.items()), h.isBlindAppend)
print(sorted((k, v) for k, v in t.history(1).first().operationMetrics.items() if "Bytes" not in k and "Size" not in k))
