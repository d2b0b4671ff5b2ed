// Package rowiter is how rows move through kafkalab's engine: a task's rows (a task is
// Spark's partition: one Kafka offset range, one output file) travel as a stream of
// bounded chunks, from the source through every operator to the sink. Nothing holds a
// whole batch unless it must (a sort, a join's build side, foreachBatch), so the memory a
// micro-batch needs follows the chunk size and the number of tasks running at once, not
// the batch's row count.
//
// The contract every producer and consumer of an Iter keeps:
//
//   - Next returns the task's next rows in order: a non-empty chunk of at most about the
//     configured chunk size (DefaultChunkRows), or io.EOF after the last chunk.
//   - The chunk slice is the producer's: it is valid until the next call to Next or
//     Close, so a consumer that keeps rows copies them out of it. The rows themselves
//     (and their values) are never changed after they are handed out: a consumer may keep
//     a row as long as it likes.
//   - Close releases what the stream holds (a Kafka client, an open file) and closes the
//     streams it reads from. Consumers call it once they are done, also when they stop
//     early or fail; it may be called more than once. Next after Close is an error.
//   - Nothing is read before the first Next: building a chain of iterators is free.
//   - An Iter is used by one goroutine at a time; different tasks' iterators run
//     concurrently (ForEachTask).
//   - The one exception to keeping rows: a consumer that is done with a chunk and keeps
//     none of its rows (their values it may keep) may hand the chunk back with Release,
//     before its next Next; a producer that implements Releaser may then reuse the rows'
//     memory (the Row slices, never the values). Handing back is optional on both sides.
package rowiter

