# The forms of createDataFrame: tuples with a DDL schema, Row objects, dicts, a StructType.
# source: docs/sql-getting-started.md (Creating DataFrames) and python/pyspark/sql/session.py createDataFrame docstring
# category: batch
import sys

from pyspark.sql import Row, SparkSession
from pyspark.sql.types import IntegerType, StringType, StructField, StructType

spark = SparkSession.builder.appName("create-dataframe").getOrCreate()

people = spark.createDataFrame([("Alice", 34), ("Bob", 45)], "name string, age int")
people.show()
people.printSchema()

rows = spark.createDataFrame([Row(name="Carol", age=29), Row(name="Dan", age=None)])
rows.show()
print(rows.dtypes)

dicts = spark.createDataFrame([{"name": "Eve", "age": 51}, {"name": "Frank", "age": 23}])
dicts.orderBy("age").show()

schema = StructType([StructField("name", StringType(), False), StructField("age", IntegerType(), True)])
typed = spark.createDataFrame([("Grace", 40)], schema)
typed.printSchema()
print(typed.collect())
