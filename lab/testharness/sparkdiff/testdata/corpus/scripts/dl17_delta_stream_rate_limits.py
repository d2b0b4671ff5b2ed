# Rate limits on a Delta stream source: maxFilesPerTrigger caps the files per micro-batch,
# maxBytesPerTrigger is a soft cap (a batch always takes at least one file), and with both
# the first limit reached wins; availableNow keeps them.
# source: delta docs: delta-streaming.md (Limit input rate: maxFilesPerTrigger, maxBytesPerTrigger)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("delta-rate-limits")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

for i in range(5):
    (spark.createDataFrame([(i, "row-%d" % i)], "id int, label string").coalesce(1)
        .write.format("delta").mode("append").save("tables/feed"))


def run(name, **options):
    batches = []

    def collect(df, batch_id):
        batches.append((batch_id, sorted(r.id for r in df.collect())))

    reader = spark.readStream.format("delta")
    for k, v in options.items():
        reader = reader.option(k, v)
    q = (reader.load("tables/feed").writeStream.foreachBatch(collect)
         .option("checkpointLocation", "checkpoints/" + name).trigger(availableNow=True).start())
    q.awaitTermination()
    print(name, batches)


run("two_files", startingVersion="0", maxFilesPerTrigger="2")
run("one_byte", startingVersion="0", maxBytesPerTrigger="1b")
run("both", startingVersion="1", maxFilesPerTrigger="3", maxBytesPerTrigger="1b")
run("from_v3", startingVersion="3", maxFilesPerTrigger="1")
run("default", startingVersion="0")
