package stateful

import (
	"context"
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

// StreamJoin is a join of two streams (Spark's StreamingSymmetricHashJoinExec). Each side
// buffers its rows in state, by join key: a new row on one side is joined with the other
// side's buffered rows, then buffered itself. The watermark bounds the state: with the
// watermark in the join keys, a key's rows go once the watermark passes it; otherwise a
// time-range condition (`rightTime <= leftTime + interval 1 hour`) gives each side a state
// watermark, and rows older than it go. An outer join emits a preserved row that never
// matched, padded with NULLs, only when it leaves the state.
//
// Each side keeps Spark's two stores per partition: <side>-keyToNumValues (key -> number
// of rows) and <side>-keyWithIndexToValue ((key, index) -> row, matched).
type StreamJoin struct {
	J    *plan.Join
	typ  string
	nKey int
	// timeCol is each side's event-time column in the joined row (-1 without one).
	timeCol [2]int
	keyWm   int

	mu        sync.Mutex
	state     map[string]*joinState // by checkpoint folder
	lastEvict int64
	ran       bool
}

// NewStreamJoin makes a stream-stream join of j's two streaming sides.
func NewStreamJoin(j *plan.Join) *StreamJoin {
	lk, _ := j.EquiKeys()
	return &StreamJoin{J: j, typ: j.Type, nKey: len(lk), timeCol: [2]int{j.WatermarkColumn(0), j.WatermarkColumn(1)},
		keyWm: j.KeyWatermarkOrdinal(), state: map[string]*joinState{}}
}

func (s *StreamJoin) Output() *plan.Scope   { return s.J.Output() }
func (s *StreamJoin) Children() []plan.Node { return []plan.Node{s.J.Left, s.J.Right} }
func (s *StreamJoin) Describe() string      { return "StreamingSymmetricHashJoin " + s.typ }

// JoinType is Spark's name of the join type (plan.StreamingJoinNode).
func (s *StreamJoin) JoinType() string { return plan.CheckerJoinType(s.typ) }

// JoinSides are the two inputs.
func (s *StreamJoin) JoinSides() (left, right plan.Node) { return s.J.Left, s.J.Right }

// WatermarkCleansState is Spark's condition for outer and semi joins of two streams: the
// watermark in the join keys, or a state watermark for the side whose rows wait for a
// match (Spark tries the range condition with a watermark of 1000000 ms).
func (s *StreamJoin) WatermarkCleansState() bool {
	if s.keyWm >= 0 {
		return true
	}
	_, left := s.J.StateValueWatermark(0, 1000000)
	_, right := s.J.StateValueWatermark(1, 1000000)
	switch s.typ {
	case plan.JoinLeft, plan.JoinSemi:
		return left
	case plan.JoinRight:
		return right
	case plan.JoinFull:
		return left && right
	}
	return true
}

// cleansState reports whether any side's state is ever evicted.
func (s *StreamJoin) cleansState() bool {
	if s.keyWm >= 0 {
		return true
	}
	for side := 0; side < 2; side++ {
		if s.timeCol[side] >= 0 {
			if _, ok := s.J.StateValueWatermark(side, 1000000); ok {
				return true
			}
		}
	}
	return false
}

// ShouldRunNoDataBatch: a watermark that moved can evict state (and emit outer rows).
func (s *StreamJoin) ShouldRunNoDataBatch(newWatermarkMs int64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ran && s.cleansState() && plan.InputWatermark(s, newWatermarkMs) > s.lastEvict
}

// OutputWatermark is the watermark the join hands to a stateful operator above it (Spark's
// StreamingSymmetricHashJoinExec.produceOutputWatermark): the lowest of its input watermark
// and its sides' state watermarks, since a joined row can carry either side's event time
// and a side's rows stay in state down to its state watermark.
func (s *StreamJoin) OutputWatermark(inputMs int64) (int64, bool) {
	out := inputMs
	if s.keyWm >= 0 {
		return out, true // the event time is a join key: both state watermarks are the input's
	}
	for side := 0; side < 2; side++ {
		if s.timeCol[side] < 0 {
			continue
		}
		if wm, ok := s.J.StateValueWatermark(side, inputMs); ok && wm < out {
			out = wm
		}
	}
	return out, true
}

// UnexecutedProgress is the join's progress in a batch it never ran.
func (s *StreamJoin) UnexecutedProgress(conf map[string]string) (stream.StateOperatorProgress, error) {
	parts, err := shufflePartitions(conf)
	if err != nil {
		return stream.StateOperatorProgress{}, err
	}
	st := newJoinState("", 0, parts, conf, s, s.J.StateColumns(nil))
	m := st.customMetrics()
	for k := range m {
		m[k] = 0
	}
	return stream.StateOperatorProgress{OperatorName: "symmetricHashJoin", CustomMetrics: m}, nil
}

var joinStoreNames = [2][2]string{{"left-keyToNumValues", "left-keyWithIndexToValue"}, {"right-keyToNumValues", "right-keyWithIndexToValue"}}

// joinRow is one buffered row of a side.
type joinRow struct {
	keyEnc string
	key    sqltypes.Row
	idx    int64
	row    sqltypes.Row
	match  bool
}

// joinSide is one side's state: its two stores and the rows by encoded key. Rows are the
// side's full width; the state holds only the columns cols (the others read as NULL after
// a restart, as nothing above the join reads them).
type joinSide struct {
	counts, values *store
	byKey          map[string][]*joinRow
	width          int
	cols           []int
	keyTypes       []sqltypes.DataType // the equi-join keys' types, which decide their partition
}

type joinState struct {
	sides [2]*joinSide
	dir   string
	opID  int
	parts int
}

// boundTypes are the expressions' types.
func boundTypes(bs []plan.Bound) []sqltypes.DataType {
	out := make([]sqltypes.DataType, len(bs))
	for i, b := range bs {
		out[i] = b.DataType()
	}
	return out
}

func newJoinState(checkpoint string, opID, parts int, conf map[string]string, s *StreamJoin, cols [2][]int) *joinState {
	js := &joinState{dir: checkpoint, opID: opID, parts: parts}
	widths := [2]int{s.J.NumLeft(), len(plan.Schema(s.J.Right).Fields)}
	lk, rk := s.J.EquiKeys()
	keyTypes := [2][]sqltypes.DataType{boundTypes(lk), boundTypes(rk)}
	for side := 0; side < 2; side++ {
		c := newStore(checkpoint, opID, "symmetricHashJoin", parts, conf)
		c.storeName = joinStoreNames[side][0]
		v := newStore(checkpoint, opID, "symmetricHashJoin", parts, conf)
		v.storeName = joinStoreNames[side][1]
		js.sides[side] = &joinSide{counts: c, values: v, byKey: map[string][]*joinRow{}, width: widths[side], cols: cols[side],
			keyTypes: keyTypes[side]}
	}
	return js
}

// sideCountCodec keeps a side's keyToNumValues store as Spark's rows (the join key, a
// long count) when its types allow it, reading kafkalab's own encoding too.
func (s *StreamJoin) sideCountCodec(st *store) valueCodec {
	own := s.countCodec()
	if t := unlaidType(st.keySchema, st.valueSchema); t != nil {
		return ownEncodingOnly(own, "stream-stream join", t)
	}
	if !schemaLayable(st.keySchema) || !schemaLayable(st.valueSchema) {
		return own
	}
	return rowCodec(st.keySchema, st.valueSchema, own,
		func(e *entry) sqltypes.Row { return s.keyRowOf(e.key) },
		func(e *entry) sqltypes.Row { return sqltypes.Row{e.value} },
		func(k, v sqltypes.Row, e *entry) error {
			n, ok := v[0].(int64)
			if !ok {
				return fmt.Errorf("a join key's row count is not a long")
			}
			e.value = n
			return nil
		}, nil)
}

// sideValueCodec keeps a side's keyWithIndexToValue store as Spark's rows: the join key
// and the index, then the kept columns and matched.
func (s *StreamJoin) sideValueCodec(st *store, width int, cols []int) valueCodec {
	own := s.valueCodec(width, cols)
	if t := unlaidType(st.keySchema, st.valueSchema); t != nil {
		return ownEncodingOnly(own, "stream-stream join", t)
	}
	if !schemaLayable(st.keySchema) || !schemaLayable(st.valueSchema) {
		return own
	}
	return rowCodec(st.keySchema, st.valueSchema, own,
		func(e *entry) sqltypes.Row {
			// From the entry's key, not its row: eviction moves rows down the indexes, so
			// a removed entry's row may already sit at a lower index.
			d := &decoder{b: []byte(e.key)}
			k := make(sqltypes.Row, s.nKey+1)
			for i := range k {
				k[i] = d.value()
			}
			return k
		},
		func(e *entry) sqltypes.Row {
			jr := e.value.(*joinRow)
			out := make(sqltypes.Row, 0, len(cols)+1)
			for _, c := range cols {
				out = append(out, jr.row[c])
			}
			return append(out, jr.match)
		},
		func(k, v sqltypes.Row, e *entry) error {
			if len(k) != s.nKey+1 || len(v) != len(cols)+1 {
				return fmt.Errorf("a join row has %d key and %d value columns", len(k), len(v))
			}
			idx, ok := k[s.nKey].(int64)
			if !ok {
				return fmt.Errorf("a join row's index is not a long")
			}
			jr := &joinRow{key: k[:s.nKey], idx: idx, row: make(sqltypes.Row, width)}
			var err error
			if jr.keyEnc, err = memKeyOf(jr.key); err != nil {
				return err
			}
			for i, c := range cols {
				jr.row[c] = v[i]
			}
			jr.match = v[len(cols)] == true
			e.value = jr
			return nil
		}, nil)
}

// keyRowOf is the join key row of its in-memory encoding (the values appendValue wrote).
func (s *StreamJoin) keyRowOf(keyEnc string) sqltypes.Row {
	d := &decoder{b: []byte(keyEnc)}
	k := make(sqltypes.Row, s.nKey)
	for i := range k {
		k[i] = d.value()
	}
	return k
}

func (s *StreamJoin) countCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) { return appendValue(b, e.value) },
		decode: func(_, val []byte, e *entry) error {
			d := &decoder{b: val}
			v := d.value()
			if err := d.end(); err != nil {
				return err
			}
			e.value = v
			return nil
		},
	}
}

