package stateful

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"sort"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Spark's state rows. Spark's HDFSBackedStateStoreProvider keeps every state key and value
// as an UnsafeRow of the operator's state schemas (the ones in state/<op>/0/_metadata/
// schema): for a streaming aggregation (StreamingAggregationStateManager v2) the key is
// the grouping row and the value the aggregation buffer row; for dropDuplicates the key is
// the deduplicated columns and the value one null column; for dropDuplicatesWithinWatermark
// the value is the expiry in microseconds; for a global limit the key is one null column
// and the value the count of rows let through. Writing the same rows makes a kafkalab
// checkpoint one that Spark resumes, and reading them resumes one Spark wrote.

// fieldTypes are a schema's column types.
func fieldTypes(st *sqltypes.StructType) []sqltypes.DataType {
	out := make([]sqltypes.DataType, len(st.Fields))
	for i, f := range st.Fields {
		out[i] = f.Type
	}
	return out
}

// sparkLayable reports whether kafkalab lays a column of type t out as UnsafeRow and reads
// it back (unsafeRow and decodeUnsafeRow); an operator whose state has another type keeps
// kafkalab's own encoding, which Spark cannot resume.
func sparkLayable(t sqltypes.DataType) bool {
	switch x := t.(type) {
	case sqltypes.BooleanType, sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType,
		sqltypes.FloatType, sqltypes.DoubleType, sqltypes.DateType, sqltypes.TimestampType, sqltypes.TimestampNTZType,
		sqltypes.TimeType, sqltypes.StringType, sqltypes.BinaryType, sqltypes.DecimalType, sqltypes.NullType,
		sqltypes.DayTimeIntervalType, sqltypes.YearMonthIntervalType:
		return true
	case *sqltypes.StructType:
		for _, f := range x.Fields {
			if !sparkLayable(f.Type) {
				return false
			}
		}
		return true
	case sqltypes.ArrayType:
		return elementLayable(x.Element)
	case sqltypes.MapType:
		return elementLayable(x.Key) && elementLayable(x.Value)
	}
	return false
}

// elementLayable reports whether layoutArray lays out elements of type t (not NULL's).
func elementLayable(t sqltypes.DataType) bool {
	if _, isNull := t.(sqltypes.NullType); isNull {
		return false
	}
	return sparkLayable(t)
}

// unlaidType is the first column type of the schemas (or a type inside one) that kafkalab
// does not lay out as Spark's UnsafeRow; nil when there is none.
func unlaidType(schemas ...*sqltypes.StructType) sqltypes.DataType {
	var find func(t sqltypes.DataType, element bool) sqltypes.DataType
	find = func(t sqltypes.DataType, element bool) sqltypes.DataType {
		switch x := t.(type) {
		case *sqltypes.StructType:
			for _, f := range x.Fields {
				if u := find(f.Type, false); u != nil {
					return u
				}
			}
			return nil
		case sqltypes.ArrayType:
			return find(x.Element, true)
		case sqltypes.MapType:
			if u := find(x.Key, true); u != nil {
				return u
			}
			return find(x.Value, true)
		}
		if (element && !elementLayable(t)) || !sparkLayable(t) {
			return t
		}
		return nil
	}
	for _, st := range schemas {
		if st == nil {
			continue
		}
		if u := find(st, false); u != nil {
			return u
		}
	}
	return nil
}

