# The Spark SQL guide's first steps with a DataFrame: printSchema, select with a column
# expression, filter, groupBy().count(), a temporary view, and a global temporary view seen
# from a new session through global_temp.
# source: docs/sql-getting-started.md (Untyped Dataset Operations; Running SQL Queries Programmatically; Global Temporary View) and examples/src/main/python/sql/basic.py (basic_df_example)
# category: batch
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("basic-df").getOrCreate()

with open("people.json", "w") as f:
    f.write('{"name":"Michael"}\n{"name":"Andy", "age":30}\n{"name":"Justin", "age":19}\n')

df = spark.read.json("people.json")
df.show()
df.printSchema()
df.select("name").show()
df.select(df["name"], df["age"] + 1).show()
df.filter(df["age"] > 21).show()
df.groupBy("age").count().orderBy("age").show()

df.createOrReplaceTempView("people")
spark.sql("SELECT * FROM people").show()

df.createOrReplaceGlobalTempView("people_everywhere")
spark.sql("SELECT * FROM global_temp.people_everywhere").show()
spark.newSession().sql("SELECT * FROM global_temp.people_everywhere").show()
try:
    spark.newSession().sql("SELECT * FROM people").show()
except Exception as e:
    print(type(e).__name__, e.getCondition())
print(spark.catalog.dropGlobalTempView("people_everywhere"))
