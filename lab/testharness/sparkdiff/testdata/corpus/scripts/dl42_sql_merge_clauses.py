# MERGE INTO with every clause Delta's docs list: a subquery source with aliases, a
# conditional matched DELETE before UPDATE SET *, INSERT *, WHEN NOT MATCHED BY SOURCE
# update and delete, then an insert-only merge (BY TARGET, a condition, a column list).
# source: delta docs: delta-update.md (Upsert into a table using merge; Modify all unmatched rows using merge)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-merge-clauses")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE target (key INT, value STRING, flag BOOLEAN) USING DELTA")
spark.sql("INSERT INTO target VALUES (1, 'a', false), (2, 'b', false), (3, 'c', true), (4, 'd', false)")
print(spark.sql("""MERGE INTO target t
USING (SELECT * FROM VALUES (1, 'A', false), (3, 'C', true), (5, 'E', false) AS src(key, value, flag)) s
ON t.key = s.key
WHEN MATCHED AND s.flag THEN DELETE
WHEN MATCHED THEN UPDATE SET *
WHEN NOT MATCHED THEN INSERT *
WHEN NOT MATCHED BY SOURCE AND t.key = 2 THEN UPDATE SET value = 'stale'
WHEN NOT MATCHED BY SOURCE THEN DELETE""").collect())
spark.sql("SELECT * FROM target ORDER BY key").show()
print(spark.sql("""MERGE INTO target AS t USING (SELECT 9 AS key, 'z' AS value, true AS flag) AS s
ON t.key = s.key
WHEN NOT MATCHED BY TARGET AND s.flag THEN INSERT (key, value) VALUES (s.key, upper(s.value))""").collect())
spark.sql("SELECT * FROM target ORDER BY key").show()
for r in spark.sql("DESCRIBE HISTORY target").orderBy("version").collect():
    print(r.version, r.operation, sorted(r.operationParameters.items()))
