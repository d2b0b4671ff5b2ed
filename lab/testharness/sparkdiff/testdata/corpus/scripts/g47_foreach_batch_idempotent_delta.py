# foreachBatch writing every micro-batch to a Delta table idempotently: the txnAppId and
# txnVersion options make a batch written twice (a re-run after a failure) land once.
# source: Delta Lake docs, delta-streaming.md (Idempotent table writes in foreachBatch)
# category: foreach
# topics: readings
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
spark = SparkSession.builder.appName("idempotent-foreach-batch").getOrCreate()

(spark.createDataFrame([(str(i),) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

readings = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
            .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
            .selectExpr("CAST(CAST(value AS STRING) AS INT) AS reading"))

app_id = "readings-writer"


def write_batch(batch_df, batch_id):
    # Written twice on purpose: the second write of a batch id is skipped by Delta.
    for _ in range(2):
        (batch_df.write.format("delta").mode("append").option("txnAppId", app_id).option("txnVersion", batch_id)
            .save("tables/readings"))


q = (readings.writeStream.foreachBatch(write_batch).option("checkpointLocation", "checkpoints/readings")
     .trigger(availableNow=True).start())
q.awaitTermination()
spark.read.format("delta").load("tables/readings").orderBy("reading").show()
print(spark.read.format("delta").load("tables/readings").count())
