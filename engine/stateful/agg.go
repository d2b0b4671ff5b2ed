package stateful

import (
	"context"
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Aggregate is a streaming groupBy(...).agg(...): Spark's StateStoreRestore/Save pair. The
// state holds one aggregation buffer per grouping key (window included); output modes and
// the watermark decide what each batch emits and what it evicts (facts §4.3).
type Aggregate struct {
	Child plan.Node
	keys  []plan.Bound
	// keyTypes are the keys' types, which decide their shuffle partition (partKeyTypes:
	// those of the keys a session window aggregation is partitioned by, all but the window).
	keyTypes, partKeyTypes []sqltypes.DataType
	fns                    []aggFn
	outs                   []plan.Bound // evaluated over [results..., keys...]
	scope                  *plan.Scope

	win        *plan.TimeWindow    // the window key, if any
	sessionWin *plan.SessionWindow // or the session window key
	winIdx     int                 // the window's or session window's key index
	// wmKey is the grouping key carrying the watermark (-1: none); wmIsWindow says the
	// eviction predicate reads its end.
	wmKey        int
	wmIsWindow   bool
	hasWatermark bool
	hasDistinct  bool

	mu        sync.Mutex
	stores    map[string]*store // by checkpoint folder
	lastMode  string
	lastEvict int64
	ran       bool
}

// NewAggregate builds the streaming aggregation of groupBy(keys).agg(aggs) over child.
func NewAggregate(child plan.Node, keys, aggs []plan.Expr, withKeys bool) (*Aggregate, error) {
	a, err := plan.NewAggregate(child, keys, aggs, withKeys)
	if err != nil {
		return nil, err
	}
	op := &Aggregate{Child: child, keys: a.Grouping, outs: a.Aggs.Outputs, scope: a.Output(), winIdx: -1, wmKey: -1,
		stores: map[string]*store{}}
	for _, c := range a.Aggs.Aggregates() {
		op.hasDistinct = op.hasDistinct || c.Distinct()
		f, err := newAggFn(c)
		if err != nil {
			return nil, err
		}
		op.fns = append(op.fns, f)
	}
	for _, k := range op.keys {
		op.keyTypes = append(op.keyTypes, k.DataType())
	}
	for i, k := range op.keys {
		switch w := plan.WindowCall(k).(type) {
		case *plan.TimeWindow:
			if op.win != nil {
				return nil, &plan.AnalysisError{Message: "Multiple time/session window expressions would result in a cartesian product of rows, therefore they are currently not supported."}
			}
			op.win, op.winIdx = w, i
		case *plan.SessionWindow:
			if op.win != nil || op.sessionWin != nil {
				return nil, &plan.AnalysisError{Message: "Multiple time/session window expressions would result in a cartesian product of rows, therefore they are currently not supported."}
			}
			op.sessionWin, op.winIdx = w, i
		}
		if op.wmKey < 0 {
			if _, ok := plan.OutputField(k).Metadata[plan.WatermarkDelayKey]; ok {
				switch k.DataType().(type) {
				case sqltypes.TimestampType:
					op.wmKey = i
				case *sqltypes.StructType:
					// A window computed by window() here, or a window column made earlier
					// (withColumn("w", window(...)).groupBy("w")): Spark evicts on its end.
					if st := k.DataType().(*sqltypes.StructType); len(st.Fields) == 2 {
						if _, ok := st.Fields[1].Type.(sqltypes.TimestampType); ok {
							op.wmKey, op.wmIsWindow = i, true
						}
					}
				}
			}
		}
	}
	plan.Walk(child, func(n plan.Node) {
		switch n.(type) {
		case *plan.Watermark:
			op.hasWatermark = true
		}
	})
	for i, t := range op.keyTypes {
		if op.sessionWin == nil || i != op.winIdx {
			op.partKeyTypes = append(op.partKeyTypes, t)
		}
	}
	return op, nil
}

func (a *Aggregate) Output() *plan.Scope   { return a.scope }
func (a *Aggregate) Children() []plan.Node { return []plan.Node{a.Child} }
func (a *Aggregate) Describe() string      { return "StateStoreSave" }

// ShouldRunNoDataBatch is StateStoreSaveExec.shouldRunAnotherBatch: in append and update
// mode, with a watermark, when the new watermark is past the one this batch evicted with.
func (a *Aggregate) ShouldRunNoDataBatch(newWatermarkMs int64) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.ran && (a.lastMode == "Append" || a.lastMode == "Update") && a.hasWatermark && plan.InputWatermark(a, newWatermarkMs) > a.lastEvict
}

