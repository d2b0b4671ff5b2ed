package plan

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Observe is df.observe(name, *aggs): its rows pass through unchanged, and the aggregates
// over every row of one execution (one micro-batch of a stream, or one action on a static
// DataFrame) are handed to Exec.Observed under the observation's name, as Spark's
// CollectMetrics reports them (a streaming query's progress.observedMetrics).
type Observe struct {
	Child Node
	Name  string
	// Report, when set, is told of each execution's metrics too (a static DataFrame's
	// pyspark.sql.Observation, filled by the first action).
	Report func(ObservedMetrics)
	// agg is the global aggregate the metrics come from, resolved against Child's output;
	// each execution runs a copy of it over the rows that went through.
	agg *Aggregate
}

// ObservedMetrics are one observation's results: one row with the aggregates' names.
type ObservedMetrics struct {
	Name   string
	Schema *sqltypes.StructType
	Row    sqltypes.Row
}

// NewObserve checks that every expression is an aggregate (Spark refuses anything else
// in observe) and resolves them against child.
func NewObserve(child Node, name string, aggs []Expr) (*Observe, error) {
	if len(aggs) == 0 {
		// PySpark refuses this before the plan (CANNOT_BE_EMPTY); a Go caller gets this.
		return nil, fmt.Errorf("observe %q: at least one metric expression is needed", name)
	}
	for _, e := range aggs {
		if ref, ok := columnOutsideAggregate(e); ok {
			return nil, analysisErr("INVALID_OBSERVED_METRICS.NON_AGGREGATE_FUNC_ARG_IS_ATTRIBUTE",
				"Invalid observed metrics. Attribute %s can only be used as an argument to an aggregate function.",
				quoteSQL(strings.Join(ref.Parts, ".")))
		}
	}
	a, err := NewAggregate(child, nil, aggs, false)
	if err != nil {
		return nil, err
	}
	return &Observe{Child: child, Name: name, agg: a}, nil
}

// MetricsSchema is the schema of the observation's row.
func (o *Observe) MetricsSchema() *sqltypes.StructType { return o.agg.Output().Schema }

func (o *Observe) Output() *Scope   { return o.Child.Output() }
func (o *Observe) Children() []Node { return []Node{o.Child} }
func (o *Observe) Describe() string { return fmt.Sprintf("CollectMetrics %s", o.Name) }

// Execute reads the child's rows to the end first: the metrics must be known when the
// execution ends, and a sink or an action reads every row anyway.
func (o *Observe) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := o.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	tasks, err := rowiter.CollectTasks(ctx, in)
	if err != nil {
		return nil, err
	}
	rel := &Relation{Scope: o.Child.Output(), Name: "observed rows", Rows: tasks}
	run := &Aggregate{Child: rel, Aggs: o.agg.Aggs, scope: o.agg.scope}
	var eval *Exec
	if ex != nil {
		eval = &Exec{Eval: ex.Eval, ChunkRows: ex.ChunkRows}
	}
	out, err := run.Execute(ctx, eval)
	if err != nil {
		return nil, err
	}
	rows, err := rowiter.CollectTasks(ctx, out)
	if err != nil {
		return nil, err
	}
	var row sqltypes.Row
	for _, t := range rows {
		if len(t) > 0 {
			row = t[0]
		}
	}
	m := ObservedMetrics{Name: o.Name, Schema: o.MetricsSchema(), Row: row}
	if ex != nil {
		ex.observe(m)
	}
	if o.Report != nil {
		o.Report(m)
	}
	iters := make([]rowiter.Iter, len(tasks))
	for i, t := range tasks {
		iters[i] = rowiter.SliceChunks(t, ex.chunkRows())
	}
	return iters, nil
}

// observedMu guards Exec.Observed: operators of one execution may run concurrently.
var observedMu sync.Mutex

// observe records an observation's metrics on the execution.
func (ex *Exec) observe(m ObservedMetrics) {
	observedMu.Lock()
	defer observedMu.Unlock()
	ex.Observed = append(ex.Observed, m)
}

// columnOutsideAggregate finds a column that e reads outside every aggregate call: Spark
// allows a metric to read columns only through aggregates.
func columnOutsideAggregate(e Expr) (ColumnRef, bool) {
	inside := map[string]int{}
	for _, call := range AggregateCalls(e) {
		walkExpr(call, func(x Expr) {
			if r, ok := asColumnRef(x); ok {
				inside[strings.Join(r.Parts, ".")]++
			}
		})
	}
	var found ColumnRef
	ok := false
	walkExpr(e, func(x Expr) {
		r, isRef := asColumnRef(x)
		if !isRef || ok {
			return
		}
		key := strings.Join(r.Parts, ".")
		if inside[key] > 0 {
			inside[key]--
			return
		}
		found, ok = r, true
	})
	return found, ok
}

func asColumnRef(e Expr) (ColumnRef, bool) {
	switch r := e.(type) {
	case ColumnRef:
		return r, true
	case *ColumnRef:
		return *r, r != nil
	}
	return ColumnRef{}, false
}
