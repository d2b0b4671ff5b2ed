# A folder of CSV files read as a stream with a user schema, one file per trigger.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Creating streaming DataFrames: File Source, csv with schema)
# category: sources
import os
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("csv-source").getOrCreate()

os.makedirs("in/people")
for i, rows in enumerate([["alice;34", "bob;45"], ["carol;29"], ["dan;51", "erin;23"]]):
    with open("in/people/part%d.csv" % i, "w") as f:
        f.write("\n".join(rows) + "\n")

csvDF = (spark.readStream.option("sep", ";").option("maxFilesPerTrigger", 1)
         .schema("name STRING, age INT").csv("in/people"))
print(csvDF.isStreaming)
q = (csvDF.writeStream.format("memory").queryName("people").option("checkpointLocation", "checkpoints/csv")
     .trigger(availableNow=True).start())
q.awaitTermination()
print([p["numInputRows"] for p in q.recentProgress])
spark.table("people").orderBy("name").show()
