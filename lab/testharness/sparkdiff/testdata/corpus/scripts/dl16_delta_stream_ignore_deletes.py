# A Delta stream over a table whose history deletes data: by default a delete fails the
# stream; ignoreDeletes lets it pass when whole partitions were dropped but not when rows
# were rewritten; ignoreChanges passes both and re-sends the rewritten file's rows.
# source: delta docs: delta-streaming.md (Ignore updates and deletes: ignoreDeletes, ignoreChanges)
# category: delta
import re

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("ignore-deletes")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

rows = [(1, "mon"), (2, "mon"), (3, "tue"), (4, "tue")]
(spark.createDataFrame(rows, "id int, day string").coalesce(1)
    .write.format("delta").partitionBy("day").save("tables/events"))
DeltaTable.forPath(spark, "tables/events").delete("day = 'mon'")
(spark.createDataFrame([(5, "wed"), (6, "wed")], "id int, day string").coalesce(1)
    .write.format("delta").partitionBy("day").mode("append").save("tables/events"))


def run(name, **options):
    reader = spark.readStream.format("delta").option("startingVersion", "0")
    for k, v in options.items():
        reader = reader.option(k, v)
    q = (reader.load("tables/events").writeStream.format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    try:
        q.awaitTermination()
        print(name, sorted((r.id, r.day) for r in spark.table(name).collect()))
    except Exception as e:
        print(name, type(e).__name__, sorted(set(re.findall(r"\[([A-Z_]+)\]", str(e)))))


run("plain")
run("partition_delete", ignoreDeletes="true")
DeltaTable.forPath(spark, "tables/events").delete("id = 5")
run("row_delete", ignoreDeletes="true")
run("changes", ignoreChanges="true")
print([(h.version, h.operation) for h in DeltaTable.forPath(spark, "tables/events").history().orderBy("version").collect()])
