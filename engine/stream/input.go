package stream

import (
	"context"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// rowCounter counts rows delivered to the plan, for progress numInputRows (Spark counts
// the rows its scan produced, not offset differences).
type rowCounter struct{ n atomic.Int64 }

// Open streams the task's rows in chunks of at most chunkRows (0: the default), counting
// them for progress.
func (t *InputTask) Open(chunkRows int) rowiter.Iter {
	if chunkRows <= 0 {
		chunkRows = rowiter.DefaultChunkRows
	}
	return &countingIter{in: t.Task.Open(chunkRows), counter: t.counter}
}

// OpenFiltered is Open for a source whose scan applies a filter as it reads (Spark pushes
// a query's simple predicates into its CSV and JSON file scans): filter wraps the task's own
// rows, and only the rows it passes are counted for progress, as Spark's scan reports them.
func (t *InputTask) OpenFiltered(chunkRows int, filter func(rowiter.Iter) rowiter.Iter) rowiter.Iter {
	if chunkRows <= 0 {
		chunkRows = rowiter.DefaultChunkRows
	}
	return &countingIter{in: filter(t.Task.Open(chunkRows)), counter: t.counter}
}

type countingIter struct {
	in      rowiter.Iter
	counter *rowCounter
}

func (c *countingIter) Next(ctx context.Context) ([]sqltypes.Row, error) {
	rows, err := c.in.Next(ctx)
	if c.counter != nil {
		c.counter.n.Add(int64(len(rows)))
	}
	return rows, err
}

func (c *countingIter) Close() error { return c.in.Close() }

// Release passes a chunk back to the source (see rowiter.Releaser).
func (c *countingIter) Release(rows []sqltypes.Row) { rowiter.Release(c.in, rows) }

// OpenFiltered opens every task of the input through filter (InputTask.OpenFiltered).
func (in Input) OpenFiltered(chunkRows int, filter func(rowiter.Iter) rowiter.Iter) []rowiter.Iter {
	out := make([]rowiter.Iter, len(in.Tasks))
	for i, t := range in.Tasks {
		out[i] = t.OpenFiltered(chunkRows, filter)
	}
	return out
}

// Open streams every task of the input, in task order.
func (in Input) Open(chunkRows int) []rowiter.Iter {
	out := make([]rowiter.Iter, len(in.Tasks))
	for i, t := range in.Tasks {
		out[i] = t.Open(chunkRows)
	}
	return out
}
