# foreach with a writer object: open(partition_id, epoch_id), process(row), close(error).
# Each partition of each epoch writes one file; the driver reads them back in order.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Using Foreach and ForeachBatch: Foreach, writer object)
# category: foreach
# topics: words:2
import os
import shutil
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "words-" + run_id
spark = SparkSession.builder.appName("foreach-writer").getOrCreate()

rows = [(i % 2, "w%d" % i) for i in range(6)]
(spark.createDataFrame(rows, "partition int, value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

out_dir = os.path.join(os.getcwd(), "epochs")
os.makedirs(out_dir)


class FileWriter:
    def open(self, partition_id, epoch_id):
        self.path = os.path.join(out_dir, "epoch%d-part%d" % (epoch_id, partition_id))
        self.words = []
        return True

    def process(self, row):
        self.words.append(row.word)

    def close(self, error):
        with open(self.path, "w") as f:
            f.write(" ".join(self.words) + ("" if error is None else " failed"))


words = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
         .option("subscribe", topic).option("startingOffsets", "earliest").load()
         .selectExpr("CAST(value AS STRING) AS word"))
q = words.writeStream.foreach(FileWriter()).option("checkpointLocation", "checkpoints/writer").trigger(availableNow=True).start()
q.awaitTermination()
# Which task reads which Kafka partition follows the hash of the topic's name (it changes
# with the run's topic), so the files are compared by their contents.
contents = []
for name in sorted(os.listdir(out_dir)):
    with open(os.path.join(out_dir, name)) as f:
        contents.append(f.read())
print(len(contents), "files, epoch 0:", sorted(contents))
shutil.rmtree(out_dir)
