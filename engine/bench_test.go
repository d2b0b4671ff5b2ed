package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// BenchmarkCourseParsePlan runs the read script's projection (from_json of the Kafka value,
// event.*, partition, offset) over Kafka-shaped rows, without a broker: the engine's share
// of the Kafka -> Delta pipeline. Reports events/s.
func BenchmarkCourseParsePlan(b *testing.B) {
	const n = 100_000
	rows := make([]sqltypes.Row, n)
	for i := range rows {
		v := fmt.Sprintf(`{"order_id":%d,"customer_id":"C%02d","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`, 1000+i, i%100)
		rows[i] = sqltypes.Row{[]byte(fmt.Sprint(1000 + i)), []byte(v), "orders", int32(i % 3), int64(i), sqltypes.Timestamp(0), int32(0)}
	}
	s, err := NewSession(SessionConfig{WorkDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	schema := sqltypes.MustParseDDL("key BINARY, value BINARY, topic STRING, partition INT, offset BIGINT, timestamp TIMESTAMP, timestampType INT")
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "kafka", Rows: [][]sqltypes.Row{rows}}
	df := s.newDF(rel)
	parsed, err := df.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset")
	if err != nil {
		b.Fatal(err)
	}
	flat, err := parsed.Select("event.*", "partition", "offset")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out, err := flat.Collect(ctx)
		if err != nil || len(out) != n {
			b.Fatal(err, len(out))
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkKafkaToDelta is the read script end to end through the DataFrame API: an
// availableNow query from an in-process Kafka (kfake) into a Delta table. Setup (producing
// the events) is not timed. Reports events/s.
func BenchmarkKafkaToDelta(b *testing.B) {
	const n = 100_000
	bootstrapT := startOrdersBrokerTB(b)
	s, err := NewSession(SessionConfig{WorkDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	rows := make([]sqltypes.Row, n)
	for i := range rows {
		rows[i] = sqltypes.Row{1000 + i, fmt.Sprintf("C%02d", i%100), "placed", 25.5, "2026-10-01T09:15:00Z"}
	}
	df, err := s.CreateDataFrameDDL(rows, sendDDL)
	if err != nil {
		b.Fatal(err)
	}
	kv, err := df.Select(Col("order_id").Cast("string").Alias("key"), ToJSON(Struct("*")).Alias("value"))
	if err != nil {
		b.Fatal(err)
	}
	if err := kv.Write().Format("kafka").Option("kafka.bootstrap.servers", bootstrapT).Option("topic", "orders").Save(ctx); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		raw, err := s.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", bootstrapT).
			Option("subscribe", "orders").Option("startingOffsets", "earliest").Load()
		if err != nil {
			b.Fatal(err)
		}
		parsed, _ := raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("event"), "partition", "offset")
		flat, _ := parsed.Select("event.*", "partition", "offset")
		q, err := flat.WriteStream().Format("delta").Option("checkpointLocation", fmt.Sprintf("cp/%d", i)).
			Trigger(Trigger{AvailableNow: true}).ToTable(ctx, fmt.Sprintf("bench_%d", i))
		if err != nil {
			b.Fatal(err)
		}
		if err := q.AwaitTermination(ctx); err != nil {
			b.Fatal(err)
		}
		var got int64
		for _, p := range q.RecentProgress() {
			got += p.NumInputRows
		}
		if got != n {
			b.Fatalf("loaded %d of %d", got, n)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
