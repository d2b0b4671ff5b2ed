# Append mode on a streaming aggregation without a watermark is rejected: a window would
# never be final.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Modes: support matrix)
# category: unsupported
# topics: words
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import window

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("append-no-watermark").getOrCreate()

df = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
counts = df.groupBy(window("timestamp", "1 minute")).count()
try:
    counts.writeStream.outputMode("append").format("console").start()
except Exception as e:
    print(type(e).__name__, e.getCondition())
    print(str(e).split("\n")[0])
