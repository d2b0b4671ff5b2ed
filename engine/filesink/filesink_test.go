package filesink

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

var update = flag.Bool("update", false, "rewrite golden files")

var schema = sqltypes.MustParseDDL("window STRUCT<start: TIMESTAMP, end: TIMESTAMP>, orders BIGINT, amount DECIMAL(10,2)")

func ts(s string) sqltypes.Timestamp {
	t, _ := time.Parse(time.RFC3339, s)
	return sqltypes.Timestamp(t.UnixMicro())
}

func win(start, end string, n int64, amount int64) sqltypes.Row {
	return sqltypes.Row{sqltypes.Row{ts(start), ts(end)}, n, sqltypes.Decimal{Unscaled: amount, Scale: 2}}
}

func newSink(t *testing.T) *Sink {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	n := 0
	s.newUUID = func() string {
		mu.Lock()
		defer mu.Unlock()
		n++
		return fmt.Sprintf("00000000-0000-4000-8000-%012d", n)
	}
	s.modTimeMs = func(os.FileInfo) int64 { return 1790847300000 }
	return s
}

func checkGolden(t *testing.T, got []byte, name string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(path, got, 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update once)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestBatchLogGolden(t *testing.T) {
	ctx := context.Background()
	s := newSink(t)
	tasks := [][]sqltypes.Row{
		{win("2026-10-01T09:15:00Z", "2026-10-01T09:20:00Z", 1, 2550)},
		nil, // empty task: no file
		{win("2026-10-01T09:40:00Z", "2026-10-01T09:45:00Z", 1, 1200), win("2026-10-01T09:55:00Z", "2026-10-01T10:00:00Z", 1, 3100)},
	}
	written, err := s.AddBatch(ctx, 0, schema, rowiter.Tasks(tasks, 0))
	if err != nil || !written {
		t.Fatalf("AddBatch: %v %v", written, err)
	}
	// An empty batch logs task 0's empty file.
	if written, err := s.AddBatch(ctx, 1, schema, nil); err != nil || !written {
		t.Fatalf("empty AddBatch: %v %v", written, err)
	}
	for _, id := range []string{"0", "1"} {
		b, err := os.ReadFile(filepath.Join(s.Path(), MetadataDir, id))
		if err != nil {
			t.Fatal(err)
		}
		b = bytes.ReplaceAll(b, []byte(s.Path()), []byte("/OUT"))
		checkGolden(t, b, "spark_metadata_"+id+".golden")
	}
	rows, got, err := readRows(ctx, s.Path(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.JSON() != schema.JSON() {
		t.Errorf("schema from footer = %s", got.JSON())
	}
	want := append(append([]sqltypes.Row{}, tasks[0]...), tasks[2]...)
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows = %v\nwant %v", rows, want)
	}
}

func TestSkipCommittedBatchAndStraysInvisible(t *testing.T) {
	ctx := context.Background()
	s := newSink(t)
	one := [][]sqltypes.Row{{win("2026-10-01T09:15:00Z", "2026-10-01T09:20:00Z", 1, 100)}}
	for id := int64(0); id < 2; id++ {
		if _, err := s.AddBatch(ctx, id, schema, rowiter.Tasks(one, 0)); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := filepath.Glob(filepath.Join(s.Path(), "*.parquet"))
	for _, id := range []int64{1, 0} {
		written, err := s.AddBatch(ctx, id, schema, rowiter.Tasks(one, 0))
		if err != nil || written {
			t.Errorf("re-run batch %d: written=%v err=%v", id, written, err)
		}
	}
	// A crashed attempt of batch 2 left a data file but no log entry.
	if _, err := sparkparquet.WriteFile(filepath.Join(s.Path(), "part-00000-stray-c000.snappy.parquet"), schema, one[0], nil); err != nil {
		t.Fatal(err)
	}
	after, _ := filepath.Glob(filepath.Join(s.Path(), "*.parquet"))
	if len(after) != len(before)+1 {
		t.Fatalf("files %d -> %d", len(before), len(after))
	}
	rows, _, err := readRows(ctx, s.Path(), schema)
	if err != nil || len(rows) != 2 {
		t.Errorf("rows = %d (%v), want 2: the stray must be invisible", len(rows), err)
	}
	// Writing the log entry of an existing batch by hand fails: never overwritten.
	if err := s.writeLog(1, nil); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("rewrite log err = %v", err)
	}
}

func TestCompaction(t *testing.T) {
	ctx := context.Background()
	s := newSink(t)
	if err := s.SetCompactInterval(3); err != nil {
		t.Fatal(err)
	}
	for id := int64(0); id < 7; id++ {
		rows := [][]sqltypes.Row{{win("2026-10-01T09:15:00Z", "2026-10-01T09:20:00Z", id, 100*id)}}
		if _, err := s.AddBatch(ctx, id, schema, rowiter.Tasks(rows, 0)); err != nil {
			t.Fatal(err)
		}
	}
	ents, _ := os.ReadDir(filepath.Join(s.Path(), MetadataDir))
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "0,1,2.compact,3,4,5.compact,6" {
		t.Errorf("log files = %v", names)
	}
	compact, _ := os.ReadFile(filepath.Join(s.Path(), MetadataDir, "5.compact"))
	if n := strings.Count(string(compact), "\n"); n != 6 {
		t.Errorf("5.compact has %d entries, want 6:\n%s", n, compact)
	}
	if latest, ok, _ := LatestBatchID(s.Path()); !ok || latest != 6 {
		t.Errorf("latest = %d %v", latest, ok)
	}
	rows, _, err := readRows(ctx, s.Path(), schema)
	if err != nil || len(rows) != 7 {
		t.Fatalf("rows = %d err = %v", len(rows), err)
	}
	for i, r := range rows {
		if r[1] != int64(i) {
			t.Errorf("row %d orders = %v (log order lost)", i, r[1])
		}
	}
	if written, _ := s.AddBatch(ctx, 5, schema, nil); written {
		t.Error("batch 5 (in a compact file) was not skipped")
	}
	// Eleven minutes later the next compaction (batch 8) deletes the log files it makes
	// redundant (all before 8), as Spark does after fileSink.log.cleanupDelay (10 min).
	s.now = func() time.Time { return time.Now().Add(11 * time.Minute) }
	for id := int64(7); id < 9; id++ {
		if _, err := s.AddBatch(ctx, id, schema, rowiter.Tasks([][]sqltypes.Row{{win("2026-10-01T09:15:00Z", "2026-10-01T09:20:00Z", id, 0)}}, 0)); err != nil {
			t.Fatal(err)
		}
	}
	ents, _ = os.ReadDir(filepath.Join(s.Path(), MetadataDir))
	names = nil
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, ",") != "8.compact" {
		t.Errorf("log files after cleanup = %v, want only 8.compact", names)
	}
	if rows, _, err := readRows(ctx, s.Path(), schema); err != nil || len(rows) != 9 {
		t.Errorf("rows after cleanup = %d, err %v", len(rows), err)
	}
	if err := s.SetCompactInterval(0); err == nil {
		t.Error("compact interval 0 accepted")
	}
}

func TestCorruptLogAndBadInput(t *testing.T) {
	ctx := context.Background()
	s := newSink(t)
	if _, err := s.AddBatch(ctx, 0, schema, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ content, want string }{
		{"v2\n{}", "newer Spark"},
		{"garbage", "version like"},
		{"v1\n{\"path\":\"file:///x\",\"si", "line 2 is not a file entry"},
	} {
		p := filepath.Join(s.Path(), MetadataDir, "1")
		os.WriteFile(p, []byte(tc.content), 0o644)
		_, _, err := readRows(ctx, s.Path(), schema)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), p) {
			t.Errorf("content %q: err = %v", tc.content, err)
		}
		os.Remove(p)
	}
	if _, err := Open(""); err == nil {
		t.Error("empty path accepted")
	}
	bad := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "n", Type: sqltypes.Null, Nullable: true}}}
	if _, err := s.AddBatch(ctx, 5, bad, nil); err == nil || !strings.Contains(err.Error(), "cannot be written to parquet") {
		t.Errorf("void column err = %v", err)
	}
	if HasLog(filepath.Join(t.TempDir(), "nothing")) || !HasLog(s.Path()) {
		t.Error("HasLog wrong")
	}
}

