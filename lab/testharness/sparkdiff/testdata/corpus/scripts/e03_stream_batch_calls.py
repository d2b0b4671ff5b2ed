# Calls that belong to streams made on batch DataFrames and the other way round, and the
# Kafka source and the stream writer given settings they refuse.
# source: docs/streaming/apis-on-dataframes-and-datasets.md (Unsupported Operations, Starting Streaming Queries) and docs/streaming/structured-streaming-kafka-integration.md (Kafka Specific Configurations)
# category: errors
# topics: orders
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
topic = "orders-" + run_id
spark = SparkSession.builder.appName("stream-batch-calls").getOrCreate()


def report(label, action):
    # What a learner sees when the call fails: the exception's class, Spark's condition and
    # parameters, and the first line of its text.
    try:
        action()
        print(label, "-> ok")
    except Exception as e:
        print(label, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
            params = e.getMessageParameters() or {}
            for k in sorted(params):
                print("  param", k, "=", params[k])
        print("  text:", str(e).splitlines()[0] if str(e) else "")


batch = spark.createDataFrame([(1, "alice")], "order_id int, customer string")
stream = (spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
          .option("subscribe", topic).load())

report("writeStream on a batch", lambda: batch.writeStream)
report("write on a stream", lambda: stream.write)
report("take on a stream", lambda: stream.take(1))
report("first on a stream", lambda: stream.first())
report("head on a stream", lambda: stream.head())
report("isStreaming", lambda: print(" ", batch.isStreaming, stream.isStreaming))
report("no subscription", lambda: spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap).load())
report("no servers", lambda: spark.readStream.format("kafka").option("subscribe", topic).load())
report("two subscriptions", lambda: spark.readStream.format("kafka").option("kafka.bootstrap.servers", bootstrap)
       .option("subscribe", topic).option("subscribePattern", "orders-.*").load())
report("batch ending latest", lambda: spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
       .option("subscribe", topic).option("endingOffsets", "earliest").load().collect())
report("batch starting latest", lambda: spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
       .option("subscribe", topic).option("startingOffsets", "latest").load().collect())
report("two triggers", lambda: stream.writeStream.trigger(processingTime="5 seconds", once=True))
report("no trigger", lambda: stream.writeStream.trigger())
report("once false", lambda: stream.writeStream.trigger(once=False))
report("empty interval", lambda: stream.writeStream.trigger(processingTime=""))
report("bad interval", lambda: stream.writeStream.trigger(processingTime="soon"))
report("unknown mode", lambda: stream.writeStream.outputMode("upsert"))
report("kafka sink without value", lambda: stream.selectExpr("key").writeStream.format("kafka")
       .option("kafka.bootstrap.servers", bootstrap).option("topic", "out-" + run_id)
       .option("checkpointLocation", "never").start())

query = stream.writeStream.format("console").trigger(availableNow=True).start()
# The query ends first, so its batch prints before the reports on any engine and load
# (PySpark checks a timeout before asking whether the query is still running).
query.awaitTermination()
report("negative timeout", lambda: query.awaitTermination(-1))
report("string timeout", lambda: query.awaitTermination("10"))
print("active after the run:", query.isActive)
