# What Delta refuses about partitioning: a partition column the data does not have,
# partitioning by every column, and an append that names other partition columns than the
# table's; appending without partitionBy uses the table's own.
# source: delta docs: delta-batch.md (partition data) and the Delta error classes (delta-error-classes.json)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("partition-errors")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

df = spark.createDataFrame([(1, "a"), (2, "b")], "id int, tag string").coalesce(1)


def attempt(label, fn):
    try:
        fn()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e.getCondition() if hasattr(e, "getCondition") else str(e)[:80])


attempt("missing", lambda: df.write.format("delta").partitionBy("nope").save("tables/a"))
attempt("all columns", lambda: df.write.format("delta").partitionBy("id", "tag").save("tables/b"))
attempt("create", lambda: df.write.format("delta").partitionBy("tag").save("tables/c"))
attempt("other columns", lambda: df.write.format("delta").mode("append").partitionBy("id").save("tables/c"))
attempt("no partitionBy", lambda: df.write.format("delta").mode("append").save("tables/c"))
print(sorted(p for p in __import__("os").listdir("tables/c") if not p.startswith("_")))
print(spark.read.format("delta").load("tables/c").count())
