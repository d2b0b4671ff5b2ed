package pyspark

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The second part of the course's surface, through Python: console and parquet sinks,
// processingTime triggers, start(), selectExpr, batch Kafka reads, Delta writes.

func newCourseInterp(t *testing.T) (*Interpreter, *bytes.Buffer, string) {
	t.Helper()
	bootstrap := startBroker(t)
	dir := copyCourse(t, "testdata/course")
	runScript(t, dir, bootstrap, "send_orders.py", "1")
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, BootstrapRewrite: map[string]string{"localhost:9092": bootstrap}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	if err := in.Exec(context.Background(), "prelude.py", `from stream_session import get_spark
from pyspark.sql import functions as F
spark = get_spark()
def kafka():
    return (spark.readStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
            .option("subscribe", "orders").option("startingOffsets", "earliest").load())
`); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	return in, &out, dir
}

func TestConsoleSinkAndSelectExpr(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "console.py", `q = (kafka().selectExpr("CAST(key AS STRING) AS key", "partition", "offset")
     .writeStream.format("console").outputMode("append").option("truncate", False)
     .trigger(availableNow=True).start())
q.awaitTermination()
print(q.isActive, len(q.recentProgress))
`)
	if err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"Batch: 0", "|key |partition|offset|", "|1003|1        |0     |", "False 1"} {
		if !strings.Contains(got, want) {
			t.Fatalf("console output lacks %q:\n%s", want, got)
		}
	}
}

func TestParquetSinkAndBatchReads(t *testing.T) {
	in, out, dir := newCourseInterp(t)
	err := in.Exec(context.Background(), "parquet.py", `q = (kafka().select(F.col("key").cast("string").alias("key"), "offset")
     .writeStream.format("parquet").option("path", "out/orders").option("checkpointLocation", "checkpoints/pq")
     .trigger(once=True).start())
q.awaitTermination()
print(spark.read.parquet("out/orders").count())
batch = (spark.read.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
         .option("subscribe", "orders").load())
print(batch.count(), batch.columns)
batch.select("partition", "offset").write.format("delta").mode("overwrite").saveAsTable("raw_copy")
print(spark.table("raw_copy").count())
batch.select("offset").write.format("delta").save("tables/offsets")
print(spark.read.format("delta").load("tables/offsets").count())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "3\n3 ['key', 'value', 'topic', 'partition', 'offset', 'timestamp', 'timestampType']\n3\n3\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out/orders/_spark_metadata/0")); err != nil {
		t.Fatalf("no parquet sink log: %v", err)
	}
}

func TestProcessingTimeQueryStops(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	ctx := context.Background()
	err := in.Exec(ctx, "pt.py", `q = (kafka().writeStream.format("memory").queryName("orders_mem")
     .trigger(processingTime="1 minute").start())
print(q.awaitTermination(0.2), [s.name for s in spark.streams.active])
`)
	if err != nil {
		t.Fatal(err)
	}
	if err := in.Exec(ctx, "stop.py", "spark.stop()\nprint(q.isActive, spark.streams.active)"); err != nil {
		t.Fatal(err)
	}
	if want := "False ['orders_mem']\nFalse []\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

func TestWatermarkWindowCounts(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "window.py", `events = kafka().select(F.from_json(F.col("value").cast("string"), "order_id INT, event_time TIMESTAMP").alias("e")).select("e.*")
def counts():
    return (events.withWatermark("event_time", "10 minutes")
            .groupBy(F.window("event_time", "5 minutes"))
            .agg(F.count("*").alias("orders")))
for mode in ["append", "complete"]:
    q = (counts().writeStream.outputMode(mode).format("memory").queryName("w_" + mode)
         .option("checkpointLocation", "checkpoints/w_" + mode).trigger(availableNow=True).start())
    q.awaitTermination()
    rows = spark.table("w_" + mode).orderBy("window").collect()
    print(mode, [(str(r.window.start)[11:16], str(r.window.end)[11:16], r.orders) for r in rows])
q = counts().writeStream.outputMode("update").format("console").option("truncate", False).trigger(availableNow=True).start()
q.awaitTermination()
`)
	if err != nil {
		t.Fatal(err)
	}
	// Batch 1 has events at 09:15, 09:40 and 09:55: the watermark ends at 09:45, so append
	// mode has emitted the two windows that closed before it; complete and update show all.
	want := "append [('09:15', '09:20', 1), ('09:40', '09:45', 1)]\n" +
		"complete [('09:15', '09:20', 1), ('09:40', '09:45', 1), ('09:55', '10:00', 1)]\n"
	if !strings.HasPrefix(out.String(), want) || !strings.Contains(out.String(), "|{2026-10-01 09:55:00, 2026-10-01 10:00:00}|1     |") {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestProgressObjects(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "progress.py", `import json
q = kafka().writeStream.format("memory").queryName("p").trigger(availableNow=True).start()
q.awaitTermination()
p = q.lastProgress
print(p.numInputRows, p.batchId, p.name, p["sink"]["description"] != "", sorted(p.keys())[:3])
print(json.loads(p.json)["numInputRows"], p.prettyJson.splitlines()[0], '\n    "id": "' in p.prettyJson, '", "runId": "' in p.json)
print(str(p) == p.prettyJson, str(p.sink).splitlines()[1], repr(p.durationMs)[:2])
print(q.status["message"], q.exception(), q.recentProgress[0].json == p.json)
print(q.explain())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "3 0 p True ['batchDuration', 'batchId', 'durationMs']\n3 { True True\n" +
		"True     \"description\": \"MemorySink\", {'\nStopped None True\n" +
		"== Physical Plan ==\nkafka\n\n\nNone\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestInterruptAwaitTermination(t *testing.T) {
	in, _, _ := newCourseInterp(t)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(200 * time.Millisecond); cancel() }()
	err := in.Exec(ctx, "forever.py", `q = kafka().writeStream.format("console").trigger(processingTime="1 minute").start()
q.awaitTermination()
`)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if qs := in.Queries(); len(qs) != 1 || !qs[0].Active {
		t.Fatalf("the query should still run until stopped: %+v", qs)
	}
	in.StopQueries()
	if in.Queries()[0].Active {
		t.Fatal("query still active")
	}
}

