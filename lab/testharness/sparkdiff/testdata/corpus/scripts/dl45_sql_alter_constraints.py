# Delta constraints and ALTER TABLE in SQL: a CHECK constraint added, a write that breaks it
# refused with Delta's error, NOT NULL enforced, columns added with comments, a column
# comment changed, the constraint dropped; DESCRIBE TABLE and the table's properties.
# source: delta docs: delta-constraints.md (NOT NULL constraint, CHECK constraint) and delta-batch.md (Update table schema: add columns, change column comment)
# category: delta
from delta import configure_spark_with_delta_pip
from pyspark.sql import SparkSession

builder = (SparkSession.builder.appName("sql-alter-constraints")
           .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
           .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog"))
spark = configure_spark_with_delta_pip(builder).getOrCreate()

spark.sql("CREATE TABLE orders (id INT NOT NULL, qty INT, note STRING) USING DELTA")
spark.sql("INSERT INTO orders VALUES (1, 5, 'a')")
spark.sql("ALTER TABLE orders ADD CONSTRAINT qtyPositive CHECK (qty > 0)")
for stmt in ("INSERT INTO orders VALUES (2, -1, 'b')", "INSERT INTO orders VALUES (NULL, 3, 'c')"):
    try:
        spark.sql(stmt)
    except Exception as e:
        # delta-spark raises these as a Py4JJavaError, not a PySpark exception: the error
        # class is in its text.
        msg = str(e)
        print([c for c in ("DELTA_VIOLATE_CONSTRAINT_WITH_VALUES", "DELTA_NOT_NULL_CONSTRAINT_VIOLATED") if c in msg],
              "qtypositive" in msg.lower())
spark.sql("ALTER TABLE orders ADD COLUMNS (price DOUBLE COMMENT 'unit price', tag STRING)")
spark.sql("ALTER TABLE orders ALTER COLUMN note COMMENT 'free text'")
print(sorted((r.key, r.value) for r in spark.sql("SHOW TBLPROPERTIES orders").collect()))
spark.sql("ALTER TABLE orders DROP CONSTRAINT qtyPositive")
spark.sql("INSERT INTO orders VALUES (2, -1, 'b', 1.5, 't')")
spark.sql("DESCRIBE TABLE orders").show(truncate=False)
spark.sql("SELECT * FROM orders ORDER BY id").show()
for r in spark.sql("DESCRIBE HISTORY orders").orderBy("version").collect():
    print(r.version, r.operation, sorted(r.operationParameters.items()))
