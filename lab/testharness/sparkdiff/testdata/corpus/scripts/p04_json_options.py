# JSON reader options: multiLine for a document spread over lines, allowComments,
# allowSingleQuotes, primitivesAsString and prefersDecimal.
# source: docs/sql-data-sources-json.md (Data Source Option: multiLine, allowComments, allowSingleQuotes, primitivesAsString, prefersDecimal)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("json-options").getOrCreate()

with open("multi.json", "w") as f:
    f.write('[\n  {"name": "Ann", "age": 30},\n  {"name": "Bob",\n   "age": 25}\n]\n')
m = spark.read.option("multiLine", True).json("multi.json")
m.printSchema()
m.orderBy("name").show()

with open("lax.json", "w") as f:
    f.write("{'name': 'Cy', /* a comment */ 'score': 1.25}\n{'name': 'Di', 'score': 3}\n")
lax = spark.read.options(allowComments=True, allowSingleQuotes=True).json("lax.json")
lax.printSchema()
lax.orderBy("name").show()
s = spark.read.options(allowComments=True, primitivesAsString=True).json("lax.json")
s.printSchema()
d = spark.read.options(allowComments=True, prefersDecimal=True).json("lax.json")
d.printSchema()
d.orderBy("name").show()
spark.stop()
