# A folder of CSV files with a header read as a stream, one file per trigger: each batch
# is printed by foreachBatch and the progress shows one file's rows per batch.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Input Sources: File source, maxFilesPerTrigger; csv options)
# category: sources
import os

from pyspark.sql import SparkSession
from pyspark.sql.types import IntegerType, StringType, StructType

spark = SparkSession.builder.appName("csv-max-files").getOrCreate()
os.makedirs("in/people")
files = {"a.csv": [("ann", 31), ("ben", 12)], "b.csv": [("cy", 45)], "c.csv": [("dee", 27), ("eve", 19), ("fin", 60)]}
for i, (name, rows) in enumerate(sorted(files.items())):
    path = "in/people/" + name
    with open(path, "w") as f:
        f.write("name;age\n")
        for n, a in rows:
            f.write("%s;%d\n" % (n, a))
    os.utime(path, (1700000000 + i * 60, 1700000000 + i * 60))

schema = StructType().add("name", StringType()).add("age", IntegerType())
people = (spark.readStream.option("sep", ";").option("header", "true").option("maxFilesPerTrigger", 1)
          .schema(schema).csv("in/people"))
print(people.isStreaming)


def show_batch(df, batch_id):
    print("batch", batch_id)
    df.orderBy("name").show()


q = (people.where("age > 18").writeStream.foreachBatch(show_batch).option("checkpointLocation", "checkpoints/csv")
     .trigger(availableNow=True).start())
q.awaitTermination()
print([(p["batchId"], p["numInputRows"]) for p in q.recentProgress])
