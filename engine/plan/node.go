package plan

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Node is a logical operator (see the package documentation for how operators run).
type Node interface {
	// Output is the operator's output columns (schema plus qualifiers).
	Output() *Scope
	Children() []Node
	// Describe is a one-line description for explain-like messages.
	Describe() string
	// Execute starts the operator for one execution and returns its output: one row
	// stream per task (a task is Spark's partition; sinks write one file per non-empty
	// task). Rows are computed as the streams are read.
	Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error)
}

// Exec is the state of one execution: the evaluation context and, for a streaming plan, the
// micro-batch input bound to its StreamScan leaves.
type Exec struct {
	Eval *EvalContext
	// ChunkRows is how many rows a chunk holds at most (0: rowiter.DefaultChunkRows).
	ChunkRows int
	// StreamInput opens the rows (one stream per task) a streaming leaf reads in this
	// batch.
	StreamInput func(ctx context.Context, s *StreamScan) ([]rowiter.Iter, error)
	// EventTime receives the event-time statistics each Watermark operator collects.
	EventTime map[*Watermark]*EventTimeStats
	// Batch is the micro-batch being run (nil for a static action): stateful operators
	// read the watermarks, batch id and checkpoint folder from it.
	Batch *stream.BatchContext
	// OutputMode is the query's output mode ("Append", "Update", "Complete"; "" static).
	OutputMode string
	// StateOperators collects the progress of stateful operators, in plan order.
	StateOperators []stream.StateOperatorProgress
	// Root is the whole plan being run (nil: unknown), for operators whose state holds only
	// what the operators above them read (a stream-stream join's buffered rows).
	Root Node
	// Observed collects the metrics of the plan's Observe operators (df.observe), in the
	// order they finished.
	Observed []ObservedMetrics

	eventTimeMu sync.Mutex // tasks stream past a Watermark concurrently
}

// chunkRows is the chunk size in force.
func (ex *Exec) chunkRows() int {
	if ex == nil || ex.ChunkRows <= 0 {
		return rowiter.DefaultChunkRows
	}
	return ex.ChunkRows
}

// Stateful is implemented by streaming operators that keep state across batches. The
// executor asks them, after each batch, whether the new watermark warrants a no-data batch.
type Stateful interface {
	Node
	ShouldRunNoDataBatch(newWatermarkMs int64) bool
}

// UnexecutedProgress is implemented by stateful operators: what Spark's progress reports
// for the operator in a batch that was planned but never run (a re-run batch the sink
// already holds): its name and metric names, every value 0.
type UnexecutedProgress interface {
	UnexecutedProgress(conf map[string]string) (stream.StateOperatorProgress, error)
}

// EventTimeStats are a watermark operator's statistics over one batch, in milliseconds.
type EventTimeStats struct {
	Max, Min, Sum, Count int64
}

// merge adds o's rows to s.
func (s *EventTimeStats) merge(o EventTimeStats) {
	if o.Count == 0 {
		return
	}
	if s.Count == 0 || o.Max > s.Max {
		s.Max = o.Max
	}
	if s.Count == 0 || o.Min < s.Min {
		s.Min = o.Min
	}
	s.Sum += o.Sum
	s.Count += o.Count
}

func (s *EventTimeStats) add(ms int64) {
	if s.Count == 0 || ms > s.Max {
		s.Max = ms
	}
	if s.Count == 0 || ms < s.Min {
		s.Min = ms
	}
	s.Sum += ms
	s.Count++
}

// IsStreaming reports whether the plan reads a streaming source.
func IsStreaming(n Node) bool {
	if _, ok := n.(*StreamScan); ok {
		return true
	}
	for _, c := range n.Children() {
		if IsStreaming(c) {
			return true
		}
	}
	return false
}

// Walk calls fn for n and every node below it, parents first.
func Walk(n Node, fn func(Node)) {
	fn(n)
	for _, c := range n.Children() {
		Walk(c, fn)
	}
}

// Schema is shorthand for n.Output().Schema.
func Schema(n Node) *sqltypes.StructType { return n.Output().Schema }

func childScope(n Node) *Scope { return n.Output() }

// ---- leaves ----

