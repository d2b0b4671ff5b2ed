package rowiter

import (
	"context"
	"sync"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ReadAhead is for a consumer that reads tasks one after the other (a stateful operator
// folding rows into its state): it returns streams that compute its in the background, up
// to n tasks at once and depth chunks ahead each, so the next tasks' rows are ready while
// the consumer works on the current one. Tasks start in order: task i+n starts once task
// i has ended (read to its end, failed or closed), so memory stays within n tasks of
// depth+1 chunks. Nothing is read before the first Next on any of the streams. A panic in
// a stream is raised again in the consumer's goroutine.
func ReadAhead(its []Iter, n, depth int) []Iter {
	g := &aheadGroup{}
	out := make([]Iter, len(its))
	for i, it := range its {
		a := &aheadIter{g: g, in: it, ch: make(chan aheadChunk, max(depth, 1)), done: make(chan struct{})}
		if i >= n {
			a.after = g.tasks[i-n].done
		}
		g.tasks = append(g.tasks, a)
		out[i] = a
	}
	return out
}

type aheadGroup struct {
	once  sync.Once
	tasks []*aheadIter
}

// start launches every task's reader, with ctx (the first Next's) as their parent.
func (g *aheadGroup) start(ctx context.Context) {
	g.once.Do(func() {
		for _, a := range g.tasks {
			a.start(ctx)
		}
	})
}

type aheadChunk struct {
	rows  []sqltypes.Row
	err   error
	panic any
}

type aheadIter struct {
	g      *aheadGroup
	in     Iter
	after  chan struct{} // the task that must end before this one starts (nil: none)
	ch     chan aheadChunk
	done   chan struct{} // closed when the reader has stopped and closed in
	mu     sync.Mutex
	cancel context.CancelFunc // nil until started
	closed bool
	end    error // the error (io.EOF included) that ended the stream
}

func (a *aheadIter) start(ctx context.Context) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	ctx, a.cancel = context.WithCancel(ctx)
	go a.read(ctx)
}

// read is the background reader: it copies each chunk's slice (the producer may reuse
// it), hands it over and stops at the first error, io.EOF included.
func (a *aheadIter) read(ctx context.Context) {
	defer close(a.done)
	defer a.in.Close()
	if a.after != nil {
		select {
		case <-a.after:
		case <-ctx.Done():
			return
		}
	}
	for {
		c := a.next(ctx)
		if c.rows != nil {
			c.rows = append([]sqltypes.Row(nil), c.rows...)
		}
		select {
		case a.ch <- c:
		case <-ctx.Done():
			return
		}
		if c.err != nil || c.panic != nil {
			return
		}
	}
}

func (a *aheadIter) next(ctx context.Context) (c aheadChunk) {
	defer func() {
		if r := recover(); r != nil {
			c = aheadChunk{panic: r}
		}
	}()
	rows, err := a.in.Next(ctx)
	return aheadChunk{rows: rows, err: err}
}

func (a *aheadIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if a.closed {
		return nil, errClosed
	}
	if a.end != nil {
		return nil, a.end
	}
	a.g.start(ctx)
	var c aheadChunk
	select {
	case c = <-a.ch:
	case <-a.done:
		// The reader stopped: take what it handed over last, if anything.
		select {
		case c = <-a.ch:
		default:
			c.err = context.Canceled // the reads' context ended
		}
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if c.panic != nil {
		panic(c.panic)
	}
	a.end = c.err
	return c.rows, c.err
}

// Close stops the reader and waits until it has closed the stream it reads.
func (a *aheadIter) Close() error {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return nil
	}
	a.closed = true
	cancel := a.cancel
	a.mu.Unlock()
	if cancel == nil { // never started
		close(a.done)
		return a.in.Close()
	}
	cancel()
	<-a.done
	return nil
}
