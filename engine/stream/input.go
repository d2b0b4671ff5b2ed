package stream

import (
	"context"
	"sync/atomic"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// rowCounter counts rows delivered to the plan, for progress numInputRows (Spark counts
// the rows its scan produced, not offset differences).
type rowCounter struct{ n atomic.Int64 }

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
	err := t.Scan(ctx, func(r sqltypes.Row) error {
		rows = append(rows, r)
		return nil
	})
	return rows, err
}