// ownEncodingOnly is the codec of an operator whose state holds a type kafkalab does not
// lay out as Spark's UnsafeRow (unlaidType): it keeps kafkalab's own encoding, and a record
// that is not in it (a checkpoint real Spark wrote) is refused with the operator and the
// type named, rather than read as something else.
func ownEncodingOnly(own valueCodec, op string, t sqltypes.DataType) valueCodec {
	why := func(err error) error {
		return fmt.Errorf("the %s's state holds %s, which kafkalab does not read from or write in Spark's UnsafeRow layout yet, so it resumes only a checkpoint kafkalab wrote itself: %w",
			op, t.SQL(), err)
	}
	if dec := own.decode; dec != nil {
		own.decode = func(kb, vb []byte, e *entry) error {
			if err := dec(kb, vb, e); err != nil {
				return why(err)
			}
			return nil
		}
	}
	if apply := own.apply; apply != nil {
		own.apply = func(entries map[string]*entry, p int, kb, vb []byte) error {
			if err := apply(entries, p, kb, vb); err != nil {
				return why(err)
			}
			return nil
		}
	}
	if enc := own.encode; enc != nil {
		own.encode = func(b []byte, e *entry) ([]byte, error) {
			out, err := enc(b, e)
			if err != nil {
				return nil, why(err)
			}
			return out, nil
		}
	}
	return own
}

func schemaLayable(st *sqltypes.StructType) bool {
	if st == nil {
		return false
	}
	for _, f := range st.Fields {
		if !sparkLayable(f.Type) {
			return false
		}
	}
	return true
}

// appendSparkRow appends vals laid out as an UnsafeRow of st.
func appendSparkRow(b []byte, vals sqltypes.Row, st *sqltypes.StructType, normalize bool) ([]byte, error) {
	row, ok := layoutRow(vals, fieldTypes(st), normalize)
	if !ok {
		return nil, fmt.Errorf("state store: cannot lay out the state row %v as Spark's UnsafeRow of %s", vals, sqltypes.SimpleString(st))
	}
	return append(b, row...), nil
}

// memKeyOf is the in-memory key (kafkalab's encoding) of a decoded key row.
func memKeyOf(keys sqltypes.Row) (string, error) {
	var b []byte
	var err error
	for _, v := range keys {
		if b, err = appendValue(b, v); err != nil {
			return "", err
		}
	}
	return string(b), nil
}

// bufferRow is the aggregation buffers of g as Spark's buffer row (schema.go's
// bufferFields): count; sum (null before a value, or a decimal sum with isEmpty); avg's sum
// and count; min or max; first and valueSet; collect_list's and collect_set's serialized
// buffer; approx_count_distinct's HyperLogLog++ words.
func (a *Aggregate) bufferRow(g *group, fields []sqltypes.StructField) (sqltypes.Row, error) {
	out := make(sqltypes.Row, 0, len(fields))
	for i := range a.fns {
		f, b := &a.fns[i], &g.bufs[i]
		if f.distinct {
			return nil, errors.New("a count(DISTINCT ...) buffer is not kept in Spark's layout")
		}
		switch f.kind {
		case kindCollectList, kindCollectSet:
			buf, err := collectBuffer(f, b)
			if err != nil {
				return nil, err
			}
			out = append(out, buf)
		case kindHLL:
			h := b.hll
			if h == nil {
				h = f.newHLL()
			}
			for _, w := range h.Words() {
				out = append(out, w)
			}
		case kindCount:
			out = append(out, b.n)
		case kindSum:
			switch {
			case isDecimal(f.in) && len(out) < len(fields) && fields[len(out)].Type == sqltypes.Long:
				// DecimalAggregates sums a decimal of up to 8 digits as its unscaled long.
				if b.n == 0 {
					out = append(out, nil)
					break
				}
				u, ok := b.d.UnscaledInt64()
				if !ok {
					return nil, errors.New("a decimal sum does not fit its unscaled long")
				}
				out = append(out, u)
			case isDecimal(f.in):
				out = append(out, b.d, b.n == 0)
			case b.n == 0:
				out = append(out, nil)
			case sqltypes.IsIntegral(f.in):
				out = append(out, b.i)
			default:
				out = append(out, b.f)
			}
		case kindAvg:
			switch {
			case isDecimal(f.in) && len(out) < len(fields) && fields[len(out)].Type == sqltypes.Double:
				// Spark's DecimalAggregates averages a decimal of up to 11 digits over its
				// unscaled value: the buffer sums the unscaled longs as a double.
				u, _ := new(big.Float).SetInt(b.d.UnscaledBig()).Float64()
				out = append(out, u, b.n)
			case isDecimal(f.in):
				out = append(out, b.d, b.n)
			default:
				out = append(out, b.f, b.n)
			}
		case kindMin, kindMax:
			out = append(out, b.v)
		case kindFirst:
			out = append(out, b.v, b.n > 0)
		}
	}
	if len(out) != len(fields) {
		return nil, fmt.Errorf("%d buffer values for the %d buffer columns of the state schema", len(out), len(fields))
	}
	return out, nil
}

