package delta

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

var update = flag.Bool("update", false, "rewrite golden files")

// deterministic makes uuids and file times predictable for golden files.
func deterministic(t *testing.T) {
	t.Helper()
	var mu sync.Mutex
	n := 0
	oldUUID, oldMod := newUUID, modTimeMs
	newUUID = func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", n)
	}
	modTimeMs = func(os.FileInfo) int64 { return 1790847300000 }
	t.Cleanup(func() { newUUID, modTimeMs = oldUUID, oldMod })
}

func ts(s string) sqltypes.Timestamp {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return sqltypes.Timestamp(t.UnixMicro())
}

func dec(u int64) sqltypes.Decimal { return sqltypes.Decimal{Unscaled: u, Scale: 2} }

var bronzeSchema = sqltypes.MustParseDDL("order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP, partition INT, offset BIGINT")

// fileStats computes the stats JSON string of one data file's rows.
func fileStats(schema *sqltypes.StructType, rows []sqltypes.Row, loc *time.Location) string {
	c := newStatsCollector(schema)
	c.add(rows)
	return c.json(loc)
}

// rowsTask is a task's rows held in memory; taskStreams turns tasks into Task streams.
type rowsTask struct {
	ID   int
	Rows []sqltypes.Row
}

func taskStreams(tasks []rowsTask) []Task {
	out := make([]Task, len(tasks))
	for i, tk := range tasks {
		out[i] = Task{ID: tk.ID, Rows: rowiter.Slice(tk.Rows)}
	}
	return out
}

// The course's events (course.md): batch 1 = three events, batch 2 = two.
func bronzeBatch1() []rowsTask {
	return []rowsTask{
		{ID: 0, Rows: []sqltypes.Row{
			{int32(1001), "C01", "placed", dec(2550), ts("2026-10-01T09:15:00Z"), int32(0), int64(0)},
			{int32(1002), "C02", "placed", dec(1200), ts("2026-10-01T09:40:00Z"), int32(0), int64(1)},
		}},
		{ID: 1, Rows: []sqltypes.Row{
			{int32(1003), "C03", "placed", dec(3100), ts("2026-10-01T09:55:00Z"), int32(1), int64(0)},
		}},
	}
}

func bronzeBatch2() []rowsTask {
	return []rowsTask{
		{ID: 0, Rows: []sqltypes.Row{{int32(1001), "C01", "paid", dec(2550), ts("2026-10-01T10:05:00Z"), int32(0), int64(2)}}},
		{ID: 1, Rows: []sqltypes.Row{{int32(1004), "C01", "placed", dec(4000), ts("2026-10-01T10:20:00Z"), int32(1), int64(1)}}},
	}
}

const queryID = "4e6c1b1a-0000-4000-8000-00000000abcd"

var t0 = time.Date(2026, 10, 1, 9, 20, 0, 0, time.UTC)

