package stateful

import (
	"bytes"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// step is one data batch and what it and its trailing no-data batch (if any) must give.
type step struct {
	events []sqltypes.Row
	// emitted per batch run (data batch first, then the no-data batch); "-" = nothing
	emitted []string
	wmAfter string // watermark after the last batch of the step
	state   int64  // state rows after the step
	dropped int64  // numRowsDroppedByWatermark of the data batch
}

func courseBatch1() []sqltypes.Row {
	return []sqltypes.Row{ev("09:15", "C01", 2550), ev("09:40", "C02", 1200), ev("09:55", "C03", 3100)}
}
func courseBatch2() []sqltypes.Row {
	return []sqltypes.Row{ev("10:05", "C01", 2550), ev("10:20", "C01", 4000)}
}

func TestWindowedAggregation(t *testing.T) {
	tumbling := opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}
	cases := []struct {
		name  string
		spec  opSpec
		mode  string
		steps []step
	}{
		{"facts 4.5 worked example, append", tumbling, "Append", []step{
			{courseBatch1(), []string{"-", "[09:15,09:20) 1|[09:40,09:45) 1"}, "09:45", 1, 0},
			{courseBatch2(), []string{"-", "[09:55,10:00) 1|[10:05,10:10) 1"}, "10:10", 1, 0},
			{[]sqltypes.Row{ev("09:50", "C09", 100)}, []string{"-"}, "10:10", 1, 1},
			// [10:20,10:25) closes only when an event at 10:35 or later arrives.
			{[]sqltypes.Row{ev("10:34", "C05", 100)}, []string{"-", "-"}, "10:24", 2, 0},
			{[]sqltypes.Row{ev("10:35", "C05", 100)}, []string{"-", "[10:20,10:25) 1"}, "10:25", 2, 0},
		}},
		{"worked example, update", tumbling, "Update", []step{
			{courseBatch1(), []string{"[09:15,09:20) 1|[09:40,09:45) 1|[09:55,10:00) 1", "-"}, "09:45", 1, 0},
			{courseBatch2(), []string{"[10:05,10:10) 1|[10:20,10:25) 1", "-"}, "10:10", 1, 0},
			{[]sqltypes.Row{ev("09:50", "C09", 100), ev("10:21", "C09", 100)}, []string{"[10:20,10:25) 2", "-"}, "10:11", 1, 1},
		}},
		{"worked example, complete: no eviction, no no-data batch, no dropping", tumbling, "Complete", []step{
			{courseBatch1(), []string{"[09:15,09:20) 1|[09:40,09:45) 1|[09:55,10:00) 1"}, "09:45", 3, 0},
			{courseBatch2(), []string{"[09:15,09:20) 1|[09:40,09:45) 1|[09:55,10:00) 1|[10:05,10:10) 1|[10:20,10:25) 1"}, "10:10", 5, 0},
			{[]sqltypes.Row{ev("09:50", "C09", 100)}, []string{"[09:15,09:20) 1|[09:40,09:45) 1|[09:50,09:55) 1|[09:55,10:00) 1|[10:05,10:10) 1|[10:20,10:25) 1"}, "10:10", 6, 0},
		}},
		{"late within the watermark is counted, too late is dropped", tumbling, "Append", []step{
			{[]sqltypes.Row{ev("10:00", "C01", 100)}, []string{"-", "-"}, "09:50", 1, 0},
			{[]sqltypes.Row{ev("09:52", "C01", 100), ev("09:49", "C02", 100), ev("09:46", "C03", 100)}, []string{"-"}, "09:50", 2, 1},
			{[]sqltypes.Row{ev("10:30", "C01", 100)}, []string{"-", "[09:50,09:55) 1|[10:00,10:05) 1"}, "10:20", 1, 0},
		}},
		{"sliding 10 minutes every 5", opSpec{window: []string{"10 minutes", "5 minutes"}, delay: "10 minutes"}, "Append", []step{
			{[]sqltypes.Row{ev("09:17", "C01", 100), ev("09:22", "C02", 100)}, []string{"-", "-"}, "09:12", 3, 0},
			{[]sqltypes.Row{ev("09:40", "C01", 100)}, []string{"-", "[09:10,09:20) 1|[09:15,09:25) 2|[09:20,09:30) 1"}, "09:30", 2, 0},
		}},
		{"sliding 10 minutes every 3: candidates outside the window are dropped", opSpec{window: []string{"10 minutes", "3 minutes"}}, "Complete", []step{
			{[]sqltypes.Row{ev("09:17", "C01", 100)}, []string{"[09:09,09:19) 1|[09:12,09:22) 1|[09:15,09:25) 1"}, "0", 3, 0},
		}},
		{"window with start time", opSpec{window: []string{"5 minutes", "5 minutes", "2 minutes"}}, "Complete", []step{
			{[]sqltypes.Row{ev("09:15", "C01", 100), ev("09:16", "C01", 100), ev("09:17", "C01", 100)}, []string{"[09:12,09:17) 2|[09:17,09:22) 1"}, "0", 2, 0},
		}},
		{"null event times are dropped by the window", tumbling, "Update", []step{
			{[]sqltypes.Row{ev("", "C01", 100), ev("09:15", "C01", 100)}, []string{"[09:15,09:20) 1", "-"}, "09:05", 1, 0},
		}},
		{"window and customer, count sum avg min max", opSpec{window: []string{"1 hour"}, customer: true, delay: "10 minutes", aggs: []plan.Expr{
			countStar(), plan.Call{Name: "sum", Args: []plan.Expr{col("amount")}}, plan.Call{Name: "avg", Args: []plan.Expr{col("amount")}},
			plan.Call{Name: "min", Args: []plan.Expr{col("event_time")}}, plan.Alias{Child: plan.Call{Name: "max", Args: []plan.Expr{col("amount")}}, Name: "top"},
			plan.Call{Name: "approx_count_distinct", Args: []plan.Expr{col("amount")}},
		}}, "Update", []step{
			{[]sqltypes.Row{ev("09:15", "C01", 2550), ev("09:40", "C02", 1200), ev("09:55", "C01", 3100)}, []string{
				"[09:00,10:00) C01 2 56.50 28.250000 09:15 31.00 2|[09:00,10:00) C02 1 12.00 12.000000 09:40 12.00 1", "-"}, "09:45", 2, 0},
			{[]sqltypes.Row{ev("10:05", "C01", 2550), ev("09:50", "C01", 1000)}, []string{
				"[09:00,10:00) C01 3 66.50 22.166667 09:15 31.00 3|[10:00,11:00) C01 1 25.50 25.500000 10:05 25.50 1", "-"}, "09:55", 3, 0},
		}},
		{"session windows, append: sessions merge, close at the watermark, late ones drop", opSpec{session: "10 minutes", customer: true, delay: "10 minutes"}, "Append", []step{
			{[]sqltypes.Row{ev("09:00", "C01", 1), ev("09:05", "C01", 1), ev("09:20", "C02", 1)}, []string{"-", "-"}, "09:10", 2, 0},
			{[]sqltypes.Row{ev("09:12", "C01", 1), ev("09:40", "C01", 1)}, []string{"-", "[09:00,09:22) C01 3|[09:20,09:30) C02 1"}, "09:30", 1, 0},
			{[]sqltypes.Row{ev("09:05", "C03", 1)}, []string{"-"}, "09:30", 1, 1},
		}},
		{"session windows, complete", opSpec{session: "10 minutes", customer: true}, "Complete", []step{
			{[]sqltypes.Row{ev("09:00", "C01", 1), ev("09:10", "C01", 1), ev("09:20", "C02", 1), ev("09:30", "C01", 1)}, []string{"[09:00,09:20) C01 2|[09:20,09:30) C02 1|[09:30,09:40) C01 1"}, "0", 3, 0},
			// 09:25 opens [09:25,09:35), which touches [09:30,09:40) but not [09:00,09:20).
			{[]sqltypes.Row{ev("09:25", "C01", 1)}, []string{"[09:00,09:20) C01 2|[09:20,09:30) C02 1|[09:25,09:40) C01 2"}, "0", 3, 0},
			{[]sqltypes.Row{ev("09:15", "C01", 1)}, []string{"[09:00,09:40) C01 5|[09:20,09:30) C02 1"}, "0", 2, 0},
		}},
		{"global count: one row from the first batch on, every batch", opSpec{}, "Complete", []step{
			{[]sqltypes.Row{}, []string{"0"}, "0", 1, 0},
			{courseBatch1(), []string{"3"}, "0", 1, 0},
			{[]sqltypes.Row{}, []string{"3"}, "0", 1, 0},
		}},
		{"global count in update mode", opSpec{}, "Update", []step{
			{courseBatch1(), []string{"3"}, "0", 1, 0},
			{courseBatch2(), []string{"5"}, "0", 1, 0},
		}},
		{"plain event-time key with watermark", opSpec{plainTime: true, delay: "10 minutes"}, "Append", []step{
			{[]sqltypes.Row{ev("09:15", "C01", 1), ev("09:15", "C02", 1), ev("09:30", "C02", 1)}, []string{"-", "09:15 2"}, "09:20", 1, 0},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, tc.spec, tc.mode)
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
}

// A new process resumes from the state files; a batch re-run after a crash (state written,
// batch not committed) gives the same rows again and leaves the same state.
func TestStateRestartAndRerun(t *testing.T) {
	spec := opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}
	h := newHarness(t, spec, "Append")
	h.feed(courseBatch1()) // batches 0, 1
	// batch 2 runs, then the process dies before commits/2: re-run it with a fresh operator.
	saveBatch, saveWm, saveLate := h.batch, h.wmMs, h.lateMs
	first, err := h.runBatch(courseBatch2())
	if err != nil {
		t.Fatal(err)
	}
	h.restart(spec)
	h.batch, h.wmMs, h.lateMs = saveBatch, saveWm, saveLate
	again, err := h.runBatch(courseBatch2())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(first.rows, "|") != strings.Join(again.rows, "|") || first.prog.NumRowsTotal != again.prog.NumRowsTotal {
		t.Fatalf("re-run differs: %v/%d vs %v/%d", first.rows, first.prog.NumRowsTotal, again.rows, again.prog.NumRowsTotal)
	}
	if again.prog.NumRowsTotal != 3 { // [09:55,10:00), [10:05,10:10), [10:20,10:25)
		t.Fatalf("state after re-run = %d rows, want 3", again.prog.NumRowsTotal)
	}
	// Restart again before the no-data batch: it must emit the two closed windows once.
	h.restart(spec)
	nd, err := h.runBatch(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(nd.rows, "|"); got != "[09:55,10:00) 1|[10:05,10:10) 1" {
		t.Fatalf("no-data batch after restart emitted %q", got)
	}
	// Every partition wrote a delta for every version, plus Spark's operator metadata.
	for p := 0; p < 4; p++ {
		for v := 1; v <= 4; v++ {
			if _, err := os.Stat(filepath.Join(h.dir, "state", "0", itoa(p), itoa(v)+".delta")); err != nil {
				t.Errorf("missing state file: %v", err)
			}
		}
	}
	// A partition without changes writes Spark's 46-byte empty delta, byte for byte (these
	// bytes are a real PySpark 4.2 run's state/0/0/2.delta): one raw lz4 block holding the
	// end-of-records marker, then the end mark.
	empty, _ := hex.DecodeString("4c5a34426c6f636b150400000004000000db804d08ffffffff4c5a34426c6f636b15000000000000000000000000")
	found := false
	for p := 0; p < 4 && !found; p++ {
		b, _ := os.ReadFile(filepath.Join(h.dir, "state", "0", itoa(p), "4.delta"))
		found = bytes.Equal(b, empty)
	}
	if !found || len(empty) != 46 {
		t.Fatal("no partition wrote the 46-byte empty delta for version 4")
	}
	meta, err := os.ReadFile(filepath.Join(h.dir, "state", "0", "_metadata", "metadata"))
	if err != nil {
		t.Fatal(err)
	}
	want := "v1\n{\"operatorInfo\":{\"operatorId\":0,\"operatorName\":\"stateStoreSave\"},\"stateStoreInfo\":[{\"storeName\":\"default\",\"numColsPrefixKey\":0,\"numPartitions\":4}]}"
	if string(meta) != want {
		t.Fatalf("metadata = %q", meta)
	}
	// A missing delta is a clear error, not a panic or silent empty state.
	os.Remove(filepath.Join(h.dir, "state", "0", "2", "2.delta"))
	h.restart(spec)
	if _, err := h.runBatch(courseBatch2()); err == nil || !strings.Contains(err.Error(), "2.delta is missing") {
		t.Fatalf("missing delta: %v", err)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// Evicted windows leave the state: an endless stream keeps it flat.
func TestStateStaysFlat(t *testing.T) {
	h := newHarness(t, opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}, "Append")
	base := int64(ts("09:00"))
	var maxRows int64
	for b := 0; b < 60; b++ {
		var rows []sqltypes.Row
		for i := 0; i < 50; i++ {
			rows = append(rows, sqltypes.Row{sqltypes.Timestamp(base + int64(b*60+i)*1_000_000), "C", sqltypes.NewDecimal(1, 2)})
		}
		for _, o := range h.feed(rows) {
			maxRows = max(maxRows, o.prog.NumRowsTotal)
		}
	}
	if maxRows > 4 {
		t.Fatalf("state grew to %d rows on an in-order stream", maxRows)
	}
}

// Snapshots every 10 versions and retention keep the state folder flat; a restart loads
// the newest snapshot and the deltas after it.
func TestStateFilesStayFlat(t *testing.T) {
	spec := opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}
	h := newHarness(t, spec, "Update")
	h.retain = "20"
	base := int64(ts("09:00"))
	feed := func(b int) []batchOut {
		var rows []sqltypes.Row
		for i := 0; i < 5; i++ {
			rows = append(rows, sqltypes.Row{sqltypes.Timestamp(base + int64(b*60+i)*1_000_000), "C", sqltypes.NewDecimal(1, 2)})
		}
		return h.feed(rows)
	}
	for b := 0; b < 60; b++ {
		feed(b)
	}
	for p := 0; p < 4; p++ {
		files, _ := os.ReadDir(filepath.Join(h.dir, "state", "0", strconv.Itoa(p)))
		snaps := 0
		for _, f := range files {
			if strings.HasSuffix(f.Name(), ".snapshot") {
				snaps++
			}
		}
		if len(files) > 20+minDeltasForSnapshot+2 || snaps == 0 {
			t.Fatalf("partition %d keeps %d files (%d snapshots) after %d versions", p, len(files), snaps, h.batch)
		}
	}
	before := h.batch
	h.restart(spec)
	outs := h.feed([]sqltypes.Row{{sqltypes.Timestamp(base + (59*60+30)*1_000_000), "C", sqltypes.NewDecimal(1, 2)}})
	if h.batch <= before || outs[0].prog.CustomMetrics["loadedMapCacheMissCount"] != 4 {
		t.Fatalf("restart did not load from disk: %+v", outs[0].prog.CustomMetrics)
	}
	// [09:55,10:00) held 25 events (minutes 55-59, five each) before the restart.
	if got := strings.Join(outs[0].rows, "|"); got != "[09:55,10:00) 26" {
		t.Fatalf("after restart from a snapshot the batch emitted %q", got)
	}
}

func TestOutputModeAndBadInput(t *testing.T) {
	noWm := newHarness(t, opSpec{window: []string{"5 minutes"}}, "Append")
	if err := plan.CheckStreaming(noWm.op, "Append"); err == nil || err.Error() != "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: append. This output mode is not supported for streaming aggregations without watermark on streaming DataFrames/DataSets." {
		t.Fatalf("append without watermark: %v", err)
	}
	scan := &plan.StreamScan{Scope: &plan.Scope{Schema: eventSchema}, Name: "events"}
	bad := []struct {
		args []plan.Expr
		want string
	}{
		{[]plan.Expr{col("event_time"), lit("5 minutez")}, "[CANNOT_PARSE_INTERVAL] Unable to parse '5 minutez'."},
		{[]plan.Expr{col("event_time"), lit("0 minutes")}, "The `windowDuration` must be between (0, 9223372036854775807] (current value = 0L)."},
		{[]plan.Expr{col("event_time"), lit("5 minutes"), lit("10 minutes")}, "The `slideDuration`(600000000L) must be <= the `windowDuration`(300000000L)."},
		{[]plan.Expr{col("event_time"), lit("5 minutes"), lit("5 minutes"), lit("5 minutes")}, "The `abs(startTime)`(300000000L) must be < the `slideDuration`(300000000L)."},
		{[]plan.Expr{col("event_time"), lit("1 month")}, "Intervals greater than a month is not supported (1 month)."},
		// Spark names the whole expression and every type TimeWindow takes (corpus e02).
		{[]plan.Expr{col("amount"), lit("5 minutes")}, `Cannot resolve "window(amount, 300000000, 300000000, 0)" due to data type mismatch: The first parameter requires the ("(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)" or "STRUCT<start: TIMESTAMP, end: TIMESTAMP>" or "STRUCT<start: TIMESTAMP_NTZ, end: TIMESTAMP_NTZ>") type, however "amount" has the type "DECIMAL(10,2)"`},
		{[]plan.Expr{col("event_time")}, "The `window` requires [2, 3, 4] parameters but the actual number is 1."},
	}
	sess := newHarness(t, opSpec{session: "5 minutes", delay: "10 minutes"}, "Update")
	if err := plan.CheckStreaming(sess.op, "Update"); err == nil || err.Error() != "[STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION] Invalid streaming output mode: update. This output mode is not supported for session window streaming aggregations on streaming DataFrames/DataSets." {
		t.Errorf("update with session windows: %v", err)
	}
	if f := sess.op.Output().Schema.Fields[0]; f.Name != "session_window" || f.Metadata["spark.sessionWindow"] != true {
		t.Errorf("session window field %+v", f)
	}
	distinct := []plan.Expr{plan.Call{Name: "count", Args: []plan.Expr{col("customer_id")}, Distinct: true}}
	dop, err := NewAggregate(scan, nil, distinct, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.CheckStreaming(dop, "Complete"); err == nil || err.Error() != "Distinct aggregations are not supported on streaming DataFrames/Datasets. Consider using approx_count_distinct() instead." {
		t.Errorf("count(DISTINCT) on a stream: %v", err)
	}
	for _, b := range bad {
		_, err := NewAggregate(scan, []plan.Expr{plan.Call{Name: "window", Args: b.args}}, []plan.Expr{countStar()}, true)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("window%v: %v, want %q", b.args, err, b.want)
		}
		var ae *plan.AnalysisError
		var ue *plan.UnsupportedError
		if err != nil && !errors.As(err, &ae) && !errors.As(err, &ue) && !strings.Contains(b.want, "INTERVAL") && !strings.Contains(b.want, "month") {
			t.Errorf("window%v: %T is not an analysis error", b.args, err)
		}
	}
	// The window column: struct<start,end>, not nullable, carrying the watermark marker.
	h := newHarness(t, opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}, "Append")
	f := h.op.Output().Schema.Fields[0]
	if f.Name != "window" || f.Nullable || f.Metadata[plan.WatermarkDelayKey] != int64(600000) || f.Metadata[plan.TimeWindowKey] != true {
		t.Fatalf("window field = %+v", f)
	}
	if n := h.op.Output().Schema.Fields[1].Name; n != "count(1)" {
		t.Fatalf("count(*) column is named %q", n)
	}
}

// A string time column is cast to a timestamp implicitly, as Spark does.
func TestWindowOverStringTime(t *testing.T) {
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "t", Type: sqltypes.String, Nullable: true}}}
	scan := &plan.StreamScan{Scope: &plan.Scope{Schema: schema}, Name: "s"}
	op, err := NewAggregate(scan, []plan.Expr{plan.Call{Name: "window", Args: []plan.Expr{col("t"), lit("5 minutes")}}}, []plan.Expr{countStar()}, true)
	if err != nil {
		t.Fatal(err)
	}
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	v, err := op.win.Eval(ec, sqltypes.Row{"2026-10-01 09:17:30"})
	if err != nil || hhmm(v) != "[09:15,09:20)" {
		t.Fatalf("window of a string time = %v, %v", hhmm(v), err)
	}
	if _, err := op.win.Eval(ec, sqltypes.Row{"not a time"}); err == nil {
		t.Fatal("an unparsable time string passed under ANSI mode")
	}
}

