package stateful

import (
	"fmt"
	"math"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark's metadata keys on a window column: the event-time column's watermark delay is
// copied onto it (so a window key carries the watermark), and the window marker is added.
const (
	watermarkKey  = plan.WatermarkDelayKey
	timeWindowKey = "spark.timeWindow"
)

// windowType is the window column's type: struct<start: timestamp, end: timestamp>.
var windowType = &sqltypes.StructType{Fields: []sqltypes.StructField{
	{Name: "start", Type: sqltypes.TimestampT, Nullable: true},
	{Name: "end", Type: sqltypes.TimestampT, Nullable: true},
}}

func init() {
	plan.RegisterFunction("window", bindWindow)
	plan.RegisterFunction("session_window", bindSessionWindow)
}

// windowExpr is window(time, windowDuration, slideDuration, startTime), all in microseconds.
type windowExpr struct {
	time                  plan.Bound
	window, slide, offset int64
	meta                  map[string]any
}

func (w *windowExpr) DataType() sqltypes.DataType { return windowType }
func (w *windowExpr) Nullable() bool              { return w.window != w.slide } // Expand output is nullable
func (w *windowExpr) SQL() string                 { return "window" }
func (w *windowExpr) Metadata() map[string]any    { return w.meta }

// Eval gives the row's (first) window; sliding windows expand rows, which only a grouping
// can do here.
func (w *windowExpr) Eval(c *plan.EvalContext, row sqltypes.Row) (any, error) {
	if w.window != w.slide {
		return nil, &plan.UnsupportedError{Message: "kafkalab supports a sliding window(...) only as a groupBy key (it turns one row into several); group by it, or use a tumbling window"}
	}
	v, err := w.time.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	ts, ok := v.(sqltypes.Timestamp)
	if !ok {
		return nil, fmt.Errorf("window: expected a timestamp, got %T", v)
	}
	start := w.lastStart(int64(ts))
	return sqltypes.Row{sqltypes.Timestamp(start), sqltypes.Timestamp(start + w.window)}, nil
}

// watermarkDelayMs is the event-time column's watermark delay, if it has one.
func (w *windowExpr) watermarkDelayMs() (int64, bool) {
	d, ok := w.meta[watermarkKey].(int64)
	return d, ok
}

// lastStart is the start of the latest window holding ts (Spark's ResolveTimeWindows, in UTC
// epoch microseconds, not time-zone aware).
func (w *windowExpr) lastStart(ts int64) int64 {
	rem := (ts - w.offset) % w.slide
	if rem < 0 {
		rem += w.slide
	}
	return ts - rem
}

// assign appends the starts of every window that holds ts: ceil(window/slide) candidates,
// newest first; when window is not a multiple of slide, candidates not holding ts are
// dropped, as Spark's filter does.
func (w *windowExpr) assign(dst []int64, ts int64) []int64 {
	last := w.lastStart(ts)
	if w.window == w.slide {
		return append(dst, last)
	}
	n := (w.window + w.slide - 1) / w.slide
	exact := w.window%w.slide == 0
	for i := int64(0); i < n; i++ {
		start := last - i*w.slide
		if exact || (start <= ts && ts < start+w.window) {
			dst = append(dst, start)
		}
	}
	return dst
}

func literalString(fn, param string, e plan.Expr) (string, error) {
	if l, ok := e.(plan.Literal); ok {
		if s, ok := l.Value.(string); ok {
			return s, nil
		}
	}
	return "", fmt.Errorf("%s: %s must be a string literal such as \"5 minutes\"", fn, param)
}

func bindWindow(name string, args []plan.Expr, _ *plan.Scope, resolve func(plan.Expr) (plan.Bound, error)) (plan.Bound, error) {
	if len(args) < 2 || len(args) > 4 {
		return nil, &plan.AnalysisError{Class: "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
			Message: fmt.Sprintf("The `window` requires [2, 3, 4] parameters but the actual number is %d. Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.", len(args))}
	}
	t, err := timeColumn(args[0], resolve)
	if err != nil {
		return nil, err
	}
	if err := checkTimeColumn("window", t); err != nil {
		return nil, err
	}
	params := []string{"windowDuration", "slideDuration", "startTime"}
	vals := make([]int64, 3)
	for i, a := range args[1:] {
		s, err := literalString("window", params[i], a)
		if err != nil {
			return nil, err
		}
		if vals[i], err = durationMicros(s); err != nil {
			return nil, err
		}
	}
	w := &windowExpr{time: t, window: vals[0], slide: vals[1], offset: vals[2]}
	if len(args) < 3 {
		w.slide = w.window
	}
	sql := fmt.Sprintf("window(%s, %d, %d, %d)", t.SQL(), w.window, w.slide, w.offset)
	mismatch := func(format string, a ...any) error {
		return &plan.AnalysisError{Class: "DATATYPE_MISMATCH." + strings.SplitN(format, "|", 2)[0],
			Message: fmt.Sprintf("Cannot resolve \"%s\" due to data type mismatch: ", sql) + fmt.Sprintf(strings.SplitN(format, "|", 2)[1], a...)}
	}
	switch {
	case w.window <= 0:
		return nil, mismatch("VALUE_OUT_OF_RANGE|The `windowDuration` must be between (0, %d] (current value = %dL).", int64(math.MaxInt64), w.window)
	case w.slide <= 0:
		return nil, mismatch("VALUE_OUT_OF_RANGE|The `slideDuration` must be between (0, %d] (current value = %dL).", int64(math.MaxInt64), w.slide)
	case w.slide > w.window:
		return nil, mismatch("PARAMETER_CONSTRAINT_VIOLATION|The `slideDuration`(%dL) must be <= the `windowDuration`(%dL).", w.slide, w.window)
	case abs(w.offset) >= w.slide:
		return nil, mismatch("PARAMETER_CONSTRAINT_VIOLATION|The `abs(startTime)`(%dL) must be < the `slideDuration`(%dL).", abs(w.offset), w.slide)
	}
	w.meta = windowMetadata(t)
	return w, nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// windowMetadata copies the time column's metadata (the watermark marker) and marks the
// column as a time window, as Spark's window attribute does.
func windowMetadata(t plan.Bound) map[string]any {
	meta := map[string]any{}
	for k, v := range plan.OutputField(t).Metadata {
		meta[k] = v
	}
	meta[timeWindowKey] = true
	return meta
}

// timeColumn binds the time argument; a string column is cast to a timestamp implicitly, as
// Spark's window and session_window accept (ImplicitCastInputTypes).
func timeColumn(e plan.Expr, resolve func(plan.Expr) (plan.Bound, error)) (plan.Bound, error) {
	t, err := resolve(e)
	if err != nil {
		return nil, err
	}
	if _, ok := t.DataType().(sqltypes.StringType); ok {
		return resolve(plan.Cast{Child: e, To: sqltypes.TimestampT})
	}
	return t, nil
}

func checkTimeColumn(fn string, t plan.Bound) error {
	if _, ok := t.DataType().(sqltypes.TimestampType); ok {
		return nil
	}
	return &plan.AnalysisError{Class: "DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
		Message: fmt.Sprintf("Cannot resolve \"%s(%s)\" due to data type mismatch: The first parameter requires the (\"TIMESTAMP\" or \"TIMESTAMP_NTZ\") type, however \"%s\" has the type \"%s\". Cast it first: F.col(\"%s\").cast(\"timestamp\").",
			fn, t.SQL(), t.SQL(), t.DataType().SQL(), t.SQL())}
}

// sessionWindowExpr is session_window(time, gapDuration): each row starts the session
// [time, time+gap); the aggregation merges overlapping sessions of one key.
type sessionWindowExpr struct {
	time plan.Bound
	gap  int64
	meta map[string]any
}

func (s *sessionWindowExpr) DataType() sqltypes.DataType { return windowType }
func (s *sessionWindowExpr) Nullable() bool              { return false }
func (s *sessionWindowExpr) SQL() string                 { return "session_window" }
func (s *sessionWindowExpr) Metadata() map[string]any    { return s.meta }
func (s *sessionWindowExpr) Eval(c *plan.EvalContext, row sqltypes.Row) (any, error) {
	v, err := s.time.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	ts, ok := v.(sqltypes.Timestamp)
	if !ok {
		return nil, fmt.Errorf("session_window: expected a timestamp, got %T", v)
	}
	return sqltypes.Row{ts, ts + sqltypes.Timestamp(s.gap)}, nil
}

func bindSessionWindow(name string, args []plan.Expr, _ *plan.Scope, resolve func(plan.Expr) (plan.Bound, error)) (plan.Bound, error) {
	if len(args) != 2 {
		return nil, &plan.AnalysisError{Class: "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
			Message: fmt.Sprintf("The `session_window` requires 2 parameters but the actual number is %d. Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.", len(args))}
	}
	t, err := timeColumn(args[0], resolve)
	if err != nil {
		return nil, err
	}
	if err := checkTimeColumn("session_window", t); err != nil {
		return nil, err
	}
	s, err := literalString("session_window", "gapDuration", args[1])
	if err != nil {
		return nil, err
	}
	gap, err := durationMicros(s)
	if err != nil {
		return nil, err
	}
	meta := windowMetadata(t)
	delete(meta, timeWindowKey)
	meta["spark.sessionWindow"] = true
	return &sessionWindowExpr{time: t, gap: gap, meta: meta}, nil
}