func checkGolden(t *testing.T, got []byte, name string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll("testdata", 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update once to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func readLog(t *testing.T, table *Table, v int64) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(table.Path(), "_delta_log", versionFileName(v)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sortRows(rows []sqltypes.Row) {
	sort.Slice(rows, func(i, j int) bool {
		return fmt.Sprint(rows[i]) < fmt.Sprint(rows[j])
	})
}

// The reference scenario: toTable creates v0, batch 0 is v1, batch 1 is v2.
func TestBronzeOrdersGolden(t *testing.T) {
	deterministic(t)
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "spark-warehouse", "bronze_orders")
	table, err := CreateTable(ctx, path, bronzeSchema, CreateOptions{Now: t0, Managed: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CreateTable(ctx, path, bronzeSchema, CreateOptions{Now: t0}); !errors.Is(err, ErrTableExists) {
		t.Errorf("second CreateTable err = %v", err)
	}
	written, v, err := table.WriteStreamingBatch(ctx, StreamingBatch{QueryID: queryID, BatchID: 0, OutputMode: "append",
		Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()), Now: t0.Add(time.Second), TimeZone: "UTC"})
	if err != nil || !written || v != 1 {
		t.Fatalf("batch 0: written=%v v=%d err=%v", written, v, err)
	}
	written, v, err = table.WriteStreamingBatch(ctx, StreamingBatch{QueryID: queryID, BatchID: 1, OutputMode: "Append",
		Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch2()), Now: t0.Add(time.Hour), TimeZone: "UTC"})
	if err != nil || !written || v != 2 {
		t.Fatalf("batch 1: written=%v v=%d err=%v", written, v, err)
	}
	checkGolden(t, readLog(t, table, 0), "bronze_v0.json.golden")
	checkGolden(t, readLog(t, table, 1), "bronze_v1.json.golden")
	checkGolden(t, readLog(t, table, 2), "bronze_v2.json.golden")

	// Every line ends with \n; files named like Spark's.
	for v := int64(0); v <= 2; v++ {
		if b := readLog(t, table, v); !bytes.HasSuffix(b, []byte("\n")) {
			t.Errorf("version %d does not end with a newline", v)
		}
	}
	if st, err := os.Stat(filepath.Join(path, "_delta_log", "_staged_commits")); err != nil || !st.IsDir() {
		t.Errorf("_staged_commits folder missing: %v", err)
	}
	names, _ := filepath.Glob(filepath.Join(path, "part-*.parquet"))
	re := regexp.MustCompile(`^part-0000[01]-[0-9a-f-]{36}-c000\.snappy\.parquet$`)
	if len(names) != 4 {
		t.Errorf("data files = %v, want 4", names)
	}
	for _, n := range names {
		if !re.MatchString(filepath.Base(n)) {
			t.Errorf("data file name %s does not look like Spark's", filepath.Base(n))
		}
	}

	rows, schema, err := table.ReadRows(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if schema.JSON() != bronzeSchema.AsNullable().JSON() {
		t.Errorf("schema = %s", schema.JSON())
	}
	var want []sqltypes.Row
	for _, tk := range append(bronzeBatch1(), bronzeBatch2()...) {
		want = append(want, tk.Rows...)
	}
	sortRows(rows)
	sortRows(want)
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows:\n%v\nwant\n%v", rows, want)
	}

	hist, err := table.History()
	if err != nil {
		t.Fatal(err)
	}
	var ops []string
	for _, h := range hist {
		ops = append(ops, fmt.Sprintf("%d %s", h.Version, h.Operation))
	}
	if strings.Join(ops, ";") != "2 STREAMING UPDATE;1 STREAMING UPDATE;0 CREATE TABLE" {
		t.Errorf("history = %v", ops)
	}
	if hist[1].OperationParameters[2] != (KV{Key: "epochId", Value: "0"}) || *hist[1].ReadVersion != 0 {
		t.Errorf("history[1] = %+v", hist[1])
	}
	if hist[0].OperationMetrics[2] != (KV{Key: "numOutputRows", Value: "2"}) {
		t.Errorf("history[0] metrics = %+v", hist[0].OperationMetrics)
	}
}

func newTable(t *testing.T) *Table {
	t.Helper()
	table, err := NewDriver().Open(filepath.Join(t.TempDir(), "tbl"))
	if err != nil {
		t.Fatal(err)
	}
	return table
}

func batch(id int64, mode string, tasks []rowsTask) StreamingBatch {
	return StreamingBatch{QueryID: queryID, BatchID: id, OutputMode: mode, Schema: bronzeSchema, Tasks: taskStreams(tasks), Now: t0, TimeZone: "UTC"}
}

func countVersions(t *testing.T, table *Table) int {
	vs, err := table.versions()
	if err != nil {
		t.Fatal(err)
	}
	return len(vs)
}

func TestStartOnEmptyPathPutsMetadataInBatchZero(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	written, v, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch1()))
	if err != nil || !written || v != 0 {
		t.Fatalf("written=%v v=%d err=%v", written, v, err)
	}
	lines := strings.Split(strings.TrimSuffix(string(readLog(t, table, 0)), "\n"), "\n")
	var keys []string
	for _, l := range lines {
		keys = append(keys, l[2:strings.Index(l[2:], `"`)+2])
	}
	if got := strings.Join(keys, ","); got != "commitInfo,metaData,protocol,txn,add,add" {
		t.Errorf("line order = %s", got)
	}
	if strings.Contains(lines[0], "readVersion") {
		t.Errorf("first commit must not have readVersion: %s", lines[0])
	}
}

