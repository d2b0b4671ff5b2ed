package plan

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// MapPartitions is df.mapInPandas / df.mapInArrow: each task's rows go to Fn, and what Fn
// returns (rows of Schema) is that task's output, as Spark's MapInPandas runs the function
// once per partition over an iterator of its batches.
type MapPartitions struct {
	Child  Node
	Schema *sqltypes.StructType
	// Name is the function's name (explain's MapInPandas name).
	Name string
	// Fn maps one task's rows; partition is the task's index.
	Fn    func(ctx context.Context, partition int, rows []sqltypes.Row) ([]sqltypes.Row, error)
	scope *Scope
}

// NewMapPartitions is fn over child's tasks, its output of schema.
func NewMapPartitions(child Node, name string, schema *sqltypes.StructType,
	fn func(ctx context.Context, partition int, rows []sqltypes.Row) ([]sqltypes.Row, error)) *MapPartitions {
	return &MapPartitions{Child: child, Schema: schema, Name: name, Fn: fn, scope: child.Output().derive(schema)}
}

func (m *MapPartitions) Output() *Scope   { return m.scope }
func (m *MapPartitions) Children() []Node { return []Node{m.Child} }
func (m *MapPartitions) Describe() string { return fmt.Sprintf("MapInPandas %s", m.Name) }

// Execute reads each task of the child to the end and hands it to Fn; an empty task gives
// Fn no rows, as Spark's function then sees an iterator without batches.
func (m *MapPartitions) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := m.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	tasks, err := rowiter.CollectTasks(ctx, in)
	if err != nil {
		return nil, err
	}
	out := make([]rowiter.Iter, len(tasks))
	for i, rows := range tasks {
		res, err := m.Fn(ctx, i, rows)
		if err != nil {
			return nil, err
		}
		if len(res) > 0 && len(res[0]) != len(m.Schema.Fields) {
			return nil, fmt.Errorf("%s: the function's rows have %d values, its schema %d columns", m.Name, len(res[0]), len(m.Schema.Fields))
		}
		out[i] = rowiter.SliceChunks(res, ex.chunkRows())
	}
	return out, nil
}