// Relation is a static leaf: rows given at creation (createDataFrame) or loaded when the
// plan executes (a Delta table read by name or path).
type Relation struct {
	Scope *Scope
	Name  string
	// Rows are the data by task, when known up front.
	Rows [][]sqltypes.Row
	// Load, when set, opens the data at execution time instead of Rows: one stream per
	// task.
	Load func(ctx context.Context) ([]rowiter.Iter, error)
	// InputFiles, when set, lists the files a file relation reads (df.inputFiles()).
	InputFiles func() ([]string, error)
	// SizeUnknown marks data Spark has no size estimate for (a Kafka read, the batch of a
	// stream from Kafka): its planner never broadcasts it to a join.
	SizeUnknown bool
	// TaskRead, when set, is told the index of each task an execution starts reading
	// (ended false) and reads to its end (ended true): a foreachBatch batch checks which
	// of its stateful partitions some action ran, as Spark's state store commit
	// validation does.
	TaskRead func(task int, ended bool)
}

func (r *Relation) Output() *Scope   { return r.Scope }
func (r *Relation) Children() []Node { return nil }
func (r *Relation) Describe() string { return r.Name }
func (r *Relation) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	var its []rowiter.Iter
	if r.Load != nil {
		var err error
		if its, err = r.Load(ctx); err != nil {
			return nil, err
		}
	} else {
		its = rowiter.Tasks(r.Rows, ex.chunkRows())
	}
	if r.TaskRead != nil {
		for i, it := range its {
			its[i] = &readTracker{in: it, task: i, read: r.TaskRead}
		}
	}
	return its, nil
}

// readTracker reports its task when it is first read and once its rows were read to the
// end.
type readTracker struct {
	in            rowiter.Iter
	task          int
	read          func(int, bool)
	started, done bool
}

func (t *readTracker) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if !t.started {
		t.started = true
		t.read(t.task, false)
	}
	rows, err := t.in.Next(ctx)
	if err == io.EOF && !t.done {
		t.done = true
		t.read(t.task, true)
	}
	return rows, err
}

func (t *readTracker) Close() error { return t.in.Close() }

// StreamScan is a streaming leaf. Source is the engine's handle for the source (opaque
// here); the executor binds each batch's rows through Exec.StreamInput.
type StreamScan struct {
	Scope  *Scope
	Name   string
	Source any
	// SizeUnknown marks a source whose batches Spark has no size estimate for (Kafka, the
	// rate source), as Relation.SizeUnknown.
	SizeUnknown bool
}

func (s *StreamScan) Output() *Scope   { return s.Scope }
func (s *StreamScan) Children() []Node { return nil }
func (s *StreamScan) Describe() string { return s.Name }
func (s *StreamScan) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	if ex == nil || ex.StreamInput == nil {
		return nil, CheckBatch(s)
	}
	return ex.StreamInput(ctx, s)
}

// ---- projection and filter ----

// Project is select(...).
type Project struct {
	Child Node
	Exprs []Bound
	scope *Scope
}

// NewProject resolves a select list (expanding stars) against child's output.
func NewProject(child Node, exprs []Expr) (*Project, error) {
	in := childScope(child)
	var windows []*boundOver
	r := &resolver{scope: in, windows: &windows, windowBase: len(in.Schema.Fields)}
	var bound []Bound
	for _, e := range exprs {
		if st, ok := e.(Star); ok {
			bs, err := r.expandStar(st)
			if err != nil {
				return nil, err
			}
			bound = append(bound, bs...)
			continue
		}
		b, err := r.resolve(e)
		if err != nil {
			return nil, err
		}
		if a, ok := b.(*boundAlias); ok {
			if w, ok := a.child.(*boundOver); ok {
				w.column = a.name
			}
		}
		bound = append(bound, b)
	}
	if len(windows) > 0 {
		return NewBoundProject(newWindow(child, windows), bound), nil
	}
	return NewBoundProject(expandWindowInSelect(child, bound), bound), nil
}

// NewBoundProject makes a projection of already-bound expressions.
func NewBoundProject(child Node, bound []Bound) *Project {
	in := childScope(child)
	out := in.derive(&sqltypes.StructType{})
	for _, b := range bound {
		out.Schema.Fields = append(out.Schema.Fields, OutputField(b))
		var q []string
		if ref, ok := b.(*boundRef); ok {
			q = in.qualifier(ref.index)
		}
		out.Qualifiers = append(out.Qualifiers, q)
	}
	return &Project{Child: child, Exprs: bound, scope: out}
}

