package stateful

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

func TestStreamingDeduplicate(t *testing.T) {
	cases := []struct {
		name  string
		spec  opSpec
		steps []step
	}{
		{"dropDuplicates on customer without watermark: state grows", opSpec{dedup: []string{"customer_id"}}, []step{
			{[]sqltypes.Row{ev("09:15", "C01", 1), ev("09:16", "C01", 2), ev("09:17", "C02", 3)}, []string{"09:15 C01 0.01|09:17 C02 0.03"}, "0", 2, 0},
			{[]sqltypes.Row{ev("11:00", "C01", 4), ev("11:01", "C03", 5)}, []string{"11:01 C03 0.05"}, "0", 3, 0},
		}},
		{"dropDuplicates on customer and event time with watermark: evicted, late dropped", opSpec{dedup: []string{"customer_id", "event_time"}, delay: "10 minutes"}, []step{
			{[]sqltypes.Row{ev("09:15", "C01", 1), ev("09:15", "C01", 2), ev("09:30", "C02", 3)}, []string{"09:15 C01 0.01|09:30 C02 0.03", "-"}, "09:20", 1, 0},
			{[]sqltypes.Row{ev("09:15", "C01", 4), ev("09:30", "C02", 5), ev("09:31", "C02", 6)}, []string{"09:31 C02 0.06", "-"}, "09:21", 2, 1},
		}},
		{"dropDuplicatesWithinWatermark: a key is kept until first time + delay passes", opSpec{dedup: []string{"customer_id"}, within: true, delay: "10 minutes"}, []step{
			{[]sqltypes.Row{ev("09:15", "C01", 1), ev("09:20", "C01", 2), ev("09:30", "C02", 3)}, []string{"09:15 C01 0.01|09:30 C02 0.03", "-"}, "09:20", 2, 0},
			// C01 (first seen 09:15) is still remembered: a duplicate; the watermark moves to
			// 09:26 and the no-data batch forgets C01 (expired at 09:25).
			{[]sqltypes.Row{ev("09:36", "C01", 4)}, []string{"-", "-"}, "09:26", 1, 0},
			{[]sqltypes.Row{ev("09:40", "C01", 5), ev("09:10", "C04", 6)}, []string{"09:40 C01 0.05", "-"}, "09:30", 2, 1},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.spec, "Append")
			for i, s := range tc.steps {
				outs := h.feed(s.events)
				var got []string
				for _, o := range outs {
					if len(o.rows) == 0 {
						got = append(got, "-")
					} else {
						got = append(got, strings.Join(o.rows, "|"))
					}
				}
				if strings.Join(got, " // ") != strings.Join(s.emitted, " // ") {
					t.Errorf("step %d emitted\n got %q\nwant %q", i, got, s.emitted)
				}
				last := outs[len(outs)-1]
				if w := wmString(last.wmAfter); w != s.wmAfter {
					t.Errorf("step %d watermark after = %s, want %s", i, w, s.wmAfter)
				}
				if last.prog.NumRowsTotal != s.state {
					t.Errorf("step %d state rows = %d, want %d", i, last.prog.NumRowsTotal, s.state)
				}
				if outs[0].prog.NumRowsDroppedByWatermark != s.dropped {
					t.Errorf("step %d dropped = %d, want %d", i, outs[0].prog.NumRowsDroppedByWatermark, s.dropped)
				}
			}
		})
	}
	scan := &plan.StreamScan{Scope: &plan.Scope{Schema: eventSchema}, Name: "events"}
	within, err := NewDeduplicate(scan, []string{"customer_id"}, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.CheckStreaming(within, "Append"); err == nil || err.Error() != "dropDuplicatesWithinWatermark is not supported on streaming DataFrames/DataSets without watermark" {
		t.Fatalf("within without watermark: %v", err)
	}
	if _, err := NewDeduplicate(scan, []string{"nope"}, false); err == nil {
		t.Fatal("unknown column accepted")
	}
}

// Stateful operators are numbered top-down as in Spark: the aggregation over a
// deduplication is operator 0, the deduplication operator 1; progress lists them so.
func TestOperatorIDsTopDown(t *testing.T) {
	dir := t.TempDir()
	scan := &plan.StreamScan{Scope: &plan.Scope{Schema: eventSchema}, Name: "events"}
	wm, err := plan.NewWatermark(scan, "event_time", 600000)
	if err != nil {
		t.Fatal(err)
	}
	dd, err := NewDeduplicate(wm, []string{"customer_id", "event_time"}, false)
	if err != nil {
		t.Fatal(err)
	}
	agg, err := NewAggregate(dd, []plan.Expr{plan.Call{Name: "window", Args: []plan.Expr{col("event_time"), lit("5 minutes")}}}, []plan.Expr{countStar()}, true)
	if err != nil {
		t.Fatal(err)
	}
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	ex := &plan.Exec{Eval: ec, EventTime: map[*plan.Watermark]*plan.EventTimeStats{}, OutputMode: "Update",
		Batch: &stream.BatchContext{CheckpointDir: dir, Conf: map[string]string{"spark.sql.shuffle.partitions": "2"}},
		StreamInput: func(context.Context, *plan.StreamScan) ([]rowiter.Iter, error) {
			return []rowiter.Iter{rowiter.Slice([]sqltypes.Row{ev("09:15", "C01", 1), ev("09:15", "C01", 2), ev("09:16", "C02", 3)})}, nil
		}}
	tasks, err := plan.Run(context.Background(), agg, ex)
	if err != nil {
		t.Fatal(err)
	}
	out, err := rowiter.CollectTasks(context.Background(), tasks)
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for _, task := range out {
		for _, r := range task {
			rows = append(rows, fmtRow(r))
		}
	}
	if strings.Join(rows, "|") != "[09:15,09:20) 2" {
		t.Fatalf("rows %v", rows)
	}
	if len(ex.StateOperators) != 2 || ex.StateOperators[0].OperatorName != "stateStoreSave" || ex.StateOperators[1].OperatorName != "dedupe" {
		t.Fatalf("progress order %+v", ex.StateOperators)
	}
	for id, name := range []string{"stateStoreSave", "dedupe"} {
		b, err := os.ReadFile(filepath.Join(dir, "state", strconv.Itoa(id), "_metadata", "metadata"))
		if err != nil || !strings.Contains(string(b), `"operatorId":`+strconv.Itoa(id)+`,"operatorName":"`+name+`"`) {
			t.Fatalf("state/%d metadata %q %v", id, b, err)
		}
	}
}