func (s *StreamJoin) valueCodec(width int, cols []int) valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			jr := e.value.(*joinRow)
			var err error
			for _, c := range cols {
				if b, err = appendValue(b, jr.row[c]); err != nil {
					return nil, err
				}
			}
			return appendValue(b, jr.match)
		},
		decode: func(key, val []byte, e *entry) error {
			kd := &decoder{b: key}
			jr := &joinRow{key: make(sqltypes.Row, s.nKey)}
			for i := range jr.key {
				jr.key[i] = kd.value()
			}
			jr.keyEnc = string(key[:len(key)-len(kd.b)])
			idx, _ := kd.value().(int64)
			jr.idx = idx
			vd := &decoder{b: val}
			jr.row = make(sqltypes.Row, width)
			for _, c := range cols {
				jr.row[c] = vd.value()
			}
			jr.match = vd.value() == true
			if err := kd.end(); err != nil {
				return err
			}
			if err := vd.end(); err != nil {
				return err
			}
			e.value = jr
			return nil
		},
	}
}

// load makes both sides hold the state of version v and indexes their rows by key.
func (s *StreamJoin) load(js *joinState, v int64) error {
	for _, sd := range js.sides {
		if err := sd.counts.load(v, s.sideCountCodec(sd.counts), 1); err != nil {
			return err
		}
		if err := sd.values.load(v, s.sideValueCodec(sd.values, sd.width, sd.cols), 1); err != nil {
			return err
		}
		sd.byKey = map[string][]*joinRow{}
		for _, e := range sd.values.entries {
			jr := e.value.(*joinRow)
			sd.byKey[jr.keyEnc] = append(sd.byKey[jr.keyEnc], jr)
		}
		for _, rows := range sd.byKey {
			sort.Slice(rows, func(i, j int) bool { return rows[i].idx < rows[j].idx })
		}
		sd.counts.version, sd.values.version = -1, -1
	}
	return nil
}