// A window made first as a column (withColumn("w", window(...))) and grouped by name keeps
// the watermark marker: append mode accepts it and evicts on the window's end.
func TestGroupByWindowColumn(t *testing.T) {
	h := newHarness(t, opSpec{window: []string{"5 minutes"}, delay: "10 minutes"}, "Append")
	win := plan.Call{Name: "window", Args: []plan.Expr{col("event_time"), lit("5 minutes")}}
	proj, err := plan.NewProject(h.op.Child, []plan.Expr{plan.Star{}, plan.Alias{Child: win, Name: "w"}})
	if err != nil {
		t.Fatal(err)
	}
	op, err := NewAggregate(proj, []plan.Expr{col("w")}, []plan.Expr{countStar()}, true)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.CheckStreaming(op, "Append"); err != nil {
		t.Fatal(err)
	}
	h.op, h.node = op, op
	var got []string
	for _, batch := range [][]sqltypes.Row{courseBatch1(), courseBatch2(), {ev("09:50", "C09", 1), ev("", "C09", 1)}} {
		for _, o := range h.feed(batch) {
			got = append(got, strings.Join(o.rows, "|"))
		}
	}
	want := []string{"", "[09:15,09:20) 1|[09:40,09:45) 1", "", "[09:55,10:00) 1|[10:05,10:10) 1", ""}
	if strings.Join(got, " // ") != strings.Join(want, " // ") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}
