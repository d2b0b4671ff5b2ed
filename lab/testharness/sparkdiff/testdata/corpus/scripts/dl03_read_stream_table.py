# A Delta table as a streaming source: readStream.table reads what is there, then a second
# run reads only the appended version.
# source: delta docs: delta-streaming.md (Delta table as a source)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("delta-source")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "a"), (2, "b")], "id int, tag string").write.format("delta").saveAsTable("events")


def run(label):
    q = (spark.readStream.table("events").writeStream.format("parquet").option("path", "out/copied")
         .option("checkpointLocation", "checkpoints/copy").trigger(availableNow=True).start())
    q.awaitTermination()
    print(label, sorted(r.id for r in spark.read.parquet("out/copied").collect()), q.lastProgress["numInputRows"])


run("first")
spark.createDataFrame([(3, "c")], "id int, tag string").write.format("delta").mode("append").saveAsTable("events")
run("second")
