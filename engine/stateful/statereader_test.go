package stateful

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// markBatches writes the offset and commit log entries the state data source looks for
// (the harness runs operators without the executor that writes them).
func markBatches(t *testing.T, dir string, n int) {
	t.Helper()
	for _, log := range []string{"offsets", "commits"} {
		if err := os.MkdirAll(filepath.Join(dir, log), 0o755); err != nil {
			t.Fatal(err)
		}
		for b := 0; b < n; b++ {
			if err := os.WriteFile(filepath.Join(dir, log, itoa(b)), []byte("v1\n{}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// stateRows reads the state the options select and prints each row, sorted.
func stateRows(t *testing.T, dir string, opts map[string]string) (*sqltypes.StructType, []string, error) {
	t.Helper()
	o, err := ParseStateOptions(dir, "file:"+dir, opts)
	if err != nil {
		return nil, nil, err
	}
	schema, parts, err := ReadStateStore(o)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	for _, rows := range parts {
		for _, r := range rows {
			out = append(out, fmt.Sprint(r))
		}
	}
	sort.Strings(out)
	return schema, out, nil
}

// The state an aggregation keeps, read back through the state data source after each
// batch: the grouping key and Spark's buffer columns (count; sum and isEmpty of a decimal
// sum; sum and count of avg, which Spark's DecimalAggregates keeps for a decimal(10,2) as
// the double sum of the unscaled values; max), with the partition each key lives in.
func TestReadAggregationState(t *testing.T) {
	amount := col("amount")
	spec := opSpec{customer: true, aggs: []plan.Expr{countStar(),
		plan.Call{Name: "sum", Args: []plan.Expr{amount}}, plan.Call{Name: "avg", Args: []plan.Expr{amount}},
		plan.Call{Name: "max", Args: []plan.Expr{amount}}}}
	h := newHarness(t, spec, "Update")
	for _, b := range [][]sqltypes.Row{courseBatch1(), courseBatch2()} {
		if _, err := h.runBatch(b); err != nil {
			t.Fatal(err)
		}
	}
	markBatches(t, h.dir, 2)
	cases := []struct {
		batch string
		want  []string
	}{
		{"0", []string{"[[C01] [1 25.50 false 2550 1 25.50] 1]", "[[C02] [1 12.00 false 1200 1 12.00] 0]", "[[C03] [1 31.00 false 3100 1 31.00] 2]"}},
		{"1", []string{"[[C01] [3 91.00 false 9100 3 40.00] 1]", "[[C02] [1 12.00 false 1200 1 12.00] 0]", "[[C03] [1 31.00 false 3100 1 31.00] 2]"}},
	}
	for _, tc := range cases {
		t.Run("batch"+tc.batch, func(t *testing.T) {
			schema, got, err := stateRows(t, h.dir, map[string]string{"batchid": tc.batch})
			if err != nil {
				t.Fatal(err)
			}
			if s := sqltypes.SimpleString(schema); !strings.HasPrefix(s, "struct<key:struct<customer_id:string>,value:struct<count:bigint,sum:decimal(20,2),isEmpty:boolean,sum:double,count:bigint,max:decimal(10,2)>") {
				t.Errorf("schema %s", s)
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("state of batch %s:\n%s\nwant\n%s", tc.batch, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// Spark's errors for options and checkpoints the state data source cannot read.
func TestStateSourceErrors(t *testing.T) {
	h := newHarness(t, opSpec{customer: true}, "Update")
	if _, err := h.runBatch(courseBatch1()); err != nil {
		t.Fatal(err)
	}
	markBatches(t, h.dir, 1)
	cases := []struct {
		dir  string
		opts map[string]string
		want string
	}{
		{h.dir, map[string]string{"batchid": "5"}, "STDS_COMMITTED_BATCH_UNAVAILABLE"},
		{h.dir, map[string]string{"operatorid": "3"}, "STDS_FAILED_TO_READ_STATE_SCHEMA"},
		{h.dir, map[string]string{"operatorid": "-1"}, "STDS_INVALID_OPTION_VALUE.IS_NEGATIVE"},
		{h.dir, map[string]string{"joinside": "left", "storename": "x"}, "STDS_CONFLICT_OPTIONS"},
		{h.dir, map[string]string{"joinside": "middle"}, "STDS_INVALID_OPTION_VALUE.WITH_MESSAGE"},
		{h.dir, map[string]string{"readchangefeed": "true"}, "STDS_REQUIRED_OPTION_UNSPECIFIED"},
		{h.dir, map[string]string{"changestartbatchid": "0"}, "STDS_INVALID_OPTION_VALUE.WITH_MESSAGE"},
		{filepath.Join(h.dir, "nope"), nil, "STDS_COMMITTED_BATCH_UNAVAILABLE"},
	}
	for _, tc := range cases {
		t.Run(tc.want, func(t *testing.T) {
			_, _, err := stateRows(t, tc.dir, tc.opts)
			var se *sparkerrors.Error
			if err == nil || !asSparkError(err, &se) || se.Class != tc.want {
				t.Fatalf("error %v, want %s", err, tc.want)
			}
		})
	}
}

func asSparkError(err error, se **sparkerrors.Error) bool {
	e, ok := err.(*sparkerrors.Error)
	*se = e
	return ok
}

// The change feed lists each batch's puts as updates, in the partitions they were made.
func TestReadStateChangeFeed(t *testing.T) {
	h := newHarness(t, opSpec{customer: true}, "Update")
	for _, b := range [][]sqltypes.Row{courseBatch1(), courseBatch2()} {
		if _, err := h.runBatch(b); err != nil {
			t.Fatal(err)
		}
	}
	markBatches(t, h.dir, 2)
	_, got, err := stateRows(t, h.dir, map[string]string{"readchangefeed": "true", "changestartbatchid": "1"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "[1 update [C01] [3] 1]"; strings.Join(got, "\n") != want {
		t.Errorf("change feed %q, want %q", got, want)
	}
}

// State rows real Spark wrote (UnsafeRow keys and values) are read by their schema.
func TestReadSparkWrittenState(t *testing.T) {
	dir := t.TempDir()
	markBatches(t, dir, 1)
	key := &sqltypes.StructType{Fields: []sqltypes.StructField{field("word", sqltypes.String, true)}}
	value := &sqltypes.StructType{Fields: []sqltypes.StructField{field("count", sqltypes.Long, false)}}
	for p := 0; p < 2; p++ {
		b, err := os.ReadFile(filepath.Join("testdata", "spark-groupby-count", itoa(p)+"-1.delta"))
		if err != nil {
			t.Fatal(err)
		}
		pd := filepath.Join(dir, "state", "0", itoa(p))
		if err := os.MkdirAll(filepath.Join(pd, "_metadata"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(pd, "1.delta"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		if p == 0 {
			if err := os.WriteFile(filepath.Join(pd, "_metadata", "schema"), schemaFile(key, value), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, got, err := stateRows(t, dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no state rows read")
	}
	for _, r := range got {
		if !strings.HasPrefix(r, "[[") || strings.Contains(r, "<nil>") {
			t.Errorf("state row %s", r)
		}
	}
	t.Log(got)
}