// TestInteropPyarrow reads the sink's files (listed through the log) with pyarrow when
// KAFKALAB_PYTHON is set (the test-pyinterop tier).
func TestInteropPyarrow(t *testing.T) {
	python := os.Getenv("KAFKALAB_PYTHON")
	if python == "" {
		t.Skip("KAFKALAB_PYTHON not set; run `make test-pyinterop`")
	}
	ctx := context.Background()
	s := newSink(t)
	rows := []sqltypes.Row{win("2026-10-01T09:15:00Z", "2026-10-01T09:20:00Z", 2, 3750), {nil, nil, nil}}
	if _, err := s.AddBatch(ctx, 0, schema, rowiter.Tasks([][]sqltypes.Row{rows}, 0)); err != nil {
		t.Fatal(err)
	}
	files, err := Files(s.Path())
	if err != nil || len(files) != 1 {
		t.Fatalf("files = %v %v", files, err)
	}
	local, _ := files[0].LocalPath()
	script := `
import json, sys, pyarrow.parquet as pq
t = pq.read_table(sys.argv[1])
def v(x):
    if isinstance(x, dict): return {k: v(y) for k, y in x.items()}
    if x is None or isinstance(x, (int, str)): return x
    return x.isoformat() if hasattr(x, "isoformat") else str(x)
print(json.dumps({"schema": str(t.schema.types), "rows": [{k: v(x) for k, x in r.items()} for r in t.to_pylist()]}))
`
	cmd := exec.CommandContext(ctx, python, "-c", script, local)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pyarrow failed: %v\n%s", err, stderr.String())
	}
	var got struct {
		Schema string           `json:"schema"`
		Rows   []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	wantSchema := "[StructType(struct<start: timestamp[ns], end: timestamp[ns]>), DataType(int64), Decimal128Type(decimal128(10, 2))]"
	if got.Schema != wantSchema {
		t.Errorf("pyarrow schema = %s\nwant %s", got.Schema, wantSchema)
	}
	gotRows, _ := json.Marshal(got.Rows)
	wantRows := `[{"amount":"37.50","orders":2,"window":{"end":"2026-10-01T09:20:00","start":"2026-10-01T09:15:00"}},{"amount":null,"orders":null,"window":null}]`
	if string(gotRows) != wantRows {
		t.Errorf("pyarrow rows = %s\nwant %s", gotRows, wantRows)
	}
}