func indexKey(keyEnc string, idx int64) string {
	b, _ := appendValue([]byte(keyEnc), idx)
	return string(b)
}

// putRow writes a buffered row at its index.
func (sd *joinSide) putRow(jr *joinRow, part int) {
	k := indexKey(jr.keyEnc, jr.idx)
	e := sd.values.entries[k]
	if e == nil {
		e = &entry{key: k, part: part}
		sd.values.entries[k] = e
	}
	e.value = jr
	sd.values.put(e)
}

func (sd *joinSide) putCount(keyEnc string, n int64, part int) {
	e := sd.counts.entries[keyEnc]
	if n == 0 {
		if e != nil {
			sd.counts.remove(e)
		}
		return
	}
	if e == nil {
		e = &entry{key: keyEnc, part: part}
		sd.counts.entries[keyEnc] = e
	}
	e.value = n
	sd.counts.put(e)
}

// keeps reports whether the state holds the side's column c. A pruned event-time column
// leaves the join without a watermark on that side, so it drops no late rows there.
func (sd *joinSide) keeps(c int) bool {
	for _, k := range sd.cols {
		if k == c {
			return true
		}
	}
	return false
}

// append buffers a row under its key.
func (sd *joinSide) append(jr *joinRow, part int) {
	rows := sd.byKey[jr.keyEnc]
	jr.idx = int64(len(rows))
	sd.byKey[jr.keyEnc] = append(rows, jr)
	sd.putRow(jr, part)
	sd.putCount(jr.keyEnc, int64(len(rows)+1), part)
}

