"""Drives `kafkalab connect` with the real pyspark-client as a notebook would: several cells
in one session, a stream written and queried while it runs, Spark's exception types, an
interrupt from the client, foreachBatch and a listener. Run by scripts/connect/tier.sh with
SPARK_REMOTE set; prints one line per check and "N passed, M failed" at the end.

Usage: SPARK_REMOTE=sc://127.0.0.1:PORT python session_test.py BOOTSTRAP
"""
import sys
import threading
import time
import traceback

from pyspark.errors import AnalysisException, PySparkException, StreamingQueryException
from pyspark.sql import SparkSession, functions as F
from pyspark.sql.streaming import StreamingQueryListener

BOOTSTRAP = sys.argv[1]
results = []


def check(name):
    def wrap(fn):
        try:
            fn()
            results.append((name, None))
            print("PASS", name, flush=True)
        except Exception:  # noqa: BLE001 - a failed check is reported, not raised
            results.append((name, traceback.format_exc()))
            print("FAIL", name, "\n" + traceback.format_exc(), flush=True)
        return fn
    return wrap


def wait_for(cond, timeout=30.0, what="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if cond():
            return
        time.sleep(0.2)
    raise AssertionError("timed out waiting for " + what)


spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "UTC")
ORDERS = [(2001, "C01", 10.0, "2026-10-01T09:00:00Z"), (2002, "C02", 20.0, "2026-10-01T09:05:00Z"),
          (2003, "C01", 30.0, "2026-10-01T09:10:00Z")]
SCHEMA = "order_id INT, customer_id STRING, amount DOUBLE, event_time STRING"


def raw_stream():
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", BOOTSTRAP)
            .option("subscribe", "session_orders").option("startingOffsets", "earliest").load())


@check("cell 1: createDataFrame, transformations, collect/show/count")
def _():
    df = spark.createDataFrame(ORDERS, SCHEMA)
    assert df.columns == ["order_id", "customer_id", "amount", "event_time"], df.columns
    per = df.groupBy("customer_id").agg(F.sum("amount").alias("total")).orderBy("customer_id")
    assert [tuple(r) for r in per.collect()] == [("C01", 40.0), ("C02", 20.0)], per.collect()
    assert df.filter(F.col("amount") > 15).count() == 2
    assert df.isStreaming is False
    df.show()


@check("cell 2: write the orders to Kafka")
def _():
    df = spark.createDataFrame(ORDERS, SCHEMA)
    (df.select(F.col("order_id").cast("string").alias("key"), F.to_json(F.struct("*")).alias("value"))
       .write.format("kafka").option("kafka.bootstrap.servers", BOOTSTRAP).option("topic", "session_orders").save())


QUERY = {}


@check("cell 3: start a stream into the memory sink")
def _():
    parsed = raw_stream().select(F.from_json(F.col("value").cast("string"), SCHEMA).alias("e")).select("e.*")
    assert parsed.isStreaming
    QUERY["q"] = (parsed.writeStream.format("memory").queryName("live").outputMode("append")
                  .trigger(processingTime="500 milliseconds").start())
    assert QUERY["q"].isActive
    assert QUERY["q"].name == "live"


@check("cell 4: query the memory sink while the stream runs")
def _():
    wait_for(lambda: spark.sql("SELECT count(*) AS n FROM live").collect()[0].n == 3, what="3 rows in live")
    rows = spark.table("live").orderBy("order_id").select("order_id").collect()
    assert [r.order_id for r in rows] == [2001, 2002, 2003], rows
    q = QUERY["q"]
    assert q.status["isTriggerActive"] in (True, False)
    assert q.lastProgress is not None and q.lastProgress["name"] == "live", q.lastProgress
    assert sum(p["numInputRows"] for p in q.recentProgress) == 3
    assert [s.id for s in spark.streams.active] == [q.id]
    assert spark.streams.get(q.id).id == q.id
    assert q.awaitTermination(0.2) is False


