# TABLESAMPLE: a number of ROWS is a limit; PERCENT and BUCKET x OUT OF y sample (only
# their bounds are printed), and a fraction over 100 percent is an error.
# source: docs/sql-ref-syntax-qry-select-sampling.md (examples)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("tablesample").getOrCreate()

spark.range(1, 11).withColumnRenamed("id", "age").createOrReplaceTempView("test")
spark.sql("SELECT * FROM test TABLESAMPLE (3 ROWS)").show()
print(spark.sql("SELECT count(*) FROM test TABLESAMPLE (100 PERCENT)").collect())
print(spark.sql("SELECT count(*) FROM test TABLESAMPLE (0 PERCENT)").collect())
print(spark.sql("SELECT * FROM test TABLESAMPLE (50 PERCENT) REPEATABLE (42)").count() <= 10)
print(spark.sql("SELECT * FROM test TABLESAMPLE (BUCKET 4 OUT OF 10)").count() <= 10)
try:
    spark.sql("SELECT * FROM test TABLESAMPLE (200 PERCENT)").show()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
