package stateful

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Checkpoints real Spark wrote resume on kafkalab with the rows real Spark gives
// (testdata/interchange, made by interchange.py on PySpark 4.2; see its README). For each
// operator, Spark ran the first two input files (batches 0..k, no-data batches included)
// and kept the checkpoint (spark-first/<op>); kafkalab loads that checkpoint's state,
// runs the batches Spark's resumed run planned (spark-second/<op>/offsets: which batch
// had the third file, each batch's watermark) and must print what Spark printed
// (spark-second.txt).
func TestSparkCheckpointResumesOnKafkalab(t *testing.T) {
	dir := filepath.Join("testdata", "interchange")
	want := recordedRows(t, filepath.Join(dir, "spark-second.txt"))
	third := jsonEvents(t, filepath.Join(dir, "b2.json"))
	aggs := []plan.Expr{countStar(), call("sum", "amount"), call("avg", "amount"), call("min", "amount"), call("max", "amount")}
	cases := []struct {
		op   string
		mode string
		spec opSpec
	}{
		{"agg", "Complete", opSpec{customer: true, aggs: aggs}},
		{"window", "Append", opSpec{window: []string{"5 minutes"}, delay: "10 minutes", aggs: aggs}},
		{"dedup", "Append", opSpec{dedup: []string{"customer_id"}}},
		{"dedupwm", "Append", opSpec{dedup: []string{"customer_id"}, within: true, delay: "10 minutes"}},
		{"limit", "Append", opSpec{}},
		{"collect", "Complete", opSpec{customer: true, aggs: collectAggs()}},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			h := newHarness(t, tc.spec, tc.mode)
			h.parts = "2" // the script's spark.sql.shuffle.partitions
			if tc.op == "limit" {
				h.node = NewLimit(h.scan, 10)
			}
			if err := os.CopyFS(filepath.Join(h.dir, "state"), os.DirFS(filepath.Join(dir, "spark-first", tc.op, "state"))); err != nil {
				t.Fatal(err)
			}
			first := lastBatch(t, filepath.Join(dir, "spark-first", tc.op, "commits"))
			wms := batchWatermarks(t, filepath.Join(dir, "spark-second", tc.op, "offsets"))
			var got []string
			for b := first + 1; ; b++ {
				wm, ok := wms[b]
				if !ok {
					break
				}
				h.batch, h.wmMs, h.lateMs = b, wm, wms[b-1]
				var rows []sqltypes.Row
				if b == first+1 {
					rows = third // the resumed run's first batch reads the third file
				}
				out, err := h.runBatch(rows)
				if err != nil {
					t.Fatalf("batch %d: %v", b, err)
				}
				for _, r := range out.rows {
					got = append(got, strconv.FormatInt(b, 10)+" "+r)
				}
			}
			if !slices.Equal(got, want[tc.op]) {
				t.Errorf("kafkalab resuming Spark's checkpoint printed\n%s\nSpark printed\n%s", strings.Join(got, "\n"), strings.Join(want[tc.op], "\n"))
			}
		})
	}
}

// collectAggs are interchange.py's collect query: count, collect_list(amount),
// array_sort(collect_set(date_format(event_time, 'HH:mm'))), approx_count_distinct(amount).
func collectAggs() []plan.Expr {
	hhmm := plan.Call{Name: "date_format", Args: []plan.Expr{col("event_time"), lit("HH:mm")}}
	return []plan.Expr{countStar(), call("collect_list", "amount"),
		plan.Call{Name: "array_sort", Args: []plan.Expr{plan.Call{Name: "collect_set", Args: []plan.Expr{hhmm}}}},
		call("approx_count_distinct", "amount")}
}

func call(name, colName string) plan.Expr {
	return plan.Call{Name: name, Args: []plan.Expr{col(colName)}}
}

// recordedRows reads interchange.py's output: "<op> <batch> <row>" lines, by operator.
func recordedRows(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		op, rest, ok := strings.Cut(sc.Text(), " ")
		if ok {
			out[op] = append(out[op], rest)
		}
	}
	return out
}

