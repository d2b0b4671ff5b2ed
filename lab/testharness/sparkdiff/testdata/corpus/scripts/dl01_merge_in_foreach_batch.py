# Upserts from a stream into a Delta table: MERGE inside foreachBatch, the pattern of
# Delta's docs for streaming writes with updates.
# source: delta docs: delta-update.md (Upsert from streaming queries using foreachBatch)
# category: delta
# topics: updates
import json
import sys

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "updates-" + run_id
builder = (SparkSession.builder.appName("merge-stream")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "new", 0), (2, "new", 0)], "key int, status string, version int") \
    .write.format("delta").saveAsTable("aggregates")

changes = [{"key": 1, "status": "paid", "version": 1}, {"key": 3, "status": "new", "version": 1},
           {"key": 2, "status": "cancelled", "version": 2}, {"key": 3, "status": "paid", "version": 2}]
(spark.createDataFrame([(json.dumps(c),) for c in changes], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

target = DeltaTable.forName(spark, "aggregates")


def upsertToDelta(microBatchOutputDF, batchId):
    (target.alias("t").merge(microBatchOutputDF.alias("s"), "s.key = t.key")
     .whenMatchedUpdateAll()
     .whenNotMatchedInsertAll()
     .execute())


stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
          .select(from_json(col("value").cast("string"), "key INT, status STRING, version INT").alias("c")).select("c.*"))
q = (stream.writeStream.foreachBatch(upsertToDelta).outputMode("update")
     .option("checkpointLocation", "checkpoints/merge").trigger(availableNow=True).start())
q.awaitTermination()
spark.table("aggregates").orderBy("key").show()
target.history().select("version", "operation").orderBy("version").show()