func TestTxnMakesRerunANoOp(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	for _, b := range []StreamingBatch{batch(0, "append", bronzeBatch1()), batch(1, "append", bronzeBatch2())} {
		if _, _, err := table.WriteStreamingBatch(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	before := countVersions(t, table)
	files, _ := filepath.Glob(filepath.Join(table.Path(), "*.parquet"))
	for _, id := range []int64{1, 0} { // the same batch again, and an older one
		written, v, err := table.WriteStreamingBatch(ctx, batch(id, "append", bronzeBatch2()))
		if err != nil || written || v != 1 {
			t.Errorf("rerun batch %d: written=%v v=%d err=%v", id, written, v, err)
		}
	}
	after, _ := filepath.Glob(filepath.Join(table.Path(), "*.parquet"))
	if countVersions(t, table) != before || len(after) != len(files) {
		t.Errorf("skipped batch wrote something: versions %d->%d files %d->%d", before, countVersions(t, table), len(files), len(after))
	}
	// Another query writing batch 1 is not skipped: txn is per query.
	b := batch(1, "append", bronzeBatch2())
	b.QueryID = "other-query"
	if written, v, err := table.WriteStreamingBatch(ctx, b); err != nil || !written || v != 2 {
		t.Errorf("other query: written=%v v=%d err=%v", written, v, err)
	}
	rows, _, _ := table.ReadRows(ctx)
	if len(rows) != 7 {
		t.Errorf("rows = %d, want 7", len(rows))
	}
}

func TestCompleteModeReplacesFiles(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "complete", bronzeBatch1())); err != nil {
		t.Fatal(err)
	}
	written, v, err := table.WriteStreamingBatch(ctx, batch(1, "Complete", bronzeBatch2()))
	if err != nil || !written || v != 1 {
		t.Fatalf("written=%v v=%d err=%v", written, v, err)
	}
	log := string(readLog(t, table, 1))
	if strings.Count(log, `{"remove":{`) != 2 || strings.Count(log, `{"add":{`) != 2 {
		t.Errorf("complete commit:\n%s", log)
	}
	if !strings.Contains(log, `"isBlindAppend":false`) || !strings.Contains(log, `"outputMode":"Complete"`) ||
		!strings.Contains(log, `"operationMetrics":{"numRemovedFiles":"2","numAddedFiles":"2","numOutputRows":"2",`) {
		t.Errorf("complete commitInfo: %s", strings.SplitN(log, "\n", 2)[0])
	}
	// removes come after adds
	if strings.Index(log, `{"remove"`) < strings.LastIndex(log, `{"add"`) {
		t.Error("remove actions must follow the adds")
	}
	// A remove names the file with its size, without stats (a real Delta 4.4 complete-mode run).
	for _, line := range strings.Split(log, "\n") {
		if strings.HasPrefix(line, `{"remove":`) && !regexp.MustCompile(`^\{"remove":\{"path":"part-\d{5}-[0-9a-f-]{36}-c000\.snappy\.parquet","deletionTimestamp":\d+,"dataChange":true,"extendedFileMetadata":true,"partitionValues":\{\},"size":\d+\}\}$`).MatchString(line) {
			t.Errorf("remove action not as Delta writes it: %s", line)
		}
	}
	rows, _, err := table.ReadRows(ctx)
	if err != nil || len(rows) != 2 {
		t.Fatalf("rows = %v err = %v", rows, err)
	}
	// A no-data complete batch still commits (txn) and removes every file; it adds none.
	written, v, err = table.WriteStreamingBatch(ctx, batch(2, "complete", nil))
	if err != nil || !written || v != 2 {
		t.Fatalf("empty batch: written=%v v=%d err=%v", written, v, err)
	}
	snap, _ := table.Snapshot()
	if len(snap.Files) != 0 {
		t.Errorf("files after empty complete batch: %+v", snap.Files)
	}
}

func TestEmptyTasks(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	tasks := []rowsTask{{ID: 0}, {ID: 1, Rows: bronzeBatch1()[1].Rows}, {ID: 2}}
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", tasks)); err != nil {
		t.Fatal(err)
	}
	snap, _ := table.Snapshot()
	var prefixes []string
	for _, f := range snap.Files {
		prefixes = append(prefixes, f.Add.Path[:10])
	}
	sort.Strings(prefixes)
	if strings.Join(prefixes, ",") != "part-00001" {
		t.Errorf("files = %v, want only task 1's (empty tasks, task 0 too, write nothing)", prefixes)
	}
}

// A crash after the data files were written but before the commit leaves strays that no
// reader sees; the re-run then commits normally.
func TestCrashBeforeCommitLeavesInvisibleStrays(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch1())); err != nil {
		t.Fatal(err)
	}
	loc, _ := location("UTC")
	snap, _ := table.Snapshot()
	if _, err := table.writeDataFiles(ctx, snap.Schema, nil, taskStreams(bronzeBatch2()), nil, loc); err != nil {
		t.Fatal(err)
	}
	rows, _, err := table.ReadRows(ctx)
	if err != nil || len(rows) != 3 {
		t.Fatalf("after crash: %d rows, err %v", len(rows), err)
	}
	written, v, err := table.WriteStreamingBatch(ctx, batch(1, "append", bronzeBatch2()))
	if err != nil || !written || v != 1 {
		t.Fatalf("rerun: written=%v v=%d err=%v", written, v, err)
	}
	rows, _, _ = table.ReadRows(ctx)
	if len(rows) != 5 {
		t.Errorf("after rerun: %d rows, want 5", len(rows))
	}
	all, _ := filepath.Glob(filepath.Join(table.Path(), "*.parquet"))
	if len(all) != 6 {
		t.Errorf("files on disk = %d, want 6 (two strays)", len(all))
	}
}

func TestConcurrentWritersOneWinsPerVersion(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch1())); err != nil {
		t.Fatal(err)
	}
	// Two runs of the same query race for batch 1: exactly one commits it.
	var wg sync.WaitGroup
	results := make([]bool, 4)
	errs := make([]error, 4)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			b := batch(1, "append", bronzeBatch2())
			if i >= 2 {
				b.QueryID = fmt.Sprintf("query-%d", i) // distinct queries: all must commit
			}
			results[i], _, errs[i] = table.WriteStreamingBatch(ctx, b)
		}(i)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", i, err)
		}
	}
	if results[0] == results[1] || !results[2] || !results[3] {
		t.Errorf("written = %v, want exactly one of the first two, and both others", results)
	}
	if n := countVersions(t, table); n != 4 {
		t.Errorf("versions = %d, want 4", n)
	}
	rows, _, _ := table.ReadRows(ctx)
	if len(rows) != 3+3*2 {
		t.Errorf("rows = %d, want 9", len(rows))
	}
}

