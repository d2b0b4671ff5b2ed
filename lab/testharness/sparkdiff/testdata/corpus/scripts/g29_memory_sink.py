# The memory sink in complete mode, queried interactively with spark.sql while the query
# lives, then after it stopped.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Output Sinks: Memory Sink)
# category: sinks
# topics: animals
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "animals-" + run_id
spark = SparkSession.builder.appName("memory-sink").config("spark.sql.shuffle.partitions", "2").getOrCreate()

(spark.createDataFrame([(a,) for a in ["cat", "dog", "cat", "emu", "cat"]], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

animals = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
           .option("subscribe", topic).option("startingOffsets", "earliest").load()
           .selectExpr("CAST(value AS STRING) AS animal"))
aggDF = animals.groupBy("animal").count()
q = aggDF.writeStream.queryName("aggregates").outputMode("complete").format("memory").start()
q.processAllAvailable()
spark.sql("select * from aggregates order by count desc, animal").show()
print(q.name, q.isActive)
q.stop()
print(q.isActive, spark.table("aggregates").count())
