package engine

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func kafkaStream(t *testing.T, s *Session, bootstrap string) *DataFrame {
	t.Helper()
	return must[*DataFrame](t)(s.ReadStream().Format("kafka").
		Option("kafka.bootstrap.servers", bootstrap).
		Option("subscribe", "orders").
		Option("startingOffsets", "earliest").Load())
}

func TestStreamingRulesLikeSpark(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	// No broker is contacted before start, so a dead address is fine here.
	raw := kafkaStream(t, s, "127.0.0.1:1")
	static := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	if !raw.IsStreaming() || static.IsStreaming() {
		t.Fatal("isStreaming is wrong")
	}
	if got := strings.Join(raw.Columns(), ","); got != "key,value,topic,partition,offset,timestamp,timestampType" {
		t.Fatalf("kafka columns = %s", got)
	}
	tests := []struct {
		name string
		err  func() error
		want string
	}{
		{"count on a stream", func() error { _, err := raw.Count(ctx); return err },
			"Queries with streaming sources must be executed with writeStream.start(), or from a streaming table or flow definition within a Spark Declarative Pipeline."},
		{"show on a stream", func() error { _, err := raw.Show(ctx, 20, 20, false); return err },
			"Queries with streaming sources must be executed with writeStream.start(), or from a streaming table or flow definition within a Spark Declarative Pipeline."},
		{"writeStream on static data", func() error { _, err := static.WriteStream().Format("console").Start(ctx); return err },
			"[WRITE_STREAM_NOT_ALLOWED] `writeStream` can be called only on streaming Dataset/DataFrame."},
		{"write on a stream", func() error { return raw.Write().Format("delta").Save(ctx, "x") },
			"[CALL_ON_STREAMING_DATASET_UNSUPPORTED] The method `write` can not be called on streaming Dataset/DataFrame."},
		{"delta update mode", func() error {
			_, err := raw.WriteStream().Format("delta").OutputMode("update").Option("checkpointLocation", "cp").Start(ctx, "t")
			return err
		}, "[DELTA_UNSUPPORTED_OUTPUT_MODE] Data source org.apache.spark.sql.delta.sources.DeltaDataSource does not support Update output mode"},
		{"complete without aggregation", func() error {
			_, err := raw.WriteStream().Format("console").OutputMode("complete").Start(ctx)
			return err
		}, "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: complete. This output mode is not supported for no streaming aggregations on streaming DataFrames/DataSets."},
		{"unknown output mode", func() error {
			_, err := raw.WriteStream().Format("console").OutputMode("sometimes").Start(ctx)
			return err
		}, "[STREAMING_OUTPUT_MODE.INVALID] Invalid streaming output mode: sometimes. Accepted output modes are 'Append', 'Complete', 'Update'."},
		{"no checkpoint for delta", func() error { _, err := raw.WriteStream().Format("delta").ToTable(ctx, "t"); return err },
			"checkpointLocation must be specified either through option(\"checkpointLocation\", ...)"},
		{"memory without a name", func() error { _, err := raw.WriteStream().Format("memory").Start(ctx); return err },
			"queryName must be specified for memory sink"},
		// Spark's continuous mode takes only projections and filters (kafkalab runs such a
		// query as micro-batches at the interval); other operators are refused at start.
		{"continuous aggregation", func() error {
			counts := must[*DataFrame](t)(raw.GroupBy("topic").Count())
			_, err := counts.WriteStream().Format("memory").QueryName("c").OutputMode("complete").
				Trigger(Trigger{Continuous: "1 second"}).Start(ctx)
			return err
		}, "Continuous processing does not support Aggregate operations."},
		{"continuous deduplication", func() error {
			dedup := must[*DataFrame](t)(raw.DropDuplicates("key"))
			_, err := dedup.WriteStream().Format("memory").QueryName("d").Trigger(Trigger{Continuous: "1 second"}).Start(ctx)
			return err
		}, "Continuous processing does not support Deduplicate operations."},
		{"continuous interval", func() error {
			_, err := raw.WriteStream().Format("console").Trigger(Trigger{Continuous: "soon"}).Start(ctx)
			return err
		}, "[INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER] Error parsing 'soon' to interval."},
		{"two triggers", func() error {
			_, err := raw.WriteStream().Format("console").Trigger(Trigger{Once: true, AvailableNow: true}).Start(ctx)
			return err
		}, "[ONLY_ALLOW_SINGLE_TRIGGER]"},
		{"bad interval", func() error {
			_, err := raw.WriteStream().Format("console").Trigger(Trigger{ProcessingTime: "soon"}).Start(ctx)
			return err
		}, "[INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER] Error parsing 'soon' to interval."},
		{"a trigger of a month", func() error {
			_, err := raw.WriteStream().Format("console").Trigger(Trigger{ProcessingTime: "1 month"}).Start(ctx)
			return err
		}, "Doesn't support month or year interval: 1 month"},
		{"sort on a stream", func() error {
			sorted, err := raw.OrderBy("offset")
			if err != nil {
				return err
			}
			_, err = sorted.WriteStream().Format("console").Start(ctx)
			return err
		}, "Sorting is not supported on streaming DataFrames/Datasets, unless it is on aggregated DataFrame/Dataset in Complete output mode"},
		{"unknown source format", func() error { _, err := s.ReadStream().Format("socket").Load(); return err },
			`kafkalab does not support spark.readStream.format("socket")`},
		{"rate-micro-batch without rowsPerBatch", func() error { _, err := s.ReadStream().Format("rate-micro-batch").Load(); return err },
			`The option 'rowsPerBatch' must be positive`},
		{"missing kafka option", func() error {
			_, err := s.ReadStream().Format("kafka").Option("subscribe", "orders").Load()
			return err
		},
			"kafka.bootstrap.servers"},
		{"bad table name", func() error {
			_, err := raw.WriteStream().Option("checkpointLocation", "c").ToTable(ctx, "other.t")
			return err
		},
			// The catalog's own check names the schema with its catalog, as PySpark 4.2.0
			// printed for CREATE TABLE nope.t (x INT) USING parquet.
			"[SCHEMA_NOT_FOUND] The schema `spark_catalog`.`other` cannot be found."},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error = %v\nwant it to contain %s", err, tc.want)
			}
		})
	}
}

