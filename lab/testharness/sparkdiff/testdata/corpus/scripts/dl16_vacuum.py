# VACUUM: the retention check refuses 0 hours until it is turned off, DRY RUN lists the files
# a vacuum would delete without deleting them, and a vacuum deletes the files the table no
# longer references (the overwritten version's), keeping the log and the current data.
# source: delta docs: delta-utility.md (Remove files no longer referenced by a Delta table)
# category: delta
import os

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("vacuum")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/v"
schema = "id int, v string"
spark.createDataFrame([(1, "a"), (2, "b")], schema).coalesce(1).write.format("delta").save(path)
spark.createDataFrame([(3, "c")], schema).coalesce(1).write.format("delta").mode("append").save(path)
spark.createDataFrame([(4, "d")], schema).coalesce(1).write.format("delta").mode("overwrite").save(path)
t = DeltaTable.forPath(spark, path)


def data_files():
    return len([f for f in os.listdir(path) if f.endswith(".parquet")])


print("data files before:", data_files())
# The default retention (7 days) keeps files removed moments ago.
print("default vacuum:", [r.path.endswith("tables/v") for r in t.vacuum().collect()], data_files())
try:
    t.vacuum(0)
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")
dry = spark.sql("VACUUM delta.`%s` RETAIN 0 HOURS DRY RUN" % path)
print(dry.columns, sorted(os.path.basename(r.path)[:10] for r in dry.collect()), data_files())
print("vacuum(0):", [r.path.endswith("tables/v") for r in t.vacuum(0).collect()], data_files())
t.toDF().orderBy("id").show()
print(spark.read.format("delta").option("versionAsOf", 2).load(path).count())
t.history().select("version", "operation").orderBy("version").show()
