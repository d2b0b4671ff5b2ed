# A StreamingQueryListener reporting the query's start, each progress, idle and the end.
# The listener's events arrive asynchronously: it collects them and the script prints them
# once the query has stopped and the listener bus is drained.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Monitoring Streaming Queries: Reporting Metrics programmatically using Asynchronous APIs)
# category: monitoring
# topics: events
import sys

from pyspark.sql import SparkSession
from pyspark.sql.streaming import StreamingQueryListener

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "events-" + run_id
spark = SparkSession.builder.appName("listener").getOrCreate()

(spark.createDataFrame([("e%d" % i,) for i in range(4)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

seen = []


class Reporter(StreamingQueryListener):
    def onQueryStarted(self, event):
        seen.append("started %s" % event.name)

    def onQueryProgress(self, event):
        seen.append("progress batch %d rows %d" % (event.progress.batchId, event.progress.numInputRows))

    def onQueryIdle(self, event):
        seen.append("idle")

    def onQueryTerminated(self, event):
        seen.append("terminated exception=%s" % event.exception)


listener = Reporter()
spark.streams.addListener(listener)
df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 2).load())
q = (df.writeStream.format("memory").queryName("listened").option("checkpointLocation", "checkpoints/listener")
     .trigger(availableNow=True).start())
q.awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
spark.streams.removeListener(listener)
for line in seen:
    print(line)