// setBuffers is the inverse of bufferRow.
func (a *Aggregate) setBuffers(g *group, row sqltypes.Row) error {
	i := 0
	next := func() any {
		if i >= len(row) {
			return nil
		}
		i++
		return row[i-1]
	}
	for j := range a.fns {
		f, b := &a.fns[j], &g.bufs[j]
		if f.distinct {
			return errors.New("a count(DISTINCT ...) buffer is not read from Spark's layout")
		}
		switch f.kind {
		case kindCollectList, kindCollectSet:
			if err := setCollectBuffer(f, b, next()); err != nil {
				return err
			}
		case kindHLL:
			h := f.newHLL()
			words := make([]int64, h.NumWords())
			for k := range words {
				w, ok := next().(int64)
				if !ok {
					return fmt.Errorf("approx_count_distinct's buffer word MS[%d] is not a long", k)
				}
				words[k] = w
			}
			if err := h.SetWords(words); err != nil {
				return err
			}
			b.hll = h
		case kindCount:
			n, ok := next().(int64)
			if !ok {
				return errors.New("a count buffer is not a long")
			}
			b.n = n
		case kindSum:
			v := next()
			if in, ok := f.in.(sqltypes.DecimalType); ok {
				if u, isLong := v.(int64); isLong {
					b.d, b.n = sqltypes.NewDecimal(u, in.Scale), 1 // bufferRow's unscaled sum
					continue
				}
				empty, _ := next().(bool)
				if d, ok := v.(sqltypes.Decimal); ok && !empty {
					b.d, b.n = d, 1
				}
				continue
			}
			switch x := v.(type) {
			case nil:
			case int64:
				b.i, b.n = x, 1
			case float64:
				b.f, b.n = x, 1
			default:
				return fmt.Errorf("a sum buffer holds %T", v)
			}
		case kindAvg:
			v := next()
			n, _ := next().(int64)
			b.n = n
			switch x := v.(type) {
			case sqltypes.Decimal:
				b.d = x
			case float64:
				if in, ok := f.in.(sqltypes.DecimalType); ok {
					// The unscaled sum of a DecimalAggregates average (bufferRow).
					u, _ := big.NewFloat(math.Round(x)).Int(nil)
					b.d = sqltypes.DecimalFromBig(u, in.Scale)
					continue
				}
				b.f = x
			case nil:
			default:
				return fmt.Errorf("an avg buffer holds %T", v)
			}
		case kindMin, kindMax:
			b.v = next()
		case kindFirst:
			b.v = next()
			if set, _ := next().(bool); set {
				b.n = 1
			}
		}
	}
	if i != len(row) {
		return fmt.Errorf("%d buffer columns read of %d", i, len(row))
	}
	return nil
}

func isDecimal(t sqltypes.DataType) bool {
	_, ok := t.(sqltypes.DecimalType)
	return ok
}

// sparkLayout reports whether the aggregation's state is kept as Spark's rows: every key
// and buffer column has an UnsafeRow layout kafkalab writes (not a count(DISTINCT ...),
// which Spark refuses in a streaming query), and it is not a session window (whose state
// sessionCodec lays out).
func (a *Aggregate) sparkLayout(st *store) bool {
	if a.sessionWin != nil || !schemaLayable(st.keySchema) || !schemaLayable(st.valueSchema) {
		return false
	}
	for i := range a.fns {
		if a.fns[i].distinct {
			return false
		}
	}
	return len(st.keySchema.Fields) == len(a.keys)
}

