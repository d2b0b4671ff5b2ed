# A Delta table read as a stream from a given version (startingVersion), one file per
# trigger (maxFilesPerTrigger): each batch is collected by foreachBatch.
# source: delta docs: delta-streaming.md (Delta table as a source: maxFilesPerTrigger, Specify initial position: startingVersion)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("delta-starting-version")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

for v in range(4):
    rows = [(v * 10 + i, "v%d" % v) for i in range(2)]
    spark.createDataFrame(rows, "id int, tag string").coalesce(1).write.format("delta").mode("append").save("tables/events")

seen = []


def note(df, batch_id):
    seen.append((batch_id, sorted((r.id, r.tag) for r in df.collect())))


stream = (spark.readStream.format("delta").option("startingVersion", 2).option("maxFilesPerTrigger", 1)
          .load("tables/events"))
q = stream.writeStream.foreachBatch(note).option("checkpointLocation", "checkpoints/from2").trigger(availableNow=True).start()
q.awaitTermination()
for batch_id, rows in seen:
    print(batch_id, rows)
print([p["numInputRows"] for p in q.recentProgress])
