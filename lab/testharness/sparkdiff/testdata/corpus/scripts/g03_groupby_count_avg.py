# Aggregations on a stream: running count per device type and the average signal, in
# complete mode.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations - Selection, Projection, Aggregation)
# category: basic-operations
# topics: devices
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "devices-" + run_id
spark = SparkSession.builder.appName("groupby").config("spark.sql.shuffle.partitions", "2").getOrCreate()

readings = [("d1", "thermo", 5.0), ("d2", "thermo", 15.5), ("d3", "camera", 30.0), ("d4", "camera", 8.0), ("d5", "door", 1.25)]
payload = [(json.dumps({"device": d, "deviceType": t, "signal": s}),) for d, t, s in readings]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").load()
      .select(F.from_json(F.col("value").cast("string"), "device STRING, deviceType STRING, signal DOUBLE").alias("r"))
      .select("r.*"))

per_type = df.groupBy("deviceType").count()
avg_signal = df.groupBy("deviceType").agg(F.avg("signal").alias("avg_signal"), F.max("signal"))

for name, frame in [("per_type", per_type), ("avg_signal", avg_signal)]:
    q = (frame.writeStream.outputMode("complete").format("memory").queryName(name)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    q.awaitTermination()
    spark.sql("SELECT * FROM %s ORDER BY deviceType" % name).show()
