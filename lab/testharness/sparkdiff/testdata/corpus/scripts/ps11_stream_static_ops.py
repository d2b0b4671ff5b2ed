# Operations the guide lists on a streaming DataFrame from a JSON folder: select/where,
# groupBy count and avg on a typed schema, selectExpr, withColumn, drop, a UDF-free
# filter and isStreaming; results through the memory sink in complete/append modes.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations - Selection, Projection, Aggregation; DeviceData example)
# category: basic-operations
import json
import os

from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.appName("basic-ops").getOrCreate()
os.makedirs("devices", exist_ok=True)
rows = [{"device": "d1", "deviceType": "phone", "signal": 12.0, "time": "2026-01-01 00:00:01"},
        {"device": "d2", "deviceType": "tablet", "signal": 8.0, "time": "2026-01-01 00:00:02"},
        {"device": "d3", "deviceType": "phone", "signal": 30.0, "time": "2026-01-01 00:00:03"},
        {"device": "d4", "deviceType": "watch", "signal": 11.5, "time": "2026-01-01 00:00:04"}]
with open("devices/part1.json", "w") as f:
    for r in rows:
        f.write(json.dumps(r) + "\n")
schema = "device STRING, deviceType STRING, signal DOUBLE, time TIMESTAMP"
df = spark.readStream.schema(schema).json("devices")
print(df.isStreaming)
sel = df.select("device").where("signal > 10")
q1 = sel.writeStream.format("memory").queryName("sel").outputMode("append").trigger(availableNow=True).start()
q1.awaitTermination()
spark.table("sel").orderBy("device").show()
cnt = df.groupBy("deviceType").count()
q2 = cnt.writeStream.format("memory").queryName("cnt").outputMode("complete").trigger(availableNow=True).start()
q2.awaitTermination()
spark.table("cnt").orderBy("deviceType").show()
avg = df.groupBy("deviceType").agg(F.avg("signal").alias("avg_signal"), F.max("time").alias("last"))
q3 = avg.writeStream.format("memory").queryName("avgs").outputMode("complete").trigger(availableNow=True).start()
q3.awaitTermination()
spark.table("avgs").orderBy("deviceType").show()
ex = df.selectExpr("upper(device) AS d", "signal * 2 AS s2").withColumn("strong", F.col("s2") > 25).drop("s2")
print(ex.isStreaming, ex.schema.simpleString())
q4 = ex.writeStream.format("memory").queryName("ex").trigger(availableNow=True).start()
q4.awaitTermination()
spark.table("ex").orderBy("d").show()
spark.stop()
