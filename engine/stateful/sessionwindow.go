package stateful

import (
	"context"
	"encoding/binary"
	"sort"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Session windows (Spark's MergingSessions + SessionWindowStateStoreRestore/Save): every
// row opens [time, time+gap); sessions of one key that overlap or touch merge into one.
// The state holds, per key without the session column, its open sessions; append mode
// emits and removes a session once the watermark reaches its end, complete mode emits them
// all every batch, update mode is refused (as in Spark).

type sessionWindow struct {
	start, end int64
	bufs       []aggBuf
}

// sessionWindowGroup is one key's sessions, sorted by start.
type sessionWindowGroup struct {
	keys     sqltypes.Row // grouping keys; the session slot is filled per session on output
	sessions []*sessionWindow
	// stored are the starts of the sessions the state files hold for the key (Spark's
	// layout keeps a row per session), so a commit can remove the ones that went.
	stored map[int64]bool
}

func (f *aggFn) merge(dst, src *aggBuf) error {
	if f.distinct || f.kind == kindCollectSet {
		for _, v := range src.vals {
			if err := f.add(dst, v); err != nil {
				return err
			}
		}
		return nil
	}
	switch f.kind {
	case kindCollectList:
		dst.vals = append(dst.vals, src.vals...)
	case kindHLL:
		if src.hll == nil {
			return nil
		}
		if dst.hll == nil {
			dst.hll = f.newHLL()
		}
		return dst.hll.Merge(src.hll)
	case kindCount:
		dst.n += src.n
	case kindSum, kindAvg:
		if src.n == 0 {
			return nil
		}
		if _, ok := f.in.(sqltypes.DecimalType); ok {
			n := dst.n
			if err := f.add(dst, src.d); err != nil {
				return err
			}
			dst.n = n + src.n
			return nil
		}
		dst.n += src.n
		dst.i += src.i
		dst.f += src.f
	case kindMin, kindMax:
		return f.add(dst, src.v)
	case kindFirst:
		if dst.n == 0 {
			dst.n, dst.v = src.n, src.v
		}
	}
	return nil
}

// mergeSessionWindows sorts sessions by start and merges those that overlap or touch.
func (a *Aggregate) mergeSessionWindows(ss []*sessionWindow) ([]*sessionWindow, error) {
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].start < ss[j].start })
	var out []*sessionWindow
	for _, s := range ss {
		if n := len(out); n > 0 && s.start <= out[n-1].end {
			cur := out[n-1]
			cur.end = max(cur.end, s.end)
			for i := range a.fns {
				if err := a.fns[i].merge(&cur.bufs[i], &s.bufs[i]); err != nil {
					return nil, err
				}
			}
			continue
		}
		out = append(out, s)
	}
	return out, nil
}

