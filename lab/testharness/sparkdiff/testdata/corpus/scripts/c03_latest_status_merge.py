# The course's exactly-once pattern: each batch of order events MERGEd into a table of the
# latest status per order, idempotent per batch (txnAppId/txnVersion writes).
# source: course lessons/07-exactly-once.md
# category: course
# topics: orders
import sys

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
builder = (SparkSession.builder.appName("latest-status")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
           .config("spark.sql.session.timeZone", "UTC").config("spark.sql.shuffle.partitions", "4"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

events = [(1001, "placed", 1), (1002, "placed", 2), (1001, "paid", 3), (1002, "cancelled", 4), (1003, "placed", 5)]
src = spark.createDataFrame(events, "order_id INT, status STRING, seq INT")
(src.select(F.to_json(F.struct("order_id", "status", "seq")).alias("value")).coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

spark.createDataFrame([], "order_id INT, status STRING, seq INT").write.format("delta").saveAsTable("order_status")
status = DeltaTable.forName(spark, "order_status")


def upsert(batch, batch_id):
    latest = batch.groupBy("order_id").agg(F.max_by("status", "seq").alias("status"), F.max("seq").alias("seq"))
    (status.alias("t").merge(latest.alias("s"), "t.order_id = s.order_id")
     .whenMatchedUpdateAll(condition="s.seq > t.seq").whenNotMatchedInsertAll().execute())
    (batch.write.format("delta").mode("append").option("txnAppId", "order-log").option("txnVersion", batch_id)
     .saveAsTable("order_log"))


stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
          .select(F.from_json(F.col("value").cast("string"), "order_id INT, status STRING, seq INT").alias("e")).select("e.*"))
q = stream.writeStream.foreachBatch(upsert).option("checkpointLocation", "checkpoints/status").trigger(availableNow=True).start()
q.awaitTermination()
spark.table("order_status").orderBy("order_id").show()
print(spark.table("order_log").count())