// jsonEvents reads one of the script's input files as the harness's event rows.
func jsonEvents(t *testing.T, path string) []sqltypes.Row {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []sqltypes.Row
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var ev struct {
			EventTime  string          `json:"event_time"`
			CustomerID string          `json:"customer_id"`
			Amount     json.RawMessage `json:"amount"`
		}
		if err := json.Unmarshal([]byte(line), &ev); err != nil {
			t.Fatal(err)
		}
		tm, err := time.Parse(time.RFC3339, ev.EventTime)
		if err != nil {
			t.Fatal(err)
		}
		var amount any
		if s := string(ev.Amount); s != "null" {
			d, ok := sqltypes.ParseDecimal(s, 10, 2)
			if !ok {
				t.Fatalf("amount %s", s)
			}
			amount = d
		}
		rows = append(rows, sqltypes.Row{sqltypes.Timestamp(tm.UnixMicro()), ev.CustomerID, amount})
	}
	return rows
}

// lastBatch is the newest batch id in a checkpoint's commits folder.
func lastBatch(t *testing.T, dir string) int64 {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	last := int64(-1)
	for _, e := range ents {
		if n, err := strconv.ParseInt(e.Name(), 10, 64); err == nil && n > last {
			last = n
		}
	}
	return last
}

var batchWatermarkRE = regexp.MustCompile(`"batchWatermarkMs":(\d+)`)

// batchWatermarks reads each batch's watermark from a checkpoint's offsets folder.
func batchWatermarks(t *testing.T, dir string) map[int64]int64 {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64]int64{}
	for _, e := range ents {
		n, err := strconv.ParseInt(e.Name(), 10, 64)
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m := batchWatermarkRE.FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s/%s has no batchWatermarkMs", dir, e.Name())
		}
		out[n], _ = strconv.ParseInt(string(m[1]), 10, 64)
	}
	return out
}

// The collect query's state as kafkalab writes it is, row for row and byte for byte, the
// state real Spark wrote for the same two batches: count, collect_list's and collect_set's
// serialized buffers (collect_set's values in its hash set's order) and
// approx_count_distinct's HyperLogLog++ words; the schema file too.
func TestCollectStateLikeSpark(t *testing.T) {
	dir := filepath.Join("testdata", "interchange")
	spark := filepath.Join(dir, "spark-first", "collect", "state", "0")
	h := newHarness(t, opSpec{customer: true, aggs: collectAggs()}, "Complete")
	h.parts = "2"
	for _, name := range []string{"b0.json", "b1.json"} {
		if _, err := h.runBatch(jsonEvents(t, filepath.Join(dir, name))); err != nil {
			t.Fatal(err)
		}
	}
	for p := range 2 {
		got := finalRecords(t, filepath.Join(h.dir, "state", "0", strconv.Itoa(p)))
		want := finalRecords(t, filepath.Join(spark, strconv.Itoa(p)))
		if len(want) == 0 {
			t.Fatalf("Spark's partition %d holds no state", p)
		}
		if !maps.Equal(got, want) {
			t.Errorf("partition %d: kafkalab's state rows\n%v\nSpark's\n%v", p, got, want)
		}
	}
	got, err := os.ReadFile(filepath.Join(h.dir, "state", "0", "0", "_metadata", "schema"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(spark, "0", "_metadata", "schema"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("schema file\n got %q\nwant %q", got, want)
	}
}

// finalRecords replays a partition's delta files (1, 2, ...) into key -> value, in hex.
func finalRecords(t *testing.T, partDir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for v := 1; ; v++ {
		path := filepath.Join(partDir, strconv.Itoa(v)+".delta")
		if _, err := os.Stat(path); err != nil {
			if v == 1 {
				t.Fatalf("no delta files in %s", partDir)
			}
			return out
		}
		recs, err := readRecords(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range recs {
			if r.val == nil {
				delete(out, hex.EncodeToString(r.key))
				continue
			}
			out[hex.EncodeToString(r.key)] = hex.EncodeToString(r.val)
		}
	}
}

// The state data source reads the collect query's state as Spark wrote it: the customer,
// count, collect_list's and collect_set's BINARY buffers and the 52 sketch words.
func TestReadSparkCollectState(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "interchange", "spark-first", "collect"))); err != nil {
		t.Fatal(err)
	}
	schema, rows, err := stateRows(t, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("%d state rows, want one per customer (4):\n%s", len(rows), strings.Join(rows, "\n"))
	}
	value, ok := schema.Fields[1].Type.(*sqltypes.StructType)
	if !ok || len(value.Fields) != 1+2+52 || value.Fields[1].Type != sqltypes.Binary || value.Fields[3].Name != "MS[0]" {
		t.Errorf("state schema %s", sqltypes.SimpleString(schema))
	}
	if !strings.HasPrefix(rows[0], "[[C01] [3 [") {
		t.Errorf("first row %s", rows[0])
	}
}
