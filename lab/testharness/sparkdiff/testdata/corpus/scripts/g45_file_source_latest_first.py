# latestFirst with maxFilesPerTrigger: the newest file is read first.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (File Source options: latestFirst, maxFilesPerTrigger)
# category: sources
import os
import sys

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("latest-first").getOrCreate()
os.makedirs("in/logs")
for i, name in enumerate(["old.txt", "middle.txt", "new.txt"]):
    path = "in/logs/" + name
    with open(path, "w") as f:
        f.write(name + "\n")
    os.utime(path, (1700000000 + i * 100, 1700000000 + i * 100))

seen = []


def note(df, batch_id):
    seen.append((batch_id, sorted(r.value for r in df.collect())))


stream = spark.readStream.option("latestFirst", "true").option("maxFilesPerTrigger", 1).text("in/logs")
q = stream.writeStream.foreachBatch(note).option("checkpointLocation", "checkpoints/latest").trigger(availableNow=True).start()
q.awaitTermination()
for batch_id, rows in seen:
    print(batch_id, rows)
