# The Kafka source's schema, and casting key and value the three ways the guide shows
# (selectExpr, cast on columns, expr strings).
# source: docs/streaming/structured-streaming-kafka-integration.md (Reading Data from Kafka; Schema)
# category: kafka-source
# topics: schema
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "schema-" + run_id
spark = SparkSession.builder.appName("kafka-schema").getOrCreate()

(spark.createDataFrame([("k", "v")], "key string, value string").write.format("kafka")
    .option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
df.printSchema()
print(df.selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)").columns)
print(df.select(col("key").cast("string"), col("value").cast("string")).columns)
print(df.selectExpr("CAST(value AS STRING) AS text", "timestampType").dtypes)
