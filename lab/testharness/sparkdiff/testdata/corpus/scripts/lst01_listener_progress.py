# A StreamingQueryListener as the guide's monitoring section writes it, reading the query's
# ids, name and each progress's fields from the events; removed before a second query.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Reporting Metrics programmatically using Asynchronous APIs)
# category: monitoring
# topics: clicks
import json
import sys

from pyspark.sql import SparkSession
from pyspark.sql.streaming import StreamingQueryListener

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "clicks-" + run_id
spark = SparkSession.builder.appName("listener-progress").getOrCreate()

(spark.createDataFrame([("c%d" % i,) for i in range(5)], "value string").coalesce(1)
    .write.format("kafka").option("kafka.bootstrap.servers", bootstrap).option("topic", topic).save())

events = []


class MyListener(StreamingQueryListener):
    def onQueryStarted(self, event):
        events.append(("started", event.name, str(event.id), str(event.runId)))

    def onQueryProgress(self, event):
        p = event.progress
        events.append(("progress", p.name, p.batchId, p.numInputRows, p.sink.description,
                       json.loads(p.json)["numInputRows"], str(p.id), type(event.progress.sources).__name__))

    def onQueryTerminated(self, event):
        events.append(("terminated", str(event.id), str(event.runId), event.exception, event.errorClassOnException))


listener = MyListener()
spark.streams.addListener(listener)
df = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
      .option("subscribe", topic).option("startingOffsets", "earliest").option("maxOffsetsPerTrigger", 3).load())
q = (df.selectExpr("CAST(value AS STRING) AS click").writeStream.format("memory").queryName("clicks")
     .option("checkpointLocation", "checkpoints/clicks").trigger(availableNow=True).start())
q.awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
ids = {str(q.id): "<id>", str(q.runId): "<runId>"}
for e in events:
    print(tuple(ids.get(x, x) if isinstance(x, str) else x for x in e))
spark.streams.removeListener(listener)
events.clear()
q2 = (df.writeStream.format("memory").queryName("unheard").option("checkpointLocation", "checkpoints/unheard")
      .trigger(availableNow=True).start())
q2.awaitTermination()
spark.sparkContext._jsc.sc().listenerBus().waitUntilEmpty()
print("after removeListener:", events)
