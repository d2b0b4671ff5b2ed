package pyspark

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/kafkalab/kafkalab/engine/plan"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// pyStreamingQuery is a StreamingQuery started by a script.
type pyStreamingQuery struct {
	q    *engine.StreamingQuery
	in   *Interpreter
	plan plan.Node // the streaming DataFrame's plan, for explain (nil: not known)
}

var streamingQueryType = py.NewType("StreamingQuery", "A running streaming query.")

func (q *pyStreamingQuery) Type() *py.Type { return streamingQueryType }
func (q *pyStreamingQuery) M__getattr__(name string) (py.Object, error) {
	return missingAttr("StreamingQuery", name)
}

func (q *pyStreamingQuery) stop() {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = q.q.Stop(ctx)
}

// wrapQuery registers a started query with the interpreter.
func (in *Interpreter) wrapQuery(q *engine.StreamingQuery, df *engine.DataFrame, err error) (py.Object, error) {
	if err != nil {
		return nil, engineError(err)
	}
	pq := &pyStreamingQuery{q: q, in: in, plan: df.Plan()}
	in.mu.Lock()
	in.queries = append(in.queries, pq)
	in.mu.Unlock()
	return pq, nil
}

// QueryInfo describes a streaming query a script started.
type QueryInfo struct {
	ID, RunID, Name string
	Active          bool
}

// Queries lists the streaming queries this interpreter started, oldest first.
func (in *Interpreter) Queries() []QueryInfo {
	in.mu.Lock()
	defer in.mu.Unlock()
	out := make([]QueryInfo, 0, len(in.queries))
	for _, q := range in.queries {
		out = append(out, QueryInfo{ID: q.q.ID(), RunID: q.q.RunID(), Name: q.q.Name(), Active: q.q.IsActive()})
	}
	return out
}

// StopQuery stops the query with that id (or run id); false when there is none.
func (in *Interpreter) StopQuery(id string) bool {
	in.mu.Lock()
	var found *pyStreamingQuery
	for _, q := range in.queries {
		if q.q.ID() == id || q.q.RunID() == id {
			found = q
		}
	}
	in.mu.Unlock()
	if found == nil {
		return false
	}
	found.stop()
	return true
}

// StopQueries stops every streaming query this interpreter started.
func (in *Interpreter) StopQueries() {
	in.mu.Lock()
	qs := append([]*pyStreamingQuery(nil), in.queries...)
	in.mu.Unlock()
	for _, q := range qs {
		if q.q.IsActive() {
			q.stop()
		}
	}
}

// queryError is the StreamingQueryException for a query's failure.
func queryError(err error) error {
	if err == nil {
		return nil
	}
	return engineError(err)
}

func progressObject(p any) (py.Object, error) {
	raw, err := json.Marshal(p)
	if err != nil {
		return nil, py.ExceptionNewf(py.SystemError, "progress: %v", err)
	}
	return progressFromJSON(raw)
}

func init() {
	m := func(name string, f func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error)) {
		python.DefMethod(streamingQueryType, name, func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return f(self.(*pyStreamingQuery), args, kwargs)
		})
	}
	p := func(name string, f func(q *pyStreamingQuery) (py.Object, error)) {
		python.DefProp(streamingQueryType, name, func(self py.Object) (py.Object, error) { return f(self.(*pyStreamingQuery)) })
	}
	p("id", func(q *pyStreamingQuery) (py.Object, error) { return py.String(q.q.ID()), nil })
	p("runId", func(q *pyStreamingQuery) (py.Object, error) { return py.String(q.q.RunID()), nil })
	p("name", func(q *pyStreamingQuery) (py.Object, error) {
		if q.q.Name() == "" {
			return py.None, nil
		}
		return py.String(q.q.Name()), nil
	})
	p("isActive", func(q *pyStreamingQuery) (py.Object, error) { return py.NewBool(q.q.IsActive()), nil })
	p("recentProgress", func(q *pyStreamingQuery) (py.Object, error) {
		l := py.NewList()
		for _, pr := range q.q.RecentProgress() {
			o, err := progressObject(pr)
			if err != nil {
				return nil, err
			}
			l.Append(o)
		}
		return l, nil
	})
	p("lastProgress", func(q *pyStreamingQuery) (py.Object, error) {
		pr := q.q.LastProgress()
		if pr == nil {
			return py.None, nil
		}
		return progressObject(pr)
	})
	p("status", func(q *pyStreamingQuery) (py.Object, error) {
		st := q.q.Status()
		d := py.NewDict()
		d.SetStr("message", py.String(st.Message))
		d.SetStr("isDataAvailable", py.NewBool(st.IsDataAvailable))
		d.SetStr("isTriggerActive", py.NewBool(st.IsTriggerActive))
		return d, nil
	})
	m("awaitTermination", func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return awaitWithTimeout(q.in, "awaitTermination", args, kwargs, false, q.q.AwaitTermination, q.q.AwaitTerminationTimeout)
	})
	m("stop", func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		_ = q.in.Unlocked(func() error { q.stop(); return nil })
		return py.None, nil
	})
	m("exception", func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		err := q.q.Exception()
		if err == nil {
			return py.None, nil
		}
		return queryError(err).(py.Object), nil
	})
	m("processAllAvailable", func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("processAllAvailable", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		ctx := q.in.Context()
		if err := q.in.Unlocked(func() error { return q.q.ProcessAllAvailable(ctx) }); err != nil {
			if ctx.Err() != nil {
				return nil, py.ExceptionNewf(py.KeyboardInterrupt, "interrupted")
			}
			return nil, queryError(err)
		}
		return py.None, nil
	})
	m("explain", func(q *pyStreamingQuery, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("explain", args, kwargs, []string{"extended"}, 0)
		if err != nil {
			return nil, err
		}
		extended, err := asBool(a[0], false)
		if err != nil {
			return nil, err
		}
		// Spark explains the last batch's execution; before one ran there is none (an idle
		// trigger's progress has no addBatch time).
		ran := false
		for _, p := range q.q.Query().RecentProgress() {
			if _, ok := p.DurationMs["addBatch"]; ok {
				ran = true
			}
		}
		if q.plan == nil || !ran {
			fmt.Fprintln(q.in.Stdout(), "No physical plan. Waiting for data.")
			return py.None, nil
		}
		fmt.Fprintln(q.in.Stdout(), plan.Explain(q.plan, extended))
		return py.None, nil
	})
}

