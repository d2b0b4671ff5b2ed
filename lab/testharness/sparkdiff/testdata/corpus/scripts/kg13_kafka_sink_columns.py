# What the Kafka sink takes from the DataFrame's columns: a topic column routes each row,
# the topic option overrides it, a missing topic or a value of the wrong type is refused,
# and a null key is written as a record without a key.
# source: docs/streaming/structured-streaming-kafka-integration.md (Writing Data to Kafka: the topic column and option; Writing the output of Batch Queries to Kafka)
# category: kafka-sink
# topics: left right routed
import sys

from pyspark.sql import SparkSession

bootstrap = sys.argv[1] if len(sys.argv) > 1 else "localhost:9092"
run_id = sys.argv[2] if len(sys.argv) > 2 else "local"
left, right, routed = ("%s-%s" % (t, run_id) for t in ("left", "right", "routed"))
spark = SparkSession.builder.appName("kafka-sink-columns").getOrCreate()

rows = spark.createDataFrame([("k1", "one", left), (None, "two", right), ("k3", "three", left)],
                             "key string, value string, topic string").coalesce(1)


def report(label, action):
    try:
        action()
        print(label, "-> ok")
    except Exception as e:
        print(label, "->", type(e).__name__)
        if hasattr(e, "getCondition"):
            print("  condition:", e.getCondition())
        print("  text:", str(e).splitlines()[0] if str(e) else "")


def writer(df):
    return df.write.format("kafka").option("kafka.bootstrap.servers", bootstrap)


report("topic column", lambda: writer(rows).save())
report("topic option wins", lambda: writer(rows).option("topic", routed).save())
report("no topic", lambda: writer(rows.drop("topic")).save())
report("int value", lambda: writer(rows.selectExpr("length(value) AS value")).option("topic", routed).save())
report("int key", lambda: writer(rows.selectExpr("length(value) AS key", "value")).option("topic", routed).save())
report("no value", lambda: writer(rows.select("key")).option("topic", routed).save())


def read(topic):
    return sorted((r.key or "<no key>", r.value) for r in spark.read.format("kafka").option("kafka.bootstrap.servers", bootstrap)
                  .option("subscribe", topic).load().selectExpr("CAST(key AS STRING)", "CAST(value AS STRING)")
                  .collect())


for t, label in ((left, "left"), (right, "right"), (routed, "routed")):
    print(label, read(t))
