# Stream-static inner join: each transaction enriched with its device's static details.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Join Operations: Stream-static Joins)
# category: joins
# topics: txns
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "txns-" + run_id
spark = SparkSession.builder.appName("stream-static").config("spark.sql.shuffle.partitions", "2").getOrCreate()

static_df = spark.createDataFrame([("d1", "kitchen"), ("d2", "garage"), ("d3", "attic")], "type string, room string")

txns = [{"type": "d1", "amount": 10}, {"type": "d9", "amount": 5}, {"type": "d3", "amount": 7}, {"type": "d1", "amount": 1}]
(spark.createDataFrame([(json.dumps(t),) for t in txns], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

streaming_df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
                .option("subscribe", topic).option("startingOffsets", "earliest").load()
                .select(from_json(col("value").cast("string"), "type STRING, amount INT").alias("t")).select("t.*"))

joined = streaming_df.join(static_df, "type")

q = joined.writeStream.format("memory").queryName("joined").option("checkpointLocation", "checkpoints/inner").start()
q.processAllAvailable()
q.stop()
spark.sql("SELECT * FROM joined ORDER BY type, amount").show()