// pyStreams is spark.streams.
type pyStreams struct{ in *Interpreter }

var streamsType = py.NewType("StreamingQueryManager", "spark.streams: the active streaming queries.")

func (s *pyStreams) Type() *py.Type { return streamsType }
func (s *pyStreams) M__getattr__(name string) (py.Object, error) {
	return missingAttr("StreamingQueryManager", name)
}

func (in *Interpreter) newStreamsManager() (py.Object, error) { return &pyStreams{in}, nil }

func init() {
	python.DefProp(streamsType, "active", func(self py.Object) (py.Object, error) {
		in := self.(*pyStreams).in
		in.mu.Lock()
		defer in.mu.Unlock()
		l := py.NewList()
		for _, q := range in.queries {
			if q.q.IsActive() {
				l.Append(q)
			}
		}
		return l, nil
	})
	python.DefMethod(streamsType, "get", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		in := self.(*pyStreams).in
		a, err := python.ParseArgs("get", args, kwargs, []string{"id"}, 1)
		if err != nil {
			return nil, err
		}
		id, err := asString("id", a[0])
		if err != nil {
			return nil, err
		}
		in.mu.Lock()
		defer in.mu.Unlock()
		for _, q := range in.queries {
			if q.q.ID() == id && q.q.IsActive() {
				return q, nil
			}
		}
		return py.None, nil
	})
	python.DefMethod(streamsType, "resetTerminated", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, err := python.ParseArgs("resetTerminated", args, kwargs, nil, 0); err != nil {
			return nil, err
		}
		self.(*pyStreams).in.spark.s.Streams().ResetTerminated()
		return py.None, nil
	})
	python.DefMethod(streamsType, "awaitAnyTermination", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		in := self.(*pyStreams).in
		streams := in.spark.s.Streams()
		// PySpark allows a zero timeout here, unlike awaitTermination's.
		return awaitWithTimeout(in, "awaitAnyTermination", args, kwargs, true, streams.AwaitAnyTermination, streams.AwaitAnyTerminationTimeout)
	})
}

// awaitWithTimeout is the call PySpark gives query.awaitTermination and
// spark.streams.awaitAnyTermination: with no timeout it waits and returns None; with one
// (a number, positive, or zero too when zeroOK, checked by PySpark itself) it waits at most
// that long and returns whether the wait ended. Interrupting the script stops either wait.
func awaitWithTimeout(in *Interpreter, name string, args py.Tuple, kwargs py.StringDict, zeroOK bool,
	forever func(context.Context) error, within func(context.Context, time.Duration) (bool, error)) (py.Object, error) {
	a, err := python.ParseArgs(name, args, kwargs, []string{"timeout"}, 0)
	if err != nil {
		return nil, err
	}
	ctx := in.Context()
	waitErr := func(err error) error {
		if ctx.Err() != nil {
			return py.ExceptionNewf(py.KeyboardInterrupt, "interrupted")
		}
		return queryError(err)
	}
	if a[0] == nil || a[0] == py.None {
		if err := in.Unlocked(func() error { return forever(ctx) }); err != nil {
			return nil, waitErr(err)
		}
		return py.None, nil
	}
	var secs float64
	switch t := a[0].(type) {
	case py.Int:
		secs = float64(t)
	case py.Float:
		secs = float64(t)
	default:
		secs = -1
	}
	if secs < 0 || (secs == 0 && !zeroOK) {
		return nil, raise(sparkerrors.PySparkValueError, "VALUE_NOT_POSITIVE", "arg_name", "timeout", "arg_value", a[0].Type().Name)
	}
	var ended bool
	err = in.Unlocked(func() (err error) {
		ended, err = within(ctx, time.Duration(secs*float64(time.Second)))
		return err
	})
	if err != nil {
		return nil, waitErr(err)
	}
	return py.NewBool(ended), nil
}
