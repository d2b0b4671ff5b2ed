package stateful

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// joinRun drives a stream-stream join batch by batch as the executor does: the watermark
// of a batch is the smaller of the two sides' max(event time) - delay after the previous one.
type joinRun struct {
	t             *testing.T
	dir           string
	left, right   *plan.StreamScan
	lwm, rwm      *plan.Watermark
	batch         int64
	wm, late      int64
	maxL, maxR    int64
	delayL, delay int64
	// timeCol is the event-time column of both sides' rows, named ltime and rtime.
	timeCol      int
	ltime, rtime string
}

func at(hhmm string) sqltypes.Timestamp {
	tm, err := time.Parse("2006-01-02 15:04", "2024-05-01 "+hhmm)
	if err != nil {
		panic(err)
	}
	return sqltypes.Timestamp(tm.UnixMicro())
}

func (r *joinRun) newJoin(how, cond string) *StreamJoin {
	r.t.Helper()
	var err error
	if r.lwm, err = plan.NewWatermark(r.left, r.ltime, r.delayL); err != nil {
		r.t.Fatal(err)
	}
	if r.rwm, err = plan.NewWatermark(r.right, r.rtime, r.delay); err != nil {
		r.t.Fatal(err)
	}
	e, err := plan.ParseExpression(cond)
	if err != nil {
		r.t.Fatal(err)
	}
	j, err := plan.NewJoinOn(r.lwm, r.rwm, e, how)
	if err != nil {
		r.t.Fatal(err)
	}
	return NewStreamJoin(j)
}

// run runs one batch and returns its output rows as sorted strings, and its progress.
func (r *joinRun) run(op *StreamJoin, left, right []sqltypes.Row) ([]string, stream.StateOperatorProgress) {
	r.t.Helper()
	return r.runPlan(op, left, right)
}

// runPlan runs one batch of the plan root, which holds the join.
func (r *joinRun) runPlan(root plan.Node, left, right []sqltypes.Row) ([]string, stream.StateOperatorProgress) {
	r.t.Helper()
	ec, err := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	if err != nil {
		r.t.Fatal(err)
	}
	ex := &plan.Exec{Eval: ec, EventTime: map[*plan.Watermark]*plan.EventTimeStats{}, OutputMode: "Append",
		Batch: &stream.BatchContext{BatchID: r.batch, BatchWatermarkMs: r.wm, LateWatermarkMs: r.late,
			CheckpointDir: r.dir, Conf: map[string]string{"spark.sql.shuffle.partitions": "2"}}, Root: root}
	ex.StreamInput = func(_ context.Context, s *plan.StreamScan) ([]rowiter.Iter, error) {
		if s == r.left {
			return []rowiter.Iter{rowiter.Slice(left)}, nil
		}
		return []rowiter.Iter{rowiter.Slice(right)}, nil
	}
	its, err := plan.Run(context.Background(), root, ex)
	if err != nil {
		r.t.Fatal(err)
	}
	tasks, err := rowiter.CollectTasks(context.Background(), its)
	if err != nil {
		r.t.Fatal(err)
	}
	var out []string
	for _, task := range tasks {
		for _, row := range task {
			out = append(out, fmt.Sprint(row))
		}
	}
	sort.Strings(out)
	for _, row := range left {
		r.maxL = max(r.maxL, int64(row[r.timeCol].(sqltypes.Timestamp))/1000)
	}
	for _, row := range right {
		r.maxR = max(r.maxR, int64(row[r.timeCol].(sqltypes.Timestamp))/1000)
	}
	r.late = r.wm
	r.wm = max(r.wm, min(r.maxL-r.delayL, r.maxR-r.delay))
	r.batch++
	return out, ex.StateOperators[0]
}

func newJoinRun(t *testing.T) *joinRun {
	schema := func(id, ts string) *plan.Scope {
		return &plan.Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
			{Name: id, Type: sqltypes.Integer, Nullable: true}, {Name: ts, Type: sqltypes.TimestampT, Nullable: true}}}}
	}
	return &joinRun{t: t, dir: t.TempDir(), left: &plan.StreamScan{Scope: schema("impressionAdId", "impressionTime"), Name: "impressions"},
		right: &plan.StreamScan{Scope: schema("clickAdId", "clickTime"), Name: "clicks"}, delayL: 10 * 60000, delay: 20 * 60000,
		timeCol: 1, ltime: "impressionTime", rtime: "clickTime"}
}