// GroupingFields are the grouping keys' fields (plan.StreamingAggregation): a key marked
// with the watermark makes append mode possible.
func (a *Aggregate) GroupingFields() []sqltypes.StructField {
	out := make([]sqltypes.StructField, len(a.keys))
	for i, k := range a.keys {
		out[i] = plan.OutputField(k)
	}
	return out
}

// SessionWindowed reports a session window key.
func (a *Aggregate) SessionWindowed() bool { return a.sessionWin != nil }

// HasDistinctAggregate reports a count(DISTINCT ...) among the aggregates.
func (a *Aggregate) HasDistinctAggregate() bool { return a.hasDistinct }

func shufflePartitions(conf map[string]string) (int, error) { return stream.ShufflePartitions(conf) }

// group is one key's state value.
type group struct {
	keys sqltypes.Row
	bufs []aggBuf
}

// codec keeps the state as Spark's rows when the operator's schemas allow it
// (sparkLayout), reading kafkalab's earlier encoding too; otherwise kafkalab's own.
func (a *Aggregate) codec(st *store) valueCodec {
	own := a.ownCodec()
	if t := unlaidType(st.keySchema, st.valueSchema); t != nil {
		return ownEncodingOnly(own, "streaming aggregation", t)
	}
	if !a.sparkLayout(st) {
		return own
	}
	key, value := st.keySchema, st.valueSchema
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			row, err := a.bufferRow(e.value.(*group), value.Fields)
			if err != nil {
				return nil, err
			}
			return appendSparkRow(b, row, value, false)
		},
		fileKey: func(b []byte, e *entry) ([]byte, error) {
			return appendSparkRow(b, e.value.(*group).keys, key, true)
		},
		decode: func(kb, vb []byte, e *entry) error {
			k, err := decodeUnsafeRow(kb, key)
			if err == nil {
				var v sqltypes.Row
				if v, err = decodeUnsafeRow(vb, value); err == nil {
					g := &group{keys: k, bufs: make([]aggBuf, len(a.fns))}
					if err = a.setBuffers(g, v); err == nil {
						if e.key, err = memKeyOf(k); err == nil {
							e.value = g
							return nil
						}
					}
				}
			}
			if own.decode(kb, vb, e) == nil {
				return nil // a checkpoint kafkalab wrote in its own encoding
			}
			return fmt.Errorf("not an UnsafeRow of key %s and value %s: %w", sqltypes.SimpleString(key), sqltypes.SimpleString(value), err)
		},
		memKey: func(kb []byte) (string, error) {
			k, err := decodeUnsafeRow(kb, key)
			if err != nil {
				return string(kb), nil // kafkalab's own encoding
			}
			return memKeyOf(k)
		},
	}
}

func (a *Aggregate) ownCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			g := e.value.(*group)
			var err error
			for i := range g.bufs {
				if b, err = g.bufs[i].encode(b); err != nil {
					return nil, err
				}
			}
			return b, nil
		},
		decode: func(key, val []byte, e *entry) error {
			kd := &decoder{b: key}
			g := &group{keys: make(sqltypes.Row, len(a.keys)), bufs: make([]aggBuf, len(a.fns))}
			for i := range g.keys {
				g.keys[i] = kd.value()
			}
			vd := &decoder{b: val}
			for i := range g.bufs {
				g.bufs[i].decode(vd, &a.fns[i])
			}
			if err := kd.end(); err != nil {
				return err
			}
			if err := vd.end(); err != nil {
				return err
			}
			e.value = g
			return nil
		},
	}
}

