# startingOffsets latest (the default for streams): a new query reads only what arrives
# after it started; its first batch is empty.
# source: docs/streaming/structured-streaming-kafka-integration.md (startingOffsets: latest)
# category: kafka-source
# topics: live
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "live-" + run_id
spark = SparkSession.builder.appName("latest").getOrCreate()


def send(values):
    (spark.createDataFrame([(v,) for v in values], "value string").coalesce(1).write.format("kafka")
        .option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())


def run():
    df = spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic).load()
    q = (df.selectExpr("CAST(value AS STRING)").writeStream.format("parquet").option("path", "out/live")
         .option("checkpointLocation", "checkpoints/live").trigger(availableNow=True).start())
    q.awaitTermination()
    print(sorted(r.value for r in spark.read.parquet("out/live").collect()), [p["numInputRows"] for p in q.recentProgress])


send(["before"])
run()
send(["after1", "after2"])
run()
