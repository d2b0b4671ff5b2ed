package stateful

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A checkpoint whose state rows Apache Spark wrote (UnsafeRow keys and values in Spark's
// delta framing) is refused with an error that names it and the way out, never resumed
// into wrong rows. The rows here are laid out as Spark's UnsafeRow (unsafeRow), keyed by
// the grouping column and holding a count buffer, as Spark's HDFS-backed store keeps them.
func TestSparkWrittenStateIsRefused(t *testing.T) {
	key, ok := unsafeRow(sqltypes.Row{"C01"}, []sqltypes.DataType{sqltypes.String})
	val, ok2 := unsafeRow(sqltypes.Row{int64(3)}, []sqltypes.DataType{sqltypes.Long})
	if !ok || !ok2 {
		t.Fatal("unsafeRow does not lay out the fixture rows")
	}
	sparkDelta := appendRecord(nil, string(key), val)
	sparkDelta = lz4Frame(binary.BigEndian.AppendUint32(sparkDelta, 0xFFFFFFFF))

	cases := []struct {
		name    string
		spec    opSpec
		mode    string
		restart func(h *harness)
	}{
		{"aggregation", opSpec{customer: true}, "Complete", func(h *harness) { h.restart(opSpec{customer: true}) }},
		{"deduplication", opSpec{dedup: []string{"customer_id"}}, "Append", func(h *harness) {
			d, err := NewDeduplicate(h.scan, []string{"customer_id"}, false)
			if err != nil {
				t.Fatal(err)
			}
			h.node = d
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.spec, tc.mode)
			if _, err := h.runBatch(courseBatch1()); err != nil {
				t.Fatal(err)
			}
			// kafkalab's own state resumes.
			tc.restart(h)
			if _, err := h.runBatch(courseBatch2()); err != nil {
				t.Fatalf("resuming kafkalab's own state: %v", err)
			}
			path := filepath.Join(h.dir, "state", "0", "1", "1.delta")
			if err := os.WriteFile(path, sparkDelta, 0o644); err != nil {
				t.Fatal(err)
			}
			tc.restart(h)
			h.batch = 1
			_, err := h.runBatch(courseBatch2())
			if err == nil {
				t.Fatal("a state store Spark wrote was resumed")
			}
			for _, want := range []string{path, "UnsafeRow", "written by Apache Spark", "new checkpointLocation", "kafkalab export"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
		})
	}
}

// The same for the state files a real PySpark 4.2 run wrote (testdata/spark-groupby-count:
// state/0/<partition>/1.delta of groupBy("word").count() over two shuffle partitions).
func TestRealSparkStateIsRefused(t *testing.T) {
	h := newHarness(t, opSpec{customer: true}, "Complete")
	h.parts = "2"
	for p := 0; p < 2; p++ {
		b, err := os.ReadFile(filepath.Join("testdata", "spark-groupby-count", itoa(p)+"-1.delta"))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(h.dir, "state", "0", itoa(p))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "1.delta"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h.batch = 1
	_, err := h.runBatch(courseBatch2())
	if err == nil || !strings.Contains(err.Error(), "written by Apache Spark") {
		t.Fatalf("resuming Spark's state: %v", err)
	}
}