// evictBound is the key's event time for the watermark predicate (micros).
func (a *Aggregate) evictBound(g *group) (int64, bool) {
	switch v := g.keys[a.wmKey].(type) {
	case sqltypes.Timestamp:
		return int64(v), true
	case sqltypes.Row:
		if end, ok := v[1].(sqltypes.Timestamp); ok {
			return int64(end), true
		}
	}
	return 0, false
}

func (a *Aggregate) Execute(ctx context.Context, ex *plan.Exec) ([]rowiter.Iter, error) {
	if ex == nil || ex.Batch == nil {
		return nil, plan.CheckBatch(a)
	}
	mode := ex.OutputMode
	if mode == "" {
		mode = "Append"
	}
	bc := ex.Batch
	parts, err := shufflePartitions(bc.Conf)
	if err != nil {
		return nil, err
	}
	metaParts := parts // the operator metadata counts the query's shuffle partitions
	if len(a.keys) == 0 {
		parts = 1 // a global aggregation runs in one task (Spark's AllTuples distribution)
	}
	opID := enterStateful(ex)
	defer leaveStateful(ex, opID)
	in, err := a.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	// The tasks are folded in one after the other; the next ones are read meanwhile.
	in = rowiter.ReadAhead(in, rowiter.Parallelism(), 2)
	defer rowiter.CloseAll(in)
	a.mu.Lock()
	defer a.mu.Unlock()
	opName := "stateStoreSave"
	if a.sessionWin != nil {
		opName = "sessionWindowStateStoreSaveExec"
	}
	st := a.stores[bc.CheckpointDir]
	if st == nil || st.parts != parts || st.opID != opID {
		st = newStore(bc.CheckpointDir, opID, opName, parts, bc.Conf)
		st.metaParts = metaParts
		a.stateSchemas(st)
		a.stores[bc.CheckpointDir] = st
	}
	if a.sessionWin != nil {
		return a.executeSessionWindows(ctx, ex, st, in, mode, parts)
	}
	codec := a.codec(st)
	if err := st.load(bc.BatchID, codec, 2); err != nil {
		return nil, err
	}
	st.version = -1 // until commit: a failure leaves the memory state unusable
	orders := a.startOrder(st, parts, bc.BatchID)
	st.order = nil
	started := time.Now()

	filterLate := mode != "Complete" && a.wmKey >= 0
	// The operator's own watermarks: a stateful operator below hands it its output
	// watermark (plan.InputWatermark).
	inputWm := plan.InputWatermark(a, bc.BatchWatermarkMs)
	lateWm := plan.InputWatermark(a, bc.LateWatermarkMs) * 1000
	evictWm := inputWm * 1000
	var updated []*entry
	dropped := map[string]struct{}{}
	keyVals := make([]any, len(a.keys))
	argVals := make([]any, len(a.fns))
	var kb []byte
	var starts []int64
	ec := ex.Eval

	for _, task := range in {
		for row, err := range rowiter.Rows(ctx, task) {
			if err != nil {
				return nil, err
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			nullTime := false
			for i, k := range a.keys {
				if i == a.winIdx {
					v, err := a.win.Time().Eval(ec, row)
					if err != nil {
						return nil, err
					}
					if v == nil {
						nullTime = true
						break
					}
					keyVals[i] = v
					continue
				}
				v, err := k.Eval(ec, row)
				if err != nil {
					return nil, err
				}
				keyVals[i] = v
			}
			if nullTime || (a.wmIsWindow && a.wmKey != a.winIdx && keyVals[a.wmKey] == nil) {
				continue // window() drops rows without an event time
			}
			for i := range a.fns {
				if a.fns[i].arg == nil {
					argVals[i] = nil
					continue
				}
				v, err := a.fns[i].arg.Eval(ec, row)
				if err != nil {
					return nil, err
				}
				argVals[i] = v
			}
			starts = starts[:0]
			var ts int64
			if a.win != nil {
				ts = int64(keyVals[a.winIdx].(sqltypes.Timestamp))
				starts = a.win.Assign(starts, ts)
			} else {
				starts = append(starts, 0)
			}
			for _, start := range starts {
				kb = a.encodeKey(kb[:0], keyVals, start)
				e := st.entries[string(kb)]
				if e == nil {
					if filterLate && a.isLate(keyVals, start, lateWm) {
						dropped[string(kb)] = struct{}{}
						continue
					}
					g := &group{keys: a.keyRow(keyVals, start), bufs: make([]aggBuf, len(a.fns))}
					e = &entry{key: string(kb), part: partitionOf(g.keys, a.keyTypes, parts), value: g}
					st.entries[e.key] = e
				} else if filterLate && a.isLate(keyVals, start, lateWm) {
					dropped[e.key] = struct{}{}
					continue
				}
				g := e.value.(*group)
				for i := range a.fns {
					if err := a.fns[i].add(&g.bufs[i], argVals[i]); err != nil {
						return nil, err
					}
				}
				if !e.dirty {
					updated = append(updated, e)
				}
				st.put(e)
			}
		}
	}
	if len(a.keys) == 0 {
		// A global aggregation always has its one row, even before any input (count 0),
		// and Spark's final aggregate re-emits it every batch.
		e := st.entries[""]
		if e == nil {
			e = &entry{key: "", part: 0, value: &group{keys: sqltypes.Row{}, bufs: make([]aggBuf, len(a.fns))}}
			st.entries[""] = e
		}
		if !e.dirty {
			updated = append(updated, e)
		}
		st.put(e)
	}
	if orders != nil {
		for _, e := range updated {
			if !a.putOrder(orders[e.part], e) {
				orders = nil
				break
			}
		}
	}
	updatesMs := time.Since(started).Milliseconds()

	out := make([][]sqltypes.Row, parts)
	emit := func(e *entry) error {
		r, err := a.finish(ec, e.value.(*group))
		if err != nil {
			return err
		}
		out[e.part] = append(out[e.part], r)
		return nil
	}
	removeStart := time.Now()
	var removed int64
	switch mode {
	case "Complete":
		for _, e := range orderedEntries(st, orders, a) {
			if err := emit(e); err != nil {
				return nil, err
			}
		}
	case "Update":
		// Spark emits updated keys as its aggregation hands them over: in the order each
		// key first appears in the partition's input.
		if orders == nil {
			updated = sortEntries(updated, a)
		}
		for _, e := range updated {
			if err := emit(e); err != nil {
				return nil, err
			}
		}
		if a.wmKey >= 0 {
			for _, e := range st.entries {
				if end, ok := a.evictBound(e.value.(*group)); ok && end <= evictWm {
					st.remove(e)
					if orders != nil {
						orders[e.part].remove(e.key)
					}
					removed++
				}
			}
		}
	case "Append":
		var gone []*entry
		for _, e := range orderedEntries(st, orders, a) {
			if end, ok := a.evictBound(e.value.(*group)); ok && end <= evictWm {
				gone = append(gone, e)
			}
		}
		for _, e := range gone {
			if orders != nil {
				orders[e.part].remove(e.key)
			}
			if err := emit(e); err != nil {
				return nil, err
			}
			st.remove(e)
			removed++
		}
	default:
		return nil, fmt.Errorf("unknown output mode %q", mode)
	}
	removalsMs := time.Since(removeStart).Milliseconds()

	commitStart := time.Now()
	if err := st.commit(bc.BatchID+1, codec); err != nil {
		return nil, err
	}
	st.order = orders
	a.ran, a.lastMode, a.lastEvict = true, mode, inputWm
	prog := stream.StateOperatorProgress{
		OperatorName:              "stateStoreSave",
		NumRowsTotal:              int64(len(st.entries)),
		NumRowsUpdated:            int64(len(updated)),
		AllUpdatesTimeMs:          updatesMs,
		NumRowsRemoved:            removed,
		AllRemovalsTimeMs:         removalsMs,
		CommitTimeMs:              time.Since(commitStart).Milliseconds(),
		MemoryUsedBytes:           st.memoryBytes(),
		NumRowsDroppedByWatermark: int64(len(dropped)),
		NumShufflePartitions:      int64(parts),
		NumStateStoreInstances:    int64(parts),
		CustomMetrics:             st.customMetrics(),
	}
	// Spark lists stateful operators top-down; children ran (and reported) first.
	ex.StateOperators = append([]stream.StateOperatorProgress{prog}, ex.StateOperators...)
	return rowiter.Tasks(out, ex.ChunkRows), nil
}

// unexecutedProgress is an operator's progress in a batch that was planned but not run:
// the metric names it reports when it runs, every value 0.
func unexecutedProgress(opName string, parts int, conf map[string]string, extra ...string) stream.StateOperatorProgress {
	metrics := newStore("", 0, opName, parts, conf).customMetrics()
	for _, k := range extra {
		metrics[k] = 0
	}
	for k := range metrics {
		metrics[k] = 0
	}
	return stream.StateOperatorProgress{OperatorName: opName, CustomMetrics: metrics}
}

// UnexecutedProgress is the aggregation's progress in a batch it never ran.
func (a *Aggregate) UnexecutedProgress(conf map[string]string) (stream.StateOperatorProgress, error) {
	parts, err := shufflePartitions(conf)
	if err != nil {
		return stream.StateOperatorProgress{}, err
	}
	if len(a.keys) == 0 {
		parts = 1
	}
	name := "stateStoreSave"
	if a.sessionWin != nil {
		name = "sessionWindowStateStoreSaveExec"
	}
	return unexecutedProgress(name, parts, conf), nil
}

// customMetrics are Spark 4.2's state store custom metrics: the loaded-map cache counters
// (cumulative for the run, summed over partitions), the size of the current version, and
// the snapshot counters (-1: no snapshot uploaded for the partition).
func (s *store) customMetrics() map[string]int64 {
	m := map[string]int64{
		"loadedMapCacheHitCount":         s.hits,
		"loadedMapCacheMissCount":        s.misses,
		"stateOnCurrentVersionSizeBytes": s.sizeBytes,
		"forceSnapshotCount":             0,
		"numSnapshotsAutoRepaired":       0,
	}
	last := int64(-1)
	if s.lastSnapshot > 0 {
		last = s.lastSnapshot
	}
	for p := 0; p < s.parts; p++ {
		m["SnapshotLastUploaded.partition_"+strconv.Itoa(p)+"_default"] = last
	}
	return m
}

// memoryBytes estimates the in-memory size of the state: the encoded keys and values plus
// a fixed overhead per entry for the map and the decoded objects.
func (s *store) memoryBytes() int64 {
	const perEntry = 160
	return s.sizeBytes + int64(len(s.entries))*perEntry
}

func (a *Aggregate) isLate(keyVals []any, start int64, lateWm int64) bool {
	if a.win != nil && a.wmKey == a.winIdx {
		return start+a.win.Duration() <= lateWm
	}
	switch v := keyVals[a.wmKey].(type) {
	case sqltypes.Timestamp:
		return int64(v) <= lateWm
	case sqltypes.Row:
		end, ok := v[1].(sqltypes.Timestamp)
		return ok && int64(end) <= lateWm
	}
	return false
}

// encodeKey writes the key's state encoding without building the window struct.
func (a *Aggregate) encodeKey(b []byte, keyVals []any, start int64) []byte {
	for i, v := range keyVals {
		if i == a.winIdx {
			b = append(b, tagRow, 2, tagTimestamp)
			b = binary.AppendVarint(b, start)
			b = append(b, tagTimestamp)
			b = binary.AppendVarint(b, start+a.win.Duration())
			continue
		}
		var err error
		if b, err = appendValue(b, v); err != nil {
			b = append(b, tagNull) // unreachable for SQL values
		}
	}
	return b
}

func (a *Aggregate) keyRow(keyVals []any, start int64) sqltypes.Row {
	r := make(sqltypes.Row, len(keyVals))
	copy(r, keyVals)
	if a.win != nil {
		r[a.winIdx] = sqltypes.Row{sqltypes.Timestamp(start), sqltypes.Timestamp(start + a.win.Duration())}
	}
	return r
}

func (a *Aggregate) finish(ec *plan.EvalContext, g *group) (sqltypes.Row, error) {
	agRow := make(sqltypes.Row, len(a.fns)+len(g.keys))
	for i := range a.fns {
		v, err := a.fns[i].result(&g.bufs[i])
		if err != nil {
			return nil, err
		}
		agRow[i] = v
	}
	copy(agRow[len(a.fns):], g.keys)
	res := make(sqltypes.Row, len(a.outs))
	for i, o := range a.outs {
		v, err := o.Eval(ec, agRow)
		if err != nil {
			return nil, err
		}
		res[i] = v
	}
	return res, nil
}

// sortEntries orders emitted rows by key (window first): Spark's order inside a partition
// follows hash maps; kafkalab's is stable and readable.
func sortEntries(es []*entry, a *Aggregate) []*entry {
	sort.SliceStable(es, func(i, j int) bool {
		gi, gj := es[i].value.(*group), es[j].value.(*group)
		for k, key := range a.keys {
			if c := sqltypes.CompareOrdered(gi.keys[k], gj.keys[k], key.DataType(), false, true); c != 0 {
				return c < 0
			}
		}
		return false
	})
	return es
}

func sortedEntries(m map[string]*entry, a *Aggregate) []*entry {
	es := make([]*entry, 0, len(m))
	for _, e := range m {
		es = append(es, e)
	}
	return sortEntries(es, a)
}

// startOrder is this batch's per-partition state maps, in Spark's iteration order: a
// version starts empty (batch 0) or as a copy of the previous one. It is nil when the keys
// have a type kafkalab does not lay out as UnsafeRow; rows then come sorted by key.
func (a *Aggregate) startOrder(st *store, parts int, batchID int64) []*javaHashMap {
	if len(a.keys) == 0 {
		return nil
	}
	prev := st.order
	if prev == nil && (batchID > 0 || len(st.entries) > 0) {
		// Loaded from files: Spark replays the delta files' puts into a fresh map; kafkalab
		// puts the keys in key order.
		prev = make([]*javaHashMap, parts)
		for p := range prev {
			prev[p] = newJavaHashMap()
		}
		for _, e := range sortedEntries(st.entries, a) {
			if !a.putOrder(prev[e.part], e) {
				return nil
			}
		}
	}
	orders := make([]*javaHashMap, parts)
	for p := range orders {
		if prev == nil {
			orders[p] = newJavaHashMap()
		} else {
			orders[p] = copyJavaHashMap(prev[p])
		}
	}
	return orders
}

// putOrder puts e's key into m by its UnsafeRow hash; false when the key has no layout.
func (a *Aggregate) putOrder(m *javaHashMap, e *entry) bool {
	types := make([]sqltypes.DataType, len(a.keys))
	for i, k := range a.keys {
		types[i] = k.DataType()
	}
	row, ok := unsafeRow(e.value.(*group).keys, types)
	if !ok {
		return false
	}
	m.put(e.key, unsafeRowHash(row))
	return true
}

// orderedEntries lists the state in Spark's iteration order, partition by partition, or
// sorted by key without an order.
func orderedEntries(st *store, orders []*javaHashMap, a *Aggregate) []*entry {
	if orders == nil {
		return sortedEntries(st.entries, a)
	}
	var es []*entry
	for _, m := range orders {
		for _, k := range m.keys() {
			if e := st.entries[k]; e != nil {
				es = append(es, e)
			}
		}
	}
	return es
}
