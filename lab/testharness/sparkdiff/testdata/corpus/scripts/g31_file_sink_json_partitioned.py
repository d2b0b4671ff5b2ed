# The file sink writing JSON partitioned by a column: one folder per value.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Sinks: File Sink, partitionBy)
# category: sinks
# topics: sales
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "sales-" + run_id
spark = SparkSession.builder.appName("json-sink").getOrCreate()

sales = [{"country": c, "amount": a} for c, a in [("FR", 10), ("DE", 7), ("FR", 3), ("IT", 1)]]
(spark.createDataFrame([(json.dumps(s),) for s in sales], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").load()
      .select(from_json(col("value").cast("string"), "country STRING, amount INT").alias("s")).select("s.*"))
q = (df.writeStream.format("json").partitionBy("country").option("checkpointLocation", "checkpoints/json")
     .option("path", "out/sales").trigger(availableNow=True).start())
q.awaitTermination()
spark.read.json("out/sales").orderBy("country", "amount").show()
