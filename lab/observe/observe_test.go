package observe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/checkpoint"
	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/lab/broker"
)

// workspace writes a real checkpoint (two batches) and a real Delta table (5 rows).
func workspace(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	cp, err := checkpoint.Open(filepath.Join(ws, "checkpoints", "bronze_orders"))
	if err != nil {
		t.Fatal(err)
	}
	for i, src := range []string{`{"orders":{"2":0,"1":1,"0":2}}`, `{"orders":{"2":0,"1":2,"0":3}}`} {
		if err := cp.WriteOffsets(int64(i), checkpoint.OffsetSeq{BatchWatermarkMs: 60000 * int64(i), Sources: []string{src}}); err != nil {
			t.Fatal(err)
		}
		if err := cp.WriteCommit(int64(i), 0); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(ws, "checkpoints", "bronze_orders", "state", "0", "0"), 0o755)
	os.WriteFile(filepath.Join(ws, "checkpoints", "bronze_orders", "state", "0", "0", "1.delta"), []byte("x"), 0o644)
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "order_id", Type: sqltypes.Long, Nullable: true}}}
	tb, err := delta.Open(filepath.Join(ws, "spark-warehouse", "bronze_orders"))
	if err != nil {
		t.Fatal(err)
	}
	rows := []sqltypes.Row{{int64(1)}, {int64(2)}, {int64(3)}}
	if _, _, err := tb.Write(context.Background(), delta.BatchWrite{Mode: "append", Schema: schema, Tasks: []delta.Task{{Rows: rowiter.Slice(rows)}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Write(context.Background(), delta.BatchWrite{Mode: "append", Schema: schema, Tasks: []delta.Task{{Rows: rowiter.Slice(rows[:2])}}}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(ws, ".hidden"), []byte("x"), 0o644)
	return ws
}

func TestCollectReadsCheckpointsTablesAndFiles(t *testing.T) {
	ws := workspace(t)
	s := Collect(context.Background(), nil, ws)
	if len(s.Readers) != 1 || len(s.Tables) != 1 {
		t.Fatalf("readers %+v tables %+v", s.Readers, s.Tables)
	}
	r := s.Readers[0]
	if r.Path != "checkpoints/bronze_orders" || r.Batch != 1 || r.Committed != 1 || r.Watermark != 60000 || r.StateFile != 1 {
		t.Errorf("reader %+v", r)
	}
	if got := FormatRange(r.Prev, r.Positions); got != "orders p0 2→3 p1 1→2 p2 0→0" {
		t.Errorf("batch range %q", got)
	}
	if tb := s.Tables[0]; tb.Name != "bronze_orders" || tb.Version != 1 || tb.Rows != 5 {
		t.Errorf("table %+v", tb)
	}
	var paths []string
	for _, f := range s.Files {
		paths = append(paths, f.Path)
	}
	joined := strings.Join(paths, "\n")
	for _, want := range []string{"checkpoints/bronze_orders/offsets/1", "checkpoints/bronze_orders/commits/0", "spark-warehouse/bronze_orders/_delta_log/00000000000000000001.json"} {
		if !strings.Contains(joined, want) {
			t.Errorf("files lack %s:\n%s", want, joined)
		}
	}
	if strings.Contains(joined, ".hidden") {
		t.Error("hidden files listed")
	}
}

func TestWindowsOfAWindowedTable(t *testing.T) {
	ws := t.TempDir()
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "window_start", Type: sqltypes.TimestampT, Nullable: true},
		{Name: "window_end", Type: sqltypes.TimestampT, Nullable: true},
		{Name: "orders", Type: sqltypes.Long, Nullable: true},
	}}
	base := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC).UnixMicro()
	five := int64(5 * time.Minute / time.Microsecond)
	rows := []sqltypes.Row{
		{sqltypes.Timestamp(base + five), sqltypes.Timestamp(base + 2*five), int64(1)},
		{sqltypes.Timestamp(base), sqltypes.Timestamp(base + five), int64(2)},
	}
	tb, err := delta.Open(filepath.Join(ws, "spark-warehouse", "orders_per_window"))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tb.Write(context.Background(), delta.BatchWrite{Mode: "append", Schema: schema, Tasks: []delta.Task{{Rows: rowiter.Slice(rows)}}}); err != nil {
		t.Fatal(err)
	}
	s := Collect(context.Background(), nil, ws)
	if len(s.Tables) != 1 || len(s.Tables[0].Windows) != 2 {
		t.Fatalf("tables %+v", s.Tables)
	}
	w := s.Tables[0].Windows
	if w[0].Start != base || w[0].End != base+five || w[0].Values != "orders=2" || w[1].Values != "orders=1" {
		t.Errorf("windows %+v", w)
	}
}