func (a *Aggregate) sessionWindowCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			g := e.value.(*sessionWindowGroup)
			b = binary.AppendUvarint(b, uint64(len(g.sessions)))
			var err error
			for _, s := range g.sessions {
				b = binary.AppendVarint(b, s.start)
				b = binary.AppendVarint(b, s.end)
				for i := range s.bufs {
					if b, err = s.bufs[i].encode(b); err != nil {
						return nil, err
					}
				}
			}
			return b, nil
		},
		decode: func(key, val []byte, e *entry) error {
			kd := &decoder{b: key}
			g := &sessionWindowGroup{keys: make(sqltypes.Row, len(a.keys))}
			for i := range g.keys {
				if i != a.winIdx {
					g.keys[i] = kd.value()
				}
			}
			vd := &decoder{b: val}
			n := vd.uvarint()
			if n > uint64(len(vd.b)) {
				vd.fail()
			}
			for i := uint64(0); i < n && vd.err == nil; i++ {
				s := &sessionWindow{start: vd.varint(), end: vd.varint(), bufs: make([]aggBuf, len(a.fns))}
				for j := range s.bufs {
					s.bufs[j].decode(vd, &a.fns[j])
				}
				g.sessions = append(g.sessions, s)
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

func (a *Aggregate) executeSessionWindows(ctx context.Context, ex *plan.Exec, st *store, in []rowiter.Iter, mode string, parts int) ([]rowiter.Iter, error) {
	bc := ex.Batch
	codec := a.sessionCodec(st)
	if err := st.load(bc.BatchID, codec, 2); err != nil {
		return nil, err
	}
	st.version = -1
	started := time.Now()
	ec := ex.Eval
	inputWm := plan.InputWatermark(a, bc.BatchWatermarkMs)
	lateWm := plan.InputWatermark(a, bc.LateWatermarkMs) * 1000
	evictWm := inputWm * 1000
	filterLate := mode != "Complete" && a.wmKey >= 0

	// 1. The batch's rows as one-row sessions per key.
	type pending struct {
		keys     sqltypes.Row
		sessions []*sessionWindow
	}
	batch := map[string]*pending{}
	var order []string
	keyVals := make([]any, len(a.keys))
	var kb []byte
	for _, task := range in {
		for row, err := range rowiter.Rows(ctx, task) {
			if err != nil {
				return nil, err
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			tv, err := a.sessionWin.Time().Eval(ec, row)
			if err != nil {
				return nil, err
			}
			t, ok := tv.(sqltypes.Timestamp)
			if !ok {
				continue // no event time: Spark filters the row
			}
			gap, ok, err := a.sessionWin.GapOf(ec, row)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue // a gap that opens no session: Spark filters the row
			}
			kb = kb[:0]
			for i, k := range a.keys {
				if i == a.winIdx {
					continue
				}
				v, err := k.Eval(ec, row)
				if err != nil {
					return nil, err
				}
				keyVals[i] = v
				if kb, err = appendValue(kb, v); err != nil {
					return nil, err
				}
			}
			s := &sessionWindow{start: int64(t), end: int64(t) + gap, bufs: make([]aggBuf, len(a.fns))}
			for i := range a.fns {
				var v any
				if a.fns[i].arg != nil {
					if v, err = a.fns[i].arg.Eval(ec, row); err != nil {
						return nil, err
					}
				}
				if err := a.fns[i].add(&s.bufs[i], v); err != nil {
					return nil, err
				}
			}
			p := batch[string(kb)]
			if p == nil {
				keys := make(sqltypes.Row, len(a.keys))
				copy(keys, keyVals)
				keys[a.winIdx] = nil
				p = &pending{keys: keys}
				batch[string(kb)] = p
				order = append(order, string(kb))
			}
			p.sessions = append(p.sessions, s)
		}
	}

	// 2. Merge the batch's sessions per key, drop the late ones, merge into the state.
	var dropped, updated int64
	for _, k := range order {
		p := batch[k]
		merged, err := a.mergeSessionWindows(p.sessions)
		if err != nil {
			return nil, err
		}
		var keep []*sessionWindow
		for _, s := range merged {
			if filterLate && s.end <= lateWm {
				dropped++
				continue
			}
			keep = append(keep, s)
		}
		if len(keep) == 0 {
			continue
		}
		e := st.entries[k]
		if e == nil {
			e = &entry{key: k, part: partitionOf(sessionWindowPartKey(p.keys, a.winIdx), a.partKeyTypes, parts), value: &sessionWindowGroup{keys: p.keys}}
			st.entries[k] = e
		}
		g := e.value.(*sessionWindowGroup)
		if g.sessions, err = a.mergeSessionWindows(append(g.sessions, keep...)); err != nil {
			return nil, err
		}
		updated += int64(len(keep))
		st.put(e)
	}
	updatesMs := time.Since(started).Milliseconds()

	// 3. Emit and evict.
	out := make([][]sqltypes.Row, parts)
	emit := func(e *entry, s *sessionWindow) error {
		g := e.value.(*sessionWindowGroup)
		keys := make(sqltypes.Row, len(g.keys))
		copy(keys, g.keys)
		keys[a.winIdx] = sqltypes.Row{sqltypes.Timestamp(s.start), sqltypes.Timestamp(s.end)}
		r, err := a.finish(ec, &group{keys: keys, bufs: s.bufs})
		if err != nil {
			return err
		}
		out[e.part] = append(out[e.part], r)
		return nil
	}
	removeStart := time.Now()
	var removed int64
	for _, e := range sortedSessionWindowEntries(st.entries, a) {
		g := e.value.(*sessionWindowGroup)
		switch mode {
		case "Complete":
			for _, s := range g.sessions {
				if err := emit(e, s); err != nil {
					return nil, err
				}
			}
		case "Append":
			var open []*sessionWindow
			for _, s := range g.sessions {
				if s.end <= evictWm {
					if err := emit(e, s); err != nil {
						return nil, err
					}
					removed++
					continue
				}
				open = append(open, s)
			}
			if len(open) != len(g.sessions) {
				g.sessions = open
				if len(open) == 0 {
					st.remove(e)
				} else {
					st.put(e)
				}
			}
		}
	}
	removalsMs := time.Since(removeStart).Milliseconds()
	commitStart := time.Now()
	if err := st.commit(bc.BatchID+1, codec); err != nil {
		return nil, err
	}
	a.ran, a.lastMode, a.lastEvict = true, mode, inputWm
	var total int64
	for _, e := range st.entries {
		total += int64(len(e.value.(*sessionWindowGroup).sessions))
	}
	prog := stream.StateOperatorProgress{
		OperatorName:              st.opName,
		NumRowsTotal:              total,
		NumRowsUpdated:            updated,
		AllUpdatesTimeMs:          updatesMs,
		NumRowsRemoved:            removed,
		AllRemovalsTimeMs:         removalsMs,
		CommitTimeMs:              time.Since(commitStart).Milliseconds(),
		MemoryUsedBytes:           st.memoryBytes(),
		NumRowsDroppedByWatermark: dropped,
		NumShufflePartitions:      int64(parts),
		NumStateStoreInstances:    int64(parts),
		CustomMetrics:             st.customMetrics(),
	}
	ex.StateOperators = append([]stream.StateOperatorProgress{prog}, ex.StateOperators...)
	return rowiter.Tasks(out, ex.ChunkRows), nil
}

// sessionWindowPartKey is the key Spark partitions session windows by: the keys without the
// session column.
func sessionWindowPartKey(keys sqltypes.Row, sessIdx int) sqltypes.Row {
	out := make(sqltypes.Row, 0, len(keys))
	for i, k := range keys {
		if i != sessIdx {
			out = append(out, k)
		}
	}
	return out
}

func sortedSessionWindowEntries(m map[string]*entry, a *Aggregate) []*entry {
	es := make([]*entry, 0, len(m))
	for _, e := range m {
		es = append(es, e)
	}
	sort.SliceStable(es, func(i, j int) bool {
		gi, gj := es[i].value.(*sessionWindowGroup), es[j].value.(*sessionWindowGroup)
		for k, key := range a.keys {
			if k == a.winIdx {
				continue
			}
			if c := sqltypes.CompareOrdered(gi.keys[k], gj.keys[k], key.DataType(), false, true); c != 0 {
				return c < 0
			}
		}
		return false
	})
	return es
}
