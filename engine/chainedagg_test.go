package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// An aggregation over window_time of another windowed aggregation's windows runs in append
// mode, as Spark 4.2 runs it (corpus g11): window_time carries the watermark, so the outer
// aggregation is keyed by event time; the operators are numbered top-down (the outer one
// is state/0), both see the query's watermark (an aggregation passes its input watermark
// on unchanged), and a window the inner one emits reaches the outer one in the same batch.
func TestChainedWindowAggregationsInAppendMode(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "2"); err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(s.WorkDir(), "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range [][2]string{{"12:02", "owl"}, {"12:03", "cat"}, {"12:07", "owl"}, {"12:11", "dog"}, {"12:13", "owl"}, {"12:40", "cat"}, {"14:30", "owl"}} {
		lines = append(lines, `{"ts":"2024-05-01 `+e[0]+`:00","word":"`+e[1]+`"}`)
	}
	if err := os.WriteFile(filepath.Join(in, "a.json"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	words := must[*DataFrame](t)(s.ReadStream().Format("json").SchemaDDL("ts TIMESTAMP, word STRING").Load("in"))
	wm := must[*DataFrame](t)(words.WithWatermark("ts", "10 minutes"))
	inner := must[*DataFrame](t)(wm.GroupBy(Window(Col("ts"), "10 minutes"), Col("word")).Count())
	outer := must[*DataFrame](t)(inner.GroupBy(Window(Expr("window_time(window)"), "1 hour")).
		Agg(Sum(Col("count")).Alias("events"), Count("*").Alias("windows")))
	q := must[*StreamingQuery](t)(outer.WriteStream().Format("memory").QueryName("coarse").OutputMode("append").
		Option("checkpointLocation", "cp").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.Table(ctx, "coarse")).Collect(ctx))
	if len(rows) != 1 || rows[0][1] != int64(6) || rows[0][2] != int64(5) {
		t.Fatalf("coarse windows %v, want one hour window [12:00, 13:00) with 6 events in 5 windows", rows)
	}
	for id, want := range map[string]string{"0": `"operatorId":0,`, "1": `"operatorId":1,`} {
		b, err := os.ReadFile(filepath.Join(s.WorkDir(), "cp", "state", id, "_metadata", "metadata"))
		if err != nil || !strings.Contains(string(b), want) {
			t.Errorf("state/%s/_metadata/metadata: %q %v, want %s", id, b, err, want)
		}
	}
	// The outer operator's state holds its sum and count per hour window (state/0).
	schema, err := os.ReadFile(filepath.Join(s.WorkDir(), "cp", "state", "0", "0", "_metadata", "schema"))
	if err != nil || !strings.Contains(string(schema), `"name":"sum"`) {
		t.Errorf("state/0 schema %q %v, want the outer aggregation's buffers", schema, err)
	}
	last := q.RecentProgress()[len(q.RecentProgress())-1]
	if len(last.StateOperators) != 2 {
		t.Errorf("progress lists %d state operators, want 2", len(last.StateOperators))
	}
}
