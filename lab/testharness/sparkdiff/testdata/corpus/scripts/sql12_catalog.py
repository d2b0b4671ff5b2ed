# The catalog: current database, temporary views, tables and functions lookups.
# source: python/pyspark/sql/catalog.py (docstrings)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("catalog").getOrCreate()

print(spark.catalog.currentCatalog(), spark.catalog.currentDatabase())
spark.range(3).createOrReplaceTempView("numbers")
print([(t.name, t.isTemporary, t.tableType) for t in spark.catalog.listTables()])
print(spark.catalog.tableExists("numbers"), spark.catalog.tableExists("missing"))
print([c.name for c in spark.catalog.listColumns("numbers")])
print(spark.catalog.functionExists("upper"))
spark.catalog.dropTempView("numbers")
print(spark.catalog.tableExists("numbers"))
