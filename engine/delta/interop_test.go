package delta

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestInteropPython reads the course's bronze_orders table with Python's deltalake (delta-rs)
// and pyarrow, independent implementations, and compares rows and types with what was
// written. It runs when KAFKALAB_PYTHON names a Python that has both packages (the
// test-pyinterop make tier sets it up); otherwise it is skipped, except under CI=true with
// KAFKALAB_PYTHON set, where any failure to run Python fails the test.
func TestInteropPython(t *testing.T) {
	python := os.Getenv("KAFKALAB_PYTHON")
	if python == "" {
		t.Skip("KAFKALAB_PYTHON not set; run `make test-pyinterop` for the Python interop check")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "spark-warehouse", "bronze_orders")
	table, err := CreateTable(ctx, path, bronzeSchema, CreateOptions{Now: t0, Managed: true})
	if err != nil {
		t.Fatal(err)
	}
	for i, tasks := range [][]rowsTask{bronzeBatch1(), bronzeBatch2()} {
		if _, _, err := table.WriteStreamingBatch(ctx, StreamingBatch{QueryID: queryID, BatchID: int64(i), OutputMode: "append",
			Schema: bronzeSchema, Tasks: taskStreams(tasks), Now: t0.Add(time.Duration(i+1) * time.Minute), TimeZone: "UTC"}); err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.CommandContext(ctx, python, filepath.Join("testdata", "read_delta.py"), path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python reader failed: %v\n%s", err, stderr.String())
	}
	var got struct {
		Deltalake string           `json:"deltalake"`
		Pyarrow   string           `json:"pyarrow"`
		Version   int64            `json:"version"`
		Schema    [][2]string      `json:"schema"`
		Rows      []map[string]any `json:"rows"`
		History   []string         `json:"history"`
		Files     []struct {
			Rows    int64             `json:"rows"`
			Footer  map[string]string `json:"footer"`
			Columns []struct {
				Name, Physical, Logical, Codec string
			} `json:"columns"`
		} `json:"files"`
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("decode python output: %v\n%s", err, out)
	}
	t.Logf("deltalake %s, pyarrow %s", got.Deltalake, got.Pyarrow)

	if got.Version != 2 {
		t.Errorf("deltalake sees version %d, want 2", got.Version)
	}
	if strings.Join(got.History, ",") != "STREAMING UPDATE,STREAMING UPDATE,CREATE TABLE" {
		t.Errorf("history = %v", got.History)
	}
	wantTypes := map[string][]string{
		"order_id":    {"int32"},
		"customer_id": {"string", "large_string", "string_view"},
		"status":      {"string", "large_string", "string_view"},
		"amount":      {"decimal128(10, 2)"},
		"event_time":  {"timestamp[us, tz=UTC]"},
		"partition":   {"int32"},
		"offset":      {"int64"},
	}
	var names []string
	for _, f := range got.Schema {
		names = append(names, f[0])
		if ok := contains(wantTypes[f[0]], f[1]); !ok {
			t.Errorf("column %s has arrow type %s, want one of %v", f[0], f[1], wantTypes[f[0]])
		}
	}
	if strings.Join(names, ",") != "order_id,customer_id,status,amount,event_time,partition,offset" {
		t.Errorf("column order = %v", names)
	}

	// Rows: same values as written.
	var want []string
	for _, tk := range append(bronzeBatch1(), bronzeBatch2()...) {
		for _, r := range tk.Rows {
			want = append(want, fmt.Sprintf("%v|%v|%v|%v|%v|%v|%v", r[0], r[1], r[2], r[3].(sqltypes.Decimal).JavaString(),
				time.UnixMicro(int64(r[4].(sqltypes.Timestamp))).UTC().Format("2006-01-02T15:04:05+00:00"), r[5], r[6]))
		}
	}
	var have []string
	for _, r := range got.Rows {
		have = append(have, fmt.Sprintf("%v|%v|%v|%v|%v|%v|%v", r["order_id"], r["customer_id"], r["status"], r["amount"], r["event_time"], r["partition"], r["offset"]))
	}
	sort.Strings(want)
	sort.Strings(have)
	if strings.Join(have, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows seen by deltalake:\n%s\nwant:\n%s", strings.Join(have, "\n"), strings.Join(want, "\n"))
	}

	// Files: Spark's physical types, snappy, footer metadata.
	if len(got.Files) != 4 {
		t.Fatalf("deltalake lists %d files, want 4", len(got.Files))
	}
	wantPhys := map[string]string{"order_id": "INT32", "customer_id": "BYTE_ARRAY", "status": "BYTE_ARRAY",
		"amount": "INT64", "event_time": "INT96", "partition": "INT32", "offset": "INT64"}
	for _, f := range got.Files {
		if f.Footer[sparkparquet.MetaSparkVersion] != sparkparquet.SparkVersion || f.Footer[sparkparquet.MetaRowMetadata] != bronzeSchema.AsNullable().JSON() {
			t.Errorf("footer metadata = %v", f.Footer)
		}
		for _, c := range f.Columns {
			if c.Physical != wantPhys[c.Name] || c.Codec != "SNAPPY" {
				t.Errorf("file column %s: physical %s codec %s, want %s SNAPPY", c.Name, c.Physical, c.Codec, wantPhys[c.Name])
			}
			if c.Name == "amount" && !strings.Contains(c.Logical, "precision=10") {
				t.Errorf("amount logical type %s, want Decimal(precision=10, scale=2)", c.Logical)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestInteropPythonCheckpoint has deltalake read a 12-version table whose commits 0..9 are
// gone, so it must rebuild the state from kafkalab's checkpoint parquet and _last_checkpoint.
func TestInteropPythonCheckpoint(t *testing.T) {
	python := os.Getenv("KAFKALAB_PYTHON")
	if python == "" {
		t.Skip("KAFKALAB_PYTHON not set; run `make test-pyinterop` for the Python interop check")
	}
	table, err := Open(filepath.Join(t.TempDir(), "cp_table"))
	if err != nil {
		t.Fatal(err)
	}
	writeBatches(t, table, 12, "append")
	for v := int64(0); v < 10; v++ {
		if err := os.Remove(filepath.Join(table.Path(), "_delta_log", versionFileName(v))); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(python, filepath.Join("testdata", "read_delta.py"), table.Path())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python reader failed: %v\n%s", err, stderr.String())
	}
	var got struct {
		Version int64            `json:"version"`
		Rows    []map[string]any `json:"rows"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var ids []string
	for _, r := range got.Rows {
		ids = append(ids, fmt.Sprint(r["order_id"]))
	}
	sort.Strings(ids)
	if got.Version != 12 || len(ids) != 12 || ids[0] != "2000" || ids[11] != "2011" {
		t.Errorf("deltalake via checkpoint: version %d, order ids %v", got.Version, ids)
	}
}
