# A Kafka stream written to a Delta table partitioned by a column, in several batches: each
# batch adds one file per partition it has rows for; then the table is read back as a
# batch, and as a stream filtered on the partition column.
# source: delta docs: delta-streaming.md (Delta table as a sink: Append mode) with delta-batch.md (partition data)
# category: delta
# topics: readings
import json
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
builder = (SparkSession.builder.appName("partitioned-stream-sink")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

readings = [{"sensor": "s%d" % (i % 3), "temp": 20 + i} for i in range(7)]
(spark.createDataFrame([(json.dumps(r),) for r in readings], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 4).load()
          .select(from_json(col("value").cast("string"), "sensor STRING, temp INT").alias("r")).select("r.*"))
q = (stream.writeStream.format("delta").partitionBy("sensor")
     .option("checkpointLocation", "checkpoints/sink").trigger(availableNow=True).start("tables/readings"))
q.awaitTermination()
print("batches", [p["numInputRows"] for p in q.recentProgress])

spark.read.format("delta").load("tables/readings").orderBy("temp").show()
f = (spark.readStream.format("delta").load("tables/readings").where("sensor = 's1'")
     .writeStream.format("memory").queryName("s1").option("checkpointLocation", "checkpoints/s1")
     .trigger(availableNow=True).start())
f.awaitTermination()
print(sorted((r.sensor, r.temp) for r in spark.table("s1").collect()))
