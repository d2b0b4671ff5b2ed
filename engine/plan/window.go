package plan

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TimeWindowKey is Spark's metadata marker of a window() column; the event-time column's
// watermark delay (WatermarkDelayKey) is copied onto it too, so a window key carries the
// watermark.
const TimeWindowKey = "spark.timeWindow"

// windowType is the window column's type: struct<start: timestamp, end: timestamp>.
var windowType = &sqltypes.StructType{Fields: []sqltypes.StructField{
	{Name: "start", Type: sqltypes.TimestampT, Nullable: true},
	{Name: "end", Type: sqltypes.TimestampT, Nullable: true},
}}

// TimeWindow is window(time, windowDuration, slideDuration, startTime), durations in
// microseconds. As an expression it gives a row's (first) window; a streaming aggregation
// grouped by it assigns each row to every window holding it (Assign).
type TimeWindow struct {
	time                  Bound
	window, slide, offset int64
	meta                  map[string]any
	// expanded is set when a WindowExpand below the projection made the windows: the
	// row's window is then the column at slot.
	expanded bool
	slot     int
}

// Time is the event-time column the windows follow.
func (w *TimeWindow) Time() Bound { return w.time }

// Duration is the window's length in microseconds.
func (w *TimeWindow) Duration() int64 { return w.window }

func (w *TimeWindow) DataType() sqltypes.DataType { return windowType }
func (w *TimeWindow) Nullable() bool              { return w.window != w.slide } // Expand output is nullable
func (w *TimeWindow) SQL() string                 { return "window" }
func (w *TimeWindow) Metadata() map[string]any    { return w.meta }