// evict drops the rows gone(row) picks from every key of partition part and returns them,
// in Spark's order (SymmetricHashJoinStateManager's removal by value): walking a key's
// indexes, a row that goes is replaced by the key's last row, which is checked next in
// its place, and the last index is removed. The state then holds the rows at the indexes
// Spark's holds them, and later joins meet them in Spark's order.
func (sd *joinSide) evict(part, parts int, gone func(*joinRow) bool) []*joinRow {
	var removed []*joinRow
	keys := make([]string, 0, len(sd.byKey))
	for k, rows := range sd.byKey {
		if len(rows) > 0 && partitionOf(rows[0].key, sd.keyTypes, parts) == part {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		rows := sd.byKey[k]
		n, before := len(rows), len(rows)
		for i := 0; i < n; {
			if !gone(rows[i]) {
				i++
				continue
			}
			removed = append(removed, rows[i])
			if last := n - 1; i != last {
				rows[i] = rows[last]
				rows[i].idx = int64(i)
				sd.putRow(rows[i], part)
			}
			n--
			if e := sd.values.entries[indexKey(k, int64(n))]; e != nil {
				sd.values.remove(e)
			}
		}
		if n == before {
			continue
		}
		sd.putCount(k, int64(n), part)
		if n == 0 {
			delete(sd.byKey, k)
		} else {
			sd.byKey[k] = rows[:n]
		}
	}
	return removed
}

func (js *joinState) customMetrics() map[string]int64 {
	m := map[string]int64{}
	for _, sd := range js.sides {
		for _, st := range []*store{sd.counts, sd.values} {
			m["loadedMapCacheHitCount"] += st.hits
			m["loadedMapCacheMissCount"] += st.misses
			m["stateOnCurrentVersionSizeBytes"] += st.sizeBytes
			last := int64(-1)
			if st.lastSnapshot > 0 {
				last = st.lastSnapshot
			}
			for p := 0; p < js.parts; p++ {
				m["SnapshotLastUploaded.partition_"+strconv.Itoa(p)+"_"+st.storeName] = last
			}
		}
	}
	m["forceSnapshotCount"] = 0
	m["numSnapshotsAutoRepaired"] = 0
	m["skippedNullValueCount"] = 0
	return m
}

// timeMicros reads an event-time value: a timestamp, or a window's end.
func timeMicros(v any) (int64, bool) {
	switch x := v.(type) {
	case sqltypes.Timestamp:
		return int64(x), true
	case sqltypes.Row:
		if len(x) == 2 {
			if end, ok := x[1].(sqltypes.Timestamp); ok {
				return int64(end), true
			}
		}
	}
	return 0, false
}

func (s *StreamJoin) Execute(ctx context.Context, ex *plan.Exec) ([]rowiter.Iter, error) {
	if ex == nil || ex.Batch == nil {
		return nil, plan.CheckBatch(s)
	}
	bc := ex.Batch
	parts, err := shufflePartitions(bc.Conf)
	if err != nil {
		return nil, err
	}
	opID := enterStateful(ex)
	defer leaveStateful(ex, opID)
	left, err := s.J.Left.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	right, err := s.J.Right.Execute(ctx, ex)
	if err != nil {
		rowiter.CloseAll(left)
		return nil, err
	}
	var in [2][][]sqltypes.Row
	if in[0], err = rowiter.CollectTasks(ctx, left); err != nil {
		rowiter.CloseAll(right)
		return nil, err
	}
	if in[1], err = rowiter.CollectTasks(ctx, right); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	js := s.state[bc.CheckpointDir]
	if js == nil || js.parts != parts || js.opID != opID {
		var need []bool
		if ex.Root != nil {
			need = plan.OutputColumnsRead(ex.Root, s)
		}
		js = newJoinState(bc.CheckpointDir, opID, parts, bc.Conf, s, s.J.StateColumns(need))
		s.stateSchemas(js)
		s.state[bc.CheckpointDir] = js
	}
	if err := s.load(js, bc.BatchID); err != nil {
		return nil, err
	}
	started := time.Now()
	ec := ex.Eval
	nl := s.J.NumLeft()
	lk, rk := s.J.EquiKeys()
	keyExprs := [2][]plan.Bound{lk, rk}
	lateWm := plan.InputWatermark(s, bc.LateWatermarkMs) * 1000
	evictWm := plan.InputWatermark(s, bc.BatchWatermarkMs)

	type inRow struct {
		row    sqltypes.Row
		key    sqltypes.Row
		keyEnc string
		null   bool
	}
	var dropped int64
	var routed [2][][]inRow
	for side := 0; side < 2; side++ {
		routed[side] = make([][]inRow, parts)
		joined := make(sqltypes.Row, nl+len(plan.Schema(s.J.Right).Fields))
		for _, task := range in[side] {
			for _, row := range task {
				if tc := s.timeCol[side]; tc >= 0 && js.sides[side].keeps(tc-side*nl) {
					col := tc - side*nl
					if t, ok := timeMicros(row[col]); ok && t <= lateWm {
						dropped++
						continue
					}
				}
				clear(joined)
				if side == 0 {
					copy(joined, row)
				} else {
					copy(joined[nl:], row)
				}
				ir := inRow{row: row, key: make(sqltypes.Row, s.nKey)}
				var kb []byte
				for i, k := range keyExprs[side] {
					v, err := k.Eval(ec, joined)
					if err != nil {
						return nil, err
					}
					if v == nil {
						ir.null = true
					}
					ir.key[i] = v
					if kb, err = appendValue(kb, v); err != nil {
						return nil, err
					}
				}
				ir.keyEnc = string(kb)
				p := partitionOf(ir.key, js.sides[side].keyTypes, parts)
				routed[side][p] = append(routed[side][p], ir)
			}
		}
	}

	// The state watermark of each side: by key, or by value from the range condition.
	var goneFn [2]func(*joinRow) bool
	for side := 0; side < 2; side++ {
		switch {
		case s.keyWm >= 0:
			ord := s.keyWm
			goneFn[side] = func(jr *joinRow) bool {
				t, ok := timeMicros(jr.key[ord])
				return ok && t <= evictWm*1000
			}
		case s.timeCol[side] >= 0:
			wm, ok := s.J.StateValueWatermark(side, evictWm)
			if !ok {
				continue
			}
			col := s.timeCol[side]
			if side == 1 {
				col -= nl
			}
			goneFn[side] = func(jr *joinRow) bool {
				t, ok := timeMicros(jr.row[col])
				return ok && t <= wm*1000
			}
		}
	}

	semi := s.typ == plan.JoinSemi
	preserved := [2]bool{s.typ == plan.JoinLeft || s.typ == plan.JoinFull, s.typ == plan.JoinRight || s.typ == plan.JoinFull}
	width := [2]int{nl, len(plan.Schema(s.J.Right).Fields)}
	joinedOf := func(side int, this, other sqltypes.Row) sqltypes.Row {
		row := make(sqltypes.Row, width[0]+width[1])
		if side == 0 {
			copy(row, this)
			if other != nil {
				copy(row[nl:], other)
			}
		} else {
			if other != nil {
				copy(row, other)
			}
			copy(row[nl:], this)
		}
		return row
	}
	out := make([][]sqltypes.Row, parts)
	var updated, removed int64
	emit := func(p int, joined sqltypes.Row) error {
		o, err := s.J.Project(ec, joined)
		if err != nil {
			return err
		}
		out[p] = append(out[p], o)
		return nil
	}
	for p := 0; p < parts; p++ {
		for side := 0; side < 2; side++ {
			this, other := js.sides[side], js.sides[1-side]
			for _, ir := range routed[side][p] {
				matched := false
				if !ir.null {
					for _, orow := range other.byKey[ir.keyEnc] {
						if semi && side == 1 && orow.match {
							continue
						}
						joined := joinedOf(side, ir.row, orow.row)
						ok, err := s.J.Matches(ec, joined)
						if err != nil {
							return nil, err
						}
						if !ok {
							continue
						}
						firstForThis := !matched
						matched = true
						if !orow.match {
							orow.match = true
							other.putRow(orow, p)
						}
						if semi && side == 0 {
							if firstForThis {
								if err := emit(p, joined); err != nil {
									return nil, err
								}
							}
							continue
						}
						if err := emit(p, joined); err != nil {
							return nil, err
						}
					}
				}
				jr := &joinRow{keyEnc: ir.keyEnc, key: ir.key, row: ir.row, match: matched}
				if !s.keepsInput(side, matched, goneFn[side] != nil && goneFn[side](jr)) {
					continue
				}
				this.append(jr, p)
				updated++
			}
		}
	}
	updatesMs := time.Since(started).Milliseconds()
	removeStart := time.Now()
	for p := 0; p < parts; p++ {
		for side := 0; side < 2; side++ {
			if goneFn[side] == nil {
				continue
			}
			for _, jr := range js.sides[side].evict(p, parts, goneFn[side]) {
				if !preserved[side] {
					// Spark counts only the rows its cleanup drops after the join's output,
					// not those an outer join's side gives up (and may emit) as they go.
					removed++
				}
				if preserved[side] && !jr.match {
					if err := emit(p, joinedOf(side, jr.row, nil)); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	removalsMs := time.Since(removeStart).Milliseconds()
	commitStart := time.Now()
	if err := s.writeMetadata(js); err != nil {
		return nil, err
	}
	var total, mem int64
	for side, sd := range js.sides {
		if err := sd.counts.commit(bc.BatchID+1, s.sideCountCodec(sd.counts)); err != nil {
			return nil, err
		}
		if err := sd.values.commit(bc.BatchID+1, s.sideValueCodec(sd.values, width[side], sd.cols)); err != nil {
			return nil, err
		}
		total += int64(len(sd.values.entries))
		mem += sd.counts.memoryBytes() + sd.values.memoryBytes()
	}
	s.ran, s.lastEvict = true, evictWm
	prog := stream.StateOperatorProgress{
		OperatorName:              "symmetricHashJoin",
		NumRowsTotal:              total,
		NumRowsUpdated:            updated,
		AllUpdatesTimeMs:          updatesMs,
		NumRowsRemoved:            removed,
		AllRemovalsTimeMs:         removalsMs,
		CommitTimeMs:              time.Since(commitStart).Milliseconds(),
		MemoryUsedBytes:           mem,
		NumRowsDroppedByWatermark: dropped,
		NumShufflePartitions:      int64(parts),
		NumStateStoreInstances:    int64(parts * 4),
		CustomMetrics:             js.customMetrics(),
	}
	ex.StateOperators = append([]stream.StateOperatorProgress{prog}, ex.StateOperators...)
	return rowiter.Tasks(out, ex.ChunkRows), nil
}

// keepsInput is Spark's rule for whether an input row goes into its side's state once it
// was joined. A left row always does, even one the state watermark drops in this very
// batch (the right rows of the batch may still match it, and an outer join emits it as it
// goes), except a left semi join's matched row, already emitted. A right row the state
// watermark drops at once is kept only for a right or full outer join to emit unmatched.
func (s *StreamJoin) keepsInput(side int, matched, evicted bool) bool {
	if side == 0 {
		return s.typ != plan.JoinSemi || !matched
	}
	return !evicted || (!matched && (s.typ == plan.JoinRight || s.typ == plan.JoinFull))
}

// writeMetadata writes the operator metadata naming the four stores.
func (s *StreamJoin) writeMetadata(js *joinState) error {
	if js.dir == "" {
		return fmt.Errorf("stream-stream join: the query has no checkpoint folder")
	}
	body := fmt.Sprintf(`v1`+"\n"+`{"operatorInfo":{"operatorId":%d,"operatorName":"symmetricHashJoin"},"stateStoreInfo":[`, js.opID)
	for i, name := range []string{joinStoreNames[0][0], joinStoreNames[0][1], joinStoreNames[1][0], joinStoreNames[1][1]} {
		if i > 0 {
			body += ","
		}
		body += fmt.Sprintf(`{"storeName":"%s","numColsPrefixKey":0,"numPartitions":%d}`, name, js.parts)
	}
	body += "]}"
	path := js.sides[0].counts.dir + "/_metadata/metadata"
	return writeAtomicOnce(path, []byte(body))
}

// stateSchemas sets the four stores' key and value schemas as Spark writes them: keys are
// field0..fieldN, values the side's columns the state keeps (StateColumns) plus "matched". A side's column the range
// condition reads is non-nullable unless the side is preserved by an outer join (Spark's
// optimizer filters out its NULLs before the join).
func (s *StreamJoin) stateSchemas(js *joinState) {
	lk, _ := s.J.EquiKeys()
	key := &sqltypes.StructType{}
	for i, k := range lk {
		key.Fields = append(key.Fields, field("field"+strconv.Itoa(i), k.DataType(), true))
	}
	keyIdx := &sqltypes.StructType{Fields: append(append([]sqltypes.StructField{}, key.Fields...), field("index", sqltypes.Long, true))}
	count := &sqltypes.StructType{Fields: []sqltypes.StructField{field("value", sqltypes.Long, true)}}
	ranged := s.J.RangeColumns()
	preserved := [2]bool{s.typ == plan.JoinLeft || s.typ == plan.JoinFull, s.typ == plan.JoinRight || s.typ == plan.JoinFull}
	nl := s.J.NumLeft()
	for side, sd := range js.sides {
		fields := plan.Schema(s.J.Left).Fields
		base := 0
		if side == 1 {
			fields, base = plan.Schema(s.J.Right).Fields, nl
		}
		value := &sqltypes.StructType{}
		for _, i := range sd.cols {
			f := fields[i]
			if ranged[base+i] && !preserved[side] {
				f.Nullable = false
			}
			value.Fields = append(value.Fields, f)
		}
		value.Fields = append(value.Fields, field("matched", sqltypes.Boolean, true))
		sd.counts.keySchema, sd.counts.valueSchema = key, count
		sd.values.keySchema, sd.values.valueSchema = keyIdx, value
	}
}
