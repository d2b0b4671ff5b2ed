# Selection and projection on a stream of device readings: untyped select/where and the
# same with a column expression.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations - Selection, Projection, Aggregation)
# category: basic-operations
# topics: devices
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "devices-" + run_id
spark = SparkSession.builder.appName("select-where").getOrCreate()

readings = [
    {"device": "d1", "deviceType": "thermo", "signal": 5.0, "time": "2024-05-01 08:00:00"},
    {"device": "d2", "deviceType": "thermo", "signal": 15.5, "time": "2024-05-01 08:00:10"},
    {"device": "d3", "deviceType": "camera", "signal": 30.0, "time": "2024-05-01 08:00:20"},
    {"device": "d4", "deviceType": "camera", "signal": 8.0, "time": "2024-05-01 08:00:30"},
]
(spark.createDataFrame([(json.dumps(r),) for r in readings], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

schema = "device STRING, deviceType STRING, signal DOUBLE, time TIMESTAMP"
df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").load()
      .select(from_json(col("value").cast("string"), schema).alias("r")).select("r.*"))

strong = df.select("device").where("signal > 10")
strong_too = df.filter(df.signal > 10).select("device", "signal")

for name, frame in [("strong", strong), ("strong_too", strong_too)]:
    q = frame.writeStream.format("memory").queryName(name).option("checkpointLocation", "checkpoints/" + name).start()
    q.processAllAvailable()
    q.stop()
    spark.table(name).orderBy("device").show()
