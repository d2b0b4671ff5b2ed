# JSON-lines files read newest first, two files per trigger, with a user schema; a file
# added later is picked up by the next run of the same checkpoint.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (File source options: maxFilesPerTrigger, latestFirst)
# category: sources
import json
import os

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("json-latest").getOrCreate()
os.makedirs("in/events")


def put(i, name, events):
    path = "in/events/" + name
    with open(path, "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    os.utime(path, (1700000000 + i * 60, 1700000000 + i * 60))


for i in range(4):
    put(i, "part%d.json" % i, [{"device": "d%d" % i, "reading": i * 10 + k} for k in range(2)])

seen = []


def note(df, batch_id):
    seen.append((batch_id, sorted((r.device, r.reading) for r in df.collect())))


def run():
    stream = (spark.readStream.schema("device STRING, reading INT").option("latestFirst", "true")
              .option("maxFilesPerTrigger", 2).json("in/events"))
    q = stream.writeStream.foreachBatch(note).option("checkpointLocation", "checkpoints/json").trigger(availableNow=True).start()
    q.awaitTermination()


run()
put(9, "part9.json", [{"device": "d9", "reading": 99}])
run()
for batch_id, rows in seen:
    print(batch_id, rows)
