package stateful

import (
	"context"
	"encoding/binary"
	"fmt"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Limit is limit(n) on a stream. In append mode it is Spark's StreamingGlobalLimitExec: the
// first n rows of the whole stream, with the count of rows let through so far kept in the
// state store (operator globalLimit, one key). In complete mode the input is the whole
// result every batch, so it is the plain limit of that batch (update mode is refused when
// the query starts).
type Limit struct {
	Child plan.Node
	N     int

	mu     sync.Mutex
	stores map[string]*store
}

// NewLimit is limit(n) over a streaming child.
func NewLimit(child plan.Node, n int) *Limit {
	return &Limit{Child: child, N: n, stores: map[string]*store{}}
}

func (l *Limit) Output() *plan.Scope   { return l.Child.Output() }
func (l *Limit) Children() []plan.Node { return []plan.Node{l.Child} }
func (l *Limit) Describe() string      { return fmt.Sprintf("StreamingGlobalLimit %d", l.N) }

// LimitCount is the limit (plan.LimitNode).
func (l *Limit) LimitCount() int { return l.N }

// ShouldRunNoDataBatch: a limit has nothing to do without new rows.
func (l *Limit) ShouldRunNoDataBatch(int64) bool { return false }

// UnexecutedProgress is the limit's progress in a batch it never ran.
func (l *Limit) UnexecutedProgress(conf map[string]string) (stream.StateOperatorProgress, error) {
	return unexecutedProgress("globalLimit", 1, conf), nil
}

// limitKey is the state's only key: Spark's key row is one null column.
const limitKey = ""

// limitCodecFor keeps the count as Spark's rows: the key one null column, the value the
// count as a long.
func limitCodecFor(st *store) valueCodec {
	return rowCodec(st.keySchema, st.valueSchema, limitCodec(),
		func(*entry) sqltypes.Row { return sqltypes.Row{nil} },
		func(e *entry) sqltypes.Row { return sqltypes.Row{e.value.(int64)} },
		func(_, v sqltypes.Row, e *entry) error {
			n, ok := v[0].(int64)
			if !ok {
				return fmt.Errorf("the count of a limit is not a long")
			}
			e.value = n
			return nil
		},
		func(sqltypes.Row) (string, error) { return limitKey, nil })
}

func limitCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			return binary.AppendVarint(b, e.value.(int64)), nil
		},
		decode: func(_, val []byte, e *entry) error {
			d := &decoder{b: val}
			n := d.varint()
			if err := d.end(); err != nil {
				return err
			}
			e.value = n
			return nil
		},
	}
}

func (l *Limit) Execute(ctx context.Context, ex *plan.Exec) ([]rowiter.Iter, error) {
	if ex == nil || ex.Batch == nil {
		return nil, plan.CheckBatch(l)
	}
	if ex.OutputMode == "Complete" {
		in, err := collectChild(ctx, ex, l.Child)
		if err != nil {
			return nil, err
		}
		return rowiter.Tasks(firstRows(in, l.N), ex.ChunkRows), nil
	}
	bc := ex.Batch
	parts, err := shufflePartitions(bc.Conf)
	if err != nil {
		return nil, err
	}
	opID := enterStateful(ex)
	defer leaveStateful(ex, opID)
	in, err := collectChild(ctx, ex, l.Child)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	st := l.stores[bc.CheckpointDir]
	if st == nil || st.metaParts != parts || st.opID != opID {
		// The limit runs as one task, but its operator's metadata counts the query's
		// shuffle partitions, as Spark's state info does.
		st = newStore(bc.CheckpointDir, opID, "globalLimit", 1, bc.Conf)
		st.metaParts = parts
		st.keySchema = &sqltypes.StructType{Fields: []sqltypes.StructField{field("key", sqltypes.Null, true)}}
		st.valueSchema = &sqltypes.StructType{Fields: []sqltypes.StructField{field("value", sqltypes.Long, true)}}
		l.stores[bc.CheckpointDir] = st
	}
	codec := limitCodecFor(st)
	if err := st.load(bc.BatchID, codec, 1); err != nil {
		return nil, err
	}
	st.version = -1
	started := time.Now()
	var before int64
	e := st.entries[limitKey]
	if e != nil {
		before = e.value.(int64)
	}
	// Each task first keeps its own first n rows (StreamingLocalLimitExec); the global
	// limit then reads the tasks in order.
	var out []sqltypes.Row
	count := before
	for _, rows := range in {
		if len(rows) > l.N {
			rows = rows[:l.N]
		}
		for _, r := range rows {
			if count >= int64(l.N) {
				break
			}
			out = append(out, r)
			count++
		}
	}
	var updated int64
	if count > before {
		if e == nil {
			e = &entry{key: limitKey}
			st.entries[limitKey] = e
		}
		e.value = count
		st.put(e)
		updated = 1
	}
	updatesMs := time.Since(started).Milliseconds()
	commitStart := time.Now()
	if err := st.commit(bc.BatchID+1, codec); err != nil {
		return nil, err
	}
	prog := stream.StateOperatorProgress{
		OperatorName:           "globalLimit",
		NumRowsTotal:           int64(len(st.entries)),
		NumRowsUpdated:         updated,
		AllUpdatesTimeMs:       updatesMs,
		CommitTimeMs:           time.Since(commitStart).Milliseconds(),
		MemoryUsedBytes:        st.memoryBytes(),
		NumShufflePartitions:   1,
		NumStateStoreInstances: 1,
		CustomMetrics:          st.customMetrics(),
	}
	ex.StateOperators = append([]stream.StateOperatorProgress{prog}, ex.StateOperators...)
	return rowiter.Tasks([][]sqltypes.Row{out}, ex.ChunkRows), nil
}

// collectChild runs child and reads its tasks into memory, for an operator that needs
// the whole batch at once.
func collectChild(ctx context.Context, ex *plan.Exec, child plan.Node) ([][]sqltypes.Row, error) {
	its, err := child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	return rowiter.CollectTasks(ctx, its)
}

// firstRows is the first n rows of the tasks in order, as one task.
func firstRows(in [][]sqltypes.Row, n int) [][]sqltypes.Row {
	var out []sqltypes.Row
	for _, rows := range in {
		for _, r := range rows {
			if len(out) >= n {
				return [][]sqltypes.Row{out}
			}
			out = append(out, r)
		}
	}
	return [][]sqltypes.Row{out}
}