func (p *Project) Output() *Scope   { return p.scope }
func (p *Project) Children() []Node { return []Node{p.Child} }
func (p *Project) Describe() string {
	names := make([]string, len(p.Exprs))
	for i, e := range p.Exprs {
		names[i] = OutputName(e)
	}
	return "Project [" + strings.Join(names, ", ") + "]"
}
func (p *Project) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	child, inner := p.Child, []Bound(nil)
	if in, ok := child.(*Project); ok {
		// A projection of a projection runs as one (projector).
		child, inner = in.Child, in.Exprs
	}
	in, err := child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	return projectStreams(ex.Eval, inner, p.Exprs, in), nil
}

// Filter is filter/where.
type Filter struct {
	Child Node
	Cond  Bound
}

// NewFilter resolves a boolean condition against child's output.
func NewFilter(child Node, cond Expr) (*Filter, error) {
	r := &resolver{scope: childScope(child)}
	b, err := r.resolve(cond)
	if err != nil {
		return nil, err
	}
	switch b.DataType().(type) {
	case sqltypes.BooleanType:
	case sqltypes.NullType:
		b = castTo(b, sqltypes.Boolean)
	default:
		return nil, analysisErr("DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN",
			"Cannot resolve %s due to data type mismatch: Filter expression %s of type %s is not a boolean.",
			quoteSQL(b.SQL()), quoteSQL(b.SQL()), quoteSQL(b.DataType().SQL()))
	}
	return observedBelow(&Filter{Child: child, Cond: b}), nil
}

// observedBelow is Spark's pushdown of a filter below EventTimeWatermark (PushPredicateThrough
// NonJoin): the deterministic conjuncts that do not read the event-time column run before the
// watermark operator, so its event-time statistics (and so the next watermark) count only the
// rows that pass them. Rows flow the same either way; kafkalab keeps the filter where it is and
// gives the watermark the pushed conjuncts to select the rows it observes.
func observedBelow(f *Filter) *Filter {
	w := watermarkUnderFilters(f.Child)
	if w == nil {
		return f
	}
	var pushed []Bound
	for _, c := range andConjuncts(f.Cond) {
		if pushableBelowWatermark(c, w.Column) {
			pushed = append(pushed, c)
		}
	}
	if len(pushed) == 0 {
		return f
	}
	return &Filter{Child: withObserved(f.Child, pushed), Cond: f.Cond}
}

// watermarkUnderFilters is the Watermark n is, or sits on below a chain of filters; nil if none.
func watermarkUnderFilters(n Node) *Watermark {
	switch x := n.(type) {
	case *Watermark:
		return x
	case *Filter:
		return watermarkUnderFilters(x.Child)
	}
	return nil
}

// withObserved copies the filter chain down to its Watermark, whose copy observes only the
// rows that also meet conds.
func withObserved(n Node, conds []Bound) Node {
	switch x := n.(type) {
	case *Watermark:
		w := *x
		for _, c := range conds {
			if w.Observe == nil {
				w.Observe = c
			} else {
				w.Observe = &boundLogic{and: true, left: w.Observe, right: c}
			}
		}
		return &w
	case *Filter:
		return &Filter{Child: withObserved(x.Child, conds), Cond: x.Cond}
	}
	return n
}

// pushableBelowWatermark reports whether Spark would push conjunct c below the watermark on
// column col: it is deterministic and does not read col. Expressions this function does not
// know stay above (the watermark then observes more rows, never fewer).
func pushableBelowWatermark(c Bound, col int) bool {
	ok := true
	var walk func(b Bound)
	walk = func(b Bound) {
		if !ok || b == nil {
			return
		}
		switch x := b.(type) {
		case *boundRef:
			ok = x.index != col
		case *boundLit:
		case *boundField:
			walk(x.child)
		case *boundMapValue:
			walk(x.child)
		case *boundCast:
			walk(x.child)
		case *boundAlias:
			walk(x.child)
		case *boundNegate:
			walk(x.child)
		case *boundNot:
			walk(x.child)
		case *boundIsNull:
			walk(x.child)
		case *boundArith:
			walk(x.left)
			walk(x.right)
		case *boundCompare:
			walk(x.left)
			walk(x.right)
		case *boundLogic:
			walk(x.left)
			walk(x.right)
		case *boundIn:
			walk(x.child)
			for _, e := range x.list {
				walk(e)
			}
		case *boundFunc:
			if x.volatile {
				ok = false
				return
			}
			for _, a := range x.args {
				walk(a)
			}
		default:
			ok = false
		}
	}
	walk(c)
	return ok
}

