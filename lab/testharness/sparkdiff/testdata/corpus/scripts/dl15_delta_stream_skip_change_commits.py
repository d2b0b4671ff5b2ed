# A Delta source after an UPDATE: by default the stream fails on a commit that changes
# existing rows; skipChangeCommits ignores such commits and streams only appends.
# source: delta docs: delta-streaming.md (Ignore updates and deletes: skipChangeCommits)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("skip-change-commits")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "new"), (2, "new")], "id int, state string").coalesce(1).write.format("delta").save("tables/t")
DeltaTable.forPath(spark, "tables/t").update("id = 1", {"state": "'done'"})
spark.createDataFrame([(3, "new")], "id int, state string").coalesce(1).write.format("delta").mode("append").save("tables/t")


def run(name, **options):
    reader = spark.readStream.format("delta")
    for k, v in options.items():
        reader = reader.option(k, v)
    q = (reader.load("tables/t").writeStream.format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    try:
        q.awaitTermination()
        print(name, sorted((r.id, r.state) for r in spark.table(name).collect()))
    except Exception as e:
        print(name, type(e).__name__, "DELTA_SOURCE_TABLE_IGNORE_CHANGES" in str(e))


run("from_v1", startingVersion="1")
run("skipping", startingVersion="1", skipChangeCommits="true")
run("whole", skipChangeCommits="true")
