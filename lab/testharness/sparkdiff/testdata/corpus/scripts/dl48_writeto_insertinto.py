# DataFrameWriterV2 (df.writeTo) and DataFrameWriter.insertInto on Delta tables: create a
# partitioned table with a property, append, overwrite the rows meeting a condition,
# overwrite the partitions the data has, insertInto (columns by position) and its overwrite,
# replace and createOrReplace; the tables after each and the commits' parameters.
# source: PySpark API reference: DataFrame.writeTo, DataFrameWriterV2 (using, tableProperty, partitionedBy, create, replace, createOrReplace, append, overwrite, overwritePartitions), DataFrameWriter.insertInto; delta docs: delta-batch.md (Write to a table)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession
from pyspark.sql import functions as F

builder = (SparkSession.builder.appName("writeto-insertinto")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

schema = "id INT, name STRING, day INT"
df = spark.createDataFrame([(1, "a", 1), (2, "b", 1), (3, "c", 2)], schema)
df.writeTo("events").using("delta").tableProperty("team", "data").partitionedBy("day").create()
spark.table("events").orderBy("id").show()
try:
    df.writeTo("events").using("delta").create()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.createDataFrame([(4, "d", 2)], schema).writeTo("events").append()
spark.createDataFrame([(5, "e", 2)], schema).writeTo("events").overwrite(F.col("day") == 2)
spark.table("events").orderBy("id").show()
spark.createDataFrame([(6, "f", 1)], schema).writeTo("events").overwritePartitions()
spark.table("events").orderBy("id").show()
# insertInto matches columns by position, not by name.
spark.createDataFrame([(7, "g", 3)], "a INT, b STRING, c INT").write.insertInto("events")
spark.table("events").orderBy("id").show()
spark.createDataFrame([(8, "h", 3)], schema).write.insertInto("events", overwrite=True)
spark.table("events").orderBy("id").show()
try:
    spark.createDataFrame([(9, "i")], "id INT, name STRING").writeTo("nope").append()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
df.select("id", "name").writeTo("people").using("delta").createOrReplace()
df.writeTo("people").using("delta").replace()
print(spark.table("people").schema.simpleString())
for t in ("events", "people"):
    for r in spark.sql(f"DESCRIBE HISTORY {t}").orderBy("version").collect():
        print(t, r.version, r.operation, sorted(r.operationParameters.items()))
