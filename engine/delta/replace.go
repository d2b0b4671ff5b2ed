package delta

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ReplaceOperation is commitInfo's operation for CREATE OR REPLACE TABLE (cols).
const ReplaceOperation = "CREATE OR REPLACE TABLE"

// ReplaceTable is CREATE OR REPLACE TABLE t (cols) USING delta as delta-spark 4.4 commits it:
// a missing table is created (version 0, logged as CREATE OR REPLACE TABLE); an existing one
// gets one version that removes every file and carries new metadata (a new id, the new
// schema, partitioning and properties, a new createdTime), its history kept. It returns the
// table and the version committed.
func ReplaceTable(ctx context.Context, path string, schema *sqltypes.StructType, opts CreateOptions) (*Table, int64, error) {
	if opts.Operation == "" {
		opts.Operation = ReplaceOperation
	}
	t, err := Open(path)
	if err != nil {
		return nil, -1, err
	}
	t.driver = opts.Driver
	snap, err := t.Snapshot()
	if err != nil {
		return nil, -1, err
	}
	if snap.Version < 0 {
		t, err := CreateTable(ctx, path, schema, opts)
		return t, 0, err
	}
	now := nowOr(opts.Now)
	md, err := opts.metadata(schema, now)
	if err != nil {
		return nil, -1, err
	}
	v, err := t.CommitChange(ctx, snap, Change{
		Operation:  opts.Operation,
		Parameters: opts.params(),
		Remove:     snap.Files,
		// REPLACE's removes carry no stats (delta-spark 4.4's log shows none).
		Schema:   schema,
		Metadata: md,
		Now:      now,
	})
	if err != nil {
		return t, v, fmt.Errorf("replace delta table %s: %w", path, err)
	}
	return t, v, nil
}
