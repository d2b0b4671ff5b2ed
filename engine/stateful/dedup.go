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

// Deduplicate is a streaming dropDuplicates(cols) (Spark's StreamingDeduplicateExec) or
// dropDuplicatesWithinWatermark(cols) (StreamingDeduplicateWithinWatermarkExec). The state
// holds every key seen: for dropDuplicates until the watermark passes the key's event
// time (only when the event-time column is one of the keys; otherwise the state grows, as
// in Spark); within the watermark, until the watermark passes the first event's time plus
// the delay.
type Deduplicate struct {
	Child    plan.Node
	keys     []int
	keyTypes []sqltypes.DataType // the key columns' types, which decide their partition
	within   bool
	// timeCol is the child's event-time column (watermark marker), -1 without one.
	timeCol    int
	delayMs    int64
	keyHasTime bool

	mu        sync.Mutex
	stores    map[string]*store
	lastEvict int64
	ran       bool
}

// NewDeduplicate builds dropDuplicates(names) (within=false) or
// dropDuplicatesWithinWatermark(names) over a streaming child.
func NewDeduplicate(child plan.Node, names []string, within bool) (*Deduplicate, error) {
	d0, err := plan.NewDeduplicate(child, names)
	if err != nil {
		return nil, err
	}
	d := &Deduplicate{Child: child, keys: d0.Keys, within: within, timeCol: -1, stores: map[string]*store{}}
	for i, f := range plan.Schema(child).Fields {
		if v, ok := f.Metadata[plan.WatermarkDelayKey].(int64); ok {
			if _, isTS := f.Type.(sqltypes.TimestampType); isTS && d.timeCol < 0 {
				d.timeCol, d.delayMs = i, v
			}
		}
	}
	fields := plan.Schema(child).Fields
	for _, k := range d.keys {
		if k == d.timeCol {
			d.keyHasTime = true
		}
		d.keyTypes = append(d.keyTypes, fields[k].Type)
	}
	return d, nil
}

func (d *Deduplicate) Output() *plan.Scope   { return d.Child.Output() }
func (d *Deduplicate) Children() []plan.Node { return []plan.Node{d.Child} }
func (d *Deduplicate) Describe() string      { return d.opName() }

func (d *Deduplicate) opName() string {
	if d.within {
		return "dedupeWithinWatermark"
	}
	return "dedupe"
}

// UnexecutedProgress is the deduplication's progress in a batch it never ran.
func (d *Deduplicate) UnexecutedProgress(conf map[string]string) (stream.StateOperatorProgress, error) {
	parts, err := shufflePartitions(conf)
	if err != nil {
		return stream.StateOperatorProgress{}, err
	}
	return unexecutedProgress(d.opName(), parts, conf, "numDroppedDuplicateRows"), nil
}

// WithinWatermark reports dropDuplicatesWithinWatermark (plan.StreamingDeduplication).
func (d *Deduplicate) WithinWatermark() bool { return d.within }

// KeysHaveEventTime reports a key column that carries the watermark.
func (d *Deduplicate) KeysHaveEventTime() bool { return d.keyHasTime }

// ShouldRunNoDataBatch: with a watermark, a new watermark can evict keys.
func (d *Deduplicate) ShouldRunNoDataBatch(newWatermarkMs int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.ran && d.timeCol >= 0 && plan.InputWatermark(d, newWatermarkMs) > d.lastEvict
}

// codec keeps the seen keys as Spark's rows (sparkrow.go) when their types allow it:
// the key columns, and a value of one null column, or the expiry within the watermark.
func (d *Deduplicate) codec(st *store) valueCodec {
	own := d.ownCodec()
	if t := unlaidType(st.keySchema, st.valueSchema); t != nil {
		return ownEncodingOnly(own, "deduplication", t)
	}
	if !schemaLayable(st.keySchema) || !schemaLayable(st.valueSchema) {
		return own
	}
	return rowCodec(st.keySchema, st.valueSchema, own,
		func(e *entry) sqltypes.Row { return e.value.(dedupKey).keys },
		func(e *entry) sqltypes.Row {
			if d.within {
				return sqltypes.Row{e.value.(dedupKey).expiresAt}
			}
			return sqltypes.Row{nil}
		},
		func(k, v sqltypes.Row, e *entry) error {
			dk := dedupKey{keys: k}
			if d.within {
				exp, ok := v[0].(int64)
				if !ok {
					return fmt.Errorf("the expiry of a deduplicated key is not a long")
				}
				dk.expiresAt = exp
			}
			e.value = dk
			return nil
		}, nil)
}

func (d *Deduplicate) ownCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			if d.within {
				return binary.AppendVarint(b, e.value.(dedupKey).expiresAt), nil
			}
			return b, nil
		},
		decode: func(key, val []byte, e *entry) error {
			kd := &decoder{b: key}
			keys := make(sqltypes.Row, len(d.keys))
			for i := range keys {
				keys[i] = kd.value()
			}
			if err := kd.end(); err != nil {
				return err
			}
			vd := &decoder{b: val}
			e.value = dedupKey{keys: keys}
			if d.within {
				e.value = dedupKey{keys: keys, expiresAt: vd.varint()}
			}
			return vd.end()
		},
	}
}

