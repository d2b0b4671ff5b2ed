package stream

import (
	"context"
	"errors"
	"sync"
)

// Query is a running (or finished) streaming query, Spark's StreamingQuery.
type Query struct {
	id, runID, name string

	mu       sync.Mutex
	progress []Progress
	err      error
	active   bool
	done     chan struct{}
}

// Start validates cfg, prepares the checkpoint and starts the query in the background.
func Start(ctx context.Context, cfg Config) (*Query, error) {
	return nil, errors.New("stream: the executor is not committed yet")
}

// ID is the query id, stable across restarts (checkpoint metadata).
func (q *Query) ID() string { return q.id }

// RunID is new on every start.
func (q *Query) RunID() string { return q.runID }

// Name is the queryName ("" when unset).
func (q *Query) Name() string { return q.name }

// AwaitTermination blocks until the query stops or ctx ends; it returns the query's
// failure (nil after a clean stop) or ctx's error.
func (q *Query) AwaitTermination(ctx context.Context) error {
	select {
	case <-q.done:
		return q.Exception()
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Exception is the error that stopped the query, or nil.
func (q *Query) Exception() error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.err
}

// IsActive reports whether the query is still running.
func (q *Query) IsActive() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.active
}

// RecentProgress returns up to the last 100 progress reports, oldest first.
func (q *Query) RecentProgress() []Progress {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]Progress(nil), q.progress...)
}

// LastProgress is the newest progress report, or nil.
func (q *Query) LastProgress() *Progress {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.progress) == 0 {
		return nil
	}
	p := q.progress[len(q.progress)-1]
	return &p
}

// Stop ends the query after the batch in flight finishes cleanly and waits for it.
func (q *Query) Stop() error { return nil }

// Subscribe returns a channel of the query's events; it is closed after EventTerminated.
func (q *Query) Subscribe() <-chan Event { return nil }