func TestConsoleMemoryAndForeachBatchSinks(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	var out bytes.Buffer
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	parsed := must[*DataFrame](t)(raw.SelectExpr("CAST(key AS STRING) AS key", "partition", "offset"))

	// console: Spark's banner and show() of the batch.
	q := must[*StreamingQuery](t)(parsed.WriteStream().Format("console").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	if !strings.HasPrefix(text, "-------------------------------------------\nBatch: 0\n-------------------------------------------\n+----+---------+------+\n| key|partition|offset|\n") {
		t.Fatalf("console output:\n%s", text)
	}
	if strings.Count(text, "\n|100") != 3 {
		t.Fatalf("console output has not 3 rows:\n%s", text)
	}

	// memory: a table named after the query.
	mq := must[*StreamingQuery](t)(parsed.WriteStream().Format("memory").QueryName("keys").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := mq.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	if mq.Name() != "keys" || mq.IsActive() {
		t.Fatalf("name %q active %v", mq.Name(), mq.IsActive())
	}
	tbl := must[*DataFrame](t)(s.Table(ctx, "keys"))
	if n := must[int64](t)(tbl.Count(ctx)); n != 3 {
		t.Fatalf("memory table has %d rows", n)
	}

	// foreachBatch: each batch as a static DataFrame.
	var mu sync.Mutex
	var seen []int64
	fq := must[*StreamingQuery](t)(parsed.WriteStream().ForeachBatch(func(ctx context.Context, batch *DataFrame, id int64) error {
		n, err := batch.Count(ctx)
		mu.Lock()
		seen = append(seen, id, n)
		mu.Unlock()
		return err
	}).Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := fq.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != 0 || seen[1] != 3 {
		t.Fatalf("foreachBatch saw %v", seen)
	}
	if len(s.Streams().Active()) != 0 {
		// Queries leave the active list once they end.
		time.Sleep(50 * time.Millisecond)
		if len(s.Streams().Active()) != 0 {
			t.Fatalf("active queries left: %d", len(s.Streams().Active()))
		}
	}
	if err := s.Streams().AwaitAnyTermination(ctx); err != nil {
		t.Fatal(err)
	}
}

func TestWatermarkMetadataAndEventTime(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	events := must[*DataFrame](t)(raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("e")))
	flat := must[*DataFrame](t)(events.Select("e.*"))
	if _, err := flat.WithWatermark("status", "10 minutes"); err == nil || !strings.Contains(err.Error(), "EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE") {
		t.Fatalf("watermark on a string column: %v", err)
	}
	// Spark counts a month of watermark delay as 31 days (EventTimeWatermark.getDelayMs).
	for delay, ms := range map[string]int64{"1 month 1 hour": 31*86_400_000 + 3_600_000, "1 year": 12 * 31 * 86_400_000} {
		f := must[*DataFrame](t)(flat.WithWatermark("event_time", delay)).Schema().Fields[4]
		if f.Metadata[plan.WatermarkDelayKey] != ms {
			t.Errorf("withWatermark(%q): delay %v, want %d ms", delay, f.Metadata[plan.WatermarkDelayKey], ms)
		}
	}
	wm := must[*DataFrame](t)(flat.WithWatermark("event_time", "10 minutes"))
	f := wm.Schema().Fields[4]
	if f.Metadata[plan.WatermarkDelayKey] != int64(600000) {
		t.Fatalf("event_time metadata = %v", f.Metadata)
	}
	q := must[*StreamingQuery](t)(wm.WriteStream().Format("memory").QueryName("wm").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	p := q.LastProgress()
	if p == nil {
		t.Fatal("no progress")
	}
	// Batch 0 saw 09:15, 09:40, 09:55: max 09:55, watermark still 0 during the batch.
	if p.EventTime["max"] != "2026-10-01T09:55:00.000Z" || p.EventTime["min"] != "2026-10-01T09:15:00.000Z" {
		t.Fatalf("eventTime = %v", p.EventTime)
	}
	// Spark pushes a filter's conjuncts that do not read the event time below the watermark:
	// the watermark sees C02 only (09:40). The event-time conjunct stays above it, so the
	// watermark still sees 09:40 although the row is filtered out after it.
	filtered := must[*DataFrame](t)(wm.Where("customer_id = 'C02' AND event_time < '2026-10-01 09:00:00'"))
	fq := must[*StreamingQuery](t)(filtered.WriteStream().Format("memory").QueryName("wm_filtered").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := fq.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	fp := fq.LastProgress()
	if fp == nil {
		t.Fatal("no progress for the filtered query")
	}
	if fp.EventTime["max"] != "2026-10-01T09:40:00.000Z" || fp.EventTime["min"] != "2026-10-01T09:40:00.000Z" {
		t.Fatalf("filtered eventTime = %v, want min and max 09:40 (the one C02 row)", fp.EventTime)
	}
}

func TestDeltaParquetStaticRoundTrip(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	one := must[*DataFrame](t)(df.Coalesce(1))
	if err := one.Write().Format("delta").SaveAsTable(ctx, "events"); err != nil {
		t.Fatal(err)
	}
	if err := one.Write().Format("delta").SaveAsTable(ctx, "events"); err == nil {
		t.Fatal("saveAsTable over an existing table without a mode succeeded")
	}
	if err := one.Write().Format("delta").Mode("append").SaveAsTable(ctx, "default.events"); err != nil {
		t.Fatal(err)
	}
	back := must[*DataFrame](t)(s.Table(ctx, "events"))
	if n := must[int64](t)(back.Count(ctx)); n != 6 {
		t.Fatalf("events has %d rows, want 6", n)
	}
	files, _ := filepath.Glob(filepath.Join(s.WorkDir(), "spark-warehouse", "events", "*.parquet"))
	if len(files) != 2 {
		t.Fatalf("coalesce(1) twice wrote %d files, want 2", len(files))
	}
	// Qualified column names of a catalog table resolve, and errors list them qualified.
	if _, err := back.Select("events.order_id"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Table(ctx, "nothere"); err == nil || !strings.HasPrefix(err.Error(), "[TABLE_OR_VIEW_NOT_FOUND] The table or view `nothere` cannot be found.") {
		t.Fatalf("missing table: %v", err)
	}

	// Parquet path write and read.
	if err := df.Write().Parquet(ctx, "out/events"); err != nil {
		t.Fatal(err)
	}
	if err := df.Write().Parquet(ctx, "out/events"); err == nil || !strings.Contains(err.Error(), "PATH_ALREADY_EXISTS") {
		t.Fatalf("second write: %v", err)
	}
	pq := must[*DataFrame](t)(s.Read().Parquet(ctx, "out/events"))
	sorted := must[*DataFrame](t)(pq.OrderBy("order_id"))
	rows := must[[]sqltypes.Row](t)(sorted.Collect(ctx))
	if len(rows) != 3 || rows[0][0] != int32(1001) || rows[2][3] != 31.0 {
		t.Fatalf("parquet rows = %v", rows)
	}
	if _, err := os.Stat(filepath.Join(s.WorkDir(), "out", "events", "_SUCCESS")); err != nil {
		t.Fatal(err)
	}
	// Delta path read/write.
	if err := df.Write().Format("delta").Save(ctx, "tables/e"); err != nil {
		t.Fatal(err)
	}
	dd := must[*DataFrame](t)(s.Read().Format("delta").Load(ctx, "tables/e"))
	if n := must[int64](t)(dd.Count(ctx)); n != 3 {
		t.Fatalf("delta path read %d rows", n)
	}
	if err := df.Write().Format("delta").Mode("append").Save(ctx, "tables/e"); err != nil {
		t.Fatal(err)
	}
	if n := must[int64](t)(dd.Count(ctx)); n != 6 {
		t.Fatalf("a Delta read sees the latest version at each action: %d rows", n)
	}
	v0 := must[*DataFrame](t)(s.Read().Format("delta").Option("versionAsOf", 0).Load(ctx, "tables/e"))
	if n := must[int64](t)(v0.Count(ctx)); n != 3 {
		t.Fatalf("versionAsOf 0 has %d rows", n)
	}
	if _, err := s.Read().Format("delta").Option("versionAsOf", 7).Load(ctx, "tables/e"); err == nil || !strings.Contains(err.Error(), "VERSION_NOT_FOUND") {
		t.Fatalf("versionAsOf 7: %v", err)
	}
	if _, err := s.Read().Format("delta").Load(ctx, "out/events"); err == nil || !strings.Contains(err.Error(), "is not a Delta table") {
		t.Fatalf("parquet folder read as delta: %v", err)
	}
}

func TestDataFrameTransformations(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	tests := []struct {
		name string
		df   func() (*DataFrame, error)
		cols string
		rows int64
	}{
		{"withColumn replaces in place", func() (*DataFrame, error) { return df.WithColumn("AMOUNT", Col("amount").Multiply(2)) }, "order_id,customer_id,status,AMOUNT,event_time", 3},
		{"withColumn appends", func() (*DataFrame, error) { return df.WithColumn("big", Col("amount").Gt(20)) }, "order_id,customer_id,status,amount,event_time,big", 3},
		{"withColumnRenamed", func() (*DataFrame, error) { return df.WithColumnRenamed("status", "state") }, "order_id,customer_id,state,amount,event_time", 3},
		{"withColumnRenamed unknown is a no-op", func() (*DataFrame, error) { return df.WithColumnRenamed("nope", "x") }, "order_id,customer_id,status,amount,event_time", 3},
		{"drop", func() (*DataFrame, error) { return df.Drop("event_time", "nope", Col("status")) }, "order_id,customer_id,amount", 3},
		{"filter column", func() (*DataFrame, error) { return df.Filter(Col("amount").Gt(20)) }, "order_id,customer_id,status,amount,event_time", 2},
		{"filter sql", func() (*DataFrame, error) { return df.Where("customer_id = 'C02' OR amount > 30") }, "order_id,customer_id,status,amount,event_time", 2},
		{"limit", func() (*DataFrame, error) { return df.Limit(1) }, "order_id,customer_id,status,amount,event_time", 1},
		{"union", func() (*DataFrame, error) { return df.Union(df) }, "order_id,customer_id,status,amount,event_time", 6},
		{"dropDuplicates", func() (*DataFrame, error) {
			u, err := df.Union(df)
			if err != nil {
				return nil, err
			}
			return u.DropDuplicates("customer_id")
		}, "order_id,customer_id,status,amount,event_time", 3},
		{"groupBy count", func() (*DataFrame, error) { return df.GroupBy("status").Count() }, "status,count", 1},
		{"groupBy agg", func() (*DataFrame, error) {
			return df.GroupBy(Col("status")).Agg(Count("*").Alias("n"), Sum("amount"), Avg("amount"), Max("event_time"))
		}, "status,n,sum(amount),avg(amount),max(event_time)", 1},
		{"global select count", func() (*DataFrame, error) { return df.Select(Count("*")) }, "count(1)", 1},
		{"agg", func() (*DataFrame, error) { return df.Agg(CountDistinct("customer_id")) }, "count(DISTINCT customer_id)", 1},
		{"when otherwise", func() (*DataFrame, error) {
			return df.Select(When(Col("amount").Gt(20), "big").Otherwise("small").Alias("size"))
		}, "size", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := tc.df()
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(out.Columns(), ","); got != tc.cols {
				t.Errorf("columns = %s, want %s", got, tc.cols)
			}
			if n := must[int64](t)(out.Count(ctx)); n != tc.rows {
				t.Errorf("count = %d, want %d", n, tc.rows)
			}
		})
	}
	if got, want := df.PrintSchema(), "root\n |-- order_id: integer (nullable = true)\n |-- customer_id: string (nullable = true)\n |-- status: string (nullable = true)\n |-- amount: double (nullable = true)\n |-- event_time: string (nullable = true)\n"; got != want {
		t.Errorf("printSchema:\n%q\nwant\n%q", got, want)
	}
}

func TestCreateDataFrameAndConf(t *testing.T) {
	s := newTestSession(t)
	_, err := s.CreateDataFrameDDL([]sqltypes.Row{{1001, "C01", "placed", 25.5, "x"}}, readDDL)
	want := "[FIELD_DATA_TYPE_UNACCEPTABLE] field amount: DecimalType(10,2) can not accept object 25.5 in type <class 'float'>."
	if err == nil || err.Error() != want {
		t.Fatalf("error = %v\nwant %s", err, want)
	}
	var ae *plan.AnalysisError
	if !errors.As(err, &ae) {
		t.Fatalf("%T is not an AnalysisError", err)
	}
	if _, err := s.CreateDataFrameDDL([]sqltypes.Row{{1}}, "a INT, b INT"); err == nil {
		t.Fatal("short row accepted")
	}
	if _, err := s.CreateDataFrameDDL(nil, "a INT,"); err == nil {
		t.Fatal("bad DDL accepted")
	}
	inferred := must[*DataFrame](t)(s.CreateDataFrameNames([]sqltypes.Row{{1, "a", 2.5, true}}, []string{"n", "s", "d", "b"}))
	if got := sqltypes.SimpleString(inferred.Schema()); got != "struct<n:bigint,s:string,d:double,b:boolean>" {
		t.Fatalf("inferred schema %s", got)
	}

	c := s.Conf()
	if v := c.GetOr(ConfTimeZone, ""); v != "UTC" {
		t.Fatalf("default time zone %q", v)
	}
	if err := c.Set(ConfTimeZone, "America/Los_Angeles"); err != nil {
		t.Fatal(err)
	}
	if err := c.Set(ConfTimeZone, "Mars/Olympus"); err == nil {
		t.Fatal("bad zone accepted")
	}
	if _, err := c.Get("spark.nope"); err == nil || !strings.HasPrefix(err.Error(), "[SQL_CONF_NOT_FOUND]") {
		t.Fatalf("unknown conf: %v", err)
	}
	if got, _ := s.WarehouseDir(); got != filepath.Join(s.WorkDir(), "spark-warehouse") {
		t.Fatalf("warehouse %s", got)
	}
	// The session zone changes how timestamps show.
	ts := sqltypes.Timestamp(time.Date(2026, 10, 1, 9, 15, 0, 0, time.UTC).UnixMicro())
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{ts}}, "t TIMESTAMP"))
	got := must[string](t)(df.Show(context.Background(), 20, 20, false))
	if !strings.Contains(got, "|2026-10-01 02:15:00|") {
		t.Fatalf("show in Los Angeles:\n%s", got)
	}
}

func TestDeltaTableHistory(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	if n := load(t, ctx, s, bootstrap); n != 3 {
		t.Fatalf("loaded %d", n)
	}
	dt := must[*DeltaTable](t)(s.DeltaTableForName(ctx, "bronze_orders"))
	h := must[*DataFrame](t)(dt.History(ctx, 0))
	sel := must[*DataFrame](t)(h.Select("version", "operation", "readVersion", "isBlindAppend"))
	got := must[string](t)(sel.Show(ctx, 20, 20, false))
	want := `+-------+----------------+-----------+-------------+
|version|       operation|readVersion|isBlindAppend|
+-------+----------------+-----------+-------------+
|      1|STREAMING UPDATE|          0|         true|
|      0|    CREATE TABLE|       NULL|         true|
+-------+----------------+-----------+-------------+
`
	if got != want {
		t.Fatalf("history:\n%s\nwant:\n%s", got, want)
	}
	params := must[*DataFrame](t)(h.SelectExpr("operationParameters"))
	rows := must[[]sqltypes.Row](t)(params.Collect(ctx))
	mv := rows[0][0].(*sqltypes.MapValue)
	if len(mv.Keys) != 3 || mv.Keys[0] != "outputMode" || mv.Values[0] != "Append" || mv.Keys[2] != "epochId" || mv.Values[2] != "0" {
		t.Fatalf("operationParameters = %v %v", mv.Keys, mv.Values)
	}
	df := must[*DataFrame](t)(dt.ToDF(ctx))
	if n := must[int64](t)(df.Count(ctx)); n != 3 {
		t.Fatalf("toDF count %d", n)
	}
	if _, err := s.DeltaTableForName(ctx, "missing"); err == nil {
		t.Fatal("missing table opened")
	}
	if ok, _ := s.IsDeltaTable("spark-warehouse/bronze_orders"); !ok {
		t.Fatal("isDeltaTable")
	}
	if ok, _ := s.IsDeltaTable("checkpoints"); ok {
		t.Fatal("isDeltaTable is wrong")
	}
}

func TestParquetFileSink(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	events := must[*DataFrame](t)(raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("e")))
	flat := must[*DataFrame](t)(events.Select("e.*"))
	if _, err := flat.WriteStream().Format("parquet").OutputMode("update").Option("checkpointLocation", "cp/p").Start(ctx, "out/p"); err == nil ||
		!strings.Contains(err.Error(), "[STREAMING_OUTPUT_MODE.UNSUPPORTED_DATASOURCE] Invalid streaming output mode: update. This output mode is not supported in Data Source parquet.") {
		t.Fatalf("update mode: %v", err)
	}
	run := func() {
		q := must[*StreamingQuery](t)(flat.WriteStream().Format("parquet").Option("checkpointLocation", "cp/p").
			Trigger(Trigger{AvailableNow: true}).Start(ctx, "out/p"))
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
	}
	run()
	// Leftover files not in the log (a failed attempt) stay invisible to readers.
	if err := os.WriteFile(filepath.Join(s.WorkDir(), "out", "p", "part-99999-stray-c000.snappy.parquet"), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	send(t, ctx, s, bootstrap, []sqltypes.Row{{1004, "C01", "placed", 40.0, "2026-10-01T10:20:00Z"}})
	run()
	back := must[*DataFrame](t)(s.Read().Parquet(ctx, "out/p"))
	if n := must[int64](t)(back.Count(ctx)); n != 4 {
		t.Fatalf("parquet sink holds %d rows, want 4", n)
	}
	if got := sqltypes.SimpleString(back.Schema()); got != "struct<order_id:int,customer_id:string,status:string,amount:decimal(10,2),event_time:timestamp>" {
		t.Fatalf("schema %s", got)
	}
}

func TestTempViewsAndStreamUnionRules(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	if err := df.CreateTempView("events"); err != nil {
		t.Fatal(err)
	}
	if err := df.CreateTempView("EVENTS"); err == nil || !strings.HasPrefix(err.Error(), "[TEMP_TABLE_OR_VIEW_ALREADY_EXISTS]") {
		t.Fatalf("second createTempView: %v", err)
	}
	small := must[*DataFrame](t)(df.Limit(1))
	if err := small.CreateOrReplaceTempView("events"); err != nil {
		t.Fatal(err)
	}
	v := must[*DataFrame](t)(s.Table(ctx, "Events"))
	if n := must[int64](t)(v.Count(ctx)); n != 1 {
		t.Fatalf("view count %d", n)
	}
	if !s.DropTempView("events") || s.DropTempView("events") {
		t.Fatal("dropTempView")
	}
	raw := kafkaStream(t, s, "127.0.0.1:1")
	mixed := must[*DataFrame](t)(must[*DataFrame](t)(raw.Select("topic", "partition")).Union(must[*DataFrame](t)(df.Select("status", "order_id"))))
	if _, err := mixed.WriteStream().Format("console").Start(ctx); err == nil || err.Error() != "Union between streaming and batch DataFrames/Datasets is not supported" {
		t.Fatalf("stream-static union: %v", err)
	}
	limited := must[*DataFrame](t)(raw.Limit(3))
	if _, err := limited.WriteStream().Format("console").OutputMode("update").Start(ctx); err == nil || err.Error() != "Limits are not supported on streaming DataFrames/Datasets in Update output mode" {
		t.Fatalf("limit in update mode: %v", err)
	}
	if _, err := raw.Take(ctx, 1); err == nil || !strings.Contains(err.Error(), "writeStream.start()") {
		t.Fatalf("take on a stream: %v", err)
	}
	_, err := df.Select("nope")
	var ae *plan.AnalysisError
	if !errors.As(err, &ae) || ae.SQLState() != "42703" {
		t.Fatalf("SQLSTATE of %v", err)
	}
}

func TestProcessingTimeStopAndFailure(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	keys := must[*DataFrame](t)(raw.SelectExpr("CAST(key AS STRING) AS key"))
	q := must[*StreamingQuery](t)(keys.WriteStream().Format("memory").QueryName("live").
		Trigger(Trigger{ProcessingTime: "50 milliseconds"}).Start(ctx))
	if s.Streams().Get(q.ID()) != q {
		t.Fatal("spark.streams.get does not find the query")
	}
	waitRows := func(n int64) {
		t.Helper()
		for {
			tbl := must[*DataFrame](t)(s.Table(ctx, "live"))
			if c := must[int64](t)(tbl.Count(ctx)); c == n {
				return
			}
			select {
			case <-ctx.Done():
				t.Fatalf("memory table never reached %d rows", n)
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	waitRows(3)
	send(t, ctx, s, bootstrap, []sqltypes.Row{{1004, "C01", "placed", 40.0, "2026-10-01T10:20:00Z"}})
	waitRows(4)
	// Between triggers Spark says "Waiting for next trigger"; the last trigger, after
	// processAllAvailable, found no data.
	if err := q.ProcessAllAvailable(ctx); err != nil {
		t.Fatal(err)
	}
	for st := q.Status(); st != (QueryStatus{Message: "Waiting for next trigger"}); st = q.Status() {
		select {
		case <-ctx.Done():
			t.Fatalf("status between triggers: %+v", st)
		case <-time.After(5 * time.Millisecond):
		}
	}
	if err := q.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	if q.IsActive() || q.Status() != (QueryStatus{Message: "Stopped"}) || q.Exception() != nil {
		t.Fatalf("after stop: active %v status %v exception %v", q.IsActive(), q.Status(), q.Exception())
	}

	// A runtime error inside a batch ends the query with Spark's STREAM_FAILED wrapping.
	bad := must[*DataFrame](t)(raw.SelectExpr("CAST(CAST(value AS STRING) AS INT) AS n"))
	fq := must[*StreamingQuery](t)(bad.WriteStream().Format("memory").QueryName("bad").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	err := fq.AwaitTermination(ctx)
	var sqe *StreamingQueryError
	if !errors.As(err, &sqe) || !strings.HasPrefix(err.Error(), "[STREAM_FAILED] Query [id = "+fq.ID()+", runId = "+fq.RunID()+"] terminated with exception: ") ||
		!strings.Contains(err.Error(), "CAST_INVALID_INPUT") {
		t.Fatalf("failure: %v", err)
	}
	if fq.Exception() == nil {
		t.Fatal("exception() is nil after a failure")
	}
	if st := fq.Status(); !strings.HasPrefix(st.Message, "Terminated with exception: ") || st.IsTriggerActive || st.IsDataAvailable {
		t.Fatalf("status after a failure: %+v", st)
	}
}

// Two queries started from the same DataFrame run its plan at the same time.
func TestTwoQueriesShareAPlan(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	raw := kafkaStream(t, s, bootstrap)
	events := must[*DataFrame](t)(raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("e")))
	flat := must[*DataFrame](t)(events.Select("e.*"))
	var qs []*StreamingQuery
	for _, name := range []string{"one", "two", "three"} {
		qs = append(qs, must[*StreamingQuery](t)(flat.WriteStream().Format("memory").QueryName(name).Trigger(Trigger{AvailableNow: true}).Start(ctx)))
	}
	for i, q := range qs {
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
		tbl := must[*DataFrame](t)(s.Table(ctx, q.Name()))
		if n := must[int64](t)(tbl.Count(ctx)); n != 3 {
			t.Fatalf("query %d loaded %d rows", i, n)
		}
	}
}

// The noop sink runs every batch and keeps nothing; its progress names it NoopTable and
// counts the rows, and it needs no checkpointLocation (a temporary one, as Spark's).
func TestNoopSink(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	r := s.ReadStream().Format("rate-micro-batch")
	r.Option("rowsPerBatch", "3")
	df := must[*DataFrame](t)(r.Load())
	q := must[*StreamingQuery](t)(df.WriteStream().Format("noop").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	p := q.LastProgress()
	if p == nil || p.Sink.Description != "NoopTable" || p.NumInputRows != 3 {
		t.Fatalf("progress %+v", p)
	}
}
