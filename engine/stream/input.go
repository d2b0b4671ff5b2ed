package stream

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// rowCounter counts rows delivered to the plan, for progress numInputRows (Spark counts
// the rows its scan produced, not offset differences).
type rowCounter struct{ n atomic.Int64 }

// SizeHinter is implemented by source tasks that know about how many rows they hold
// (Kafka: the offset range's size), so readers can size their buffers once.
type SizeHinter interface {
	SizeHint() int64
}

// Scan calls fn for every row of the task, in order.
func (t *InputTask) Scan(ctx context.Context, fn func(sqltypes.Row) error) error {
	return t.Task.Scan(ctx, func(r sqltypes.Row) error {
		if t.counter != nil {
			t.counter.n.Add(1)
		}
		return fn(r)
	})
}

// Rows reads the whole task into memory.
func (t *InputTask) Rows(ctx context.Context) ([]sqltypes.Row, error) {
	var rows []sqltypes.Row
	if h, ok := t.Task.(SizeHinter); ok {
		if n := h.SizeHint(); n > 0 && n < 1<<26 {
			rows = make([]sqltypes.Row, 0, n)
		}
	}
	var n int64
	err := t.Task.Scan(ctx, func(r sqltypes.Row) error {
		rows = append(rows, r)
		n++
		return nil
	})
	if t.counter != nil {
		t.counter.n.Add(n)
	}
	return rows, err
}

// ReadAll reads every task of the input, several at a time (one per CPU), and returns
// the rows grouped by task in task order. The first error wins.
func (in Input) ReadAll(ctx context.Context) ([][]sqltypes.Row, error) {
	out := make([][]sqltypes.Row, len(in.Tasks))
	if len(in.Tasks) == 0 {
		return out, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	for i, task := range in.Tasks {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			var rows []sqltypes.Row
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						err = &PanicError{Value: r, Stack: string(debug.Stack())}
					}
				}()
				rows, err = task.Rows(ctx)
			}()
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
					cancel()
				}
				mu.Unlock()
				return
			}
			out[i] = rows
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	return out, nil
}
