# Delta's change data feed in SQL: a table created with delta.enableChangeDataFeed, changed by
# INSERT, UPDATE, DELETE and a MERGE, read back with table_changes; a table that turns the feed
# on later with ALTER TABLE, and the errors for a range before it was on, past the last version
# and ending before it starts.
# source: delta docs: delta-change-data-feed.md (Enable change data feed; Read changes in batch queries)
# category: delta
from delta import configure_spark_with_delta_pip
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("cdf-table-changes")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE students (id INT, name STRING, score INT) USING DELTA TBLPROPERTIES (delta.enableChangeDataFeed = true)")
spark.sql("INSERT INTO students VALUES (1, 'ann', 70), (2, 'bob', 80), (3, 'cy', 90)")
spark.sql("UPDATE students SET score = score + 5 WHERE id >= 2")
spark.sql("DELETE FROM students WHERE id = 1")
updates = spark.createDataFrame([(3, "cy", 99), (4, "dee", 60)], "id int, name string, score int")
(DeltaTable.forName(spark, "students").alias("t").merge(updates.alias("s"), "t.id = s.id")
 .whenMatchedUpdateAll().whenNotMatchedInsertAll().execute())

cols = "id, name, score, _change_type, _commit_version"
spark.sql("SELECT " + cols + " FROM table_changes('students', 2) ORDER BY _commit_version, id, _change_type").show()
spark.sql("SELECT " + cols + " FROM table_changes('students', 1, 2) ORDER BY _commit_version, id, _change_type").show()
spark.sql("SELECT _change_type, count(*) AS n FROM table_changes('students', 0) GROUP BY _change_type ORDER BY _change_type").show()
print(spark.sql("SELECT * FROM table_changes('students', 4)").columns)

spark.sql("CREATE TABLE plain (id INT, v STRING) USING DELTA")
spark.sql("INSERT INTO plain VALUES (1, 'a'), (2, 'b'), (3, 'c')")
spark.sql("ALTER TABLE plain SET TBLPROPERTIES (delta.enableChangeDataFeed = true)")
spark.sql("UPDATE plain SET v = 'B' WHERE id = 2")
spark.sql("DELETE FROM plain WHERE id = 1")
spark.sql("SELECT id, v, _change_type, _commit_version FROM table_changes('plain', 2) ORDER BY _commit_version, id, _change_type").show()
print(sorted((r.key, r.value) for r in spark.sql("SHOW TBLPROPERTIES plain").collect()))
for args in ["'plain', 0", "'plain', 1, 3", "'plain', 9", "'plain', 3, 2"]:
    try:
        spark.sql("SELECT * FROM table_changes(" + args + ")").collect()
        print(args, "read")
    except Exception as e:
        print(args, type(e).__name__, e.getCondition(), sorted(e.getMessageParameters().items()))