func TestStreamingErrors(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "update", nil)); err == nil || !strings.Contains(err.Error(), "DELTA_UNSUPPORTED_OUTPUT_MODE") {
		t.Errorf("update mode err = %v", err)
	}
	b := batch(0, "append", nil)
	b.TimeZone = "Mars/Olympus"
	if _, _, err := table.WriteStreamingBatch(ctx, b); err == nil || !strings.Contains(err.Error(), "Mars/Olympus") {
		t.Errorf("bad zone err = %v", err)
	}
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch1())); err != nil {
		t.Fatal(err)
	}
	b = batch(1, "append", []rowsTask{{ID: 0, Rows: []sqltypes.Row{{int32(1)}}}})
	b.Schema = sqltypes.MustParseDDL("order_id INT")
	if _, _, err := table.WriteStreamingBatch(ctx, b); err == nil || !strings.Contains(err.Error(), "schema mismatch") {
		t.Errorf("schema mismatch err = %v", err)
	}
	// Same columns in another order are matched by name.
	reordered := sqltypes.MustParseDDL("offset BIGINT, order_id INT, customer_id STRING, status STRING, amount DECIMAL(10,2), event_time TIMESTAMP, partition INT")
	b = batch(1, "append", []rowsTask{{ID: 0, Rows: []sqltypes.Row{{int64(9), int32(1005), "C05", "placed", dec(100), ts("2026-10-01T11:00:00Z"), int32(2)}}}})
	b.Schema = reordered
	if _, _, err := table.WriteStreamingBatch(ctx, b); err != nil {
		t.Fatal(err)
	}
	rows, _, _ := table.ReadRows(ctx)
	found := false
	for _, r := range rows {
		if r[0] == int32(1005) && r[6] == int64(9) && r[5] == int32(2) {
			found = true
		}
	}
	if !found {
		t.Errorf("reordered row not stored by name: %v", rows)
	}
}

func TestStaticWrites(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	w := BatchWrite{Mode: "append", Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()), Now: t0, TimeZone: "UTC"}
	if written, v, err := table.Write(ctx, w); err != nil || !written || v != 0 {
		t.Fatalf("append to new: %v %d %v", written, v, err)
	}
	first := string(readLog(t, table, 0))
	if !strings.Contains(first, `"operation":"WRITE","operationParameters":{"mode":"Append","partitionBy":"[]"},"isolationLevel":"Serializable","isBlindAppend":true,"operationMetrics":{"numFiles":"2","numOutputRows":"3","numOutputBytes":"`) {
		t.Errorf("WRITE commitInfo: %s", first)
	}
	w.Mode = "errorifexists"
	if _, _, err := table.Write(ctx, w); err == nil || !strings.HasPrefix(err.Error(), "[DELTA_PATH_EXISTS] Cannot write to already existent path ") {
		t.Errorf("errorifexists err = %v", err)
	}
	w.Mode = "ignore"
	if written, v, err := table.Write(ctx, w); err != nil || written || v != 0 {
		t.Errorf("ignore: %v %d %v", written, v, err)
	}
	w.Mode = "overwrite"
	w.Tasks = taskStreams(bronzeBatch2()[:1])
	if written, v, err := table.Write(ctx, w); err != nil || !written || v != 1 {
		t.Fatalf("overwrite: %v %d %v", written, v, err)
	}
	log := string(readLog(t, table, 1))
	if !strings.Contains(log, `"mode":"Overwrite"`) || !strings.Contains(log, `"readVersion":0`) ||
		!strings.Contains(log, `"isBlindAppend":false`) || strings.Count(log, `{"remove"`) != 2 {
		t.Errorf("overwrite commit:\n%s", log)
	}
	rows, _, _ := table.ReadRows(ctx)
	if len(rows) != 1 || rows[0][2] != "paid" {
		t.Errorf("after overwrite: %v", rows)
	}
	w.Mode = "sideways"
	if _, _, err := table.Write(ctx, w); err == nil || !strings.Contains(err.Error(), "unknown save mode") {
		t.Errorf("bad mode err = %v", err)
	}
	// saveAsTable on a new table is CREATE TABLE AS SELECT, except in overwrite mode, which
	// replaces the table even when there is none (as PySpark 4.2 + Delta 4.4 log it).
	for _, c := range []struct{ mode, want string }{
		{"errorifexists", `"operation":"CREATE TABLE AS SELECT","operationParameters":{"partitionBy":"[]","clusterBy":"[]","description":null,"isManaged":"true","properties":"{}"},"isolationLevel":"Serializable","isBlindAppend":true,"operationMetrics":{"numFiles":"2","numOutputRows":"3",`},
		{"overwrite", `"operation":"CREATE OR REPLACE TABLE AS SELECT","operationParameters":{"isV1SaveAsTableOverwrite":true,"partitionBy":"[]","clusterBy":"[]","description":null,"isManaged":"true","properties":"{}"},"isolationLevel":"Serializable","isBlindAppend":false,"operationMetrics":{"numFiles":"2","numRemovedFiles":"0","numRemovedBytes":"0","numOutputRows":"3",`},
	} {
		t2 := newTable(t)
		if _, _, err := t2.Write(ctx, BatchWrite{Mode: c.mode, Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()), SaveAsTable: true}); err != nil {
			t.Fatal(err)
		}
		if l := string(readLog(t, t2, 0)); !strings.Contains(l, c.want) {
			t.Errorf("saveAsTable(mode=%s) of a new table, commitInfo:\n%s\nwant it to hold:\n%s", c.mode, l, c.want)
		}
	}
}

