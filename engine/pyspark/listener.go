package pyspark

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// StreamingQueryListener: learner Python subclasses the class, spark.streams.addListener
// registers an instance, and a listener bus calls its methods from a goroutine of its
// own, after the events happened, as Spark's asynchronous listener bus does.

// listenerSource is the Python part of pyspark.sql.streaming's listener API: the class to
// subclass and the event classes handed to it.
const listenerSource = `
import uuid as _uuid

class StreamingQueryListener:
    def onQueryStarted(self, event):
        pass
    def onQueryProgress(self, event):
        pass
    def onQueryIdle(self, event):
        pass
    def onQueryTerminated(self, event):
        pass

class QueryStartedEvent:
    def __init__(self, id, runId, name, timestamp):
        self.id = _uuid.UUID(id)
        self.runId = _uuid.UUID(runId)
        self.name = name
        self.timestamp = timestamp
        self.jobTags = set()

class QueryProgressEvent:
    def __init__(self, progress):
        self.progress = progress

class QueryIdleEvent:
    def __init__(self, id, runId, timestamp):
        self.id = _uuid.UUID(id)
        self.runId = _uuid.UUID(runId)
        self.timestamp = timestamp

class QueryTerminatedEvent:
    def __init__(self, id, runId, exception, errorClassOnException):
        self.id = _uuid.UUID(id)
        self.runId = _uuid.UUID(runId)
        self.exception = exception
        self.errorClassOnException = errorClassOnException

_listener_events(QueryStartedEvent, QueryProgressEvent, QueryIdleEvent, QueryTerminatedEvent)
`

// listenerBus delivers the session's query events to the listeners added in Python.
type listenerBus struct {
	in     *Interpreter
	module py.StringDict // pyspark.sql.streaming's globals: the event classes

	mu          sync.Mutex
	listeners   []py.Object
	unsubscribe func()
	events      chan engine.StreamEvent
	pending     atomic.Int64 // events queued or being delivered
}

// bus is the interpreter's listener bus, made on first use.
func (in *Interpreter) bus() (*listenerBus, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.listeners != nil {
		return in.listeners, nil
	}
	if in.listenerEvents == nil {
		return nil, py.ExceptionNewf(py.RuntimeError, "listeners need pyspark.sql.streaming: subclass StreamingQueryListener from it")
	}
	in.listeners = &listenerBus{in: in, module: in.listenerEvents}
	return in.listeners, nil
}

func (b *listenerBus) add(l py.Object) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.listeners = append(b.listeners, l)
	if b.unsubscribe == nil {
		b.events = make(chan engine.StreamEvent, 4096)
		events := b.events
		b.unsubscribe = b.in.spark.s.SubscribeStreamEvents(func(ev engine.StreamEvent) {
			switch ev.Event.Kind {
			case stream.EventStarted, stream.EventBatchFinished, stream.EventIdle, stream.EventTerminated:
			default:
				return
			}
			b.pending.Add(1)
			select {
			case events <- ev:
			default:
				b.pending.Add(-1) // a bus that falls this far behind drops events, as Spark's does
			}
		})
		go b.run(events)
	}
}

func (b *listenerBus) remove(l py.Object) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, x := range b.listeners {
		if x == l {
			b.listeners = append(b.listeners[:i:i], b.listeners[i+1:]...)
			return
		}
	}
}

// close stops the bus (the interpreter is closing).
func (b *listenerBus) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.unsubscribe != nil {
		b.unsubscribe()
		b.unsubscribe = nil
		close(b.events)
	}
}

func (b *listenerBus) run(events <-chan engine.StreamEvent) {
	for ev := range events {
		b.mu.Lock()
		ls := append([]py.Object(nil), b.listeners...)
		b.mu.Unlock()
		if len(ls) > 0 {
			_ = b.in.Locked(func() error {
				b.deliver(ev, ls)
				return nil
			})
		}
		b.pending.Add(-1)
	}
}

// deliver calls each listener's method for the event. A listener's exception is reported
// on stderr and does not stop the bus, as in Spark.
func (b *listenerBus) deliver(ev engine.StreamEvent, ls []py.Object) {
	method, event, err := b.event(ev)
	if err != nil || event == nil {
		return
	}
	for _, l := range ls {
		m, err := py.GetAttrString(l, method)
		if err != nil {
			continue
		}
		if _, err := py.Call(m, py.Tuple{event}, nil); err != nil && b.in.cfg.Stderr != nil {
			_, _ = b.in.cfg.Stderr.Write([]byte("Listener " + method + " failed: " + b.in.Describe(err).Error() + "\n"))
		}
	}
}

