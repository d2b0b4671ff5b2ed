# Converting a Parquet folder to Delta in place with DeltaTable.convertToDelta, unpartitioned
# and partitioned (with its partition schema), then raising a table's protocol with
# upgradeTableProtocol; the rows, protocol versions and commits.
# source: delta docs: delta-utility.md (Convert a Parquet table to a Delta table; Upgrade table protocol, Python tab)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("convert-to-delta")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

import os
from delta.tables import DeltaTable

plain = os.path.abspath("plain")
parts = os.path.abspath("parts")
spark.range(0, 4).selectExpr("id", "concat('v', id) AS v").coalesce(1).write.parquet(plain)
spark.range(0, 6).selectExpr("id", "CAST(id % 2 AS INT) AS part").coalesce(1) \
    .write.partitionBy("part").parquet(parts)
dt = DeltaTable.convertToDelta(spark, f"parquet.`{plain}`")
dt.toDF().orderBy("id").show()
pt = DeltaTable.convertToDelta(spark, f"parquet.`{parts}`", "part INT")
pt.toDF().orderBy("id").show()
pt.upgradeTableProtocol(1, 3)
d = pt.detail().first()
print(d.minReaderVersion, d.minWriterVersion, d.partitionColumns, d.numFiles)
for t in (dt, pt):
    for r in t.history().orderBy("version").collect():
        print(r.version, r.operation, sorted(r.operationParameters.items()))
