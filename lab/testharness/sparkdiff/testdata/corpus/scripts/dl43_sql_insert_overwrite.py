# Writing a Delta table in SQL: INSERT INTO with a column list (the missing column is
# NULL), INSERT INTO ... REPLACE WHERE (selective overwrite), INSERT OVERWRITE from a query
# and from VALUES; the table after each and the commits' parameters.
# source: delta docs: delta-batch.md (Append: INSERT INTO; Overwrite: INSERT OVERWRITE; Selectively overwrite data with replaceWhere, SQL tab)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-insert-overwrite")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE events (id INT, kind STRING, day DATE) USING DELTA")
spark.sql("INSERT INTO events VALUES (1, 'click', DATE'2024-05-01'), (2, 'view', DATE'2024-05-02')")
spark.sql("INSERT INTO events (kind, id) VALUES ('buy', 3)")
spark.sql("SELECT * FROM events ORDER BY id").show()
spark.sql("""INSERT INTO events REPLACE WHERE day = DATE'2024-05-01'
             SELECT 10 AS id, 'open' AS kind, DATE'2024-05-01' AS day""")
spark.sql("SELECT * FROM events ORDER BY id").show()
spark.sql("INSERT OVERWRITE TABLE events SELECT id * 100, kind, day FROM events WHERE id < 5")
spark.sql("SELECT * FROM events ORDER BY id").show()
spark.sql("INSERT OVERWRITE events VALUES (7, 'x', DATE'2024-06-01')")
spark.sql("SELECT * FROM events ORDER BY id").show()
for r in spark.sql("DESCRIBE HISTORY events").orderBy("version").collect():
    print(r.version, r.operation, sorted(r.operationParameters.items()))
