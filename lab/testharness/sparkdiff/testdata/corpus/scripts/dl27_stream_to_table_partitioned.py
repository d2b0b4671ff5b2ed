# A Kafka stream written with toTable into a new Delta table partitioned by a column:
# toTable creates the table (version 0, with its partition columns) before the first batch,
# each batch appends one file per partition it has rows for, and the table is read back.
# source: delta docs: delta-streaming.md (Delta table as a sink: toTable) with delta-batch.md (partition data)
# category: delta
# topics: clicks
import json
import sys

from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, from_json

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id
builder = (SparkSession.builder.appName("stream-to-table-partitioned")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

clicks = [{"page": p, "day": d} for p, d in [("home", "mon"), ("cart", "mon"), ("home", "tue"), ("faq", "wed"), ("home", "tue")]]
(spark.createDataFrame([(json.dumps(c),) for c in clicks], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
          .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load()
          .select(from_json(col("value").cast("string"), "page STRING, day STRING").alias("c")).select("c.*"))
q = (stream.writeStream.partitionBy("day").option("checkpointLocation", "checkpoints/clicks")
     .trigger(availableNow=True).toTable("clicks"))
q.awaitTermination()
spark.table("clicks").groupBy("day").count().orderBy("day").show()
d = spark.sql("DESCRIBE DETAIL clicks").first()
print(d.partitionColumns, d.numFiles)
for r in spark.sql("DESCRIBE HISTORY clicks").orderBy("version").collect():
    print(r.version, r.operation, r.operationParameters.get("partitionBy"), r.operationMetrics.get("numAddedFiles"))
