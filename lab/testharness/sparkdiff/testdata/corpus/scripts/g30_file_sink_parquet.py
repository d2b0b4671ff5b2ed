# The file sink writing Parquet, read back as a batch DataFrame; the sink's own log is in
# the output folder's _spark_metadata.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Sinks: File Sink)
# category: sinks
# topics: readings
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
spark = SparkSession.builder.appName("file-sink").getOrCreate()

(spark.createDataFrame([("r%d" % i,) for i in range(4)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load()
      .selectExpr("CAST(value AS STRING) AS reading", "partition", "offset"))
q = (df.writeStream.format("parquet").option("checkpointLocation", "checkpoints/parquet")
     .option("path", "out/readings").trigger(availableNow=True).start())
q.awaitTermination()
back = spark.read.parquet("out/readings")
back.orderBy("offset").show()
print(back.schema.simpleString())
