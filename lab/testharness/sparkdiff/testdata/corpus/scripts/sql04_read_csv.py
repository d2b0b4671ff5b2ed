# Reading CSV with a header and inferred types, then with an explicit schema and options.
# source: docs/sql-data-sources-csv.md (CSV Files, Python example)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("read-csv").getOrCreate()

with open("people.csv", "w") as f:
    f.write("name;age;job\nJorge;30;Developer\nBob;32;Developer\nAna;;Manager\n")

df = spark.read.option("delimiter", ";").option("header", True).option("inferSchema", True).csv("people.csv")
df.printSchema()
df.orderBy("name").show()

typed = spark.read.schema("name STRING, age INT, job STRING").options(delimiter=";", header=True).csv("people.csv")
typed.where("age IS NULL").show()
df.write.option("header", True).csv("out/people")
print(spark.read.option("header", True).csv("out/people").orderBy("name").collect())
