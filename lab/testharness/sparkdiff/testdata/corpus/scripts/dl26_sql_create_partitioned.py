# Delta tables made in SQL: CREATE TABLE ... USING DELTA PARTITIONED BY (...) TBLPROPERTIES
# (...), rows added with INSERT INTO, a partition removed with DELETE (whole files), and the
# table's detail, properties and history read back in SQL.
# source: delta docs: delta-batch.md (Create a table: SQL DDL, Partition data, Table properties) and delta-utility.md (DESCRIBE DETAIL)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-create-partitioned")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("""CREATE TABLE events (id INT, kind STRING, day DATE) USING DELTA
             PARTITIONED BY (day) TBLPROPERTIES ('owner.team' = 'ingest', delta.checkpointInterval = 5)""")
spark.sql("""INSERT INTO events VALUES (1, 'click', DATE'2024-05-01'), (2, 'view', DATE'2024-05-01'),
             (3, 'click', DATE'2024-05-02'), (4, 'view', NULL)""")
spark.sql("SELECT * FROM events ORDER BY id").show()
spark.sql("SELECT day, count(*) AS n FROM events GROUP BY day ORDER BY day").show()
print(spark.sql("DELETE FROM events WHERE day = DATE'2024-05-01'").collect())
d = spark.sql("DESCRIBE DETAIL events").first()
print(d.partitionColumns, d.numFiles, sorted(d.properties.items()))
print(sorted((r.key, r.value) for r in spark.sql("SHOW TBLPROPERTIES events").collect()))
for r in spark.sql("DESCRIBE HISTORY events").orderBy("version").collect():
    print(r.version, r.operation, sorted(r.operationParameters.items()))
spark.table("events").orderBy("id").show()