func TestCorruptLogAndMissingFiles(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch1())); err != nil {
		t.Fatal(err)
	}
	if _, _, err := table.WriteStreamingBatch(ctx, batch(1, "append", bronzeBatch2())); err != nil {
		t.Fatal(err)
	}
	// A data file deleted by hand.
	snap, _ := table.Snapshot()
	os.Remove(filepath.Join(table.Path(), snap.Files[0].Add.Path))
	if _, _, err := table.ReadRows(ctx); err == nil || !strings.Contains(err.Error(), "is missing") {
		t.Errorf("missing file err = %v", err)
	}
	// A truncated commit.
	p := filepath.Join(table.Path(), "_delta_log", versionFileName(1))
	os.WriteFile(p, []byte(`{"commitInfo":{"timestamp":1}}`+"\n"+`{"add":{"path":"x`), 0o644)
	if _, err := table.Snapshot(); err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("corrupt commit err = %v", err)
	}
	// A missing version in the middle.
	os.Remove(p)
	os.WriteFile(filepath.Join(table.Path(), "_delta_log", versionFileName(2)), []byte(`{"commitInfo":{}}`+"\n"), 0o644)
	if _, err := table.Snapshot(); err == nil || !strings.Contains(err.Error(), versionFileName(1)+" is missing") {
		t.Errorf("gap err = %v", err)
	}
	// Not a table.
	empty := newTable(t)
	if _, _, err := empty.ReadRows(ctx); err == nil || !strings.Contains(err.Error(), "not a Delta table") {
		t.Errorf("empty table err = %v", err)
	}
}

