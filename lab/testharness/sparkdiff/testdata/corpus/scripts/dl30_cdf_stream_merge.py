# Streaming Delta's change data feed: a stream with readChangeFeed and no starting version
# first reads the table as inserts at its current version into a Delta table, then,
# restarted from its checkpoint, the changes of a MERGE (update, delete, insert); a batch read from a starting
# timestamp, and the error for a batch read without a start.
# source: delta docs: delta-change-data-feed.md (Read changes in streaming queries; Read changes in batch queries)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("cdf-stream-merge")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE orders (id INT, status STRING) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)")
spark.createDataFrame([(1, "new"), (2, "new"), (3, "new")], "id int, status string").coalesce(1).write.format("delta").mode("append").saveAsTable("orders")
spark.sql("UPDATE orders SET status = 'paid' WHERE id = 1")


def run(name):
    q = (spark.readStream.option("readChangeFeed", "true").table("orders")
         .select("id", "status", "_change_type", "_commit_version")
         .writeStream.format("delta").queryName(name)
         .option("checkpointLocation", "checkpoints/feed").trigger(availableNow=True).start("tables/feed"))
    q.awaitTermination()
    print(name, "batches", [p["numInputRows"] for p in q.recentProgress])
    for r in spark.read.format("delta").load("tables/feed").orderBy("_commit_version", "id", "_change_type").collect():
        print(" ", r._commit_version, r._change_type, r.id, r.status)


run("first")
src = spark.createDataFrame([(2, "cancelled"), (3, None), (4, "new")], "id int, status string")
(DeltaTable.forName(spark, "orders").alias("t").merge(src.alias("s"), "t.id = s.id")
 .whenMatchedDelete(condition="s.status IS NULL")
 .whenMatchedUpdate(set={"status": "s.status"})
 .whenNotMatchedInsertAll().execute())
run("second")

when = {r.version: r.timestamp for r in spark.sql("DESCRIBE HISTORY orders").collect()}
since = (spark.read.option("readChangeFeed", "true").option("startingTimestamp", str(when[2])).table("orders")
         .orderBy("_commit_version", "id", "_change_type"))
print(since.columns)
for r in since.collect():
    print(" ", r._commit_version, r._change_type, r.id, r.status)
try:
    spark.read.format("delta").option("readChangeFeed", "true").table("orders").collect()
except Exception as e:
    print(type(e).__name__, e.getCondition())
