# DeltaTable's table builder from Delta's Python docs: create with columns, a generated
# column computed on write, a partition column, a property and a comment; createIfNotExists
# on an existing table; createOrReplace with addColumns(schema); the rows and commits.
# source: delta docs: delta-batch.md (Create a table: DeltaTableBuilder API; Use generated columns, Python tab)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("table-builder")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

from datetime import datetime
from delta.tables import DeltaTable
from pyspark.sql.types import StructType, StructField, StringType, IntegerType

(DeltaTable.create(spark).tableName("clicks")
    .addColumn("eventId", "BIGINT")
    .addColumn("data", "STRING", comment="payload")
    .addColumn("eventTime", "TIMESTAMP")
    .addColumn("eventDate", "DATE", generatedAlwaysAs="CAST(eventTime AS DATE)")
    .partitionedBy("eventDate")
    .property("description", "click events")
    .comment("clicks table")
    .execute())
rows = [(1, "a", datetime(2024, 5, 1, 10, 0)), (2, "b", datetime(2024, 5, 2, 11, 30))]
spark.createDataFrame(rows, "eventId BIGINT, data STRING, eventTime TIMESTAMP") \
    .write.format("delta").mode("append").saveAsTable("clicks")
spark.table("clicks").orderBy("eventId").show()
DeltaTable.createIfNotExists(spark).tableName("clicks").addColumn("eventId", "BIGINT").execute()
schema = StructType([StructField("name", StringType(), False), StructField("age", IntegerType())])
DeltaTable.createOrReplace(spark).tableName("people").addColumns(schema).property("owner", "hr").execute()
DeltaTable.createOrReplace(spark).tableName("people").addColumns(schema).addColumn("city", "STRING").execute()
print(spark.table("people").schema.simpleString())
for t in ("clicks", "people"):
    for r in spark.sql(f"DESCRIBE HISTORY {t}").orderBy("version").collect():
        print(t, r.version, r.operation, sorted(r.operationParameters.items()))
