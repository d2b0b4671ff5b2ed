package stream_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

func TestConsoleSinkGolden(t *testing.T) {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "order_id", Type: sqltypes.Integer, Nullable: true},
		{Name: "status", Type: sqltypes.String, Nullable: true},
		{Name: "amount", Type: sqltypes.DecimalType{Precision: 10, Scale: 2}, Nullable: true},
		{Name: "event_time", Type: sqltypes.TimestampT, Nullable: true},
		{Name: "note", Type: sqltypes.String, Nullable: true},
	}}
	ts := func(hhmm string) sqltypes.Timestamp { return sqltypes.Timestamp(at(hhmm).UnixMicro()) }
	rows := [][]sqltypes.Row{
		{{int32(1001), "placed", sqltypes.Decimal{Unscaled: 2550, Scale: 2}, ts("09:15"), nil}},
		{{int32(1002), "paid", sqltypes.Decimal{Unscaled: 1200, Scale: 2}, ts("09:40"), "a note longer than twenty characters"},
			{int32(1003), "placed", sqltypes.Decimal{Unscaled: 3100, Scale: 2}, ts("09:55"), nil}},
	}
	var out bytes.Buffer
	sink, err := stream.NewConsoleSink(&out, map[string]string{"numRows": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := sink.AddBatch(context.Background(), &stream.SinkBatch{BatchID: 3, Schema: schema, Tasks: rowiter.Tasks(rows, 0)}); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/console_batch3.golden")
	if err != nil {
		t.Fatal(err)
	}
	if out.String() != string(want) {
		t.Fatalf("console output\n%s\nwant\n%s", out.String(), want)
	}
	if _, err := stream.NewConsoleSink(&out, map[string]string{"truncate": "maybe"}); err == nil {
		t.Fatal("bad truncate accepted")
	}
}

func TestMemorySinkModes(t *testing.T) {
	m := stream.NewMemorySink("counts")
	add := func(id int64, mode string, vals ...string) {
		var rows []sqltypes.Row
		for _, v := range vals {
			rows = append(rows, sqltypes.Row{v})
		}
		if err := m.AddBatch(context.Background(), &stream.SinkBatch{BatchID: id, OutputMode: mode, Tasks: []rowiter.Iter{rowiter.Slice(rows)}}); err != nil {
			t.Fatal(err)
		}
	}
	add(0, "Append", "a", "b")
	add(0, "Append", "a", "b") // re-run of batch 0: skipped
	add(1, "Append", "c")
	if got := len(m.Rows()); got != 3 {
		t.Fatalf("append rows %d", got)
	}
	add(2, "Complete", "x")
	if got := m.Rows(); len(got) != 1 || got[0][0] != "x" {
		t.Fatalf("complete rows %v", got)
	}
}

// A V1 sink (Delta) reports numOutputRows -1, as Spark does.
func TestDeltaSinkProgress(t *testing.T) {
	b := startBroker(t)
	b.send(t, batch1)
	path := filepath.Join(t.TempDir(), "bronze_orders")
	ds, err := NewDeltaSink(path, "UTC")
	if err != nil {
		t.Fatal(err)
	}
	q, err := runQuery(t, stream.Config{CheckpointDir: t.TempDir(), Sources: []stream.Source{newSource(t, b)},
		Plan: &identityPlan{}, Sink: ds, Trigger: stream.AvailableNow()})
	if err != nil {
		t.Fatal(err)
	}
	p := q.LastProgress()
	if p.Sink.NumOutputRows != -1 || p.Sink.Description != "DeltaSink[file:"+path+"]" || p.NumInputRows != 3 {
		t.Fatalf("sink progress %+v", p.Sink)
	}
	rows, _, err := ds.Table.ReadRows(context.Background())
	if err != nil || len(rows) != 3 {
		t.Fatalf("table rows %d %v", len(rows), err)
	}
}

// A console query prints one banner per batch, with the empty batch 0 of a query that
// starts at latest.
func TestConsoleSinkThroughExecutor(t *testing.T) {
	b := startBroker(t)
	var out bytes.Buffer
	sink, _ := stream.NewConsoleSink(&out, nil)
	cp := t.TempDir()
	cfg := stream.Config{CheckpointDir: cp, Sources: []stream.Source{newSource(t, b, "startingOffsets", "latest")},
		Plan: &projectPlan{}, Sink: sink, Trigger: stream.AvailableNow()}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	b.send(t, batch1[:1])
	cfg.Sources = []stream.Source{newSource(t, b)}
	if _, err := runQuery(t, cfg); err != nil {
		t.Fatal(err)
	}
	want := "-------------------------------------------\nBatch: 0\n-------------------------------------------\n" +
		"+---------+------+\n|partition|offset|\n+---------+------+\n+---------+------+\n\n" +
		"-------------------------------------------\nBatch: 1\n-------------------------------------------\n" +
		"+---------+------+\n|partition|offset|\n+---------+------+\n|        0|     0|\n+---------+------+\n\n"
	if out.String() != want {
		t.Fatalf("console printed\n%s\nwant\n%s", out.String(), want)
	}
}

// projectPlan keeps partition and offset of each Kafka row.
type projectPlan struct{}

func (projectPlan) RunBatch(ctx context.Context, bc *stream.BatchContext) (*stream.BatchResult, error) {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "partition", Type: sqltypes.Integer, Nullable: true}, {Name: "offset", Type: sqltypes.Long, Nullable: true}}}
	res := &stream.BatchResult{Schema: schema}
	for _, task := range bc.Inputs[0].Tasks {
		res.Tasks = append(res.Tasks, rowiter.Map(task.Open(bc.ChunkRows), func(_ context.Context, in []sqltypes.Row) ([]sqltypes.Row, error) {
			rows := make([]sqltypes.Row, len(in))
			for i, r := range in {
				rows[i] = sqltypes.Row{r[kafkasource.ColPartition], r[kafkasource.ColOffset]}
			}
			return rows, nil
		}))
	}
	return res, nil
}
func (projectPlan) ShouldRunNoDataBatch(int64) bool { return false }
