# Table maintenance on a partitioned parquet table: ALTER TABLE ADD/DROP PARTITION,
# SET/UNSET TBLPROPERTIES with SHOW TBLPROPERTIES, TRUNCATE TABLE (whole and one
# partition), MSCK REPAIR TABLE after files appear, REFRESH TABLE, ALTER TABLE RENAME COLUMN refusal.
# source: docs/sql-ref-syntax-ddl-alter-table.md, -truncate-table.md, -repair-table.md; docs/sql-ref-syntax-aux-show-tblproperties.md; docs/sql-ref-syntax-aux-cache-refresh-table.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("maint").getOrCreate()
sql = spark.sql


def attempt(q):
    try:
        r = sql(q)
        print("ok:", q)
        return r
    except Exception as e:
        print(type(e).__name__, e.getCondition(), "<-", q)


sql("CREATE TABLE sales (item STRING, qty INT, day STRING) USING parquet PARTITIONED BY (day)")
sql("INSERT INTO sales VALUES ('a', 1, 'mon'), ('b', 2, 'tue'), ('c', 3, 'tue')")
attempt("ALTER TABLE sales ADD PARTITION (day = 'wed')")
attempt("ALTER TABLE sales ADD IF NOT EXISTS PARTITION (day = 'wed') PARTITION (day = 'thu')")
sql("SHOW PARTITIONS sales").orderBy("partition").show()
attempt("ALTER TABLE sales DROP PARTITION (day = 'thu')")
sql("SHOW PARTITIONS sales").orderBy("partition").show()
attempt("ALTER TABLE sales SET TBLPROPERTIES ('owner' = 'ann', 'k2' = 'v2')")
sql("SHOW TBLPROPERTIES sales").filter("key IN ('owner', 'k2')").orderBy("key").show()
sql("SHOW TBLPROPERTIES sales ('owner')").show()
attempt("ALTER TABLE sales UNSET TBLPROPERTIES ('k2')")
sql("SHOW TBLPROPERTIES sales").filter("key IN ('owner', 'k2')").orderBy("key").show()
attempt("TRUNCATE TABLE sales PARTITION (day = 'mon')")
sql("SELECT * FROM sales ORDER BY item").show()
spark.createDataFrame([("z", 9)], "item string, qty int").write.parquet("spark-warehouse/sales/day=sun")
attempt("MSCK REPAIR TABLE sales")
sql("SHOW PARTITIONS sales").orderBy("partition").show()
attempt("REFRESH TABLE sales")
sql("SELECT * FROM sales ORDER BY item").show()
attempt("ALTER TABLE sales RENAME COLUMN qty TO quantity")
attempt("TRUNCATE TABLE sales")
print(sql("SELECT count(*) FROM sales").collect())
spark.stop()