@check("cell 5: interrupt a blocked awaitTermination from the client")
def _():
    q = QUERY["q"]
    outcome = {}

    def blocked():
        spark.addTag("cell-5")
        try:
            q.awaitTermination()
            outcome["err"] = None
        except Exception as e:  # noqa: BLE001
            outcome["err"] = e
        finally:
            spark.removeTag("cell-5")

    t = threading.Thread(target=blocked)
    t.start()
    time.sleep(1.0)
    interrupted = spark.interruptTag("cell-5")
    t.join(20)
    assert not t.is_alive(), "awaitTermination still blocked 20s after interruptTag"
    assert interrupted, "interruptTag found no operation"
    err = outcome.get("err")
    assert isinstance(err, PySparkException) and "OPERATION_CANCELED" in str(err), repr(err)
    assert q.isActive, "interrupting awaitTermination must not stop the query"


@check("cell 6: stop the stream")
def _():
    q = QUERY["q"]
    q.stop()
    assert q.isActive is False
    assert q.exception() is None
    assert q.status["message"] == "Stopped", q.status


@check("errors: AnalysisException with Spark's error class")
def _():
    try:
        spark.createDataFrame(ORDERS, SCHEMA).select("nope").collect()
    except AnalysisException as e:
        assert e.getCondition() == "UNRESOLVED_COLUMN.WITH_SUGGESTION", e.getCondition()
        assert e.getSqlState() == "42703", e.getSqlState()
        return
    raise AssertionError("no AnalysisException")


@check("errors: an unsupported API is refused by name")
def _():
    try:
        spark.createDataFrame(ORDERS, SCHEMA).sample(0.5).collect()
    except PySparkException as e:
        assert "relation sample (df.sample)" in str(e), str(e)
        assert e.getCondition() == "UNSUPPORTED_FEATURE.KAFKALAB", e.getCondition()
        return
    raise AssertionError("sample was not refused")


@check("foreachBatch runs the function in a Python worker")
def _():
    seen = []

    def handle(df, batch_id):
        df.select(F.col("key").cast("string").alias("key")).write.format("delta").mode("append").save("fb_keys")

    q = raw_stream().writeStream.foreachBatch(handle).trigger(availableNow=True).option("checkpointLocation", "cp_fb").start()
    q.awaitTermination()
    keys = sorted(r.key for r in spark.read.format("delta").load("fb_keys").collect())
    assert keys == ["2001", "2002", "2003"], keys


@check("foreachBatch failure is a StreamingQueryException")
def _():
    def bad(df, batch_id):
        raise ValueError("boom")

    q = raw_stream().writeStream.foreachBatch(bad).trigger(availableNow=True).option("checkpointLocation", "cp_bad").start()
    try:
        q.awaitTermination()
    except StreamingQueryException as e:
        assert "FOREACH_BATCH_USER_FUNCTION_ERROR" in str(e) and "ValueError: boom" in str(e), str(e)
        return
    raise AssertionError("no StreamingQueryException")


@check("a listener hears progress and termination")
def _():
    events = []

    class L(StreamingQueryListener):
        def onQueryStarted(self, e):
            events.append(("started", e.name))

        def onQueryProgress(self, e):
            events.append(("progress", e.progress.numInputRows))

        def onQueryIdle(self, e):
            pass

        def onQueryTerminated(self, e):
            events.append(("terminated", e.exception))

    listener = L()
    spark.streams.addListener(listener)
    q = raw_stream().writeStream.format("memory").queryName("heard").trigger(availableNow=True).start()
    q.awaitTermination()
    wait_for(lambda: ("terminated", None) in events, what="the terminated event")
    spark.streams.removeListener(listener)
    assert ("started", "heard") in events, events
    assert ("progress", 3) in events, events


failed = [n for n, e in results if e]
print("%d passed, %d failed" % (len(results) - len(failed), len(failed)))
sys.exit(1 if failed else 0)
