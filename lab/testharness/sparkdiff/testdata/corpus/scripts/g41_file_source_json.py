# A folder of JSON-lines files read as a stream; a second run picks up only the new file.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Creating streaming DataFrames: File Source)
# category: sources
import json
import os
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("json-source").getOrCreate()
os.makedirs("in/events")


def drop_file(name, records):
    with open("in/events/" + name, "w") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")


def run(label):
    events = spark.readStream.schema("id INT, kind STRING").json("in/events")
    q = (events.writeStream.format("console").option("checkpointLocation", "checkpoints/json")
         .trigger(availableNow=True).start())
    q.awaitTermination()
    print(label, q.lastProgress["numInputRows"])


drop_file("a.json", [{"id": 1, "kind": "click"}, {"id": 2, "kind": "view"}])
run("first")
drop_file("b.json", [{"id": 3, "kind": "click"}, {"id": 4}])
run("second")