// event is the listener method and the event object for an engine event.
func (b *listenerBus) event(ev engine.StreamEvent) (string, py.Object, error) {
	newEvent := func(class string, args ...py.Object) (py.Object, error) {
		return py.Call(b.module[class], py.Tuple(args), nil)
	}
	var name py.Object = py.None
	if ev.QueryName != "" {
		name = py.String(ev.QueryName)
	}
	switch ev.Event.Kind {
	case stream.EventStarted:
		o, err := newEvent("QueryStartedEvent", py.String(ev.QueryID), py.String(ev.RunID), name, py.String(sparkTimestamp(time.Now())))
		return "onQueryStarted", o, err
	case stream.EventBatchFinished:
		if ev.Event.Progress == nil {
			return "", nil, nil
		}
		p, err := progressObject(ev.Event.Progress)
		if err != nil {
			return "", nil, err
		}
		o, err := newEvent("QueryProgressEvent", p)
		return "onQueryProgress", o, err
	case stream.EventIdle:
		ts := sparkTimestamp(time.Now())
		if ev.Event.Progress != nil {
			ts = ev.Event.Progress.Timestamp
		}
		o, err := newEvent("QueryIdleEvent", py.String(ev.QueryID), py.String(ev.RunID), py.String(ts))
		return "onQueryIdle", o, err
	case stream.EventTerminated:
		var exc, class py.Object = py.None, py.None
		if err := ev.Event.Err; err != nil {
			exc = py.String(err.Error())
			if se, ok := sparkerrors.As(err); ok {
				exc = py.String(se.MessageWithState())
				if se.Class != "" {
					class = py.String(se.Class)
				}
			}
		}
		o, err := newEvent("QueryTerminatedEvent", py.String(ev.QueryID), py.String(ev.RunID), exc, class)
		return "onQueryTerminated", o, err
	}
	return "", nil, nil
}

// waitUntilEmpty blocks (interpreter lock released) until every event so far reached the
// listeners, or ctx ends.
func (b *listenerBus) waitUntilEmpty(ctx context.Context) error {
	return b.in.Unlocked(func() error {
		for b.pending.Load() > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(5 * time.Millisecond):
			}
		}
		return nil
	})
}

// sparkTimestamp is the ISO-8601 instant Spark's events carry (2024-05-01T12:00:00.123Z).
func sparkTimestamp(t time.Time) string {
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

// pyJVMShim stands for spark.sparkContext._jsc and what scripts reach through it to drain
// the listener bus: _jsc.sc().listenerBus().waitUntilEmpty().
type pyJVMShim struct {
	in   *Interpreter
	path string
}

var jvmShimType = py.NewType("JavaObject", "The few JVM calls kafkalab answers (the listener bus's waitUntilEmpty).")

func (j *pyJVMShim) Type() *py.Type { return jvmShimType }
func (j *pyJVMShim) M__getattr__(name string) (py.Object, error) {
	step := func(next string) (py.Object, error) {
		return py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			return &pyJVMShim{in: j.in, path: next}, nil
		}, 0, ""), nil
	}
	switch {
	case j.path == "_jsc" && name == "sc":
		return step("sc")
	case j.path == "sc" && name == "listenerBus":
		return step("listenerBus")
	case j.path == "listenerBus" && name == "waitUntilEmpty":
		return py.MustNewMethod(name, func(self py.Object, args py.Tuple) (py.Object, error) {
			b, err := j.in.bus()
			if err != nil {
				return nil, err
			}
			if err := b.waitUntilEmpty(j.in.Context()); err != nil {
				return nil, engineError(err)
			}
			return py.None, nil
		}, 0, ""), nil
	}
	return nil, python.Unsupported("the JVM call "+j.path+"."+name, "kafkalab has no JVM; of sparkContext._jsc it answers only sc().listenerBus().waitUntilEmpty()")
}

// listenerEventsHook receives the event classes once pyspark.sql.streaming's code ran.
func (in *Interpreter) listenerEventsHook() *py.Method {
	return py.MustNewMethod("_listener_events", func(self py.Object, args py.Tuple) (py.Object, error) {
		names := []string{"QueryStartedEvent", "QueryProgressEvent", "QueryIdleEvent", "QueryTerminatedEvent"}
		if len(args) != len(names) {
			return nil, py.ExceptionNewf(py.TypeError, "_listener_events takes %d classes", len(names))
		}
		in.mu.Lock()
		defer in.mu.Unlock()
		in.listenerEvents = py.StringDict{}
		for i, n := range names {
			in.listenerEvents[n] = args[i]
		}
		return py.None, nil
	}, 0, "")
}

func init() {
	python.DefProp(sparkContextType, "_jsc", func(self py.Object) (py.Object, error) {
		return &pyJVMShim{in: self.(*pySparkContext).s.in, path: "_jsc"}, nil
	})
	python.DefMethod(streamsType, "addListener", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		in := self.(*pyStreams).in
		a, err := python.ParseArgs("addListener", args, kwargs, []string{"listener"}, 1)
		if err != nil {
			return nil, err
		}
		b, err := in.bus()
		if err != nil {
			return nil, err
		}
		if in.spark == nil {
			return nil, py.ExceptionNewf(py.RuntimeError, "addListener needs a SparkSession: call SparkSession.builder.getOrCreate() first")
		}
		b.add(a[0])
		return py.None, nil
	})
	python.DefMethod(streamsType, "removeListener", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		in := self.(*pyStreams).in
		a, err := python.ParseArgs("removeListener", args, kwargs, []string{"listener"}, 1)
		if err != nil {
			return nil, err
		}
		b, err := in.bus()
		if err != nil {
			return nil, err
		}
		b.remove(a[0])
		return py.None, nil
	})
}
