# Generic load/save functions with keyword options, SQL straight on files, folder listing
# options and JSON from an RDD of strings, in the data sources guide's order.
# source: examples/src/main/python/sql/datasource.py; docs/sql-data-sources-load-save-functions.md; docs/sql-data-sources-generic-options.md; docs/sql-data-sources-json.md
# category: batch
import os
import shutil

from pyspark.sql import Row, SparkSession

spark = SparkSession.builder.appName("generic load/save").getOrCreate()

users = spark.createDataFrame(
    [("Alyssa", None, [3, 9, 15, 20]), ("Ben", "red", [])],
    "name string, favorite_color string, favorite_numbers array<int>")
users.coalesce(1).write.save("data/users.parquet")
df = spark.read.load("data/users.parquet")
df.select("name", "favorite_color").write.save("data/namesAndFavColors.parquet")
spark.read.load("data/namesAndFavColors.parquet").orderBy("name").show()

people = spark.createDataFrame([Row(name="Michael", age=None), Row(name="Andy", age=30), Row(name="Justin", age=19)])
people.coalesce(1).write.json("data/people.json")
pdf = spark.read.load("data/people.json", format="json")
pdf.printSchema()
pdf.select("name", "age").write.save("data/namesAndAges.parquet", format="parquet")
spark.read.parquet("data/namesAndAges.parquet").orderBy("name").show()

with open("data/people.csv", "w") as f:
    f.write("name;age;job\nJorge;30;Developer\nBob;32;Developer\n")
csv = spark.read.load("data/people.csv", format="csv", sep=";", inferSchema="true", header="true")
csv.show()
csv.printSchema()
csv.write.save("data/people_out", format="csv", sep="|", header="true")
print(spark.read.load("data/people_out", format="csv", sep="|", header=True).orderBy("name").collect())

# SQL on files names a path the way the process sees it; an absolute one reads the same everywhere.
here = os.path.abspath("data")
spark.sql(f"SELECT name, favorite_numbers FROM parquet.`{here}/users.parquet` ORDER BY name").show()
spark.sql(f"SELECT count(*) AS n FROM json.`{here}/people.json`").show()
spark.sql(f"SELECT * FROM csv.`{here}/people.csv`").show()

spark.createDataFrame([Row(x=1)]).write.parquet("data/nested/a/key=1")
spark.createDataFrame([Row(x=2)]).write.parquet("data/nested/b")
nested = spark.read.option("recursiveFileLookup", "true").parquet("data/nested")
print(nested.columns, sorted(r.x for r in nested.collect()))

os.makedirs("data/mixed")
shutil.copy("data/people.csv", "data/mixed/people.csv")
with open("data/mixed/notes.txt", "w") as f:
    f.write("not;a\ncsv;file\n")
print(spark.read.option("pathGlobFilter", "*.csv").csv("data/mixed", sep=";", header=True).count())
print(spark.read.csv("data/mixed", sep=";", header=True).count())

two = spark.read.json(["data/people.json", "data/people.json"])
print(two.count(), two.columns)

strings = ['{"name":"Yin","address":{"city":"Columbus","state":"Ohio"}}']
other = spark.read.json(spark.sparkContext.parallelize(strings))
other.show()
other.printSchema()

spark.stop()