// Eval gives the row's (first) window; sliding windows expand rows, which only a grouping
// can do here.
func (w *TimeWindow) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	if w.expanded {
		return row[w.slot], nil
	}
	if w.window != w.slide {
		return nil, &UnsupportedError{Message: "kafkalab supports a sliding window(...) only as a groupBy key (it turns one row into several); group by it, or use a tumbling window"}
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

// lastStart is the start of the latest window holding ts (Spark's ResolveTimeWindows, in UTC
// epoch microseconds, not time-zone aware).
func (w *TimeWindow) lastStart(ts int64) int64 {
	rem := (ts - w.offset) % w.slide
	if rem < 0 {
		rem += w.slide
	}
	return ts - rem
}

// Assign appends the starts of every window that holds ts: ceil(window/slide) candidates,
// newest first; when window is not a multiple of slide, candidates not holding ts are
// dropped, as Spark's filter does.
func (w *TimeWindow) Assign(dst []int64, ts int64) []int64 {
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

func literalString(fn, param string, e Expr) (string, error) {
	if l, ok := e.(Literal); ok {
		if s, ok := l.Value.(string); ok {
			return s, nil
		}
	}
	return "", fmt.Errorf("%s: %s must be a string literal such as \"5 minutes\"", fn, param)
}

func bindWindow(r *resolver, c Call) (Bound, error) {
	args := c.Args
	if len(args) < 2 || len(args) > 4 {
		return nil, &AnalysisError{Class: "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
			Message: fmt.Sprintf("The `window` requires [2, 3, 4] parameters but the actual number is %d. Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.", len(args))}
	}
	t, err := timeColumn(args[0], r.resolve)
	if err != nil {
		return nil, err
	}
	params := []string{"windowDuration", "slideDuration", "startTime"}
	vals := make([]int64, 3)
	for i, a := range args[1:] {
		s, err := literalString("window", params[i], a)
		if err != nil {
			return nil, err
		}
		if vals[i], err = windowMicros(s); err != nil {
			return nil, err
		}
	}
	w := &TimeWindow{time: t, window: vals[0], slide: vals[1], offset: vals[2]}
	if len(args) < 3 {
		w.slide = w.window
	}
	sql := fmt.Sprintf("window(%s, %d, %d, %d)", t.SQL(), w.window, w.slide, w.offset)
	// Spark parses the durations when window() is called and checks the column's type
	// first when it resolves the plan: the error names the whole expression, durations in
	// microseconds, and every type TimeWindow takes.
	if _, ok := t.DataType().(sqltypes.TimestampType); !ok {
		return nil, unexpectedInputType(sql, "first", t.SQL(), t.DataType(),
			`("(TIMESTAMP OR TIMESTAMP WITHOUT TIME ZONE)" or "STRUCT<start: TIMESTAMP, end: TIMESTAMP>" or "STRUCT<start: TIMESTAMP_NTZ, end: TIMESTAMP_NTZ>")`)
	}
	mismatch := func(format string, a ...any) error {
		return &AnalysisError{Class: "DATATYPE_MISMATCH." + strings.SplitN(format, "|", 2)[0],
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
func windowMetadata(t Bound) map[string]any {
	meta := map[string]any{}
	for k, v := range OutputField(t).Metadata {
		meta[k] = v
	}
	meta[TimeWindowKey] = true
	return meta
}

// timeColumn binds the time argument; a string column is cast to a timestamp implicitly, as
// Spark's window and session_window accept (ImplicitCastInputTypes).
func timeColumn(e Expr, resolve func(Expr) (Bound, error)) (Bound, error) {
	t, err := resolve(e)
	if err != nil {
		return nil, err
	}
	if _, ok := t.DataType().(sqltypes.StringType); ok {
		return resolve(Cast{Child: e, To: sqltypes.TimestampT})
	}
	if isWindowStruct(t.DataType()) {
		// A window of an earlier windowed aggregation stands for its window_time (Spark's
		// window over a window column).
		return windowTimeOf(t), nil
	}
	return t, nil
}

// isWindowStruct is a window's type: struct<start: timestamp, end: timestamp>.
func isWindowStruct(t sqltypes.DataType) bool {
	st, ok := t.(*sqltypes.StructType)
	if !ok || len(st.Fields) != 2 || st.Fields[0].Name != "start" || st.Fields[1].Name != "end" {
		return false
	}
	for _, f := range st.Fields {
		if _, ok := f.Type.(sqltypes.TimestampType); !ok {
			return false
		}
	}
	return true
}

func checkTimeColumn(fn string, t Bound) error {
	if _, ok := t.DataType().(sqltypes.TimestampType); ok {
		return nil
	}
	return unexpectedInputType(fn+"("+t.SQL()+")", "first", t.SQL(), t.DataType(), `("TIMESTAMP" or "TIMESTAMP_NTZ")`)
}

// SessionWindow is session_window(time, gapDuration): each row starts the session
// [time, time+gap); a streaming aggregation grouped by it merges the overlapping sessions
// of one key.
type SessionWindow struct {
	time Bound
	gap  int64
	// gapExpr, when set, computes each row's gap (a duration string or an interval): a
	// dynamic gap, as session_window(t, when(...).otherwise("30 minutes")).
	gapExpr Bound
	meta    map[string]any
}

// Time is the event-time column the sessions follow.
func (s *SessionWindow) Time() Bound { return s.time }

// GapOf is the session gap of one row in microseconds; ok is false when the row opens no
// session (a null, unreadable or non-positive gap), which Spark filters out.
func (s *SessionWindow) GapOf(c *EvalContext, row sqltypes.Row) (gap int64, ok bool, err error) {
	if s.gapExpr == nil {
		return s.gap, s.gap > 0, nil
	}
	v, err := s.gapExpr.Eval(c, row)
	if err != nil || v == nil {
		return 0, false, err
	}
	switch x := v.(type) {
	case string:
		iv, err := sqltypes.ParseInterval(x)
		if err != nil || iv.Months != 0 {
			return 0, false, nil
		}
		gap = iv.Micros
	case sqltypes.Interval:
		if x.Months != 0 {
			return 0, false, nil
		}
		gap = x.Micros
	case int64: // a day-time interval
		gap = x
	default:
		return 0, false, fmt.Errorf("session_window: the gap duration is a %T, not a string or interval", v)
	}
	return gap, gap > 0, nil
}

func (s *SessionWindow) DataType() sqltypes.DataType { return windowType }
func (s *SessionWindow) Nullable() bool              { return false }
func (s *SessionWindow) SQL() string                 { return "session_window" }
func (s *SessionWindow) Metadata() map[string]any    { return s.meta }
func (s *SessionWindow) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := s.time.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	ts, ok := v.(sqltypes.Timestamp)
	if !ok {
		return nil, fmt.Errorf("session_window: expected a timestamp, got %T", v)
	}
	gap, ok, err := s.GapOf(c, row)
	if err != nil || !ok {
		return nil, err
	}
	return sqltypes.Row{ts, ts + sqltypes.Timestamp(gap)}, nil
}

func bindSessionWindow(r *resolver, c Call) (Bound, error) {
	args := c.Args
	if len(args) != 2 {
		return nil, &AnalysisError{Class: "WRONG_NUM_ARGS.WITHOUT_SUGGESTION",
			Message: fmt.Sprintf("The `session_window` requires 2 parameters but the actual number is %d. Please, refer to 'https://spark.apache.org/docs/latest/sql-ref-functions.html' for a fix.", len(args))}
	}
	t, err := timeColumn(args[0], r.resolve)
	if err != nil {
		return nil, err
	}
	if err := checkTimeColumn("session_window", t); err != nil {
		return nil, err
	}
	meta := windowMetadata(t)
	delete(meta, TimeWindowKey)
	meta["spark.sessionWindow"] = true
	if s, err := literalString("session_window", "gapDuration", args[1]); err == nil {
		gap, err := windowMicros(s)
		if err != nil {
			return nil, err
		}
		return &SessionWindow{time: t, gap: gap, meta: meta}, nil
	}
	g, err := r.resolve(args[1])
	if err != nil {
		return nil, err
	}
	switch g.DataType().(type) {
	case sqltypes.StringType, sqltypes.CalendarIntervalType, sqltypes.DayTimeIntervalType:
	default:
		return nil, unexpectedInputType("session_window("+t.SQL()+", "+g.SQL()+")", "second", g.SQL(), g.DataType(), `("STRING" or "INTERVAL")`)
	}
	return &SessionWindow{time: t, gapExpr: g, meta: meta}, nil
}

// windowMicros reads a window's length or gap. Spark's TimeWindow refuses months, which
// have no fixed length.
func windowMicros(s string) (int64, error) {
	iv, err := sqltypes.ParseInterval(s)
	if err != nil {
		return 0, sqltypes.CannotParseInterval(s)
	}
	if iv.Months != 0 {
		return 0, fmt.Errorf("Intervals greater than a month is not supported (%s).", s)
	}
	return iv.Micros, nil
}

// WindowCall is the window() or session_window() a grouping key computes, seen through an
// alias (groupBy(session_window(...).alias("s"))); any other key is returned as it is.
func WindowCall(b Bound) Bound {
	for {
		switch x := unzoned(b).(type) {
		case *boundAlias:
			b = x.child
		case *TimeWindow, *SessionWindow:
			return x
		default:
			return b
		}
	}
}

// WindowExpand is what Spark's TimeWindowing makes of window() in a batch select: each row
// once per window holding its time (newest first; one for a tumbling window), the window
// appended as a column, and rows whose time is NULL dropped.
type WindowExpand struct {
	Child Node
	W     *TimeWindow
	scope *Scope
}

// expandWindowInSelect puts a WindowExpand under a batch projection whose select list has
// one window() column (bare or aliased), and points that column at the expansion's output.
func expandWindowInSelect(child Node, bound []Bound) Node {
	if IsStreaming(child) {
		return child // a stream's windows are made by its aggregation
	}
	var found *TimeWindow
	for _, b := range bound {
		if a, ok := b.(*boundAlias); ok {
			b = a.child
		}
		if w, ok := b.(*TimeWindow); ok {
			if found != nil {
				return child
			}
			found = w
		}
	}
	if found == nil {
		return child
	}
	in := childScope(child)
	out := in.derive(&sqltypes.StructType{Fields: append(append([]sqltypes.StructField{}, in.Schema.Fields...),
		sqltypes.StructField{Name: "window", Type: windowType, Nullable: true, Metadata: found.meta})})
	out.Qualifiers = append([][]string{}, in.Qualifiers...)
	found.expanded, found.slot = true, len(in.Schema.Fields)
	return &WindowExpand{Child: child, W: found, scope: out}
}

func (e *WindowExpand) Output() *Scope   { return e.scope }
func (e *WindowExpand) Children() []Node { return []Node{e.Child} }
func (e *WindowExpand) Describe() string {
	return fmt.Sprintf("Expand window(%s, %d, %d, %d)", e.W.time.SQL(), e.W.window, e.W.slide, e.W.offset)
}

func (e *WindowExpand) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := e.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	out := make([]rowiter.Iter, len(in))
	for t, task := range in {
		ec := ex.Eval.ForTask(t)
		var starts []int64
		out[t] = rowiter.Map(task, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			var res []sqltypes.Row
			for _, row := range rows {
				v, err := e.W.time.Eval(ec, row)
				if err != nil {
					return nil, err
				}
				ts, ok := v.(sqltypes.Timestamp)
				if !ok {
					continue // NULL time: Spark's filter drops the row
				}
				starts = e.W.Assign(starts[:0], int64(ts))
				for _, st := range starts {
					r := make(sqltypes.Row, len(row)+1)
					copy(r, row)
					r[len(row)] = sqltypes.Row{sqltypes.Timestamp(st), sqltypes.Timestamp(st + e.W.window)}
					res = append(res, r)
				}
			}
			return res, nil
		})
	}
	return out, nil
}
