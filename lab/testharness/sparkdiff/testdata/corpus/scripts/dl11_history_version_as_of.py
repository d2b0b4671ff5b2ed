# A Delta table's history (all of it and the latest entries), and reading older versions
# with versionAsOf and timestampAsOf, including a version the table does not have.
# source: delta docs: delta-batch.md (Query an older snapshot of a table (time travel)) and delta-utility.md (Retrieve Delta table history)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("history-rows")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

path = "tables/people"
schema = "id int, name string"
spark.createDataFrame([(1, "ann"), (2, "bob")], schema).write.format("delta").save(path)
spark.createDataFrame([(3, "cy")], schema).write.format("delta").mode("append").save(path)
spark.createDataFrame([(9, "zed")], schema).write.format("delta").mode("overwrite").save(path)

t = DeltaTable.forPath(spark, path)
(t.history().select("version", "operation", "operationParameters", "readVersion", "isolationLevel", "isBlindAppend")
 .orderBy("version").show(truncate=False))
print([r.version for r in t.history(2).collect()])
print(sorted(t.history().select("operationMetrics").collect()[0][0].items()))
for v in range(3):
    print(v, sorted(tuple(r) for r in spark.read.format("delta").option("versionAsOf", v).load(path).collect()))
times = {r.version: r.timestamp for r in t.history().collect()}
for v in range(3):
    df = spark.read.format("delta").option("timestampAsOf", str(times[v])).load(path)
    print("at", v, sorted(tuple(r) for r in df.collect()))
try:
    spark.read.format("delta").option("versionAsOf", 7).load(path).collect()
except Exception as e:
    print(type(e).__name__, "DELTA_VERSION_NOT_FOUND" in str(e))
try:
    spark.read.format("delta").option("timestampAsOf", "2001-01-01 00:00:00").load(path).collect()
except Exception as e:
    print(type(e).__name__, "DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION" in str(e))
