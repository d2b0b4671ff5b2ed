# A table's details and properties: DESCRIBE DETAIL and DeltaTable.detail() report the
# format, partition columns, file count and properties; ALTER TABLE SET TBLPROPERTIES
# commits a SET TBLPROPERTIES version, SHOW TBLPROPERTIES lists them, and delta.appendOnly
# makes a delete fail.
# source: delta docs: delta-utility.md (Retrieve Delta table details) and table-properties.md (delta.appendOnly)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("detail-properties")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.createDataFrame([(1, "a", "x"), (2, "b", "y")], "id int, v string, p string").coalesce(1) \
    .write.format("delta").partitionBy("p").saveAsTable("items")
d = spark.sql("DESCRIBE DETAIL items").first()
print(d.format, d.name, d.partitionColumns, d.numFiles, d.properties, d.minReaderVersion, d.minWriterVersion)
spark.sql("ALTER TABLE items SET TBLPROPERTIES ('delta.appendOnly' = 'true', 'owner.team' = 'ingest')")
d = DeltaTable.forName(spark, "items").detail().first()
print(sorted(d.properties.items()), d.minWriterVersion)
print(sorted((r.key, r.value) for r in spark.sql("SHOW TBLPROPERTIES items").collect() if not r.key.startswith("delta.minReader")))
try:
    DeltaTable.forName(spark, "items").delete("id = 1")
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.createDataFrame([(3, "c", "x")], "id int, v string, p string").write.format("delta").mode("append").saveAsTable("items")
print(spark.table("items").count())
print([(h.version, h.operation) for h in DeltaTable.forName(spark, "items").history().orderBy("version").collect()])
