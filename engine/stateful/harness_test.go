package stateful

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// harness drives an operator as kafkalab's executor does (facts §4.1-4.4): the watermark
// after a batch is max(event time) - delay, forward only, and is used by the next batch;
// late rows are judged with the previous batch's watermark.
type harness struct {
	t       testing.TB
	op      *Aggregate
	node    plan.Stateful // the operator run (op, or another stateful operator)
	wm      *plan.Watermark
	scan    *plan.StreamScan
	dir     string
	mode    string
	parts   string
	retain  string // spark.sql.streaming.minBatchesToRetain ("" = default)
	batch   int64
	wmMs    int64 // watermark in force for the next batch
	lateMs  int64 // watermark of the previous batch
	pending []sqltypes.Row
}

var eventSchema = &sqltypes.StructType{Fields: []sqltypes.StructField{
	{Name: "event_time", Type: sqltypes.TimestampT, Nullable: true},
	{Name: "customer_id", Type: sqltypes.String, Nullable: true},
	{Name: "amount", Type: sqltypes.DecimalType{Precision: 10, Scale: 2}, Nullable: true},
}}

type opSpec struct {
	window    []string // window(event_time, args...) as the first key; nil for none
	session   string
	customer  bool // group by customer_id too
	delay     string
	aggs      []plan.Expr
	plainTime bool // group by event_time itself
	dedup     []string
	within    bool
}

func col(n string) plan.Expr { return plan.ColumnRef{Parts: []string{n}} }
func lit(s string) plan.Expr { return plan.Literal{Value: s, Type: sqltypes.String} }
func countStar() plan.Expr   { return plan.Call{Name: "count", Args: []plan.Expr{plan.Star{}}} }

func newHarness(t testing.TB, spec opSpec, mode string) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir(), mode: mode, parts: "4"}
	h.scan = &plan.StreamScan{Scope: &plan.Scope{Schema: eventSchema}, Name: "events"}
	var child plan.Node = h.scan
	if spec.delay != "" {
		iv, err := sqltypes.ParseInterval(spec.delay)
		if err != nil {
			t.Fatal(err)
		}
		w, err := plan.NewWatermark(child, "event_time", iv.Micros/1000)
		if err != nil {
			t.Fatal(err)
		}
		h.wm, child = w, w
	}
	if spec.dedup != nil {
		d, err := NewDeduplicate(child, spec.dedup, spec.within)
		if err != nil {
			t.Fatal(err)
		}
		h.node = d
		return h
	}
	h.op = h.build(child, spec)
	h.node = h.op
	return h
}

func (h *harness) build(child plan.Node, spec opSpec) *Aggregate {
	var keys []plan.Expr
	if spec.window != nil {
		args := []plan.Expr{col("event_time")}
		for _, a := range spec.window {
			args = append(args, lit(a))
		}
		keys = append(keys, plan.Call{Name: "window", Args: args})
	}
	if spec.session != "" {
		keys = append(keys, plan.Call{Name: "session_window", Args: []plan.Expr{col("event_time"), lit(spec.session)}})
	}
	if spec.plainTime {
		keys = append(keys, col("event_time"))
	}
	if spec.customer {
		keys = append(keys, col("customer_id"))
	}
	aggs := spec.aggs
	if aggs == nil {
		aggs = []plan.Expr{countStar()}
	}
	op, err := NewAggregate(child, keys, aggs, true)
	if err != nil {
		h.t.Fatal(err)
	}
	return op
}

// restart forgets the operator's memory, as a new process would.
func (h *harness) restart(spec opSpec) {
	h.op = h.build(h.op.Child, spec)
	h.node = h.op
}

type batchOut struct {
	rows    []string
	wmAfter int64
	prog    stream.StateOperatorProgress
	noData  bool
}