func (f *Filter) Output() *Scope   { return f.Child.Output() }
func (f *Filter) Children() []Node { return []Node{f.Child} }
func (f *Filter) Describe() string { return "Filter " + f.Cond.SQL() }
func (f *Filter) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := f.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	for t, it := range in {
		in[t] = FilterIter(it, f.Cond, ex.Eval.ForTask(t))
	}
	return in, nil
}

// FilterIter passes on the rows of it for which cond is TRUE (not FALSE or NULL).
func FilterIter(it rowiter.Iter, cond Bound, ec *EvalContext) rowiter.Iter {
	var keep []sqltypes.Row
	return rowiter.Map(it, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
		keep = keep[:0]
		for _, row := range rows {
			v, err := cond.Eval(ec, row)
			if err != nil {
				return nil, err
			}
			if v == true {
				keep = append(keep, row)
			}
		}
		return keep, nil
	})
}

// And is the conjunction of two boolean expressions.
func And(left, right Bound) Bound { return &boundLogic{and: true, left: left, right: right} }

// ---- limit, sort, coalesce, repartition, union ----

// Limit is limit(n): the first n rows in task order, as one task.
type Limit struct {
	Child Node
	N     int
}

func (l *Limit) Output() *Scope   { return l.Child.Output() }
func (l *Limit) Children() []Node { return []Node{l.Child} }
func (l *Limit) Describe() string { return fmt.Sprintf("GlobalLimit %d", l.N) }

// LimitCount is n (LimitNode).
func (l *Limit) LimitCount() int { return l.N }
func (l *Limit) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := l.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	// The input is read task after task and no further than the n-th row.
	left := l.N
	next := func(ctx context.Context) ([]sqltypes.Row, error) {
		for left > 0 && len(in) > 0 {
			rows, err := in[0].Next(ctx)
			if err == io.EOF {
				if err := in[0].Close(); err != nil {
					return nil, err
				}
				in = in[1:]
				continue
			}
			if err != nil {
				return nil, err
			}
			rows = rows[:min(len(rows), left)]
			left -= len(rows)
			return rows, nil
		}
		if err := rowiter.CloseAll(in); err != nil {
			return nil, err
		}
		in = nil
		return nil, io.EOF
	}
	return []rowiter.Iter{rowiter.Func(next, func() error { return rowiter.CloseAll(in) })}, nil
}

// SortKey is one orderBy key.
type SortKey struct {
	Expr       Bound
	Desc       bool
	NullsFirst bool
}

// Sort is orderBy/sort: a total order over all rows, output as one task.
type Sort struct {
	Child Node
	Keys  []SortKey
	// Local sorts each task's rows on their own (sortWithinPartitions), keeping the tasks.
	Local bool
}

// NewSort resolves sort keys. A plain expression sorts ascending with nulls first, as Spark.
func NewSort(child Node, keys []Expr) (*Sort, error) {
	r := &resolver{scope: childScope(child)}
	s := &Sort{Child: child}
	for _, k := range keys {
		key := SortKey{NullsFirst: true}
		if so, ok := k.(SortOrder); ok {
			key.Desc, key.NullsFirst = so.Desc, so.NullsFirst
			k = so.Child
		}
		b, err := r.resolve(k)
		if err != nil {
			return nil, err
		}
		if !orderable(b.DataType()) {
			return nil, analysisErr("DATATYPE_MISMATCH.INVALID_ORDERING_TYPE",
				"Cannot resolve %s due to data type mismatch: The `sortorder` does not support ordering on type %s.",
				quoteSQL(b.SQL()+" ASC NULLS FIRST"), quoteSQL(b.DataType().SQL()))
		}
		key.Expr = b
		s.Keys = append(s.Keys, key)
	}
	return s, nil
}

func (s *Sort) Output() *Scope   { return s.Child.Output() }
func (s *Sort) Children() []Node { return []Node{s.Child} }
func (s *Sort) Describe() string { return "Sort" }
func (s *Sort) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, s.Child, ex)
	if err != nil {
		return nil, err
	}
	if s.Local {
		out := make([]rowiter.Iter, len(in))
		for t, rows := range in {
			sorted, err := s.sortRows(ex.Eval, rows)
			if err != nil {
				return nil, err
			}
			out[t] = rowiter.SliceChunks(sorted, ex.chunkRows())
		}
		return out, nil
	}
	var all []sqltypes.Row
	for _, rows := range in {
		all = append(all, rows...)
	}
	sorted, err := s.sortRows(ex.Eval, all)
	if err != nil {
		return nil, err
	}
	return []rowiter.Iter{rowiter.SliceChunks(sorted, ex.chunkRows())}, nil
}