func TestDiff(t *testing.T) {
	at := time.Unix(0, 0)
	before := &Snapshot{
		Topics:  []Topic{{Name: "orders", Partitions: []Partition{{ID: 0, End: 2}, {ID: 1, End: 1}}}},
		Readers: []Reader{{Path: "cp", Batch: 0, Positions: map[string]map[int32]int64{"orders": {0: 2, 1: 1}}}},
		Tables:  []Table{{Path: "t", Name: "t", Version: 0, Rows: 3}},
		Files:   []File{{Path: "cp/offsets/0", Size: 10, Mod: at}, {Path: "script.py", Size: 5, Mod: at}},
	}
	after := &Snapshot{
		Topics: []Topic{{Name: "orders", Partitions: []Partition{{ID: 0, End: 3}, {ID: 1, End: 1}}},
			{Name: "late", Partitions: []Partition{{ID: 0}}}},
		Readers: []Reader{{Path: "cp", Batch: 1, Positions: map[string]map[int32]int64{"orders": {0: 3, 1: 1}},
			Prev: map[string]map[int32]int64{"orders": {0: 2, 1: 1}}}},
		Tables: []Table{{Path: "t", Name: "t", Version: 1, Rows: 4}, {Path: "u", Name: "u", Version: 0, Rows: 2}},
		Files:  []File{{Path: "cp/offsets/0", Size: 10, Mod: at}, {Path: "cp/offsets/1", Size: 10, Mod: at}, {Path: "script.py", Size: 6, Mod: at}},
	}
	c := Diff(before, after)
	if c.EmptyWrite {
		t.Error("EmptyWrite although every table version added rows")
	}
	want := Changes{
		Files:   []string{"+ cp/offsets/1", "~ script.py"},
		Offsets: []string{"orders p0: end offset 2 → 3 (+1)", "late: created with 1 partitions"},
		Batches: []string{"cp: batch 1 orders p0 2→3 p1 1→1"},
		Tables:  []string{"t: version 0 → 1, 3 → 4 rows (+1)", "u: created (version 0), 0 → 2 rows (+2)"},
	}
	for _, tc := range []struct {
		name      string
		got, want []string
	}{{"files", c.Files, want.Files}, {"offsets", c.Offsets, want.Offsets}, {"batches", c.Batches, want.Batches}, {"tables", c.Tables, want.Tables}} {
		if strings.Join(tc.got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%s: got %q, want %q", tc.name, tc.got, tc.want)
		}
	}
	if !Diff(after, after).Empty() {
		t.Error("a snapshot differs from itself")
	}
}

