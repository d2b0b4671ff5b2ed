package engine

import (
	"fmt"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Range is spark.range(start, end, step, numPartitions): one non-nullable BIGINT column
// `id` from start (inclusive) to end (exclusive) by step, split into numPartitions
// contiguous slices as Spark's Range operator splits it. numPartitions <= 0 means the
// session's default parallelism.
func (s *Session) Range(start, end, step int64, numPartitions int) (*DataFrame, error) {
	if step == 0 {
		return nil, fmt.Errorf("spark.range: the step must not be 0")
	}
	if numPartitions <= 0 {
		numPartitions = s.DefaultParallelism()
	}
	n := rangeLength(start, end, step)
	const limit = 10_000_000
	if n > limit {
		return nil, fmt.Errorf("spark.range(%d, %d, %d) has %d rows; kafkalab keeps DataFrames in memory and takes at most %d", start, end, step, n, limit)
	}
	tasks := make([][]sqltypes.Row, numPartitions)
	for p := 0; p < numPartitions; p++ {
		lo := n * int64(p) / int64(numPartitions)
		hi := n * int64(p+1) / int64(numPartitions)
		rows := make([]sqltypes.Row, 0, hi-lo)
		for i := lo; i < hi; i++ {
			rows = append(rows, sqltypes.Row{start + i*step})
		}
		tasks[p] = rows
	}
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "id", Type: sqltypes.Long, Nullable: false}}}
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "Range", Rows: tasks}
	return s.newDF(rel), nil
}

// rangeLength is the number of values start, start+step, ... before end (0 when the step
// points away from end), computed without overflow.
func rangeLength(start, end, step int64) int64 {
	d := new(big.Int).Sub(big.NewInt(end), big.NewInt(start))
	st := big.NewInt(step)
	if d.Sign() == 0 || d.Sign() != st.Sign() {
		return 0
	}
	q, r := new(big.Int).QuoRem(d, st, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		return 1 << 62
	}
	return q.Int64()
}