// readRows reads every visible file of the folder, as Spark reads a file sink back. With schema nil the schema comes from the
// first file's footer (org.apache.spark.sql.parquet.row.metadata).
func readRows(ctx context.Context, path string, schema *sqltypes.StructType) ([]sqltypes.Row, *sqltypes.StructType, error) {
	files, err := Files(path)
	if err != nil {
		return nil, nil, err
	}
	var out []sqltypes.Row
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		if f.Action != "add" || f.IsDir {
			continue
		}
		local, err := f.LocalPath()
		if err != nil {
			return nil, nil, err
		}
		if schema == nil {
			if schema, err = footerSchema(local); err != nil {
				return nil, nil, err
			}
		}
		rows, err := sparkparquet.ReadFile(local, schema)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, nil, fmt.Errorf("parquet sink %s: file %s listed in _spark_metadata is missing", path, local)
			}
			return nil, nil, err
		}
		out = append(out, rows...)
	}
	return out, schema, nil
}

func footerSchema(file string) (*sqltypes.StructType, error) {
	fh, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	schema, ok, err := sparkparquet.FileSchema(fh, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if !ok {
		return nil, fmt.Errorf("%s has no Spark schema in its footer; give the schema explicitly", file)
	}
	return schema, nil
}

// Spark's FileStreamSink.toString names the sink by its qualified path.
func TestDescriptionIsSparks(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := s.Description(), "FileSink[file:"+filepath.ToSlash(dir)+"]"; got != want {
		t.Errorf("Description() = %q, want %q", got, want)
	}
}