func TestExplainEmpty(t *testing.T) {
	emptyShow := "+--------+-----+\n|order_id|total|\n+--------+-----+\n+--------+-----+\n"
	atEnd := map[string]map[int32]int64{"orders": {0: 3, 1: 2}}
	full := &Snapshot{
		Topics:  []Topic{{Name: "orders", Partitions: []Partition{{ID: 0, End: 3}, {ID: 1, End: 2}}}},
		Readers: []Reader{{Path: "checkpoints/x", Batch: 1, Positions: atEnd}},
	}
	firstRun := &Snapshot{Topics: full.Topics, Readers: []Reader{{Path: "checkpoints/x", Batch: 0, Positions: atEnd}}}
	emptyTopic := &Snapshot{Topics: []Topic{{Name: "orders", Partitions: []Partition{{ID: 0}}}}}
	cp := "/ws/09-x/checkpoints/x"
	// A restarted query with nothing new runs no batch: it only starts and stops.
	resumed := QueryRun{ID: "q", Checkpoint: cp, OutputMode: "Append", FirstBatch: 2}
	// A new query at "latest" runs batch 0, which ends where the topic ends, reading nothing.
	latest := QueryRun{ID: "q", Checkpoint: cp, OutputMode: "Append", FirstBatch: 0, Batches: 1, Ends: atEnd}
	noCheckpoint := latest
	noCheckpoint.Checkpoint = "/tmp/temporary-123"
	windowed := QueryRun{ID: "q", Checkpoint: cp, OutputMode: "Append", FirstBatch: 0, Batches: 2, Rows: 5, Ends: atEnd, Watermark: true}
	updating := windowed
	updating.OutputMode = "Update"
	partway := latest
	partway.Ends = map[string]map[int32]int64{"orders": {0: 1, 1: 2}}
	for _, tc := range []struct {
		name       string
		runs       []QueryRun
		output     string
		snap       *Snapshot
		emptyWrite bool
		want       string
	}{
		{"checkpoint past the events", []QueryRun{resumed}, emptyShow, full, false, "the checkpoint checkpoints/x is already past them (offsets/1: p0 at 3, p1 at 2)"},
		{"latest on a new checkpoint, seen from the table", []QueryRun{latest}, "", firstRun, true, `a new query with startingOffsets "latest" starts at the end`},
		{"latest without a checkpoint in the workspace", []QueryRun{noCheckpoint}, emptyShow, full, false, `it started at "latest"`},
		{"watermark in append mode", []QueryRun{windowed}, "loaded 0 rows\n", full, false, "watermark passes its end"},
		{"watermark in update mode", []QueryRun{updating}, "loaded 0 rows\n", full, false, ""},
		{"not at the end", []QueryRun{partway}, emptyShow, full, false, ""},
		{"rows came back", []QueryRun{resumed}, "+---+\n|  a|\n+---+\n|  1|\n+---+\n", full, false, ""},
		{"no output and no empty write", []QueryRun{resumed}, "", full, false, ""},
		{"topic is empty too", []QueryRun{latest}, emptyShow, emptyTopic, false, ""},
		{"no streaming query", nil, emptyShow, full, false, ""},
	} {
		got := ExplainEmpty(tc.runs, tc.output, tc.snap, tc.emptyWrite)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("%s: got %q, want it to contain %q", tc.name, got, tc.want)
		}
	}
}

func TestReadFileForTheViewer(t *testing.T) {
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "a.json"), []byte(`{"x":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, "b.bin"), []byte{0, 1, 2}, 0o644); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]string{"a.json": `{"x":1}`, "b.bin": "(binary file, 3 bytes shown as a size only)", "none": "(open "} {
		if got := ReadFile(ws, rel); !strings.HasPrefix(got, want) {
			t.Errorf("ReadFile(%s) = %q, want %q", rel, got, want)
		}
	}
}

func TestAdminTopicsOnRealBroker(t *testing.T) {
	ctx := context.Background()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close(ctx)
	cl, err := broker.NewClient(b, kgo.MetadataMinAge(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	// Listed at once, although created a moment ago.
	topics, err := Admin{Client: cl}.Topics(ctx)
	if err != nil || len(topics) != 1 || len(topics[0].Partitions) != 3 {
		t.Fatalf("topics %+v, %v", topics, err)
	}
	for _, k := range []string{"a", "b", "a"} {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Key: []byte(k), Value: []byte("v")}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	s := Collect(ctx, Admin{Client: cl}, "")
	tp, ok := s.Topic("orders")
	if !ok || tp.Events() != 3 || s.Err != "" {
		t.Fatalf("snapshot %+v", s)
	}
}