func TestFileStats(t *testing.T) {
	schema := sqltypes.MustParseDDL("id INT, name STRING, amount DECIMAL(12,10), at TIMESTAMP, ok BOOLEAN, score DOUBLE, d DATE, nest STRUCT<a: BIGINT, b: BINARY>")
	long := strings.Repeat("x", 40)
	rows := []sqltypes.Row{
		{int32(3), long, sqltypes.Decimal{Unscaled: 0, Scale: 10}, ts("2026-10-01T09:15:00.123999Z"), true, 1.5, sqltypes.Date(20362), sqltypes.Row{int64(5), []byte{1}}},
		{int32(-1), "a\"b", sqltypes.Decimal{Unscaled: 25_500_000_000, Scale: 10}, ts("2026-10-01T10:00:00Z"), nil, 1e21, nil, nil},
		{nil, nil, nil, nil, false, nil, nil, sqltypes.Row{nil, nil}},
	}
	la, _ := time.LoadLocation("America/Los_Angeles")
	tests := []struct {
		name string
		loc  *time.Location
		rows []sqltypes.Row
		want string
	}{
		{"utc", time.UTC, rows,
			`{"numRecords":3,"minValues":{"id":-1,"name":"a\"b","amount":0E-10,"at":"2026-10-01T09:15:00.123Z","score":1.5,"d":"2025-10-01","nest":{"a":5}},` +
				`"maxValues":{"id":3,"name":"` + strings.Repeat("x", 32) + "\u007f" + `","amount":2.5500000000,"at":"2026-10-01T10:00:00.000Z","score":1.0E21,"d":"2025-10-01","nest":{"a":5}},` +
				`"nullCount":{"id":1,"name":1,"amount":1,"at":1,"ok":1,"score":1,"d":2,"nest":{"a":2,"b":2}}}`},
		{"session zone", la, rows[1:2],
			`{"numRecords":1,"minValues":{"id":-1,"name":"a\"b","amount":2.5500000000,"at":"2026-10-01T03:00:00.000-07:00","score":1.0E21,"nest":{}},` +
				`"maxValues":{"id":-1,"name":"a\"b","amount":2.5500000000,"at":"2026-10-01T03:00:00.000-07:00","score":1.0E21,"nest":{}},` +
				`"nullCount":{"id":0,"name":0,"amount":0,"at":0,"ok":1,"score":0,"d":1,"nest":{"a":1,"b":1}}}`},
		{"empty", time.UTC, nil, `{"numRecords":0,"minValues":{},"maxValues":{},"nullCount":{}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := fileStats(schema, tc.rows, tc.loc); got != tc.want {
				t.Errorf("stats:\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

func TestStringTruncation(t *testing.T) {
	tests := []struct {
		in, min, max string
	}{
		{"short", "short", "short"},
		{strings.Repeat("a", 32), strings.Repeat("a", 32), strings.Repeat("a", 32)},
		{strings.Repeat("a", 33), strings.Repeat("a", 32), strings.Repeat("a", 32) + "\u007f"},
		{strings.Repeat("a", 32) + "é", strings.Repeat("a", 32), strings.Repeat("a", 32) + "\U0010FFFF"},
		// a surrogate pair straddling the cut stays whole
		{strings.Repeat("a", 31) + "😀" + "zz", strings.Repeat("a", 31) + "😀", strings.Repeat("a", 31) + "😀" + "\u007f"},
	}
	for _, tc := range tests {
		if got := truncateMin(tc.in, 32); got != tc.min {
			t.Errorf("truncateMin(%q) = %q, want %q", tc.in, got, tc.min)
		}
		if got, ok := truncateMax(tc.in, 32); !ok || got != tc.max {
			t.Errorf("truncateMax(%q) = %q %v, want %q", tc.in, got, ok, tc.max)
		}
	}
}

func TestJSONStringEscaping(t *testing.T) {
	got := string(appendJSONString(nil, "a\"\\/<>&\n\t\x01é\u2028"))
	want := `"a\"\\/<>&\n\t\u0001é` + "\u2028" + `"`
	if got != want {
		t.Errorf("got %s want %s", got, want)
	}
}

// BenchmarkStreamingBatch1M commits one streaming batch of 1M order rows in 3 tasks (data
// files, stats, log): the Delta sink's share of a 1M-event availableNow run.
func BenchmarkStreamingBatch1M(b *testing.B) {
	const n = 1_000_000
	base := int64(ts("2026-10-01T09:00:00Z"))
	tasks := make([]rowsTask, 3)
	for i := 0; i < n; i++ {
		p := i % 3
		tasks[p].ID = p
		tasks[p].Rows = append(tasks[p].Rows, sqltypes.Row{int32(1000 + i), fmt.Sprintf("C%02d", i%50), "placed",
			dec(int64(i % 100000)), sqltypes.Timestamp(base + int64(i)*1000), int32(p), int64(i / 3)})
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		table, err := Open(filepath.Join(b.TempDir(), "bench"))
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := table.WriteStreamingBatch(ctx, StreamingBatch{QueryID: queryID, BatchID: 0, OutputMode: "append",
			Schema: bronzeSchema, Tasks: taskStreams(tasks), TimeZone: "UTC"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// writeBatches commits n one-row streaming batches after a CREATE TABLE (versions 0..n).
func writeBatches(t testing.TB, table *Table, n int, mode string) {
	ctx := context.Background()
	if _, err := CreateTable(ctx, table.Path(), bronzeSchema, CreateOptions{Now: t0, Managed: true}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		row := sqltypes.Row{int32(2000 + i), fmt.Sprintf("C%02d", i), "placed", dec(int64(100 * i)), ts("2026-10-01T09:15:00Z"), int32(i % 3), int64(i)}
		if _, _, err := table.WriteStreamingBatch(ctx, batch(int64(i), mode, []rowsTask{{ID: i % 3, Rows: []sqltypes.Row{row}}})); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheckpointEveryTenVersions(t *testing.T) {
	ctx := context.Background()
	for _, mode := range []string{"append", "complete"} {
		t.Run(mode, func(t *testing.T) {
			table := newTable(t)
			writeBatches(t, table, 12, mode) // versions 0..12
			logDir := filepath.Join(table.Path(), "_delta_log")
			cps, _ := filepath.Glob(filepath.Join(logDir, "*.checkpoint.parquet"))
			if len(cps) != 1 || filepath.Base(cps[0]) != "00000000000000000010.checkpoint.parquet" {
				t.Fatalf("checkpoints = %v", cps)
			}
			var last map[string]any
			data, _ := os.ReadFile(filepath.Join(logDir, "_last_checkpoint"))
			if err := json.Unmarshal(data, &last); err != nil || last["version"] != float64(10) {
				t.Fatalf("_last_checkpoint = %s (%v)", data, err)
			}
			wantAdds := map[string]float64{"append": 10, "complete": 1}[mode]
			if last["numOfAddFiles"] != wantAdds {
				t.Errorf("numOfAddFiles = %v, want %v", last["numOfAddFiles"], wantAdds)
			}
			// State from the checkpoint + JSON 11, 12 equals the full JSON replay.
			viaCP, err := table.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			os.Rename(filepath.Join(logDir, "_last_checkpoint"), filepath.Join(logDir, "saved"))
			full, err := table.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			os.Rename(filepath.Join(logDir, "saved"), filepath.Join(logDir, "_last_checkpoint"))
			if viaCP.Version != 12 || !reflect.DeepEqual(filePaths(viaCP), filePaths(full)) || !reflect.DeepEqual(viaCP.Txns, full.Txns) || !reflect.DeepEqual(viaCP.txns, full.txns) ||
				!reflect.DeepEqual(viaCP.Metadata, full.Metadata) || !reflect.DeepEqual(viaCP.Protocol, full.Protocol) {
				t.Errorf("checkpoint snapshot differs:\n%+v\n%+v", viaCP, full)
			}
			// Complete mode removed 11 files; the batches are dated t0 (weeks before the clock),
			// so the checkpoint drops the 9 tombstones past the 7-day retention and only the
			// removes of versions 11 and 12 remain.
			if mode == "complete" && (len(viaCP.tombstones) != 2 || len(full.tombstones) != 11) {
				t.Errorf("tombstones = %d via checkpoint, %d via JSON; want 2 and 11", len(viaCP.tombstones), len(full.tombstones))
			}
			// With the early JSON commits cleaned up, the checkpoint alone carries the state.
			for v := int64(0); v < 10; v++ {
				os.Remove(filepath.Join(logDir, versionFileName(v)))
			}
			rows, _, err := table.ReadRows(ctx)
			wantRows := map[string]int{"append": 12, "complete": 1}[mode]
			if err != nil || len(rows) != wantRows {
				t.Fatalf("rows after cleanup = %d, err %v", len(rows), err)
			}
			// txn survives in the checkpoint: batch 5 is still skipped.
			if written, _, err := table.WriteStreamingBatch(ctx, batch(5, mode, nil)); err != nil || written {
				t.Errorf("batch 5 after cleanup: written=%v err=%v", written, err)
			}
			// A damaged checkpoint with the early commits gone is an error naming it.
			os.WriteFile(cps[0], []byte("not parquet"), 0o644)
			if _, err := table.Snapshot(); err == nil || !strings.Contains(err.Error(), "checkpoint") {
				t.Errorf("damaged checkpoint err = %v", err)
			}
		})
	}
}

func filePaths(s *Snapshot) []string {
	var out []string
	for _, f := range s.Files {
		out = append(out, f.Add.Path)
	}
	sort.Strings(out)
	return out
}

func TestSnapshotAt(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	writeBatches(t, table, 12, "append")
	for _, tc := range []struct {
		version int64
		rows    int
	}{{0, 0}, {1, 1}, {5, 5}, {10, 10}, {11, 11}, {12, 12}} {
		s, err := table.SnapshotAt(tc.version)
		if err != nil {
			t.Fatalf("SnapshotAt(%d): %v", tc.version, err)
		}
		rows, err := s.ReadRows(ctx)
		if err != nil || len(rows) != tc.rows || s.Version != tc.version {
			t.Errorf("SnapshotAt(%d): version %d, %d rows, err %v; want %d rows", tc.version, s.Version, len(rows), err, tc.rows)
		}
	}
	if _, err := table.SnapshotAt(13); err == nil || !strings.Contains(err.Error(), "[DELTA_VERSION_NOT_FOUND] Cannot time travel Delta table to version 13. Available versions: [0, 12].") {
		t.Errorf("SnapshotAt(13) err = %v", err)
	}
}

func TestSessionZoneIDs(t *testing.T) {
	schema := sqltypes.MustParseDDL("at TIMESTAMP")
	rows := []sqltypes.Row{{ts("2026-10-01T09:15:00Z")}}
	for zone, want := range map[string]string{
		"":                 "2026-10-01T09:15:00.000Z",
		"UTC":              "2026-10-01T09:15:00.000Z",
		"+02:00":           "2026-10-01T11:15:00.000+02:00",
		"America/New_York": "2026-10-01T05:15:00.000-04:00",
	} {
		loc, err := location(zone)
		if err != nil {
			t.Fatalf("%q: %v", zone, err)
		}
		if got := fileStats(schema, rows, loc); !strings.Contains(got, `"minValues":{"at":"`+want+`"}`) {
			t.Errorf("zone %q: stats %s, want min %s", zone, got, want)
		}
	}
	if _, err := location("Nowhere/Special"); err == nil {
		t.Error("unknown zone accepted")
	}
}

// BenchmarkReadRows1M reads back a 1M-row table (3 files).
func BenchmarkReadRows1M(b *testing.B) {
	const n = 1_000_000
	base := int64(ts("2026-10-01T09:00:00Z"))
	tasks := make([]rowsTask, 3)
	for i := 0; i < n; i++ {
		p := i % 3
		tasks[p].ID = p
		tasks[p].Rows = append(tasks[p].Rows, sqltypes.Row{int32(1000 + i), fmt.Sprintf("C%02d", i%50), "placed",
			dec(int64(i % 100000)), sqltypes.Timestamp(base + int64(i)*1000), int32(p), int64(i / 3)})
	}
	ctx := context.Background()
	table, err := Open(filepath.Join(b.TempDir(), "bench"))
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := table.WriteStreamingBatch(ctx, StreamingBatch{QueryID: queryID, BatchID: 0, OutputMode: "append",
		Schema: bronzeSchema, Tasks: taskStreams(tasks), TimeZone: "UTC"}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		rows, _, err := table.ReadRows(ctx)
		if err != nil || len(rows) != n {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}

// Spark's task 0 always writes its file, and Delta leaves a file without rows out of the
// commit: a batch whose task 0 is empty leaves one empty part-00000 file that no version
// names; a batch whose task 0 has rows leaves none.
func TestEmptyTaskZeroLeavesAnUncommittedFile(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		tasks     []rowsTask
		committed int // data files the commit adds
		onDisk    int // part files in the folder
	}{
		{"no tasks", nil, 0, 1},
		{"task 0 empty", []rowsTask{{ID: 0}, {ID: 1, Rows: bronzeBatch2()[0].Rows}}, 1, 2},
		{"task 0 with rows", []rowsTask{{ID: 0, Rows: bronzeBatch2()[0].Rows}, {ID: 1}}, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			table := newTable(t)
			if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", tc.tasks)); err != nil {
				t.Fatal(err)
			}
			log := string(readLog(t, table, 0))
			if n := strings.Count(log, `{"add":{`); n != tc.committed {
				t.Errorf("the commit adds %d files, want %d:\n%s", n, tc.committed, log)
			}
			files, _ := filepath.Glob(filepath.Join(table.Path(), "part-*.parquet"))
			if len(files) != tc.onDisk {
				t.Errorf("%d part files on disk, want %d: %v", len(files), tc.onDisk, files)
			}
			for _, f := range files {
				if base := filepath.Base(f); !strings.Contains(log, base) && !strings.HasPrefix(base, "part-00000-") {
					t.Errorf("%s is on disk but in no commit, and is not task 0's", base)
				}
			}
			rows, _, err := table.ReadRows(ctx)
			if err != nil || len(rows) != tc.committed {
				t.Errorf("rows read back = %d (err %v), want %d", len(rows), err, tc.committed)
			}
		})
	}
}

// generated streams n bronze rows made as they are read, a chunk of size at a time, so no
// one holds them all; it counts the rows it made.
func generated(n, size int, made *int) rowiter.Iter {
	return rowiter.Func(func(context.Context) ([]sqltypes.Row, error) {
		if *made >= n {
			return nil, io.EOF
		}
		chunk := make([]sqltypes.Row, 0, size)
		for ; *made < n && len(chunk) < size; *made++ {
			i := *made
			chunk = append(chunk, sqltypes.Row{int32(i), fmt.Sprintf("C%03d", i%500), "placed", dec(int64(i % 10000)),
				sqltypes.Timestamp(int64(ts("2026-10-01T09:00:00Z")) + int64(i)*1000), int32(0), int64(i)})
		}
		return chunk, nil
	}, nil)
}

// TestStreamingWriteOfAStream: a task's rows are written as they stream in, chunk by
// chunk, into one data file per task with the stats of every row.
func TestStreamingWriteOfAStream(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	var made0, made1 int
	b := StreamingBatch{QueryID: queryID, BatchID: 0, OutputMode: "append", Schema: bronzeSchema, Now: t0, TimeZone: "UTC",
		Tasks: []Task{{ID: 0, Rows: generated(150_000, 4096, &made0)}, {ID: 1, Rows: generated(70_001, 1000, &made1)}}}
	if written, v, err := table.WriteStreamingBatch(ctx, b); err != nil || !written || v != 0 {
		t.Fatalf("write: %v %d %v", written, v, err)
	}
	log := string(readLog(t, table, 0))
	for _, want := range []string{`\"numRecords\":150000,\"minValues\":{\"order_id\":0,`, `\"maxValues\":{\"order_id\":149999,`,
		`\"numRecords\":70001,\"minValues\":{\"order_id\":0,`, `"numAddedFiles":"2","numOutputRows":"220001"`} {
		if !strings.Contains(log, want) {
			t.Errorf("log has no %s:\n%s", want, log)
		}
	}
	rows, _, err := table.ReadRows(ctx)
	if err != nil || len(rows) != 220_001 {
		t.Fatalf("read back %d rows, %v", len(rows), err)
	}
	if rows[149_999][0] != int32(149_999) || rows[150_000][0] != int32(0) {
		t.Fatalf("rows out of order: %v %v", rows[149_999], rows[150_000])
	}
}
