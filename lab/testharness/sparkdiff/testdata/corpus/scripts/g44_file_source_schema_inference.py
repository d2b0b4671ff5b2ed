# Schema inference for a streaming file source (spark.sql.streaming.schemaInference) and
# partition columns discovered from key=value folders.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Schema inference and partition of streaming DataFrames/Datasets)
# category: sources
import json
import os
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("schema-inference").getOrCreate()
spark.conf.set("spark.sql.streaming.schemaInference", "true")

for person in ["bob", "alice"]:
    os.makedirs("in/people/person=" + person)
    with open("in/people/person=%s/data.json" % person, "w") as f:
        f.write(json.dumps({"hour": 9, "action": "login"}) + "\n" + json.dumps({"hour": 17, "action": "logout"}) + "\n")

people = spark.readStream.json("in/people")
people.printSchema()
q = (people.writeStream.format("memory").queryName("inferred").option("checkpointLocation", "checkpoints/inferred")
     .trigger(availableNow=True).start())
q.awaitTermination()
spark.table("inferred").orderBy("person", "hour").show()
