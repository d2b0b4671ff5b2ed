package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// StreamingQuery is pyspark's StreamingQuery: a handle on a running or finished query.
type StreamingQuery struct {
	q       *stream.Query
	cleanup func(failed bool)
	once    sync.Once
	// manager is told of the end before any awaitTermination or stop returns, as Spark's
	// query notifies its manager before it releases its waiters (nil: unmanaged).
	manager  *StreamingQueryManager
	reported sync.Once
	// forwarded is closed once every event went to SessionConfig.OnStreamEvent (nil: no
	// forwarding).
	forwarded chan struct{}
}

// forwardEvents hands the query's events to fn from a goroutine of its own. Subscribe
// replays what happened before it was called, so the first batch is never missed, and
// its buffer drops events rather than stall the query when fn is slow.
func forwardEvents(q *stream.Query, fn func(StreamEvent)) chan struct{} {
	done := make(chan struct{})
	events := q.Subscribe()
	id, runID, name, cp, mode := q.ID(), q.RunID(), q.Name(), q.CheckpointDir(), q.OutputMode()
	go func() {
		defer close(done)
		for ev := range events {
			fn(StreamEvent{QueryID: id, RunID: runID, QueryName: name, CheckpointDir: cp, OutputMode: mode, Event: ev})
		}
	}()
	return done
}

// eventsDelivered waits (briefly) until the terminated query's last events reached
// OnStreamEvent, so whoever awaited the query has seen all of its progress.
func (sq *StreamingQuery) eventsDelivered() {
	if sq.forwarded == nil {
		return
	}
	select {
	case <-sq.forwarded:
	case <-time.After(2 * time.Second):
	}
}

// Query is the executor's handle (events, checkpoint folder).
func (sq *StreamingQuery) Query() *stream.Query { return sq.q }

// ID is query.id: stable across restarts from the same checkpoint.
func (sq *StreamingQuery) ID() string { return sq.q.ID() }

// RunID is query.runId: new on every start.
func (sq *StreamingQuery) RunID() string { return sq.q.RunID() }

// Name is query.name ("" when no queryName was given; PySpark shows None).
func (sq *StreamingQuery) Name() string { return sq.q.Name() }

// IsActive is query.isActive.
func (sq *StreamingQuery) IsActive() bool { return sq.q.IsActive() }

// StreamingQueryError is a streaming query's failure as Spark reports it
// (StreamingQueryException): "[STREAM_FAILED] Query [id = ..., runId = ...] terminated
// with exception: <cause>". Unwrap gives the cause.
type StreamingQueryError struct {
	ID, RunID string
	Cause     error
}

func (e *StreamingQueryError) Error() string {
	return fmt.Sprintf("[STREAM_FAILED] Query [id = %s, runId = %s] terminated with exception: %v", e.ID, e.RunID, e.Cause)
}

func (e *StreamingQueryError) Unwrap() error { return e.Cause }

// SparkError is the failure as PySpark's StreamingQueryException carries it: STREAM_FAILED
// with the query's ids and the cause's text (with its SQLSTATE when it has one).
func (e *StreamingQueryError) SparkError() *sparkerrors.Error {
	cause := fmt.Sprint(e.Cause)
	if se, ok := sparkerrors.As(e.Cause); ok {
		cause = se.MessageWithState()
	}
	return sparkerrors.New(sparkerrors.StreamingQueryException, "STREAM_FAILED", "id", e.ID, "runId", e.RunID, "message", cause)
}

func (sq *StreamingQuery) wrap(err error) error {
	if err == nil {
		return nil
	}
	// The executor already words its failure as STREAM_FAILED; keep only its cause so the
	// learner reads the prefix once.
	if qe, ok := err.(*stream.QueryError); ok && qe.Err != nil {
		err = qe.Err
	}
	return &StreamingQueryError{ID: sq.ID(), RunID: sq.RunID(), Cause: err}
}

// AwaitTermination is query.awaitTermination(): waits for the query to end and returns
// its failure as a *StreamingQueryError (nil after a clean stop or a finished
// availableNow run), or ctx's error.
func (sq *StreamingQuery) AwaitTermination(ctx context.Context) error {
	select {
	case <-sq.q.Done():
		sq.finish()
		return sq.wrap(sq.q.Exception())
	case <-ctx.Done():
		return ctx.Err()
	}
}

