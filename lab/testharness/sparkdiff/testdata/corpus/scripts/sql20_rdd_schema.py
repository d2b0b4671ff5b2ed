# DataFrames from RDDs: the schema inferred from Row objects made by map(), and a schema
# given as a StructType to rows of an RDD; back from a DataFrame with .rdd and map().
# source: docs/sql-getting-started.md (Interoperating with RDDs: Inferring the Schema Using Reflection; Programmatically Specifying the Schema) and examples/src/main/python/sql/basic.py
# category: batch
import sys

from pyspark.sql import Row, SparkSession
from pyspark.sql.types import StringType, StructField, StructType

spark = SparkSession.builder.appName("rdd-schema").getOrCreate()
sc = spark.sparkContext

lines = sc.parallelize(["Michael, 29", "Andy, 30", "Justin, 19"])
parts = lines.map(lambda l: l.split(","))
people = parts.map(lambda p: Row(name=p[0], age=int(p[1])))
schemaPeople = spark.createDataFrame(people)
schemaPeople.createOrReplaceTempView("people")
teenagers = spark.sql("SELECT name FROM people WHERE age >= 13 AND age <= 19")
teenNames = teenagers.rdd.map(lambda p: "Name: " + p.name).collect()
for name in teenNames:
    print(name)
schemaPeople.printSchema()

people_tuples = parts.map(lambda p: (p[0], p[1].strip()))
schemaString = "name age"
fields = [StructField(field_name, StringType(), True) for field_name in schemaString.split()]
schema = StructType(fields)
schemaPeople2 = spark.createDataFrame(people_tuples, schema)
schemaPeople2.createOrReplaceTempView("people2")
spark.sql("SELECT name FROM people2").show()
print(lines.count(), parts.first(), schemaPeople2.rdd.getNumPartitions() > 0)
