package pyspark

import (
	"context"
	"strings"
	"testing"
)

// The stateful engine through Python: the worked example of the facts (availableNow), the
// aggregate functions, a late order dropped, session windows, streaming deduplication and
// the output-mode rules, with the exact messages a learner sees.
func TestStatefulThroughPython(t *testing.T) {
	in, out, _ := newCourseInterp(t)
	ctx := context.Background()
	err := in.Exec(ctx, "stateful.py", `orders = (kafka()
    .select(F.from_json(F.col("value").cast("string"),
            "order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP").alias("o"))
    .select("o.*"))

def send(rows):
    df = spark.createDataFrame(rows, "order_id INT, customer_id STRING, status STRING, amount DOUBLE, event_time STRING")
    (df.select(F.col("order_id").cast("string").alias("key"), F.to_json(F.struct("*")).alias("value"))
       .coalesce(1).write.format("kafka").option("kafka.bootstrap.servers", "localhost:9092")
       .option("topic", "orders").save())

send([(1001, "C01", "paid", 25.50, "2026-10-01T10:05:00Z"), (1004, "C01", "placed", 40.00, "2026-10-01T10:20:00Z")])

def run():
    counts = (orders.withWatermark("event_time", "10 minutes")
        .groupBy(F.window("event_time", "5 minutes"))
        .agg(F.count("*").alias("orders"), F.approx_count_distinct("customer_id").alias("customers"),
             F.sum("amount"), F.max("amount").alias("top"))
        .select(F.col("window.start").alias("start"), "orders", "customers", "sum(amount)", "top"))
    q = (counts.writeStream.format("delta").outputMode("append")
         .option("checkpointLocation", "checkpoints/counts").trigger(availableNow=True).toTable("counts"))
    q.awaitTermination()
    return q

q = run()
for p in q.recentProgress:
    s = p.stateOperators[0]
    print(p.batchId, p.numInputRows, p.eventTime["watermark"], s.numRowsTotal, s.numRowsRemoved, s.numRowsDroppedByWatermark)
for r in spark.table("counts").orderBy("start").collect():
    print(str(r.start)[11:16], r.orders, r.customers, r["sum(amount)"], r.top)
send([(1005, "C05", "placed", 18.00, "2026-10-01T09:50:00Z")])
q = run()
print("late:", q.lastProgress.numInputRows, q.lastProgress.stateOperators[0].numRowsDroppedByWatermark, spark.table("counts").count())

sessions = (orders.withWatermark("event_time", "10 minutes")
    .groupBy(F.session_window("event_time", "30 minutes"), "customer_id").count())
q = (sessions.writeStream.format("memory").queryName("sessions").outputMode("complete")
     .option("checkpointLocation", "checkpoints/sessions").trigger(availableNow=True).start())
q.awaitTermination()
for r in spark.table("sessions").orderBy("customer_id", "session_window").collect():
    print(r.customer_id, str(r.session_window.start)[11:16], str(r.session_window.end)[11:16], r["count"])

dedup = orders.withWatermark("event_time", "10 minutes").dropDuplicatesWithinWatermark(["order_id"])
q = (dedup.writeStream.format("memory").queryName("dedup")
     .option("checkpointLocation", "checkpoints/dedup").trigger(availableNow=True).start())
q.awaitTermination()
print("dedup:", sorted(r.order_id for r in spark.table("dedup").collect()), q.lastProgress.stateOperators[0].operatorName)
`)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	want := `0 5 1970-01-01T00:00:00.000Z 5 0 0
1 0 2026-10-01T10:10:00.000Z 1 4 0
09:15 1 1 25.50 25.50
09:40 1 1 12.00 12.00
09:55 1 1 31.00 31.00
10:05 1 1 25.50 25.50
late: 1 1 4
C01 09:15 09:45 1
C01 10:05 10:50 2
C02 09:40 10:10 1
C03 09:55 10:25 1
C05 09:50 10:20 1
dedup: [1001, 1002, 1003, 1004, 1005] dedupeWithinWatermark
`
	if got := out.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// What Spark refuses, refused with Spark's words (each run on its own: an uncaught
	// AnalysisException ends the script, as it would in PySpark).
	refusals := []struct{ code, want string }{
		{`orders.groupBy(F.window("event_time", "5 minutes")).count().writeStream.format("delta").option("checkpointLocation", "checkpoints/x").toTable("x")`,
			"pyspark.errors.exceptions.captured.AnalysisException: [STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: append. This output mode is not supported for streaming aggregations without watermark on streaming DataFrames/DataSets. SQLSTATE: 42KDE"},
		{`orders.groupBy(F.window("event_time", "5 minutes", "10 minutes")).count()`,
			"AnalysisException: [DATATYPE_MISMATCH.PARAMETER_CONSTRAINT_VIOLATION] Cannot resolve \"window(event_time, 300000000, 600000000, 0)\" due to data type mismatch: The `slideDuration`(600000000L) must be <= the `windowDuration`(300000000L)."},
		{`orders.groupBy(F.window("event_time", "5 minutes")).agg(F.countDistinct("customer_id")).writeStream.format("console").outputMode("complete").start()`,
			"AnalysisException: Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead.;"},
		{`orders.withWatermark("event_time", "10 minutes").groupBy(F.session_window("event_time", "30 minutes"), "customer_id").count().writeStream.format("console").outputMode("update").start()`,
			"AnalysisException: [STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: update. This output mode is not supported for session window streaming aggregations on streaming DataFrames/DataSets. SQLSTATE: 42KDE"},
		{`orders.dropDuplicatesWithinWatermark(["order_id"]).writeStream.format("console").start()`,
			"AnalysisException: dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark;"},
		{`orders.groupBy(F.window("event_time", "5 minutez")).count()`, "[CANNOT_PARSE_INTERVAL] Unable to parse '5 minutez'."},
		{`orders.groupBy(F.window("order_id", "5 minutes")).count()`, "however \"order_id\" has the type \"INT\""},
	}
	for _, r := range refusals {
		err := in.Exec(ctx, "refused.py", r.code)
		if err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%s\n got: %v\nwant: %s", r.code, err, r.want)
		}
	}
}
