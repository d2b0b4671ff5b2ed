# Observable metrics: observe() names aggregates computed over each micro-batch, reported in
# the progress's observedMetrics (to a listener and in lastProgress); on a batch DataFrame an
# Observation holds them once an action has run.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Reporting Metrics programmatically using Asynchronous APIs: observe); python/pyspark/sql/observation.py (Observation docstring)
# category: monitoring
# topics: logs
import json
import sys

from pyspark.sql import Observation, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.streaming import StreamingQueryListener

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "logs-" + run_id
spark = SparkSession.builder.appName("observe").getOrCreate()

lines = [{"level": "INFO"}, {"level": "WARN", "error": "disk"}, {"level": "INFO"},
         {"level": "ERROR", "error": "net"}, {"level": "INFO", "error": "slow"}]
(spark.createDataFrame([(json.dumps(x),) for x in lines], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

seen = []


class MetricsListener(StreamingQueryListener):
    def onQueryStarted(self, event):
        pass

    def onQueryProgress(self, event):
        row = event.progress.observedMetrics.get("metric")
        if row is not None:
            seen.append("batch %d: cnt=%d malformed=%d" % (event.progress.batchId, row.cnt, row.malformed))

    def onQueryIdle(self, event):
        pass

    def onQueryTerminated(self, event):
        pass


listener = MetricsListener()
spark.streams.addListener(listener)
df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("subscribe", topic)
      .option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load()
      .select(F.from_json(F.col("value").cast("string"), "level STRING, error STRING").alias("j")).select("j.*"))
observed = df.observe("metric", F.count(F.lit(1)).alias("cnt"), F.count(F.col("error")).alias("malformed"))
q = (observed.writeStream.format("memory").queryName("observed").option("checkpointLocation", "checkpoints/observe")
     .trigger(availableNow=True).start())
q.awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
spark.streams.removeListener(listener)
for line in seen:
    print(line)
print("last:", q.lastProgress["observedMetrics"])

obs = Observation("levels")
batch = spark.table("observed").observe(obs, F.count(F.lit(1)).alias("rows"), F.max("level").alias("top"))
print(batch.where("level = 'INFO'").count())
print(obs.get)