// rowCodec keeps an operator's entries as Spark's rows of the key and value schemas:
// keyRow and valueRow give an entry's rows, fromRows sets an entry from rows read (its
// in-memory key is memKeyOf the key row). Records in kafkalab's own encoding (own, the
// operator's earlier codec) are still read. memKey, when set, replaces memKeyOf.
func rowCodec(key, value *sqltypes.StructType, own valueCodec,
	keyRow, valueRow func(e *entry) sqltypes.Row, fromRows func(k, v sqltypes.Row, e *entry) error,
	memKey func(sqltypes.Row) (string, error)) valueCodec {
	if memKey == nil {
		memKey = memKeyOf
	}
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) {
			return appendSparkRow(b, valueRow(e), value, false)
		},
		fileKey: func(b []byte, e *entry) ([]byte, error) {
			return appendSparkRow(b, keyRow(e), key, true)
		},
		decode: func(kb, vb []byte, e *entry) error {
			k, err := decodeUnsafeRow(kb, key)
			if err == nil {
				var v sqltypes.Row
				if v, err = decodeUnsafeRow(vb, value); err == nil {
					if err = fromRows(k, v, e); err == nil {
						if e.key, err = memKey(k); err == nil {
							return nil
						}
					}
				}
			}
			if own.decode != nil && own.decode(kb, vb, e) == nil {
				return nil
			}
			return fmt.Errorf("not an UnsafeRow of key %s and value %s: %w", sqltypes.SimpleString(key), sqltypes.SimpleString(value), err)
		},
		memKey: func(kb []byte) (string, error) {
			k, err := decodeUnsafeRow(kb, key)
			if err != nil {
				return string(kb), nil // kafkalab's own encoding
			}
			return memKey(k)
		},
	}
}

