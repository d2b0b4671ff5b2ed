# Printing DataFrames the ways the API offers: show with n, truncate as a number or False,
# vertical; printSchema of nested structs, arrays and maps (and with a level); schema
# simpleString, treeString and json; unionByName with allowMissingColumns on nested data.
# source: python/pyspark/sql/dataframe.py (show, printSchema, unionByName docstrings) and python/pyspark/sql/types.py
# category: batch
from pyspark.sql import SparkSession, Row
from pyspark.sql.types import StructType, StructField, StringType, IntegerType, ArrayType, MapType

spark = SparkSession.builder.appName("show-schema").getOrCreate()

df = spark.createDataFrame([(14, "Tom"), (23, "Alice"), (16, "Bob"), (19, "This is a super long name")], ["age", "name"])
df.show()
df.show(2)
df.show(truncate=3)
df.show(truncate=False)
df.show(vertical=True)
df.show(n=2, truncate=4, vertical=True)

schema = StructType([
    StructField("id", IntegerType(), False),
    StructField("person", StructType([StructField("name", StringType()), StructField("tags", ArrayType(StringType()))])),
    StructField("scores", MapType(StringType(), IntegerType(), False)),
    StructField("history", ArrayType(StructType([StructField("year", IntegerType()), StructField("city", StringType())]))),
])
nested = spark.createDataFrame([(1, ("Ann", ["a", "b"]), {"math": 90}, [(2020, "Oslo"), (2021, None)]),
                                (2, None, {}, [])], schema)
nested.printSchema()
nested.printSchema(level=2)
print(nested.schema.simpleString())
print(nested.schema["person"].dataType.simpleString())
print(nested.schema.fieldNames())
print(nested.select("person.name", "person.tags", "scores.math", "history.city").columns)
nested.select("id", "person.name", "person.tags", "scores.math", "history.city").orderBy("id").show()
nested.orderBy("id").show(truncate=False)
nested.orderBy("id").show(vertical=True)

df1 = spark.createDataFrame([[1, 2, 3]], ["col0", "col1", "col2"])
df2 = spark.createDataFrame([[4, 5, 6]], ["col1", "col2", "col3"])
df1.unionByName(df2, allowMissingColumns=True).show()
df1.unionByName(df2, allowMissingColumns=True).printSchema()
df1.unionAll(df1).show()
df3 = spark.createDataFrame([Row(id=1, s=Row(a=1, b="x"))])
df4 = spark.createDataFrame([Row(s=Row(a=2, b="y"), id=2)])
df3.unionByName(df4).orderBy("id").show()
