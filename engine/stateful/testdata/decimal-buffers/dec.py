import os
from pyspark.sql import SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DecimalType, StringType, StructField, StructType
spark = (SparkSession.builder.config("spark.sql.shuffle.partitions", "1")
         .config("spark.sql.session.timeZone", "UTC").getOrCreate())
schema = StructType([StructField("k", StringType()), StructField("a", DecimalType(6, 2)), StructField("b", DecimalType(12, 2))])
os.makedirs("in", exist_ok=True)
with open("in/x.json", "w") as f:
    f.write('{"k": "x", "a": 1.25, "b": 2.50}\n{"k": "x", "a": null, "b": -1.00}\n{"k": "y", "a": null, "b": null}\n')
df = spark.readStream.schema(schema).json("in").groupBy("k").agg(F.sum("a"), F.avg("b"), F.sum("b"), F.avg("a"))
q = df.writeStream.outputMode("complete").format("console").option("checkpointLocation", "ckpt").trigger(availableNow=True).start()
q.awaitTermination()
spark.stop()
