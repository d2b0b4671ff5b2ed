package plan

import (
	"sync"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Functions of the task a row is evaluated in: spark_partition_id() and
// monotonically_increasing_id(), as Spark's nondeterministic expressions that read the
// partition index.

func init() {
	register(func(r *resolver, c Call) (Bound, error) {
		if _, err := r.bindArgs(c, 0, 0); err != nil {
			return nil, err
		}
		return boundPartitionID{}, nil
	}, "spark_partition_id")
	register(func(r *resolver, c Call) (Bound, error) {
		if _, err := r.bindArgs(c, 0, 0); err != nil {
			return nil, err
		}
		return &boundMonotonicID{}, nil
	}, "monotonically_increasing_id")
}

type boundPartitionID struct{}

func (boundPartitionID) DataType() sqltypes.DataType { return sqltypes.Integer }
func (boundPartitionID) Nullable() bool              { return false }
func (boundPartitionID) SQL() string                 { return "SPARK_PARTITION_ID()" }
func (boundPartitionID) Eval(c *EvalContext, _ sqltypes.Row) (any, error) {
	if c == nil {
		return int32(0), nil
	}
	return int32(c.PartitionIndex), nil
}

// boundMonotonicID numbers a task's rows from partition index << 33, as Spark's
// MonotonicallyIncreasingID: unique and increasing, not consecutive across tasks.
type boundMonotonicID struct{ counts perTask[int64] }

func (*boundMonotonicID) DataType() sqltypes.DataType { return sqltypes.Long }
func (*boundMonotonicID) Nullable() bool              { return false }
func (*boundMonotonicID) SQL() string                 { return "monotonically_increasing_id()" }
func (b *boundMonotonicID) Eval(c *EvalContext, _ sqltypes.Row) (any, error) {
	var id int64
	b.counts.with(c, func(int) *int64 { return new(int64) }, func(n *int64) {
		index := int64(0)
		if c != nil {
			index = int64(c.PartitionIndex)
		}
		id = index<<33 + *n
		*n++
	})
	return id, nil
}

// perTask keeps one value per task context of an expression's latest execution; a new
// execution (another action, the next micro-batch) starts them afresh.
type perTask[T any] struct {
	mu     sync.Mutex
	values map[*EvalContext]*T
	of     *EvalContext
}

// with runs fn on task c's value, made by init(partition index) the first time.
func (p *perTask[T]) with(c *EvalContext, init func(index int) *T, fn func(*T)) {
	execution, index := c, 0
	if c != nil {
		index = c.PartitionIndex
		if c.execution != nil {
			execution = c.execution
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.values == nil || p.of != execution {
		p.values, p.of = map[*EvalContext]*T{}, execution
	}
	v := p.values[c]
	if v == nil {
		v = init(index)
		p.values[c] = v
	}
	fn(v)
}
