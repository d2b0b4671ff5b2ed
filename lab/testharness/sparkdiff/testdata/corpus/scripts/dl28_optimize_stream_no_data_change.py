# OPTIMIZE does not change a table's data: a stream copying the table to another sees the
# appends, and the compaction's commit (dataChange false) brings it no rows, while a batch
# read still returns every row once.
# source: delta docs: optimizations-oss.md (Compaction: readers of the table as a streaming source are not affected) and delta-streaming.md
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("optimize-stream")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/metrics"
for i in range(3):
    (spark.createDataFrame([(i, "m%d" % i)], "id int, name string").coalesce(1)
        .write.format("delta").mode("append").save(path))


def drain(label):
    q = (spark.readStream.format("delta").load(path).writeStream.format("delta")
         .option("checkpointLocation", "checkpoints/copy").trigger(availableNow=True).start("tables/copy"))
    q.awaitTermination()
    copied = sorted(r.id for r in spark.read.format("delta").load("tables/copy").collect())
    print(label, copied, [p["numInputRows"] for p in q.recentProgress])


drain("first")
m = DeltaTable.forPath(spark, path).optimize().executeCompaction().first().metrics
print("optimized", m.numFilesAdded, m.numFilesRemoved)
drain("after optimize")
spark.createDataFrame([(9, "m9")], "id int, name string").coalesce(1).write.format("delta").mode("append").save(path)
drain("after append")
print(sorted(r.id for r in spark.read.format("delta").load(path).collect()))
