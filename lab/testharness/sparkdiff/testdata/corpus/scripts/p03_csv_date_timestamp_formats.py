# CSV dateFormat and timestampFormat with an explicit schema, and inferSchema picking a
# timestamp column; writing dates back with another dateFormat.
# source: docs/sql-data-sources-csv.md (Data Source Option: dateFormat, timestampFormat, inferSchema)
# category: batch
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("csv-dates").config("spark.sql.session.timeZone", "UTC").getOrCreate()

with open("d.csv", "w") as f:
    f.write("d,ts,n\n03/01/2024,2024-01-03 10:15,1.5\n28/02/2024,2024-02-28 23:59,2\n")
df = spark.read.schema("d DATE, ts TIMESTAMP, n DOUBLE").options(
    header=True, dateFormat="dd/MM/yyyy", timestampFormat="yyyy-MM-dd HH:mm").csv("d.csv")
df.printSchema()
df.orderBy("d").show()
inf = spark.read.options(header=True, inferSchema=True).csv("d.csv")
inf.printSchema()
df.coalesce(1).write.option("header", True).option("dateFormat", "yyyy.MM.dd").csv("out")
print(spark.read.text("out").orderBy("value").collect())
spark.stop()