const clickWithinHour = "clickAdId = impressionAdId AND clickTime >= impressionTime AND clickTime <= impressionTime + interval 1 hour"

// A left outer join emits an unmatched impression with NULLs only in the batch whose
// watermark, through the time range, drops it from the state; a new operator (a restarted
// query) finds the buffered rows in the checkpoint.
func TestStreamJoinLeftOuterEmitsOnEviction(t *testing.T) {
	r := newJoinRun(t)
	op := r.newJoin(plan.JoinLeft, clickWithinHour)
	out, prog := r.run(op, []sqltypes.Row{{int32(1), at("10:00")}, {int32(2), at("10:05")}}, []sqltypes.Row{{int32(1), at("10:30")}})
	if want := fmt.Sprint([]string{fmt.Sprint(sqltypes.Row{int32(1), at("10:00"), int32(1), at("10:30")})}); fmt.Sprint(out) != want {
		t.Fatalf("batch 0 = %v, want %v", out, want)
	}
	if prog.OperatorName != "symmetricHashJoin" || prog.NumRowsTotal != 3 || prog.NumRowsUpdated != 3 || prog.NumRowsRemoved != 0 {
		t.Errorf("batch 0 progress = %+v", prog)
	}
	if !op.ShouldRunNoDataBatch(r.wm) {
		t.Errorf("a moved watermark should run a no-data batch")
	}
	// The watermark (min(10:05-10m, 10:30-20m) = 09:55) leaves impression 2 waiting.
	if out, _ := r.run(op, nil, nil); len(out) != 0 {
		t.Fatalf("batch 1 = %v, want nothing", out)
	}
	restarted := r.newJoin(plan.JoinLeft, clickWithinHour)
	out, prog = r.run(restarted, []sqltypes.Row{{int32(3), at("14:00")}}, []sqltypes.Row{{int32(3), at("14:10")}})
	if len(out) != 1 {
		t.Fatalf("batch 2 = %v, want the match of ad 3", out)
	}
	// Watermark 13:50: impressions up to 12:50 and clicks up to 13:50 leave the state.
	out, prog = r.run(restarted, nil, nil)
	want := []string{fmt.Sprint(sqltypes.Row{int32(2), at("10:05"), nil, nil})}
	if fmt.Sprint(out) != fmt.Sprint(want) {
		t.Fatalf("batch 3 = %v, want %v", out, want)
	}
	// Spark counts only click 1's removal: the impressions a left outer join gives up are not.
	if prog.NumRowsRemoved != 1 || prog.NumRowsTotal != 2 {
		t.Errorf("batch 3 progress: removed %d, total %d; want 1 removed, 2 left", prog.NumRowsRemoved, prog.NumRowsTotal)
	}
	for _, name := range []string{"left-keyToNumValues", "left-keyWithIndexToValue", "right-keyToNumValues", "right-keyWithIndexToValue"} {
		if _, err := os.Stat(filepath.Join(r.dir, "state", "0", "1", name, "4.delta")); err != nil {
			t.Errorf("store %s: %v", name, err)
		}
	}
}

// A left semi join emits each impression once, on its first matching click, whichever
// side arrives first.
func TestStreamJoinLeftSemiEmitsOnce(t *testing.T) {
	r := newJoinRun(t)
	op := r.newJoin(plan.JoinSemi, clickWithinHour)
	out, _ := r.run(op, []sqltypes.Row{{int32(1), at("10:00")}, {int32(2), at("10:05")}}, []sqltypes.Row{{int32(1), at("10:10")}, {int32(1), at("10:20")}})
	if len(out) != 1 || out[0] != fmt.Sprint(sqltypes.Row{int32(1), at("10:00")}) {
		t.Fatalf("batch 0 = %v, want impression 1 once", out)
	}
	out, _ = r.run(op, nil, []sqltypes.Row{{int32(2), at("10:30")}, {int32(2), at("10:40")}, {int32(1), at("10:45")}})
	if len(out) != 1 || out[0] != fmt.Sprint(sqltypes.Row{int32(2), at("10:05")}) {
		t.Fatalf("batch 1 = %v, want impression 2 once", out)
	}
}