// dedupKey is one seen key; expiresAt (micros) is set within the watermark.
type dedupKey struct {
	keys      sqltypes.Row
	expiresAt int64
}

func (d *Deduplicate) Execute(ctx context.Context, ex *plan.Exec) ([]rowiter.Iter, error) {
	if ex == nil || ex.Batch == nil {
		return nil, plan.CheckBatch(d)
	}
	bc := ex.Batch
	parts, err := shufflePartitions(bc.Conf)
	if err != nil {
		return nil, err
	}
	opID := enterStateful(ex)
	defer leaveStateful(ex, opID)
	in, err := d.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	// The tasks are folded in one after the other; the next ones are read meanwhile.
	in = rowiter.ReadAhead(in, rowiter.Parallelism(), 2)
	defer rowiter.CloseAll(in)
	d.mu.Lock()
	defer d.mu.Unlock()
	st := d.stores[bc.CheckpointDir]
	if st == nil || st.parts != parts || st.opID != opID {
		st = newStore(bc.CheckpointDir, opID, d.opName(), parts, bc.Conf)
		d.stateSchemas(st)
		d.stores[bc.CheckpointDir] = st
	}
	codec := d.codec(st)
	if err := st.load(bc.BatchID, codec, 1); err != nil {
		return nil, err
	}
	st.version = -1
	started := time.Now()
	inputWm := plan.InputWatermark(d, bc.BatchWatermarkMs)
	lateWm := plan.InputWatermark(d, bc.LateWatermarkMs) * 1000
	evictWm := inputWm * 1000
	out := make([][]sqltypes.Row, parts)
	var dropped, added, duplicates int64
	var kb []byte
	for _, task := range in {
		for row, err := range rowiter.Rows(ctx, task) {
			if err != nil {
				return nil, err
			}
			if d.timeCol >= 0 {
				if t, ok := row[d.timeCol].(sqltypes.Timestamp); ok && int64(t) <= lateWm {
					dropped++
					continue
				}
			}
			kb = kb[:0]
			for _, k := range d.keys {
				if kb, err = appendValue(kb, row[k]); err != nil {
					return nil, err
				}
			}
			if _, seen := st.entries[string(kb)]; seen {
				duplicates++
				continue
			}
			keys := make(sqltypes.Row, len(d.keys))
			for i, k := range d.keys {
				keys[i] = row[k]
			}
			dk := dedupKey{keys: keys}
			if d.within {
				t, ok := row[d.timeCol].(sqltypes.Timestamp)
				if !ok {
					continue // no event time: Spark cannot say when it expires, and drops it
				}
				dk.expiresAt = int64(t) + d.delayMs*1000
			}
			e := &entry{key: string(kb), part: partitionOf(keys, d.keyTypes, parts), value: dk}
			st.entries[e.key] = e
			st.put(e)
			added++
			out[e.part] = append(out[e.part], row)
		}
	}
	updatesMs := time.Since(started).Milliseconds()
	removeStart := time.Now()
	var removed int64
	if d.timeCol >= 0 && (d.within || d.keyHasTime) {
		for _, e := range st.entries {
			dk := e.value.(dedupKey)
			var gone bool
			if d.within {
				gone = evictWm >= dk.expiresAt
			} else {
				for i, k := range d.keys {
					if k == d.timeCol {
						t, ok := dk.keys[i].(sqltypes.Timestamp)
						gone = ok && int64(t) <= evictWm
					}
				}
			}
			if gone {
				st.remove(e)
				removed++
			}
		}
	}
	removalsMs := time.Since(removeStart).Milliseconds()
	commitStart := time.Now()
	if err := st.commit(bc.BatchID+1, codec); err != nil {
		return nil, err
	}
	d.ran, d.lastEvict = true, inputWm
	metrics := st.customMetrics()
	metrics["numDroppedDuplicateRows"] = duplicates
	prog := stream.StateOperatorProgress{
		OperatorName:              d.opName(),
		NumRowsTotal:              int64(len(st.entries)),
		NumRowsUpdated:            added,
		AllUpdatesTimeMs:          updatesMs,
		NumRowsRemoved:            removed,
		AllRemovalsTimeMs:         removalsMs,
		CommitTimeMs:              time.Since(commitStart).Milliseconds(),
		MemoryUsedBytes:           st.memoryBytes(),
		NumRowsDroppedByWatermark: dropped,
		NumShufflePartitions:      int64(parts),
		NumStateStoreInstances:    int64(parts),
		CustomMetrics:             metrics,
	}
	ex.StateOperators = append([]stream.StateOperatorProgress{prog}, ex.StateOperators...)
	return rowiter.Tasks(out, ex.ChunkRows), nil
}
