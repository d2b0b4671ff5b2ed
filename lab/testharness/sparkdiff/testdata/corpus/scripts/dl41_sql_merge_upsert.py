# MERGE INTO in SQL, as Delta's upsert docs write it: a target table, a temporary view of
# updates, matched rows updated column by column and new rows inserted with a column list;
# the result row, the table and the MERGE commit's parameters.
# source: delta docs: delta-update.md (Upsert into a table using merge, SQL tab)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-merge-upsert")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE people (id INT, firstName STRING, lastName STRING, salary INT) USING DELTA")
spark.sql("INSERT INTO people VALUES (1, 'Ann', 'Lee', 100), (2, 'Bo', 'Kim', 200), (3, 'Cy', 'Park', 300)")
updates = spark.createDataFrame([(2, "Bo", "Kim", 250), (4, "Di", "Cho", 400)],
                                "id INT, firstName STRING, lastName STRING, salary INT")
updates.createOrReplaceTempView("people_updates")
print(spark.sql("""MERGE INTO people
USING people_updates
ON people.id = people_updates.id
WHEN MATCHED THEN
  UPDATE SET
    id = people_updates.id,
    firstName = people_updates.firstName,
    lastName = people_updates.lastName,
    salary = people_updates.salary
WHEN NOT MATCHED
  THEN INSERT (id, firstName, lastName, salary)
  VALUES (people_updates.id, people_updates.firstName, people_updates.lastName, people_updates.salary)""").collect())
spark.sql("SELECT * FROM people ORDER BY id").show()
for r in spark.sql("DESCRIBE HISTORY people").orderBy("version").collect():
    print(r.version, r.operation, sorted(r.operationParameters.items()))
