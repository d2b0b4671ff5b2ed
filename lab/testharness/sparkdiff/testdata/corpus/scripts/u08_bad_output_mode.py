# An output mode that does not exist is rejected when it is set, before start().
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Modes)
# category: unsupported
# topics: words
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("bad-mode").getOrCreate()

df = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
try:
    writer = df.writeStream.outputMode("upsert")
    print("accepted")
except Exception as e:
    print(type(e).__name__)
