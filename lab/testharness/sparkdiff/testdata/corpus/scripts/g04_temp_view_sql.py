# A streaming DataFrame registered as a temporary view and queried with SQL; isStreaming.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Basic Operations: createOrReplaceTempView, isStreaming)
# category: basic-operations
# topics: updates
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "updates-" + run_id
spark = SparkSession.builder.appName("temp-view").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([("u%d" % i,) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").load())
df.createOrReplaceTempView("updates")
total = spark.sql("SELECT count(*) AS updates FROM updates")
print(df.isStreaming, total.isStreaming)

q = (total.writeStream.outputMode("complete").format("console")
     .option("checkpointLocation", "checkpoints/updates").trigger(availableNow=True).start())
q.awaitTermination()
