# SQL over a streaming temporary view: a windowed count written with GROUP BY window(...)
# in spark.sql, the result itself a stream, then written to the memory sink.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Operations on streaming DataFrames: createOrReplaceTempView and spark.sql; Window Operations)
# category: sql
# topics: readings
import json
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "readings-" + run_id
spark = SparkSession.builder.appName("sql-window").config("spark.sql.shuffle.partitions", "2").getOrCreate()

readings = [("d1", "12:01", 20.5), ("d2", "12:03", 18.0), ("d1", "12:07", 21.5), ("d1", "12:12", 23.0), ("d2", "12:14", 17.0)]
payload = [(json.dumps({"device": d, "ts": "2024-05-01 %s:00" % t, "temp": v}),) for d, t, v in readings]
(spark.createDataFrame(payload, "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

(spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
    .option("subscribe", topic).option("startingOffsets", "earliest").load()
    .createOrReplaceTempView("raw"))
parsed = spark.sql("SELECT from_json(CAST(value AS STRING), 'device STRING, ts TIMESTAMP, temp DOUBLE') AS r FROM raw")
parsed.select("r.*").createOrReplaceTempView("readings")
avg_temp = spark.sql("""
    SELECT window(ts, '10 minutes') AS w, device, count(*) AS n, round(avg(temp), 2) AS avg_temp
    FROM readings GROUP BY window(ts, '10 minutes'), device""")
print(avg_temp.isStreaming)
avg_temp.printSchema()
q = (avg_temp.writeStream.outputMode("complete").format("memory").queryName("avg_temp")
     .option("checkpointLocation", "checkpoints/sql").trigger(availableNow=True).start())
q.awaitTermination()
spark.sql("SELECT w.start, w.end, device, n, avg_temp FROM avg_temp ORDER BY w.start, device").show(truncate=False)
