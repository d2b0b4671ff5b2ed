package engine

import (
	"context"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stateful"
)

// readStateStore is spark.read.format("statestore").load(checkpoint): the state of one
// stateful operator of a streaming query, one task per state partition. The options are
// checked and the state read at load(), where Spark raises its errors; each action reads
// the state again, so a DataFrame loaded before more batches ran sees their state.
func (s *Session) readStateStore(dir string, hasPath bool, opts map[string]string) (*DataFrame, error) {
	if !hasPath {
		return nil, sparkerrors.New(sparkerrors.SparkRuntimeException, "STDS_REQUIRED_OPTION_UNSPECIFIED", "optionName", "path")
	}
	o, err := stateful.ParseStateOptions(dir, "file:"+dir, opts)
	if err != nil {
		return nil, err
	}
	schema, _, err := stateful.ReadStateStore(o)
	if err != nil {
		return nil, err
	}
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "StateStoreScan", Load: func(context.Context) ([]rowiter.Iter, error) {
		_, parts, err := stateful.ReadStateStore(o)
		if err != nil {
			return nil, err
		}
		return tasksOf(parts, s.chunkRows), nil
	}}
	return s.newDF(rel), nil
}

// readStateMetadata is spark.read.format("state-metadata").load(checkpoint): one row per
// state store of each stateful operator in the checkpoint.
func (s *Session) readStateMetadata(dir string, hasPath bool) (*DataFrame, error) {
	if !hasPath {
		return nil, sparkerrors.New(sparkerrors.SparkRuntimeException, "STDS_REQUIRED_OPTION_UNSPECIFIED", "optionName", "path")
	}
	rel := &plan.Relation{Scope: s.newScope(stateful.StateMetadataSchema(), nil), Name: "StateMetadataScan", Load: func(context.Context) ([]rowiter.Iter, error) {
		rows, err := stateful.ReadStateMetadata(dir, "file:"+dir)
		if err != nil {
			return nil, err
		}
		return tasksOf([][]sqltypes.Row{rows}, s.chunkRows), nil
	}}
	return s.newDF(rel), nil
}

func tasksOf(parts [][]sqltypes.Row, chunk int) []rowiter.Iter {
	out := make([]rowiter.Iter, len(parts))
	for i, rows := range parts {
		out[i] = rowiter.SliceChunks(rows, chunk)
	}
	return out
}
