# MERGE with automatic schema evolution: with autoMerge on, updateAll/insertAll add the
# source's new column to the table (NULL for the rows the merge did not touch); without it
# the extra column is ignored.
# source: delta docs: delta-update.md (Automatic schema evolution)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("merge-schema-evolution")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

for name in ("plain", "evolved"):
    spark.createDataFrame([(1, "ann"), (2, "bob")], "id int, name string").coalesce(1) \
        .write.format("delta").save("tables/" + name)
updates = spark.createDataFrame([(2, "rob", "NY"), (3, "cy", "LA")], "id int, name string, city string")


def merge(name):
    (DeltaTable.forPath(spark, "tables/" + name).alias("t").merge(updates.alias("s"), "t.id = s.id")
     .whenMatchedUpdateAll().whenNotMatchedInsertAll().execute())
    df = spark.read.format("delta").load("tables/" + name)
    print(name, df.columns)
    df.orderBy("id").show()


merge("plain")
spark.conf.set("spark.databricks.delta.schema.autoMerge.enabled", "true")
merge("evolved")
print(DeltaTable.forPath(spark, "tables/evolved").history(1).first().operation)
