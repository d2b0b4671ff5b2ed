# Set operators: EXCEPT / MINUS (ALL and DISTINCT), INTERSECT ALL, UNION ALL vs UNION,
# and the DataFrame subtract / exceptAll / intersect methods.
# source: docs/sql-ref-syntax-qry-select-setops.md (examples); python/pyspark/sql/dataframe.py (subtract, intersect docstrings)
# category: batch-sql
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("setops").getOrCreate()

spark.createDataFrame([(3,), (1,), (2,), (2,), (3,), (4,)], "c int").createOrReplaceTempView("number1")
spark.createDataFrame([(5,), (1,), (2,), (2,)], "c int").createOrReplaceTempView("number2")
for q in ["SELECT c FROM number1 EXCEPT SELECT c FROM number2",
          "SELECT c FROM number1 MINUS ALL (SELECT c FROM number2)",
          "SELECT c FROM number1 INTERSECT SELECT c FROM number2",
          "SELECT c FROM number1 INTERSECT ALL (SELECT c FROM number2)",
          "SELECT c FROM number1 UNION SELECT c FROM number2",
          "SELECT c FROM number1 UNION ALL (SELECT c FROM number2)",
          "(SELECT c FROM number1 UNION SELECT c FROM number2) EXCEPT SELECT 4"]:
    print(q, sorted(r.c for r in spark.sql(q).collect()))
n1, n2 = spark.table("number1"), spark.table("number2")
print(sorted(r.c for r in n1.subtract(n2).collect()), sorted(r.c for r in n1.intersect(n2).collect()))
try:
    spark.sql("SELECT c FROM number1 UNION SELECT c, c FROM number2").show()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
