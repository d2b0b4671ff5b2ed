# Python UDFs: udf() with a return type, the decorator form, and a UDF registered for SQL.
# source: python/pyspark/sql/functions/builtin.py (udf docstring) and docs/sql-ref-functions-udf-scalar.md
# category: batch
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, udf
from pyspark.sql.types import IntegerType

spark = SparkSession.builder.appName("udf").getOrCreate()

slen = udf(lambda s: len(s) if s is not None else None, IntegerType())


@udf(returnType="string")
def shout(s):
    return None if s is None else s.upper() + "!"


df = spark.createDataFrame([(1, "John Doe", 21), (2, None, 30)], ("id", "name", "age"))
df.select(slen("name").alias("slen(name)"), shout(col("name")), "age").show()
spark.udf.register("plus_one", lambda x: x + 1, IntegerType())
df.createOrReplaceTempView("people")
spark.sql("SELECT id, plus_one(age) AS next_age FROM people ORDER BY id").show()