// sortRows orders rows by the keys, stably.
func (s *Sort) sortRows(ec *EvalContext, rows []sqltypes.Row) ([]sqltypes.Row, error) {
	type keyed struct {
		row  sqltypes.Row
		keys []any
	}
	all := make([]keyed, 0, len(rows))
	for _, row := range rows {
		ks := make([]any, len(s.Keys))
		for i, k := range s.Keys {
			v, err := k.Expr.Eval(ec, row)
			if err != nil {
				return nil, err
			}
			ks[i] = v
		}
		all = append(all, keyed{row, ks})
	}
	sort.SliceStable(all, func(i, j int) bool {
		for k, key := range s.Keys {
			a, b := all[i].keys[k], all[j].keys[k]
			var c int
			switch {
			case a == nil && b == nil:
				c = 0
			case a == nil:
				c = -1
				if !key.NullsFirst {
					c = 1
				}
			case b == nil:
				c = 1
				if !key.NullsFirst {
					c = -1
				}
			default:
				c = compareValues(a, b, key.Expr.DataType())
				if key.Desc {
					c = -c
				}
			}
			if c != 0 {
				return c < 0
			}
		}
		return false
	})
	out := make([]sqltypes.Row, len(all))
	for i, k := range all {
		out[i] = k.row
	}
	return out, nil
}

// Coalesce is coalesce(n): merges tasks down to at most n without a shuffle (rows keep their
// order), so coalesce(1) makes a sink write one file.
type Coalesce struct {
	Child Node
	N     int
}

func (c *Coalesce) Output() *Scope   { return c.Child.Output() }
func (c *Coalesce) Children() []Node { return []Node{c.Child} }
func (c *Coalesce) Describe() string { return fmt.Sprintf("Coalesce %d", c.N) }
func (c *Coalesce) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := c.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	if len(in) <= c.N {
		return in, nil
	}
	// Contiguous groups, like CoalescedRDD without locality preferences.
	groups := make([][]rowiter.Iter, c.N)
	for i, it := range in {
		g := i * c.N / len(in)
		groups[g] = append(groups[g], it)
	}
	out := make([]rowiter.Iter, c.N)
	for g, its := range groups {
		out[g] = rowiter.Concat(its...)
	}
	return out, nil
}

// Repartition is repartition(n): rows dealt round-robin to n tasks.
type Repartition struct {
	Child Node
	N     int
}

func (r *Repartition) Output() *Scope   { return r.Child.Output() }
func (r *Repartition) Children() []Node { return []Node{r.Child} }
func (r *Repartition) Describe() string { return fmt.Sprintf("Repartition %d", r.N) }
func (r *Repartition) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, r.Child, ex)
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, r.N)
	i := 0
	for _, rows := range in {
		for _, row := range rows {
			out[i%r.N] = append(out[i%r.N], row)
			i++
		}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}

// Union is union/unionAll: by position; the output takes the left side's names.
type Union struct {
	Left, Right Node
	scope       *Scope
	casts       [2][]Bound
}

// NewUnion checks the column counts and types and widens types as Spark does.
func NewUnion(left, right Node) (*Union, error) {
	scope, casts, err := setOpColumns(left, right, "UNION")
	if err != nil {
		return nil, err
	}
	return &Union{Left: left, Right: right, scope: scope, casts: casts}, nil
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "first"
	case 2:
		return "second"
	case 3:
		return "third"
	}
	return fmt.Sprintf("%dth", n)
}

func (u *Union) Output() *Scope   { return u.scope }
func (u *Union) Children() []Node { return []Node{u.Left, u.Right} }
func (u *Union) Describe() string { return "Union" }
func (u *Union) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	var out []rowiter.Iter
	for side, n := range []Node{u.Left, u.Right} {
		in, err := n.Execute(ctx, ex)
		if err != nil {
			rowiter.CloseAll(out)
			return nil, err
		}
		out = append(out, projectStreams(ex.Eval, nil, u.casts[side], in)...)
	}
	return out, nil
}

// ---- aggregation and deduplication (static data) ----

// Aggregate is groupBy(keys).agg(exprs) or a global aggregation (no keys). The output is
// the grouping columns then the aggregate columns, as one task in first-seen group order.
type Aggregate struct {
	Child    Node
	Grouping []Bound
	Aggs     *AggregateList
	scope    *Scope
}