// runBatch runs one batch over rows (nil for a no-data batch).
func (h *harness) runBatch(rows []sqltypes.Row) (batchOut, error) {
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	bc := &stream.BatchContext{BatchID: h.batch, BatchWatermarkMs: h.wmMs, LateWatermarkMs: h.lateMs,
		CheckpointDir: h.dir, Conf: map[string]string{"spark.sql.shuffle.partitions": h.parts, "spark.sql.streaming.minBatchesToRetain": h.retain}, IsNoDataBatch: rows == nil}
	ex := &plan.Exec{Eval: ec, EventTime: map[*plan.Watermark]*plan.EventTimeStats{}, Batch: bc, OutputMode: h.mode,
		StreamInput: func(context.Context, *plan.StreamScan) ([]rowiter.Iter, error) {
			return []rowiter.Iter{rowiter.Slice(rows)}, nil
		}}
	tasks, err := plan.Run(context.Background(), h.node, ex)
	if err != nil {
		return batchOut{}, err
	}
	out, err := rowiter.CollectTasks(context.Background(), tasks)
	if err != nil {
		return batchOut{}, err
	}
	res := batchOut{noData: rows == nil}
	for _, task := range out {
		for _, r := range task {
			res.rows = append(res.rows, fmtRow(r))
		}
	}
	sort.Strings(res.rows) // rows come by shuffle partition; their order is not part of the result
	if len(ex.StateOperators) == 1 {
		res.prog = ex.StateOperators[0]
	}
	next := h.wmMs
	if h.wm != nil {
		if st := ex.EventTime[h.wm]; st != nil && st.Count > 0 && st.Max-h.wm.DelayMs > next {
			next = st.Max - h.wm.DelayMs
		}
	}
	h.lateMs, h.wmMs = h.wmMs, next
	res.wmAfter = next
	h.batch++
	return res, nil
}

// feed runs a data batch, then the no-data batch Spark would run after it.
func (h *harness) feed(rows []sqltypes.Row) []batchOut {
	h.t.Helper()
	b, err := h.runBatch(rows)
	if err != nil {
		h.t.Fatalf("batch %d: %v", h.batch, err)
	}
	outs := []batchOut{b}
	if h.node.ShouldRunNoDataBatch(h.wmMs) {
		nb, err := h.runBatch(nil)
		if err != nil {
			h.t.Fatalf("no-data batch %d: %v", h.batch, err)
		}
		outs = append(outs, nb)
	}
	return outs
}

func ts(hhmm string) sqltypes.Timestamp {
	tm, err := time.Parse(time.RFC3339, "2026-10-01T"+hhmm+":00Z")
	if err != nil {
		panic(err)
	}
	return sqltypes.Timestamp(tm.UnixMicro())
}

func ev(hhmm, customer string, cents int64) sqltypes.Row {
	var t any
	if hhmm != "" {
		t = ts(hhmm)
	}
	return sqltypes.Row{t, customer, sqltypes.NewDecimal(cents, 2)}
}

func hhmm(v any) string {
	switch x := v.(type) {
	case sqltypes.Timestamp:
		return time.UnixMicro(int64(x)).UTC().Format("15:04")
	case sqltypes.Row:
		return "[" + hhmm(x[0]) + "," + hhmm(x[1]) + ")"
	case sqltypes.Decimal:
		return x.String()
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = hhmm(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *sqltypes.MapValue:
		parts := make([]string, len(x.Keys))
		for i := range x.Keys {
			parts[i] = hhmm(x.Keys[i]) + ":" + hhmm(x.Values[i])
		}
		return "{" + strings.Join(parts, ",") + "}"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

func fmtRow(r sqltypes.Row) string {
	parts := make([]string, len(r))
	for i, v := range r {
		parts[i] = hhmm(v)
	}
	return strings.Join(parts, " ")
}

func wmString(ms int64) string {
	if ms == 0 {
		return "0"
	}
	return time.UnixMilli(ms).UTC().Format("15:04")
}
