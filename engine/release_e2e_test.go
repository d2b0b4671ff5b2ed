package engine_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// The review of rowiter.Release (the one exception to "rows stay valid"): the Kafka
// reader and a projection reuse the Row slices of a chunk their consumer handed back,
// and the Delta writer and a projection hand chunks back. Only wrappers that pass their
// input's chunk on unchanged pass a hand-back on; every operator that keeps rows (a
// join's build side, dropDuplicates' and an aggregate's state, limit, union, the memory
// sink, a foreachBatch batch read twice) is a stop. Each case below runs such an
// operator between Kafka and a sink, with chunks of 7 rows so that rows are reused
// hundreds of times, and checks every row that comes out against the events sent: a
// row held after it was handed back would show another event's values.

// releaseEvents is how many events each case reads: order id 1000+i, customer C<i%40>,
// amount i.25.
const releaseEvents = 700

func sendReleaseEvents(t *testing.T, addr, topic string, from, n int) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.DefaultProduceTopic(topic))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var recs []*kgo.Record
	for i := from; i < from+n; i++ {
		v := fmt.Sprintf(`{"order_id":%d,"customer_id":"C%02d","status":"placed","amount":%d.25,"event_time":"2026-10-01T09:%02d:%02dZ"}`,
			1000+i, i%40, i, (i/60)%60, i%60)
		recs = append(recs, &kgo.Record{Key: []byte(fmt.Sprint(1000 + i)), Value: []byte(v)})
	}
	if err := cl.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		t.Fatal(err)
	}
}

// checkEventRow: r starts with order_id, customer_id, amount of one event sent.
func checkEventRow(t *testing.T, what string, r sqltypes.Row) int {
	t.Helper()
	id, ok := r[0].(int32)
	i := int(id) - 1000
	if !ok || i < 0 || i >= 2*releaseEvents || r[1] != fmt.Sprintf("C%02d", i%40) ||
		fmt.Sprint(r[2]) != fmt.Sprintf("%d.25", i) {
		t.Fatalf("%s: row %v is not an event that was sent", what, r)
	}
	return i
}

