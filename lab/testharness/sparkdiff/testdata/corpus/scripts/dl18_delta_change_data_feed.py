# Delta's change data feed: with delta.enableChangeDataFeed on, a batch read and a stream
# with readChangeFeed show each insert, the pre- and post-image of an update, and a delete,
# with the commit version.
# source: delta docs: delta-change-data-feed.md (Enable change data feed; Read changes in batch queries; Read changes in streaming queries)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("change-data-feed")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
           .config("spark.databricks.delta.properties.defaults.enableChangeDataFeed", "true"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "ann"), (2, "bob"), (3, "cy")], "id int, name string").coalesce(1).write.format("delta").save("tables/people")
people = DeltaTable.forPath(spark, "tables/people")
people.update("id = 2", {"name": "'rob'"})
people.delete("id = 3")
spark.createDataFrame([(4, "dee")], "id int, name string").coalesce(1).write.format("delta").mode("append").save("tables/people")


def show(label, rows):
    print(label)
    for r in sorted(rows, key=lambda r: (r._commit_version, r.id, r._change_type)):
        print(" ", r._commit_version, r._change_type, r.id, r.name)


changes = spark.read.format("delta").option("readChangeFeed", "true").option("startingVersion", 0).load("tables/people")
print(changes.columns)
show("batch from 0", changes.collect())
show("batch 1 to 2", spark.read.format("delta").option("readChangeFeed", "true").option("startingVersion", 1)
     .option("endingVersion", 2).load("tables/people").collect())

q = (spark.readStream.format("delta").option("readChangeFeed", "true").option("startingVersion", 1).load("tables/people")
     .drop("_commit_timestamp").writeStream.format("memory").queryName("feed")
     .option("checkpointLocation", "checkpoints/feed").trigger(availableNow=True).start())
q.awaitTermination()
show("stream from 1", spark.table("feed").collect())
print("batches", [p["numInputRows"] for p in q.recentProgress])
