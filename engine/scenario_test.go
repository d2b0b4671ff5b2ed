package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// startOrdersBroker runs an in-process Kafka (kfake) with topic orders, 3 partitions.
func startOrdersBroker(t *testing.T) string { return startOrdersBrokerTB(t) }

func startOrdersBrokerTB(t testing.TB) string {
	t.Helper()
	addr, _ := testkit.StartKafka(t)
	testkit.CreateTopic(t, addr, "orders", 3)
	return addr
}

// send is the course's send script through the DataFrame API: key = order id as a string,
// value = the event as one JSON line, written in the kafka format.
func send(t *testing.T, ctx context.Context, s *Session, bootstrap string, events []sqltypes.Row) {
	t.Helper()
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(events, sendDDL))
	kv := must[*DataFrame](t)(df.Select(
		Col("order_id").Cast("string").Alias("key"),
		ToJSON(Struct("*")).Alias("value")))
	if err := kv.Write().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).Option("topic", "orders").Save(ctx); err != nil {
		t.Fatal(err)
	}
}

// load is the course's read script: it returns the number of rows the run loaded.
func load(t *testing.T, ctx context.Context, s *Session, bootstrap string) int64 {
	t.Helper()
	raw := must[*DataFrame](t)(s.ReadStream().Format("kafka").
		Option("kafka.bootstrap.servers", bootstrap).
		Option("subscribe", "orders").
		Option("startingOffsets", "earliest").Load())
	parsed := must[*DataFrame](t)(raw.Select(
		FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset"))
	flat := must[*DataFrame](t)(parsed.Select("event.*", "partition", "offset"))
	q, err := flat.WriteStream().Format("delta").
		Option("checkpointLocation", "checkpoints/bronze_orders").
		Trigger(Trigger{AvailableNow: true}).
		ToTable(ctx, "bronze_orders")
	if err != nil {
		t.Fatal(err)
	}
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	var n int64
	for _, p := range q.RecentProgress() {
		n += p.NumInputRows
	}
	return n
}

func lastLine(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	return lines[len(lines)-1]
}

func TestReferenceScenario(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)

	send(t, ctx, s, bootstrap, courseEvents)
	if n := load(t, ctx, s, bootstrap); n != 3 {
		t.Fatalf("first read loaded %d events, want 3", n)
	}
	cp := filepath.Join(s.WorkDir(), "checkpoints", "bronze_orders")
	if got := lastLine(t, filepath.Join(cp, "offsets", "0")); got != `{"orders":{"0":2,"1":1,"2":0}}` {
		t.Fatalf("offsets/0 ends with %s", got)
	}

	send(t, ctx, s, bootstrap, []sqltypes.Row{
		{1001, "C01", "paid", 25.5, "2026-10-01T10:05:00Z"},
		{1004, "C01", "placed", 40.0, "2026-10-01T10:20:00Z"},
	})
	if n := load(t, ctx, s, bootstrap); n != 2 {
		t.Fatalf("second read loaded %d events, want 2", n)
	}
	if got := lastLine(t, filepath.Join(cp, "offsets", "1")); got != `{"orders":{"0":3,"1":2,"2":0}}` {
		t.Fatalf("offsets/1 ends with %s", got)
	}
	if n := load(t, ctx, s, bootstrap); n != 0 {
		t.Fatalf("third read loaded %d events, want 0", n)
	}
	if _, err := os.Stat(filepath.Join(cp, "offsets", "2")); !os.IsNotExist(err) {
		t.Fatalf("a read with nothing new wrote offsets/2 (err %v)", err)
	}

	table := must[*DataFrame](t)(s.Table(ctx, "bronze_orders"))
	var all []any
	for _, c := range table.Columns() {
		all = append(all, c)
	}
	sorted := must[*DataFrame](t)(table.OrderBy(all...))
	got := must[string](t)(sorted.Show(ctx, 20, 0, false))
	want := `+--------+-----------+------+------+-------------------+---------+------+
|order_id|customer_id|status|amount|event_time         |partition|offset|
+--------+-----------+------+------+-------------------+---------+------+
|1001    |C01        |paid  |25.50 |2026-10-01 10:05:00|0        |2     |
|1001    |C01        |placed|25.50 |2026-10-01 09:15:00|0        |0     |
|1002    |C02        |placed|12.00 |2026-10-01 09:40:00|0        |1     |
|1003    |C03        |placed|31.00 |2026-10-01 09:55:00|1        |0     |
|1004    |C01        |placed|40.00 |2026-10-01 10:20:00|1        |1     |
+--------+-----------+------+------+-------------------+---------+------+
`
	if got != want {
		t.Fatalf("table:\n%s\nwant:\n%s", got, want)
	}
	// The managed table: version 0 CREATE TABLE by toTable, then one version per batch.
	logDir := filepath.Join(s.WorkDir(), "spark-warehouse", "bronze_orders", "_delta_log")
	for _, v := range []string{"00000000000000000000.json", "00000000000000000001.json", "00000000000000000002.json"} {
		if _, err := os.Stat(filepath.Join(logDir, v)); err != nil {
			t.Errorf("missing %s: %v", v, err)
		}
	}
	v0, _ := os.ReadFile(filepath.Join(logDir, "00000000000000000000.json"))
	if !strings.Contains(string(v0), `"operation":"CREATE TABLE"`) {
		t.Errorf("version 0 is not CREATE TABLE:\n%s", v0)
	}
	if _, err := os.Stat(filepath.Join(logDir, "00000000000000000003.json")); !os.IsNotExist(err) {
		t.Errorf("the empty third run committed a Delta version")
	}
}

func TestBatchKafkaReadPlacement(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	send(t, ctx, s, bootstrap, []sqltypes.Row{
		{1001, "C01", "paid", 25.5, "2026-10-01T10:05:00Z"},
		{1004, "C01", "placed", 40.0, "2026-10-01T10:20:00Z"},
	})
	raw := must[*DataFrame](t)(s.Read().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).Option("subscribe", "orders").Load(ctx))
	placed := must[*DataFrame](t)(raw.SelectExpr("CAST(key AS STRING) AS key", "partition", "offset"))
	sorted := must[*DataFrame](t)(placed.OrderBy("partition", "offset"))
	got := must[string](t)(sorted.Show(ctx, 20, 20, false))
	// Kafka's default partitioner: 1001, 1002 -> partition 0; 1003, 1004 -> 1; none in 2.
	want := `+----+---------+------+
| key|partition|offset|
+----+---------+------+
|1001|        0|     0|
|1002|        0|     1|
|1001|        0|     2|
|1003|        1|     0|
|1004|        1|     1|
+----+---------+------+
`
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A static read sees what is there when the action runs.
	send(t, ctx, s, bootstrap, []sqltypes.Row{{1005, "C05", "placed", 1.0, "2026-10-01T11:00:00Z"}})
	if n := must[int64](t)(raw.Count(ctx)); n != 6 {
		t.Fatalf("count after another send = %d", n)
	}
	if err := raw.Write().Format("kafka").Mode("overwrite").Option("kafka.bootstrap.servers", bootstrap).Option("topic", "orders").Save(ctx); err == nil ||
		!strings.Contains(err.Error(), "Save mode Overwrite not allowed for Kafka") {
		t.Fatalf("overwrite to kafka: %v", err)
	}
}
