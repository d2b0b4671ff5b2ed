# DataStreamReader / DataStreamWriter docstring calls: a JSON file stream with a schema
# string (format/load with a path option, and json with schema=), a memory sink named by
# queryName, the query's name, isActive and exception(), and the errors for a memory sink
# without a name and a file stream without a schema.
# source: python/pyspark/sql/streaming/readwriter.py (DataStreamReader.json, schema, load; DataStreamWriter.queryName, format, outputMode); python/pyspark/sql/streaming/query.py (StreamingQuery docstrings)
# category: query-management
import os

from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("stream-rw").config("spark.sql.shuffle.partitions", "2").getOrCreate()

os.makedirs("in", exist_ok=True)
with open("in/1.json", "w") as f:
    f.write('{"name": "a", "n": 1}\n{"name": "b", "n": 2}\n')
sdf = spark.readStream.schema("name STRING, n INT").format("json").option("path", "in").load()
print(sdf.isStreaming, sdf.schema.simpleString())
sdf2 = spark.readStream.json("in", schema="name STRING, n INT")
print(sdf2.isStreaming)
q = sdf.where("n > 1").writeStream.queryName("this_query").format("memory").outputMode("append").start()
q.processAllAvailable()
print(q.name, q.isActive, q.exception())
spark.sql("SELECT * FROM this_query").show()
print([x.name for x in spark.streams.active])
print(spark.streams.get(q.id).name)
q.stop()
print(q.isActive, len(spark.streams.active))
try:
    sdf.writeStream.format("memory").start()
except Exception as e:
    print(type(e).__name__, e)
try:
    spark.readStream.json("in").writeStream.format("console").start()
except Exception as e:
    print(type(e).__name__, getattr(e, "getCondition", lambda: None)())
spark.stop()