import (
	"context"
	"errors"
	"io"
	"iter"
	"runtime"
	"sync"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DefaultChunkRows is how many rows a chunk holds at most unless configured otherwise:
// small enough that a chunk of course events is a few megabytes, large enough that the
// cost of a Next call is nothing next to the rows' work.
const DefaultChunkRows = 4096

// Iter is one task's rows, chunk by chunk (see the package documentation).
type Iter interface {
	Next(ctx context.Context) ([]sqltypes.Row, error)
	Close() error
}

// Releaser is an Iter that can reuse the Row slices of a chunk it handed out once its
// consumer hands the chunk back (Release). A wrapper that passes its input's chunks on
// unchanged implements it by passing the chunk on to its input; one that makes new rows
// may reuse its own.
type Releaser interface {
	// Release takes back rows, the chunk the last Next returned, whose consumer (and
	// everyone it passed them to) keeps none of the rows. Rows it does not recognise as
	// its last chunk are ignored.
	Release(rows []sqltypes.Row)
}

// Release hands rows, the chunk it.Next last returned, back to it when it can reuse
// them (see Releaser); the caller promises to keep none of the rows.
func Release(it Iter, rows []sqltypes.Row) {
	if r, ok := it.(Releaser); ok && len(rows) > 0 {
		r.Release(rows)
	}
}

// ColumnIter is an Iter that can also hand out its chunks as typed columns (the columnar
// path of #18: a Kafka -> from_json -> select(data.*) projection feeding a Parquet sink).
// A consumer that takes columns calls NextBatch instead of Next, never both on one
// stream; the batch follows the chunk rule (valid until the next call) and its values
// are as immutable as rows' values.
type ColumnIter interface {
	Iter
	// ColumnsReady reports whether NextBatch serves this stream (a wrapper asks its input).
	ColumnsReady() bool
	// NextBatch returns the next chunk as columns, or as rows (batch nil) when some value
	// of it has no exact typed form, or io.EOF after the last chunk. Empty chunks are
	// skipped. A chunk given as rows may be handed back with Release, as Next's.
	NextBatch(ctx context.Context) (batch *sqltypes.ColumnBatch, rows []sqltypes.Row, err error)
}

// Columns returns it as a ColumnIter when it serves columns, else nil.
func Columns(it Iter) ColumnIter {
	if c, ok := it.(ColumnIter); ok && c.ColumnsReady() {
		return c
	}
	return nil
}

// errClosed is Next after Close.
var errClosed = errors.New("rowiter: Next called after Close")

// sliceIter hands out a slice's rows in chunks, without copying them.
type sliceIter struct {
	rows   []sqltypes.Row
	size   int
	closed bool
}

// Slice streams rows in chunks of DefaultChunkRows. The rows are not copied.
func Slice(rows []sqltypes.Row) Iter { return SliceChunks(rows, DefaultChunkRows) }

// SliceChunks streams rows in chunks of size rows.
func SliceChunks(rows []sqltypes.Row, size int) Iter {
	return &sliceIter{rows: rows, size: max(size, 1)}
}

func (s *sliceIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if s.closed {
		return nil, errClosed
	}
	if len(s.rows) == 0 {
		return nil, io.EOF
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	n := min(len(s.rows), s.size)
	out := s.rows[:n:n]
	s.rows = s.rows[n:]
	return out, nil
}

func (s *sliceIter) Close() error {
	s.closed, s.rows = true, nil
	return nil
}

// Tasks streams rows already grouped by task, in chunks of size rows (0: the default):
// one Iter per task.
func Tasks(tasks [][]sqltypes.Row, size int) []Iter {
	if size <= 0 {
		size = DefaultChunkRows
	}
	out := make([]Iter, len(tasks))
	for i, rows := range tasks {
		out[i] = SliceChunks(rows, size)
	}
	return out
}

// Empty is a task without rows.
func Empty() Iter { return &sliceIter{size: 1} }

// funcIter adapts a pair of functions.
type funcIter struct {
	next   func(ctx context.Context) ([]sqltypes.Row, error)
	close  func() error
	closed bool
}

// Func makes an Iter of next and close (close may be nil). next must keep the contract:
// non-empty chunks, io.EOF at the end.
func Func(next func(ctx context.Context) ([]sqltypes.Row, error), close func() error) Iter {
	return &funcIter{next: next, close: close}
}

func (f *funcIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if f.closed {
		return nil, errClosed
	}
	return f.next(ctx)
}

func (f *funcIter) Close() error {
	if f.closed {
		return nil
	}
	f.closed = true
	if f.close != nil {
		return f.close()
	}
	return nil
}

// mapIter applies a function to every chunk.
type mapIter struct {
	in Iter
	fn func(ctx context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error)
}

// Map streams fn of every chunk of in. fn may return fewer rows than it got, none
// included (a filter): empty results are skipped. The slice fn returns follows the
// chunk rule (valid until the next call), so fn may reuse one buffer.
func Map(in Iter, fn func(ctx context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error)) Iter {
	return &mapIter{in: in, fn: fn}
}

func (m *mapIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	for {
		rows, err := m.in.Next(ctx)
		if err != nil {
			return nil, err
		}
		out, err := m.fn(ctx, rows)
		if err != nil || len(out) > 0 {
			return out, err
		}
	}
}

func (m *mapIter) Close() error { return m.in.Close() }

// releasingMapIter is a Map whose fn makes new rows and can reuse them (MapReleasing).
type releasingMapIter struct {
	mapIter
	release func(rows []sqltypes.Row)
}

// MapReleasing is Map for an fn that returns new rows, never the rows it got: a chunk the
// consumer hands back (Release) goes to release, which may reuse its rows.
func MapReleasing(in Iter, fn func(ctx context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error), release func(rows []sqltypes.Row)) Iter {
	return &releasingMapIter{mapIter: mapIter{in: in, fn: fn}, release: release}
}

func (m *releasingMapIter) Release(rows []sqltypes.Row) { m.release(rows) }

// concatIter reads several streams one after the other.
type concatIter struct {
	its []Iter
}

// Concat streams its one after the other, as one task.
func Concat(its ...Iter) Iter {
	switch len(its) {
	case 0:
		return Empty()
	case 1:
		return its[0]
	}
	return &concatIter{its: its}
}

func (c *concatIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	for len(c.its) > 0 {
		rows, err := c.its[0].Next(ctx)
		if err == io.EOF {
			if err := c.its[0].Close(); err != nil {
				return nil, err
			}
			c.its = c.its[1:]
			continue
		}
		return rows, err
	}
	return nil, io.EOF
}

func (c *concatIter) Close() error {
	err := CloseAll(c.its)
	c.its = nil
	return err
}

// peekIter replays a chunk already read, then reads on.
type peekIter struct {
	first []sqltypes.Row
	// firstBatch is the chunk PeekColumns read as columns (first is nil then).
	firstBatch *sqltypes.ColumnBatch
	in         Iter
}

// Peek reads the first chunk of it, to know whether the task has rows. It returns an
// Iter that delivers that chunk again first, then the rest; empty is true (and it is
// closed) when there were none.
func Peek(ctx context.Context, it Iter) (Iter, bool, error) {
	rows, err := it.Next(ctx)
	if err == io.EOF {
		return Empty(), true, it.Close()
	}
	if err != nil {
		it.Close()
		return nil, false, err
	}
	return &peekIter{first: rows, in: it}, false, nil
}

// PeekColumns is Peek for a consumer that takes columns: when it serves columns
// (Columns), the first chunk is read with NextBatch and given again by NextBatch (by Next
// as rows made from it). Otherwise it is Peek.
func PeekColumns(ctx context.Context, it Iter) (Iter, bool, error) {
	c := Columns(it)
	if c == nil {
		return Peek(ctx, it)
	}
	b, rows, err := c.NextBatch(ctx)
	if err == io.EOF {
		return Empty(), true, it.Close()
	}
	if err != nil {
		it.Close()
		return nil, false, err
	}
	return &peekIter{first: rows, firstBatch: b, in: it}, false, nil
}

func (p *peekIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	if b := p.firstBatch; b != nil {
		p.firstBatch = nil
		return b.Rows(0, b.Len), nil
	}
	if p.first != nil {
		rows := p.first
		p.first = nil
		return rows, nil
	}
	return p.in.Next(ctx)
}

// Release passes a chunk back to the input: the replayed first chunk is the input's
// last one until the next read.
func (p *peekIter) Release(rows []sqltypes.Row) { Release(p.in, rows) }

// ColumnsReady reports whether the input serves columns (see ColumnIter).
func (p *peekIter) ColumnsReady() bool { return Columns(p.in) != nil }

// NextBatch gives the chunk Peek or PeekColumns read, then the input's batches.
func (p *peekIter) NextBatch(ctx context.Context) (*sqltypes.ColumnBatch, []sqltypes.Row, error) {
	if b := p.firstBatch; b != nil {
		p.firstBatch = nil
		return b, nil, nil
	}
	if p.first != nil {
		rows := p.first
		p.first = nil
		return nil, rows, nil
	}
	return p.in.(ColumnIter).NextBatch(ctx)
}

func (p *peekIter) Close() error {
	p.first, p.firstBatch = nil, nil
	return p.in.Close()
}

// CloseAll closes every stream and returns the first error.
func CloseAll(its []Iter) error {
	var first error
	for _, it := range its {
		if it == nil {
			continue
		}
		if err := it.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// Each calls fn with every chunk of it, then closes it. fn must not keep the slice.
func Each(ctx context.Context, it Iter, fn func(rows []sqltypes.Row) error) error {
	defer it.Close()
	for {
		rows, err := it.Next(ctx)
		if err == io.EOF {
			return it.Close()
		}
		if err != nil {
			return err
		}
		if err := fn(rows); err != nil {
			return err
		}
	}
}

// Rows yields the rows of it one by one, for a range loop that consumes a task row by row. A
// read error is yielded once, with a nil row, and ends the loop. it is closed when the
// loop ends, also when it breaks early.
func Rows(ctx context.Context, it Iter) iter.Seq2[sqltypes.Row, error] {
	return func(yield func(sqltypes.Row, error) bool) {
		defer it.Close()
		for {
			rows, err := it.Next(ctx)
			if err == io.EOF {
				if err := it.Close(); err != nil {
					yield(nil, err)
				}
				return
			}
			if err != nil {
				yield(nil, err)
				return
			}
			for _, r := range rows {
				if !yield(r, nil) {
					return
				}
			}
		}
	}
}

// Collect reads it to the end into one slice and closes it.
func Collect(ctx context.Context, it Iter) ([]sqltypes.Row, error) {
	var out []sqltypes.Row
	err := Each(ctx, it, func(rows []sqltypes.Row) error {
		out = append(out, rows...)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Count reads it to the end, keeping nothing, and returns how many rows it had.
func Count(ctx context.Context, it Iter) (int64, error) {
	var n int64
	err := Each(ctx, it, func(rows []sqltypes.Row) error {
		n += int64(len(rows))
		return nil
	})
	return n, err
}

// CollectTasks reads every task into memory, several at a time (ForEachTask), and
// returns the rows grouped by task in task order.
func CollectTasks(ctx context.Context, its []Iter) ([][]sqltypes.Row, error) {
	out := make([][]sqltypes.Row, len(its))
	err := ForEachTask(ctx, its, Parallelism(), func(ctx context.Context, t int, it Iter) error {
		rows, err := Collect(ctx, it)
		out[t] = rows
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Parallelism is how many tasks run at once by default: one per CPU, and at least two, so
// that the stages of two tasks (a Kafka read waiting on the network, a file being
// compressed) overlap even on one core.
func Parallelism() int { return max(2, runtime.GOMAXPROCS(0)) }

// ForEachTask runs fn(t, its[t]) for every task, at most parallel at once, tasks started
// in order, and returns the error of the lowest failing task. When task t fails, the
// tasks after it are cancelled (their errors could not win) and the tasks before it run
// on, so the error returned does not depend on scheduling. Every stream is closed when
// ForEachTask returns. A panic in fn is raised again in the caller's goroutine, where the
// query's recovery turns it into an error.
func ForEachTask(ctx context.Context, its []Iter, parallel int, fn func(ctx context.Context, t int, it Iter) error) error {
	defer CloseAll(its)
	n := len(its)
	var (
		mu       sync.Mutex
		failedAt = n // lowest failed task so far
		cancels  = make([]context.CancelFunc, n)
		errs     = make([]error, n)
		panics   = make([]any, n)
	)
	defer func() {
		for _, c := range cancels {
			if c != nil {
				c()
			}
		}
	}()
	// start gives task t its context, or false when a lower task already failed.
	start := func(t int) (context.Context, bool) {
		mu.Lock()
		defer mu.Unlock()
		if t > failedAt {
			return nil, false
		}
		tctx, cancel := context.WithCancel(ctx)
		cancels[t] = cancel
		return tctx, true
	}
	fail := func(t int) {
		mu.Lock()
		defer mu.Unlock()
		if t < failedAt {
			failedAt = t
			for j := t + 1; j < n; j++ {
				if cancels[j] != nil {
					cancels[j]()
				}
			}
		}
	}
	run := func(t int) {
		tctx, ok := start(t)
		if !ok {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				panics[t] = r
				fail(t)
			}
		}()
		if errs[t] = fn(tctx, t, its[t]); errs[t] != nil {
			fail(t)
		}
	}
	workers := min(max(parallel, 1), n)
	if workers <= 1 {
		for t := range its {
			run(t)
		}
	} else {
		next := make(chan int)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for t := range next {
					run(t)
				}
			}()
		}
		for t := range its {
			next <- t
		}
		close(next)
		wg.Wait()
	}
	if failedAt == n {
		return nil
	}
	if panics[failedAt] != nil {
		panic(panics[failedAt])
	}
	return errs[failedAt]
}

// Turns lets tasks running at once do one step in task order (name their output files,
// so names do not depend on scheduling): task i's Wait returns once task i-1 called Done.
type Turns struct{ done []chan struct{} }

// NewTurns makes turns for n tasks.
func NewTurns(n int) *Turns {
	t := &Turns{done: make([]chan struct{}, n)}
	for i := range t.done {
		t.done[i] = make(chan struct{})
	}
	return t
}

// Wait blocks until the task before i is Done, or ctx ends.
func (t *Turns) Wait(ctx context.Context, i int) error {
	if i == 0 {
		return nil
	}
	select {
	case <-t.done[i-1]:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Done ends task i's turn.
func (t *Turns) Done(i int) { close(t.done[i]) }