func TestReleasedRowsAreNeverHeld(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	addr, _ := testkit.StartKafka(t)
	testkit.CreateTopic(t, addr, "orders", 3)
	testkit.CreateTopic(t, addr, "more_orders", 2)
	sendReleaseEvents(t, addr, "orders", 0, releaseEvents)
	sendReleaseEvents(t, addr, "more_orders", releaseEvents, releaseEvents)

	s, err := engine.NewSession(engine.SessionConfig{WorkDir: t.TempDir(), ChunkRows: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "3"); err != nil {
		t.Fatal(err)
	}
	events := func(topic string) *engine.DataFrame {
		raw := must[*engine.DataFrame](t)(s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", addr).
			Option("subscribe", topic).Option("startingOffsets", "earliest").Load())
		o := must[*engine.DataFrame](t)(raw.Select(engine.FromJSON(engine.Col("value").Cast("string"), orderDDL, nil).Alias("o"), "partition", "offset"))
		return must[*engine.DataFrame](t)(o.Select("o.order_id", "o.customer_id", "o.amount", "o.event_time", "partition", "offset"))
	}
	customers := make([]sqltypes.Row, 40)
	for c := range customers {
		customers[c] = sqltypes.Row{fmt.Sprintf("C%02d", c), fmt.Sprintf("name %d", c)}
	}
	static := must[*engine.DataFrame](t)(s.CreateDataFrameDDL(customers, "customer_id STRING, name STRING"))

	// allOnce: the rows are exactly events [0, n), each once.
	allOnce := func(t *testing.T, what string, rows []sqltypes.Row, n int) {
		t.Helper()
		seen := map[int]bool{}
		for _, r := range rows {
			i := checkEventRow(t, what, r)
			if seen[i] {
				t.Fatalf("%s: event %d twice", what, i)
			}
			seen[i] = true
		}
		if len(seen) != n {
			t.Fatalf("%s: %d events, want %d", what, len(seen), n)
		}
	}
	for _, tc := range []struct {
		name  string
		query func() *engine.DataFrame
		sink  string // "delta" (hands chunks back) or "memory"
		mode  string
		check func(t *testing.T, what string, rows []sqltypes.Row)
	}{
		{"projection into delta", func() *engine.DataFrame { return events("orders") }, "delta", "append",
			func(t *testing.T, what string, rows []sqltypes.Row) { allOnce(t, what, rows, releaseEvents) }},
		{"union into delta", func() *engine.DataFrame {
			return must[*engine.DataFrame](t)(events("orders").Union(events("more_orders")))
		}, "delta", "append", func(t *testing.T, what string, rows []sqltypes.Row) { allOnce(t, what, rows, 2*releaseEvents) }},
		{"stream-static join into delta", func() *engine.DataFrame {
			j := must[*engine.DataFrame](t)(events("orders").Join(static, "customer_id", "inner"))
			return must[*engine.DataFrame](t)(j.Select("order_id", "customer_id", "amount", "name"))
		}, "delta", "append", func(t *testing.T, what string, rows []sqltypes.Row) {
			allOnce(t, what, rows, releaseEvents)
			for _, r := range rows {
				if r[3] != fmt.Sprintf("name %d", (checkEventRow(t, what, r))%40) {
					t.Fatalf("%s: %v joined the wrong customer", what, r)
				}
			}
		}},
		{"dropDuplicates into delta", func() *engine.DataFrame {
			return must[*engine.DataFrame](t)(events("orders").DropDuplicates("customer_id"))
		}, "delta", "append", func(t *testing.T, what string, rows []sqltypes.Row) {
			custs := map[any]bool{}
			for _, r := range rows {
				checkEventRow(t, what, r)
				custs[r[1]] = true
			}
			if len(rows) != 40 || len(custs) != 40 {
				t.Fatalf("%s: %d rows for %d customers, want one per customer (40)", what, len(rows), len(custs))
			}
		}},
		{"aggregate state into memory", func() *engine.DataFrame {
			g := must[*engine.DataFrame](t)(events("orders").GroupBy("customer_id").Agg(engine.Count("*").Alias("n"), engine.Min("order_id").Alias("first")))
			return must[*engine.DataFrame](t)(g.Select("first", "customer_id", "n"))
		}, "memory", "complete", func(t *testing.T, what string, rows []sqltypes.Row) {
			if len(rows) != 40 {
				t.Fatalf("%s: %d groups, want 40", what, len(rows))
			}
			for _, r := range rows {
				first, ok := r[0].(int32)
				i := int(first) - 1000
				if !ok || i < 0 || i >= 40 || r[1] != fmt.Sprintf("C%02d", i) || r[2] != int64(releaseEvents/40+btoi(i < releaseEvents%40)) {
					t.Fatalf("%s: group %v is wrong", what, r)
				}
			}
		}},
		{"projection into memory", func() *engine.DataFrame { return events("orders") }, "memory", "append",
			func(t *testing.T, what string, rows []sqltypes.Row) { allOnce(t, what, rows, releaseEvents) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			name := strings.NewReplacer(" ", "_", "-", "_").Replace(tc.name)
			w := tc.query().WriteStream().Format(tc.sink).Option("checkpointLocation", "checkpoints/"+name).
				OutputMode(tc.mode).Trigger(engine.Trigger{AvailableNow: true})
			var q *engine.StreamingQuery
			if tc.sink == "memory" {
				q = must[*engine.StreamingQuery](t)(w.QueryName(name).Start(ctx))
			} else {
				q = must[*engine.StreamingQuery](t)(w.ToTable(ctx, name))
			}
			if err := q.AwaitTermination(ctx); err != nil {
				t.Fatal(err)
			}
			rows := must[[]sqltypes.Row](t)(must[*engine.DataFrame](t)(s.Table(ctx, name)).Collect(ctx))
			tc.check(t, tc.name, rows)
		})
	}

	// foreachBatch: the batch is written to Delta (which hands its chunks back), then
	// read again with a limit and collected whole; each read runs the batch's plan anew.
	t.Run("foreachBatch", func(t *testing.T) {
		var collected, limited []sqltypes.Row
		fb := func(ctx context.Context, batch *engine.DataFrame, id int64) error {
			if err := batch.Write().Format("delta").Mode("append").SaveAsTable(ctx, "fb"); err != nil {
				return err
			}
			l, err := batch.Limit(25)
			if err != nil {
				return err
			}
			lr, err := l.Collect(ctx)
			if err != nil {
				return err
			}
			all, err := batch.Collect(ctx)
			limited, collected = append(limited, lr...), append(collected, all...)
			return err
		}
		q := must[*engine.StreamingQuery](t)(events("orders").WriteStream().ForeachBatch(fb).
			Option("checkpointLocation", "checkpoints/fb").Trigger(engine.Trigger{AvailableNow: true}).Start(ctx))
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
		allOnce(t, "foreachBatch collect", collected, releaseEvents)
		for _, r := range limited {
			checkEventRow(t, "foreachBatch limit", r)
		}
		if len(limited) != 25 {
			t.Fatalf("limit 25 of one batch gave %d rows", len(limited))
		}
		rows := must[[]sqltypes.Row](t)(must[*engine.DataFrame](t)(s.Table(ctx, "fb")).Collect(ctx))
		allOnce(t, "foreachBatch delta", rows, releaseEvents)
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
