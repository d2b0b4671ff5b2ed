# Creating, replacing and dropping Delta tables in SQL: CREATE TABLE IF NOT EXISTS twice,
# CREATE OR REPLACE TABLE with a new schema, CREATE TABLE AS SELECT and CREATE OR REPLACE
# TABLE AS SELECT, TRUNCATE TABLE, DROP TABLE [IF EXISTS] and the error for a missing table.
# source: delta docs: delta-batch.md (Create a table; Replace table schema, SQL tab) and delta-utility.md
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-create-replace-drop")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

from pyspark.errors import AnalysisException

spark.sql("CREATE TABLE IF NOT EXISTS students (name STRING, score INT) USING DELTA")
spark.sql("CREATE TABLE IF NOT EXISTS students (name STRING, score INT) USING DELTA")
spark.sql("INSERT INTO students VALUES ('ann', 90), ('bo', 70)")
spark.sql("CREATE OR REPLACE TABLE students (name STRING, score INT, grade STRING) USING DELTA")
print(spark.table("students").count(), spark.table("students").columns)
spark.sql("CREATE TABLE top USING DELTA AS SELECT 'cy' AS name, 95 AS score")
spark.sql("CREATE OR REPLACE TABLE top USING DELTA AS SELECT name, score + 1 AS score FROM top")
spark.table("top").show()
for t in ("students", "top"):
    for r in spark.sql(f"DESCRIBE HISTORY {t}").orderBy("version").collect():
        print(t, r.version, r.operation, sorted(r.operationParameters.items()))
try:
    spark.sql("TRUNCATE TABLE top")
    print("truncated", spark.table("top").count())
except Exception as e:
    print(type(e).__name__, e.getCondition())
spark.sql("DROP TABLE top")
spark.sql("DROP TABLE IF EXISTS top")
try:
    spark.sql("DROP TABLE top")
except AnalysisException as e:
    print(e.getCondition())
print(sorted(t.name for t in spark.catalog.listTables()))