// NewAggregate resolves grouping expressions and aggregate outputs. withKeys adds the
// grouping columns in front of the outputs (groupBy().agg()); select(count(...)) does not.
func NewAggregate(child Node, grouping []Expr, aggs []Expr, withKeys bool) (*Aggregate, error) {
	in := childScope(child)
	r := &resolver{scope: in}
	a := &Aggregate{Child: child}
	for _, g := range grouping {
		if calls := AggregateCalls(g); len(calls) > 0 {
			return nil, groupByAggregate(in, calls[0])
		}
		b, err := r.resolve(g)
		if err != nil {
			return nil, err
		}
		a.Grouping = append(a.Grouping, b)
	}
	list, err := ResolveAggregates(aggs, in, a.Grouping)
	if err != nil {
		return nil, err
	}
	a.Aggs = list
	a.scope = in.derive(&sqltypes.StructType{})
	if withKeys {
		for _, g := range a.Grouping {
			a.scope.Schema.Fields = append(a.scope.Schema.Fields, OutputField(g))
		}
	}
	for _, o := range a.Aggs.Outputs {
		f := OutputField(o)
		if len(a.Grouping) == 0 {
			if ag, ok := o.(*boundAgg); ok && !ag.def.nullable {
				f.Nullable = false
			}
		}
		a.scope.Schema.Fields = append(a.scope.Schema.Fields, f)
	}
	if withKeys {
		keys := make([]Bound, len(a.Grouping))
		for k, g := range a.Grouping {
			keys[k] = &groupRef{Bound: g, slot: len(a.Aggs.aggs) + k}
		}
		a.Aggs.Outputs = append(keys, a.Aggs.Outputs...)
	}
	return a, nil
}

func (a *Aggregate) Output() *Scope   { return a.scope }
func (a *Aggregate) Children() []Node { return []Node{a.Child} }
func (a *Aggregate) Describe() string { return "Aggregate" }
func (a *Aggregate) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := a.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	grouping := a.Grouping
	if si := sessionKeyIndex(grouping); si >= 0 {
		if in, grouping, err = mergeBatchSessions(ctx, ex, grouping, si, in); err != nil {
			return nil, err
		}
	}
	// The tasks are folded in one after the other; the next ones are read meanwhile.
	in = rowiter.ReadAhead(in, rowiter.Parallelism(), 2)
	defer rowiter.CloseAll(in)
	type group struct {
		keys []any
		accs []accumulator
	}
	groups := map[string]*group{}
	var order []*group
	newGroup := func(keys []any) *group {
		g := &group{keys: keys}
		for _, ag := range a.Aggs.aggs {
			g.accs = append(g.accs, ag.newAccumulator())
		}
		order = append(order, g)
		return g
	}
	if len(a.Grouping) == 0 {
		groups[""] = newGroup(nil) // a global aggregate has one row even over no input
	}
	keyTypes := make([]sqltypes.DataType, len(a.Grouping))
	for i, g := range a.Grouping {
		keyTypes[i] = g.DataType()
	}
	// Like Spark, each task folds its rows into partial results that are then merged in
	// task order: floating-point statistics come out the same as Spark's.
	partial := len(in) > 1 && a.Aggs.mergeable()
	for _, task := range in {
		var local map[string]*group
		var localOrder []string
		if partial {
			local = map[string]*group{}
		}
		for row, err := range rowiter.Rows(ctx, task) {
			if err != nil {
				return nil, err
			}
			keys := make([]any, len(grouping))
			for i, g := range grouping {
				v, err := g.Eval(ex.Eval, row)
				if err != nil {
					return nil, err
				}
				keys[i] = v
			}
			k := keyOf(keys, keyTypes)
			var g *group
			if partial {
				if g = local[k]; g == nil {
					g = &group{keys: keys}
					for _, ag := range a.Aggs.aggs {
						g.accs = append(g.accs, ag.newAccumulator())
					}
					local[k] = g
					localOrder = append(localOrder, k)
				}
			} else if g = groups[k]; g == nil {
				g = newGroup(keys)
				groups[k] = g
			}
			for i, ag := range a.Aggs.aggs {
				if err := ag.feed(ex.Eval, g.accs[i], row); err != nil {
					return nil, err
				}
			}
		}
		for _, k := range localOrder {
			p := local[k]
			g := groups[k]
			if g == nil {
				g = &group{keys: p.keys, accs: p.accs}
				order = append(order, g)
				groups[k] = g
				continue
			}
			for i, acc := range g.accs {
				if err := acc.(mergeable).merge(ex.Eval, p.accs[i]); err != nil {
					return nil, err
				}
			}
		}
	}
	out := make([]sqltypes.Row, 0, len(order))
	for _, g := range order {
		agRow := make(sqltypes.Row, len(a.Aggs.aggs)+len(g.keys))
		for i, acc := range g.accs {
			v, err := acc.result(ex.Eval)
			if err != nil {
				return nil, err
			}
			agRow[i] = v
		}
		copy(agRow[len(a.Aggs.aggs):], g.keys)
		res := make(sqltypes.Row, len(a.Aggs.Outputs))
		for i, o := range a.Aggs.Outputs {
			v, err := o.Eval(ex.Eval, agRow)
			if err != nil {
				return nil, err
			}
			res[i] = v
		}
		out = append(out, res)
	}
	return []rowiter.Iter{rowiter.SliceChunks(out, ex.chunkRows())}, nil
}

