package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// A windowed count over a stream-stream join sees the join's output watermark, as Spark's
// watermark propagation gives it (corpus g77): the lowest of the query's watermark and the
// join's state watermarks. An impression may wait an hour for its click, so the join's
// output watermark is an hour behind, and the [10:00, 11:00) window, which the global
// watermark (11:30) would close, stays open in the count's state.
func TestAggregationAboveAJoinSeesTheJoinsWatermark(t *testing.T) {
	ctx := context.Background()
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Conf().Set("spark.sql.shuffle.partitions", "2"); err != nil {
		t.Fatal(err)
	}
	write := func(dir, field, tsField string, rows [][2]string) {
		t.Helper()
		p := filepath.Join(s.WorkDir(), dir)
		if err := os.MkdirAll(p, 0o755); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, r := range rows {
			lines = append(lines, `{"`+field+`":`+r[0]+`,"`+tsField+`":"2024-05-01 `+r[1]+`:00"}`)
		}
		if err := os.WriteFile(filepath.Join(p, "a.json"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("imp", "impressionAdId", "impressionTime", [][2]string{{"1", "10:00"}, {"2", "10:05"}, {"3", "10:10"}, {"4", "14:00"}})
	write("clk", "clickAdId", "clickTime", [][2]string{{"1", "10:20"}, {"2", "10:30"}, {"3", "10:40"}, {"4", "14:30"}})
	imp := must[*DataFrame](t)(s.ReadStream().Format("json").SchemaDDL("impressionAdId INT, impressionTime TIMESTAMP").Load("imp"))
	clk := must[*DataFrame](t)(s.ReadStream().Format("json").SchemaDDL("clickAdId INT, clickTime TIMESTAMP").Load("clk"))
	imp = must[*DataFrame](t)(imp.WithWatermark("impressionTime", "2 hours"))
	clk = must[*DataFrame](t)(clk.WithWatermark("clickTime", "3 hours"))
	joined := must[*DataFrame](t)(imp.Join(clk, Expr("clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour"), "inner"))
	perHour := must[*DataFrame](t)(joined.GroupBy(Window(Col("clickTime"), "1 hour")).Count())
	q := must[*StreamingQuery](t)(perHour.WriteStream().Format("memory").QueryName("per_hour").OutputMode("append").
		Option("checkpointLocation", "cp").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	if rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.Table(ctx, "per_hour")).Collect(ctx)); len(rows) != 0 {
		t.Errorf("emitted %v; no hour window is under the join's output watermark (10:29:59.999)", rows)
	}
	progress := q.RecentProgress()
	if len(progress) != 2 {
		t.Fatalf("%d batches, want 2 (the data, then the no-data batch the watermark brings)", len(progress))
	}
	var got []string
	for _, op := range progress[1].StateOperators {
		got = append(got, fmt.Sprintf("%s=%d", op.OperatorName, op.NumRowsTotal))
	}
	// The count keeps both hour windows; the join keeps the 14:00 impression and the 14:30 click.
	if want := []string{"stateStoreSave=2", "symmetricHashJoin=2"}; !slices.Equal(got, want) {
		t.Errorf("state after the no-data batch %v, want %v", got, want)
	}
}
