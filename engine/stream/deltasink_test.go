package stream_test

import (
	"context"
	"errors"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// DeltaSink is a Delta table as a stream.Sink for the executor's tests: each batch becomes
// one Delta version through the table's txn-based idempotent write (Spark's DeltaSink), so
// a batch re-run after a crash is skipped when the table already has it. (The engine's own
// Delta sink is in the engine package.)
type DeltaSink struct {
	Table *delta.Table
	// TimeZone is the session time zone, for file statistics ("" = UTC).
	TimeZone string
	// Now is the commit clock (time.Now when nil).
	Now func() time.Time
}

var _ stream.V1Sink = (*DeltaSink)(nil)

// NewDeltaSink opens (not creates) the table at path.
func NewDeltaSink(path, timeZone string) (*DeltaSink, error) {
	t, err := delta.Open(path)
	if err != nil {
		return nil, err
	}
	return &DeltaSink{Table: t, TimeZone: timeZone}, nil
}

// Description is Spark's "DeltaSink[file:/...]".
func (d *DeltaSink) Description() string { return "DeltaSink[file:" + d.Table.Path() + "]" }

// NumOutputRowsUnknown: Delta is a DataSource V1 sink; Spark reports numOutputRows -1.
func (d *DeltaSink) NumOutputRowsUnknown() {}

// AddBatch writes the batch as one Delta version (or skips it when already committed).
// HasBatch reports whether the table's txn for the query already holds the batch.
func (d *DeltaSink) HasBatch(_ context.Context, queryID string, batchID int64) (bool, error) {
	return d.Table.HasStreamingBatch(queryID, batchID)
}

func (d *DeltaSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	tasks := make([]delta.Task, len(b.Tasks))
	for i, rows := range b.Tasks {
		tasks[i] = delta.Task{ID: i, Rows: rows}
	}
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	_, _, err := d.Table.WriteStreamingBatch(ctx, delta.StreamingBatch{
		QueryID: b.QueryID, BatchID: b.BatchID, OutputMode: b.OutputMode, Schema: b.Schema,
		Tasks: tasks, Now: now(), TimeZone: d.TimeZone,
	})
	// A *delta.PostCommitError: the version is committed, only its checksum file or
	// checkpoint failed (delta-spark logs a warning and goes on).
	var late *delta.PostCommitError
	if errors.As(err, &late) {
		return nil
	}
	return err
}