// Deduplicate is dropDuplicates(cols) / distinct(): keeps the first row of each key.
// WithinWatermark marks dropDuplicatesWithinWatermark, which Spark refuses on static data
// when an action runs it.
type Deduplicate struct {
	Child           Node
	Keys            []int
	WithinWatermark bool
}

// NewDeduplicate resolves the key columns by name (all columns when names is empty).
func NewDeduplicate(child Node, names []string) (*Deduplicate, error) {
	in := childScope(child)
	d := &Deduplicate{Child: child}
	if len(names) == 0 {
		for i := range in.Schema.Fields {
			d.Keys = append(d.Keys, i)
		}
		return d, nil
	}
	for _, n := range names {
		found := -1
		for i, f := range in.Schema.Fields {
			if in.eq(f.Name, n) {
				found = i
				break
			}
		}
		if found < 0 {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_COLUMN_AMONG_FIELD_NAMES",
				"colName", n, "fieldNames", strings.Join(in.Schema.Names(), ", "))
		}
		d.Keys = append(d.Keys, found)
	}
	return d, nil
}

func (d *Deduplicate) Output() *Scope   { return d.Child.Output() }
func (d *Deduplicate) Children() []Node { return []Node{d.Child} }
func (d *Deduplicate) Describe() string { return "Deduplicate" }
func (d *Deduplicate) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := d.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	// The tasks are folded in one after the other; the next ones are read meanwhile.
	in = rowiter.ReadAhead(in, rowiter.Parallelism(), 2)
	defer rowiter.CloseAll(in)
	seen := map[string]bool{}
	var out []sqltypes.Row
	fields := Schema(d.Child).Fields
	types := make([]sqltypes.DataType, len(d.Keys))
	for i, k := range d.Keys {
		types[i] = fields[k].Type
	}
	for _, task := range in {
		for row, err := range rowiter.Rows(ctx, task) {
			if err != nil {
				return nil, err
			}
			key := make([]any, len(d.Keys))
			for i, k := range d.Keys {
				key[i] = row[k]
			}
			s := keyOf(key, types)
			if !seen[s] {
				seen[s] = true
				out = append(out, row)
			}
		}
	}
	return []rowiter.Iter{rowiter.SliceChunks(out, ex.chunkRows())}, nil
}

// ---- watermark ----

// Watermark is withWatermark(col, delay): rows pass through unchanged; the operator records
// event-time statistics for the executor and marks the column with spark.watermarkDelayMs.
type Watermark struct {
	Child   Node
	Column  int
	DelayMs int64
	// Observe, when set, selects the rows whose event time counts: the conjuncts of a filter
	// above that Spark pushes below the watermark (observedBelow).
	Observe Bound
	scope   *Scope
}

// WatermarkDelayKey is the field metadata key Spark uses to mark the event-time column.
const WatermarkDelayKey = "spark.watermarkDelayMs"

// NewWatermark checks the column (TIMESTAMP) and marks it.
func NewWatermark(child Node, column string, delayMs int64) (*Watermark, error) {
	in := childScope(child)
	r := &resolver{scope: in}
	b, err := r.resolveRef(ParseAttributeName(column))
	if err != nil {
		return nil, err
	}
	ref, ok := b.(*boundRef)
	if !ok {
		return nil, unsupported("kafkalab's withWatermark needs a top-level column, not %s: select it as a column first", column)
	}
	if _, ok := ref.field.Type.(sqltypes.TimestampType); !ok {
		return nil, analysisErr("EVENT_TIME_IS_NOT_ON_TIMESTAMP_TYPE",
			"The event time %s has the invalid type %s, but expected \"TIMESTAMP\".", quoteIdent(ref.field.Name), quoteSQL(ref.field.Type.SQL()))
	}
	out := &Scope{Schema: &sqltypes.StructType{Fields: append([]sqltypes.StructField(nil), in.Schema.Fields...)},
		Qualifiers: in.Qualifiers, Settings: in.Settings}
	f := &out.Schema.Fields[ref.index]
	meta := map[string]any{}
	for k, v := range f.Metadata {
		meta[k] = v
	}
	meta[WatermarkDelayKey] = delayMs
	f.Metadata = meta
	return &Watermark{Child: child, Column: ref.index, DelayMs: delayMs, scope: out}, nil
}