// sessionCodec keeps session windows as Spark's StreamingSessionWindowStateManager does:
// a row per session, keyed by the grouping keys and the session's start, its value the
// keys (the session window in its place) and the session's buffers. kafkalab keeps a
// key's sessions in one entry, so an entry is several records; a changed entry also
// removes the sessions the files hold that it no longer has (merged or evicted).
func (a *Aggregate) sessionCodec(st *store) valueCodec {
	own := a.sessionWindowCodec()
	if t := unlaidType(st.keySchema, st.valueSchema); t != nil {
		return ownEncodingOnly(own, "session window aggregation", t)
	}
	if !schemaLayable(st.keySchema) || !schemaLayable(st.valueSchema) {
		return own
	}
	for i := range a.fns {
		if a.fns[i].distinct {
			return own
		}
	}
	key, value := st.keySchema, st.valueSchema
	nKeys := len(a.keys)
	own.records = func(buf []byte, e *entry, mode recordMode) ([]byte, error) {
		g := e.value.(*sessionWindowGroup)
		keyRow := func(start int64) sqltypes.Row {
			k := make(sqltypes.Row, 0, nKeys)
			for i, v := range g.keys {
				if i != a.winIdx {
					k = append(k, v)
				}
			}
			return append(k, sqltypes.Timestamp(start))
		}
		removal := func(buf []byte, start int64) ([]byte, error) {
			kb, err := appendSparkRow(nil, keyRow(start), key, true)
			if err != nil {
				return nil, err
			}
			buf = binary.BigEndian.AppendUint32(buf, uint32(len(kb)))
			buf = append(buf, kb...)
			return binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF), nil
		}
		var err error
		if mode == recordsRemove {
			for start := range g.stored {
				if buf, err = removal(buf, start); err != nil {
					return nil, err
				}
			}
			g.stored = nil
			return buf, nil
		}
		live := make(map[int64]bool, len(g.sessions))
		for _, s := range g.sessions {
			live[s.start] = true
			kb, err := appendSparkRow(nil, keyRow(s.start), key, true)
			if err != nil {
				return nil, err
			}
			keys := make(sqltypes.Row, nKeys)
			copy(keys, g.keys)
			keys[a.winIdx] = sqltypes.Row{sqltypes.Timestamp(s.start), sqltypes.Timestamp(s.end)}
			bufs, err := a.bufferRow(&group{keys: keys, bufs: s.bufs}, value.Fields[nKeys:])
			if err != nil {
				return nil, err
			}
			vb, err := appendSparkRow(nil, append(keys, bufs...), value, false)
			if err != nil {
				return nil, err
			}
			buf = appendRecord(buf, kb, vb)
		}
		if mode == recordsPut {
			for start := range g.stored {
				if !live[start] {
					if buf, err = removal(buf, start); err != nil {
						return nil, err
					}
				}
			}
			g.stored = live
		}
		return buf, nil
	}
	own.apply = func(entries map[string]*entry, p int, kb, vb []byte) error {
		k, err := decodeUnsafeRow(kb, key)
		if err != nil {
			if vb == nil {
				delete(entries, string(kb)) // a key in kafkalab's own encoding
				return nil
			}
			e := &entry{key: string(kb), part: p, size: len(kb) + len(vb)}
			if own.decode(kb, vb, e) != nil {
				return fmt.Errorf("not an UnsafeRow of key %s: %w", sqltypes.SimpleString(key), err)
			}
			g := e.value.(*sessionWindowGroup)
			g.stored = map[int64]bool{}
			for _, s := range g.sessions {
				g.stored[s.start] = true
			}
			entries[e.key] = e
			return nil
		}
		start, ok := k[len(k)-1].(sqltypes.Timestamp)
		if !ok {
			return fmt.Errorf("a session's start is not a timestamp")
		}
		mk, err := memKeyOf(k[:len(k)-1])
		if err != nil {
			return err
		}
		e := entries[mk]
		if vb == nil {
			if e != nil {
				g := e.value.(*sessionWindowGroup)
				g.removeSession(int64(start))
				if len(g.sessions) == 0 {
					delete(entries, mk)
				}
			}
			return nil
		}
		v, err := decodeUnsafeRow(vb, value)
		if err != nil {
			return fmt.Errorf("not an UnsafeRow of value %s: %w", sqltypes.SimpleString(value), err)
		}
		win, ok := v[a.winIdx].(sqltypes.Row)
		if !ok || len(win) != 2 {
			return fmt.Errorf("a session row has no session_window")
		}
		end, ok := win[1].(sqltypes.Timestamp)
		if !ok {
			return fmt.Errorf("a session's end is not a timestamp")
		}
		bg := &group{bufs: make([]aggBuf, len(a.fns))}
		if err := a.setBuffers(bg, v[nKeys:]); err != nil {
			return err
		}
		if e == nil {
			keys := make(sqltypes.Row, nKeys)
			copy(keys, v[:nKeys])
			keys[a.winIdx] = nil
			e = &entry{key: mk, part: p, value: &sessionWindowGroup{keys: keys, stored: map[int64]bool{}}}
			entries[mk] = e
		}
		e.size += len(kb) + len(vb)
		g := e.value.(*sessionWindowGroup)
		g.removeSession(int64(start))
		g.sessions = append(g.sessions, &sessionWindow{start: int64(start), end: int64(end), bufs: bg.bufs})
		sort.Slice(g.sessions, func(i, j int) bool { return g.sessions[i].start < g.sessions[j].start })
		if g.stored == nil {
			g.stored = map[int64]bool{}
		}
		g.stored[int64(start)] = true
		return nil
	}
	return own
}

// removeSession drops the session starting at start, if any, and forgets it was stored.
func (g *sessionWindowGroup) removeSession(start int64) {
	for i, s := range g.sessions {
		if s.start == start {
			g.sessions = append(g.sessions[:i], g.sessions[i+1:]...)
			break
		}
	}
	delete(g.stored, start)
}
