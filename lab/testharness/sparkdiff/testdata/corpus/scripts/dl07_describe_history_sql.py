# Delta through SQL: CREATE TABLE USING delta, INSERT, UPDATE, DESCRIBE HISTORY and a
# VERSION AS OF query.
# source: delta docs: delta-batch.md (Create a table; Write to a table) and delta-utility.md (DESCRIBE HISTORY)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("delta-sql")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE scores (player STRING, points INT) USING delta")
spark.sql("INSERT INTO scores VALUES ('ann', 3), ('bob', 5)")
spark.sql("UPDATE scores SET points = points + 10 WHERE player = 'ann'")
spark.sql("DESCRIBE HISTORY scores").select("version", "operation").orderBy("version").show()
spark.sql("SELECT * FROM scores VERSION AS OF 1 ORDER BY player").show()
spark.sql("SELECT * FROM scores ORDER BY player").show()