func (w *Watermark) Output() *Scope   { return w.scope }
func (w *Watermark) Children() []Node { return []Node{w.Child} }
func (w *Watermark) Describe() string { return fmt.Sprintf("EventTimeWatermark %d ms", w.DelayMs) }
func (w *Watermark) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := w.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	if ex == nil || ex.EventTime == nil {
		return in, nil
	}
	st := ex.EventTime[w]
	if st == nil {
		st = &EventTimeStats{}
		ex.EventTime[w] = st
	}
	for t, it := range in {
		in[t] = rowiter.Map(it, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			// Spark reads the event time of every row as a long, so a null time counts as 0
			// (1970-01-01: it shows as the batch's min and pulls the avg down), and turns
			// micros into ms by truncating division.
			var chunk EventTimeStats
			for _, row := range rows {
				if w.Observe != nil {
					v, err := w.Observe.Eval(ex.Eval, row)
					if err != nil {
						return nil, err
					}
					if v != true {
						continue
					}
				}
				ts, _ := row[w.Column].(sqltypes.Timestamp)
				chunk.add(int64(ts) / 1000)
			}
			ex.eventTimeMu.Lock()
			st.merge(chunk)
			ex.eventTimeMu.Unlock()
			return rows, nil
		})
	}
	return in, nil
}

// InternalError is a bug inside kafkalab's engine caught while running a plan, reported
// instead of crashing the learner's session.
type InternalError struct{ Value any }

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error in kafkalab's engine: %v (please report it with the script that caused it)", e.Value)
}

// Run executes n, turning a panic inside an operator or expression into an InternalError,
// also one raised later, while its output streams are read.
func Run(ctx context.Context, n Node, ex *Exec) (tasks []rowiter.Iter, err error) {
	defer func() {
		if r := recover(); r != nil {
			tasks, err = nil, &InternalError{Value: r}
		}
	}()
	tasks, err = n.Execute(ctx, ex)
	for i, t := range tasks {
		tasks[i] = &safeIter{in: t}
	}
	return tasks, err
}

// safeIter turns a panic in Next or Close into an InternalError.
type safeIter struct{ in rowiter.Iter }

func (s *safeIter) Next(ctx context.Context) (rows []sqltypes.Row, err error) {
	defer func() {
		if r := recover(); r != nil {
			rows, err = nil, &InternalError{Value: r}
		}
	}()
	return s.in.Next(ctx)
}

// ColumnsReady reports whether the wrapped stream serves columns (rowiter.ColumnIter).
func (s *safeIter) ColumnsReady() bool { return rowiter.Columns(s.in) != nil }

// NextBatch is the wrapped stream's NextBatch, with a panic turned into an InternalError
// as in Next.
func (s *safeIter) NextBatch(ctx context.Context) (batch *sqltypes.ColumnBatch, rows []sqltypes.Row, err error) {
	defer func() {
		if r := recover(); r != nil {
			batch, rows, err = nil, nil, &InternalError{Value: r}
		}
	}()
	return s.in.(rowiter.ColumnIter).NextBatch(ctx)
}

// Release passes a chunk back (see rowiter.Releaser). Reuse is only an optimisation: a
// panic in it is dropped (the rows are then simply not reused), not turned into an error.
func (s *safeIter) Release(rows []sqltypes.Row) {
	defer func() { _ = recover() }()
	rowiter.Release(s.in, rows)
}

func (s *safeIter) Close() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &InternalError{Value: r}
		}
	}()
	return s.in.Close()
}

// collectChild executes n and reads its output into memory, task by task: for the
// operators that need all their input before they give a row (sort, repartition).
func collectChild(ctx context.Context, n Node, ex *Exec) ([][]sqltypes.Row, error) {
	in, err := n.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	return rowiter.CollectTasks(ctx, in)
}
