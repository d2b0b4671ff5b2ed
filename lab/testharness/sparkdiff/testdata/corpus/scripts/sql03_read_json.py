# Reading JSON lines with schema inference, a nested field, and a malformed line.
# source: docs/sql-data-sources-json.md (JSON Files, Python example)
# category: batch
import json

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("read-json").getOrCreate()

with open("people.json", "w") as f:
    f.write(json.dumps({"name": "Michael"}) + "\n")
    f.write(json.dumps({"name": "Andy", "age": 30, "address": {"city": "Columbus"}}) + "\n")
    f.write(json.dumps({"name": "Justin", "age": 19}) + "\n")

people = spark.read.json("people.json")
people.printSchema()
people.orderBy("name").show()
people.createOrReplaceTempView("people")
spark.sql("SELECT name FROM people WHERE age BETWEEN 13 AND 19").show()
people.select("name", "address.city").orderBy("name").show()

with open("broken.json", "w") as f:
    f.write('{"a": 1}\n{"a": oops}\n')
spark.read.json("broken.json").orderBy("a").show(truncate=False)
