# A Kafka stream appended to a Delta table by path in several batches, then read as a
# batch and its per-version row counts taken from the history.
# source: delta docs: delta-streaming.md (Append mode) with docs/streaming/structured-streaming-kafka-integration.md
# category: delta
# topics: sensor
import json
import sys

from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "sensor-" + run_id
builder = (SparkSession.builder.appName("delta-path-sink")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

readings = [{"sensor": "s%d" % (i % 2), "temp": 20 + i} for i in range(5)]
(spark.createDataFrame([(json.dumps(r),) for r in readings], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
          .select(from_json(col("value").cast("string"), "sensor STRING, temp INT").alias("r")).select("r.*"))
q = (stream.writeStream.format("delta").option("checkpointLocation", "tables/sensor/_checkpoints")
     .trigger(availableNow=True).start("tables/sensor"))
q.awaitTermination()
spark.read.format("delta").load("tables/sensor").orderBy("temp").show()
(DeltaTable.forPath(spark, "tables/sensor").history().select("version", "operation", "operationMetrics.numOutputRows")
 .orderBy("version").show())
