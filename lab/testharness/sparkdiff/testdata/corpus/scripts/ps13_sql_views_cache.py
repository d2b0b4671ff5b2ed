# Views and caching in SQL: CREATE OR REPLACE VIEW with column comments, CREATE GLOBAL TEMP
# VIEW read through global_temp, ALTER VIEW AS, DROP VIEW; CACHE TABLE / CACHE LAZY TABLE
# ... AS SELECT, UNCACHE TABLE, CLEAR CACHE and spark.catalog.isCached.
# source: docs/sql-ref-syntax-ddl-create-view.md, -alter-view.md, -drop-view.md; docs/sql-ref-syntax-aux-cache-cache-table.md, -uncache-table.md, -clear-cache.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("views-cache").getOrCreate()
sql = spark.sql
sql("CREATE TABLE employee (id INT, name STRING, working_years INT) USING parquet")
sql("INSERT INTO employee VALUES (1, 'a', 3), (2, 'b', 6), (3, 'c', 12)")
sql("""CREATE OR REPLACE VIEW experienced_employee (ID COMMENT 'Unique identification number', Name)
COMMENT 'View for experienced employees' AS SELECT id, name FROM employee WHERE working_years >= 5""")
sql("SELECT * FROM experienced_employee ORDER BY ID").show()
sql("DESCRIBE experienced_employee").show(truncate=False)
sql("CREATE GLOBAL TEMP VIEW subscribed_movies AS SELECT 'mo' AS title, 1 AS id")
sql("SELECT * FROM global_temp.subscribed_movies").show()
sql("ALTER VIEW experienced_employee AS SELECT id, name FROM employee WHERE working_years >= 10")
sql("SELECT * FROM experienced_employee").show()
sql("DROP VIEW experienced_employee")
sql("DROP VIEW IF EXISTS experienced_employee")
sql("DROP VIEW global_temp.subscribed_movies")
try:
    sql("DROP VIEW nope")
except Exception as e:
    print(type(e).__name__, e.getCondition())
sql("CACHE TABLE employee")
print(spark.catalog.isCached("employee"))
sql("CACHE LAZY TABLE young OPTIONS ('storageLevel' 'DISK_ONLY') AS SELECT * FROM employee WHERE working_years < 5")
print(spark.catalog.isCached("young"))
sql("SELECT * FROM young").show()
sql("UNCACHE TABLE employee")
sql("UNCACHE TABLE IF EXISTS nope")
print(spark.catalog.isCached("employee"), spark.catalog.isCached("young"))
sql("CLEAR CACHE")
print(spark.catalog.isCached("young"))
print(sql("CACHE TABLE employee").collect(), sql("UNCACHE TABLE employee").columns)
spark.stop()