// awaitAnyTermination(timeout) reports whether a query ended since resetTerminated(), waiting
// out the timeout when none has (with no query active too: a script that asks before starting
// one must not hang), and refuses a negative or non-numeric timeout as PySpark does.
func TestAwaitAnyTerminationTimeout(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "any.py", `import time
t0 = time.time()
print("none yet:", spark.streams.awaitAnyTermination(0.2), time.time() - t0 >= 0.2)
q = kafka().writeStream.format("memory").queryName("any_q").trigger(availableNow=True).start()
print("waited:", spark.streams.awaitAnyTermination())
print("ended:", spark.streams.awaitAnyTermination(5))
spark.streams.resetTerminated()
print("after reset:", spark.streams.awaitAnyTermination(0.1))
for bad in (-1, "5"):
    try:
        spark.streams.awaitAnyTermination(bad)
    except Exception as e:
        print(type(e).__name__, e.getCondition())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "none yet: False True\nwaited: None\nended: True\nafter reset: False\nPySparkValueError VALUE_NOT_POSITIVE\nPySparkValueError VALUE_NOT_POSITIVE\n"
	if got := out.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

// df.observe: a stream's metrics per micro-batch in progress.observedMetrics (a Row each, as
// PySpark's fromJson makes them), a static DataFrame's Observation filled by its first
// action, and PySpark's argument checks.
func TestObserveMetrics(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "observe.py", `from pyspark.sql import Observation
obs_df = kafka().observe("m", F.count(F.lit(1)).alias("n"), F.max("offset").alias("top"))
q = obs_df.writeStream.format("memory").queryName("obs_q").trigger(availableNow=True).start()
q.awaitTermination()
print(q.lastProgress["observedMetrics"], q.lastProgress.observedMetrics["m"].n)
print('"observedMetrics":{"m":{"n":3' in q.lastProgress.json.replace(" ", ""))
o = Observation("stats")
b = spark.table("obs_q").observe(o, F.count("*").alias("rows"))
print(b.count(), o.get)
for label, action in (("no exprs", lambda: spark.table("obs_q").observe("x")),
                      ("not a column", lambda: spark.table("obs_q").observe("x", "offset")),
                      ("reused", lambda: spark.table("obs_q").observe(o, F.count("*"))),
                      ("get before observe", lambda: Observation("fresh").get)):
    try:
        action()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e.getCondition())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := `{'m': Row(n=3, top=1)} 3
True
3 {'rows': 3}
no exprs PySparkValueError CANNOT_BE_EMPTY
not a column PySparkTypeError NOT_EXPECTED_TYPE
reused PySparkAssertionError REUSE_OBSERVATION
get before observe PySparkAssertionError NO_OBSERVE_BEFORE_GET
`
	if got := out.String(); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

// A query's awaitTermination() returns only after spark.streams has recorded its end, as
// Spark's query tells its manager before it releases its waiters: resetTerminated() right
// after it forgets every ended query, and active no longer lists it. (Before, the record
// came from a goroutine of its own, and a reset could run ahead of it.)
func TestAwaitTerminationRecordsTheEndFirst(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	err := in.Exec(context.Background(), "ends.py", `for i in range(10):
    qs = [kafka().writeStream.format("memory").queryName("end_%d_%d" % (i, j)).trigger(availableNow=True).start() for j in range(2)]
    for q in qs:
        q.awaitTermination()
    active = len(spark.streams.active)
    spark.streams.resetTerminated()
    print(active, spark.streams.awaitAnyTermination(0.05))
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Repeat("0 False\n", 10); out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}
