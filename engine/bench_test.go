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
