# Overwriting part of a partitioned table: replaceWhere on the partition column replaces
# only the matching partitions, and partitionOverwriteMode=dynamic replaces just the
# partitions the new data has rows for.
# source: delta docs: delta-batch.md (Selectively overwrite data with Delta Lake: replaceWhere; Dynamic Partition Overwrites)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("overwrite-partitions")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

schema = "id int, day string"
path = "tables/logs"
(spark.createDataFrame([(1, "d1"), (2, "d1"), (3, "d2"), (4, "d3")], schema).coalesce(1)
    .write.format("delta").partitionBy("day").save(path))

(spark.createDataFrame([(10, "d1")], schema).coalesce(1).write.format("delta").mode("overwrite")
    .option("replaceWhere", "day = 'd1'").save(path))
print(sorted((r.id, r.day) for r in spark.read.format("delta").load(path).collect()))

(spark.createDataFrame([(20, "d2"), (21, "d4")], schema).coalesce(1).write.format("delta").mode("overwrite")
    .option("partitionOverwriteMode", "dynamic").save(path))
print(sorted((r.id, r.day) for r in spark.read.format("delta").load(path).collect()))

for h in DeltaTable.forPath(spark, path).history().orderBy("version").collect():
    print(h.version, h.operation, sorted(h.operationParameters.items()),
          sorted((k, v) for k, v in h.operationMetrics.items() if "Bytes" not in k))