// AwaitTerminationTimeout is query.awaitTermination(timeout): true when the query ended
// within the timeout.
func (sq *StreamingQuery) AwaitTerminationTimeout(ctx context.Context, timeout time.Duration) (bool, error) {
	select {
	case <-sq.q.Done():
		sq.finish()
		return true, sq.wrap(sq.q.Exception())
	case <-time.After(timeout):
		return false, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// Stop is query.stop(): the batch in flight finishes, then the query ends.
func (sq *StreamingQuery) Stop(ctx context.Context) error {
	done := make(chan error, 1)
	go func() { done <- sq.q.Stop() }()
	select {
	case err := <-done:
		sq.finish()
		// Like Spark, stop() does not raise the query's earlier failure.
		_ = err
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Exception is query.exception(): the failure that ended the query (*StreamingQueryError),
// or nil.
func (sq *StreamingQuery) Exception() error { return sq.wrap(sq.q.Exception()) }

// RecentProgress is query.recentProgress (oldest first, up to 100).
func (sq *StreamingQuery) RecentProgress() []stream.Progress { return sq.q.RecentProgress() }

// LastProgress is query.lastProgress, nil before the first batch.
func (sq *StreamingQuery) LastProgress() *stream.Progress { return sq.q.LastProgress() }

// Subscribe returns the query's events (batch started/finished, terminated).
func (sq *StreamingQuery) Subscribe() <-chan stream.Event { return sq.q.Subscribe() }

// QueryStatus is query.status.
type QueryStatus struct {
	Message         string `json:"message"`
	IsDataAvailable bool   `json:"isDataAvailable"`
	IsTriggerActive bool   `json:"isTriggerActive"`
}

// Status is query.status: Spark's message for where the trigger loop is ("Initializing
// sources", "Processing new data", "Waiting for data to arrive", "Waiting for next
// trigger", "Stopped"), whether the last trigger found data, and whether one is running.
func (sq *StreamingQuery) Status() QueryStatus {
	st := sq.q.Status()
	return QueryStatus{Message: st.Message, IsDataAvailable: st.IsDataAvailable, IsTriggerActive: st.IsTriggerActive}
}

// finish runs cleanup (temporary checkpoints) once the query has terminated.
func (sq *StreamingQuery) finish() {
	select {
	case <-sq.q.Done():
	default:
		return
	}
	sq.eventsDelivered()
	sq.once.Do(func() {
		if sq.cleanup != nil {
			sq.cleanup(sq.q.Exception() != nil)
		}
	})
	if sq.manager != nil {
		sq.reported.Do(func() { sq.manager.ended(sq) })
	}
}

// StreamingQueryManager is spark.streams.
type StreamingQueryManager struct {
	session         *Session
	mu              sync.Mutex
	active          map[string]*StreamingQuery
	endedSinceReset []*StreamingQuery // terminated since the last ResetTerminated
	changed         chan struct{}     // closed and replaced whenever a query ends
}

func (m *StreamingQueryManager) add(sq *StreamingQuery) {
	m.mu.Lock()
	m.active[sq.ID()] = sq
	if m.changed == nil {
		m.changed = make(chan struct{})
	}
	sq.manager = m
	m.mu.Unlock()
	go func() {
		<-sq.q.Done()
		sq.finish()
	}()
}

// ended records that sq terminated: it leaves active and wakes awaitAnyTermination.
func (m *StreamingQueryManager) ended(sq *StreamingQuery) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.active[sq.ID()] == sq {
		delete(m.active, sq.ID())
	}
	m.endedSinceReset = append(m.endedSinceReset, sq)
	if m.changed != nil {
		close(m.changed)
	}
	m.changed = make(chan struct{})
}

// Active is spark.streams.active.
func (m *StreamingQueryManager) Active() []*StreamingQuery {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*StreamingQuery, 0, len(m.active))
	for _, q := range m.active {
		out = append(out, q)
	}
	return out
}

// Get is spark.streams.get(id): an active query, or nil.
func (m *StreamingQueryManager) Get(id string) *StreamingQuery {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.active[id]
}

// AwaitAnyTermination is spark.streams.awaitAnyTermination(): returns when any query has
// terminated since the last ResetTerminated (at once if one already has), with its failure.
func (m *StreamingQueryManager) AwaitAnyTermination(ctx context.Context) error {
	for {
		m.mu.Lock()
		if len(m.endedSinceReset) > 0 {
			err := m.endedSinceReset[len(m.endedSinceReset)-1].Exception()
			m.mu.Unlock()
			return err
		}
		if m.changed == nil {
			m.changed = make(chan struct{})
		}
		ch := m.changed
		m.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// AwaitAnyTerminationTimeout is spark.streams.awaitAnyTermination(timeout): like
// AwaitAnyTermination, but it gives up after d and then reports false. It reports true (or
// the query's failure) when a query has ended since the last ResetTerminated, which is at
// once when one already has: Spark waits on the manager's record of the last ended query,
// not on the queries still active, so with none active it simply waits out the timeout.
func (m *StreamingQueryManager) AwaitAnyTerminationTimeout(ctx context.Context, d time.Duration) (bool, error) {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	err := m.AwaitAnyTermination(tctx)
	switch {
	case err == nil:
		return true, nil
	case ctx.Err() != nil:
		return false, ctx.Err()
	case tctx.Err() != nil && errors.Is(err, tctx.Err()):
		return false, nil
	}
	return true, err
}

// ResetTerminated is spark.streams.resetTerminated().
func (m *StreamingQueryManager) ResetTerminated() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.endedSinceReset = nil
}

func (m *StreamingQueryManager) activeWith(name, checkpointDir string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, q := range m.active {
		select {
		case <-q.q.Done():
			continue // terminated; its removal from active may still be on its way
		default:
		}
		if name != "" && q.Name() == name {
			return fmt.Errorf("Cannot start query with name %s as a query with that name is already active in this SparkSession", name)
		}
		if q.q.CheckpointDir() == checkpointDir {
			return fmt.Errorf("Cannot start query with id %s as another query with same id is already active. Perhaps you are attempting to restart a query from checkpoint that is already active.", q.ID())
		}
	}
	return nil
}

// ProcessAllAvailable is query.processAllAvailable(): it returns once every record the
// sources held when it was called has been processed, or the query ended (its failure as
// a *StreamingQueryError).
func (sq *StreamingQuery) ProcessAllAvailable(ctx context.Context) error {
	err := sq.q.ProcessAllAvailable(ctx)
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	sq.finish()
	return sq.wrap(err)
}
