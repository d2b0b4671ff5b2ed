package delta

import (
	"math"
	"time"
	"unicode/utf16"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Data-skipping statistics as Delta writes them in add.stats (StatisticsCollection):
// {"numRecords":N,"minValues":{..},"maxValues":{..},"nullCount":{..}}, keys in schema order,
// min/max only for orderable atomic types, the first 32 leaf columns only, strings cut to a
// 32-character prefix, decimals with full scale, timestamps at millisecond precision in the
// session time zone.

const (
	statsIndexedCols  = 32 // delta.dataSkippingNumIndexedCols
	statsStringPrefix = 32 // spark.databricks.io.skipping.stringPrefixLength
	asciiMaxChar      = '\u007F'
	utf8MaxCodePoint  = '\U0010FFFF'
)

// colStats accumulates one leaf column's statistics.
type colStats struct {
	dt   sqltypes.DataType
	less func(a, b any) bool // the type's order; nil when min/max are not kept
	// kind picks addColumn's typed loop for the common types (statAny: add per value).
	kind statKind
	min  any
	max  any
	// nulls counts null values
	nulls int64
}

// statsNode mirrors the schema: a leaf with stats, or a struct of children.
type statsNode struct {
	name     string
	leaf     *colStats
	children []*statsNode
}

func eligibleMinMax(dt sqltypes.DataType) bool {
	switch dt.(type) {
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType,
		sqltypes.FloatType, sqltypes.DoubleType, sqltypes.DecimalType, sqltypes.StringType,
		sqltypes.DateType, sqltypes.TimestampType, sqltypes.TimestampNTZType:
		return true
	}
	return false
}

// buildStatsTree keeps the first `budget` leaf columns, depth first.
func buildStatsTree(st *sqltypes.StructType, budget *int) []*statsNode {
	var out []*statsNode
	for _, f := range st.Fields {
		if *budget <= 0 {
			break
		}
		n := &statsNode{name: f.Name}
		if sub, ok := f.Type.(*sqltypes.StructType); ok {
			n.children = buildStatsTree(sub, budget)
		} else {
			*budget--
			n.leaf = &colStats{dt: f.Type}
			if eligibleMinMax(f.Type) {
				n.leaf.less = lessFor(f.Type)
				n.leaf.kind = statKindOf(f.Type)
			}
		}
		out = append(out, n)
	}
	return out
}

func (n *statsNode) add(v any) {
	if n.leaf == nil {
		row, _ := v.(sqltypes.Row)
		for i, c := range n.children {
			var cv any
			if row != nil && i < len(row) {
				cv = row[i]
			}
			c.add(cv)
		}
		return
	}
	n.leaf.add(v)
}

// add takes one value of the column.
func (s *colStats) add(v any) {
	if v == nil {
		s.nulls++
		return
	}
	if s.less == nil {
		return
	}
	if s.min == nil {
		s.min, s.max = v, v
		return
	}
	if s.less(v, s.min) {
		s.min = v
	} else if s.less(s.max, v) {
		s.max = v
	}
}

// lessFor is less for values of type dt, with the type decided once.
func lessFor(dt sqltypes.DataType) func(a, b any) bool {
	switch dt.(type) {
	case sqltypes.IntegerType:
		return func(a, b any) bool { return a.(int32) < b.(int32) }
	case sqltypes.LongType:
		return func(a, b any) bool { return a.(int64) < b.(int64) }
	case sqltypes.StringType:
		return func(a, b any) bool { return a.(string) < b.(string) }
	case sqltypes.TimestampType:
		return func(a, b any) bool { return a.(sqltypes.Timestamp) < b.(sqltypes.Timestamp) }
	case sqltypes.DecimalType:
		return func(a, b any) bool { return a.(sqltypes.Decimal).Cmp(b.(sqltypes.Decimal)) < 0 }
	}
	return less
}

// less orders two non-null values of the same type as Spark's min/max do (NaN largest).
func less(a, b any) bool {
	switch x := a.(type) {
	case int8:
		return x < b.(int8)
	case int16:
		return x < b.(int16)
	case int32:
		return x < b.(int32)
	case int64:
		return x < b.(int64)
	case float32:
		y := b.(float32)
		if x != x {
			return false
		}
		return y != y || x < y
	case float64:
		y := b.(float64)
		if math.IsNaN(x) {
			return false
		}
		return math.IsNaN(y) || x < y
	case string:
		return x < b.(string)
	case sqltypes.Decimal:
		return x.Cmp(b.(sqltypes.Decimal)) < 0
	case sqltypes.Date:
		return x < b.(sqltypes.Date)
	case sqltypes.Timestamp:
		return x < b.(sqltypes.Timestamp)
	case sqltypes.TimestampNTZ:
		return x < b.(sqltypes.TimestampNTZ)
	}
	return false
}

// statsCollector accumulates one data file's statistics as its rows stream past.
type statsCollector struct {
	tree []*statsNode
	rows int64
	// flat: every column with stats is a top-level leaf, so a chunk is taken a column at
	// a time (addColumn).
	flat bool
}

func newStatsCollector(schema *sqltypes.StructType) *statsCollector {
	budget := statsIndexedCols
	c := &statsCollector{tree: buildStatsTree(schema, &budget), flat: true}
	for _, n := range c.tree {
		c.flat = c.flat && n.leaf != nil
	}
	return c
}

func (c *statsCollector) add(rows []sqltypes.Row) {
	if c.flat {
		for i, n := range c.tree {
			n.leaf.addColumn(rows, i)
		}
		c.rows += int64(len(rows))
		return
	}
	for _, r := range rows {
		for i, n := range c.tree {
			if i < len(r) {
				n.add(r[i])
			}
		}
	}
	c.rows += int64(len(rows))
}

// json is the stats JSON string of the rows added.
func (c *statsCollector) json(loc *time.Location) string {
	w := &jw{}
	w.obj()
	w.key("numRecords").i64(c.rows)
	if c.rows > 0 {
		w.key("minValues")
		writeBounds(w, c.tree, true, loc)
		w.key("maxValues")
		writeBounds(w, c.tree, false, loc)
		w.key("nullCount")
		writeNullCounts(w, c.tree)
	} else {
		// Aggregates over no rows are null, and to_json drops null fields.
		w.key("minValues").obj()
		w.endObj()
		w.key("maxValues").obj()
		w.endObj()
		w.key("nullCount").obj()
		w.endObj()
	}
	w.endObj()
	return w.String()
}

func hasMinMax(nodes []*statsNode) bool {
	for _, n := range nodes {
		if n.leaf != nil && n.leaf.less != nil || n.leaf == nil && hasMinMax(n.children) {
			return true
		}
	}
	return false
}

func writeBounds(w *jw, nodes []*statsNode, isMin bool, loc *time.Location) {
	w.obj()
	for _, n := range nodes {
		if n.leaf == nil {
			if hasMinMax(n.children) {
				w.key(n.name)
				writeBounds(w, n.children, isMin, loc)
			}
			continue
		}
		v := n.leaf.max
		if isMin {
			v = n.leaf.min
		}
		if v == nil {
			continue
		}
		w.key(n.name)
		writeStatValue(w, v, isMin, loc)
	}
	w.endObj()
}

func writeNullCounts(w *jw, nodes []*statsNode) {
	w.obj()
	for _, n := range nodes {
		w.key(n.name)
		if n.leaf == nil {
			writeNullCounts(w, n.children)
		} else {
			w.i64(n.leaf.nulls)
		}
	}
	w.endObj()
}

func writeStatValue(w *jw, v any, isMin bool, loc *time.Location) {
	switch x := v.(type) {
	case int8:
		w.i64(int64(x))
	case int16:
		w.i64(int64(x))
	case int32:
		w.i64(int64(x))
	case int64:
		w.i64(x)
	case float32:
		writeFloat(w, float64(x), sqltypes.JavaFloatString(x))
	case float64:
		writeFloat(w, x, sqltypes.JavaDoubleString(x))
	case string:
		if isMin {
			w.str(truncateMin(x, statsStringPrefix))
		} else {
			if s, ok := truncateMax(x, statsStringPrefix); ok {
				w.str(s)
			} else {
				w.null()
			}
		}
	case sqltypes.Decimal:
		w.raw(x.JavaString())
	case sqltypes.Date:
		w.str(sqltypes.FormatDate(x))
	case sqltypes.Timestamp:
		w.str(sqltypes.FormatTimestampISO(x, loc))
	case sqltypes.TimestampNTZ:
		w.str(sqltypes.FormatTimestampNTZISO(x))
	}
}

// writeFloat writes a double as Jackson does: a number, or a quoted NaN/Infinity.
func writeFloat(w *jw, f float64, javaText string) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		w.str(javaText)
		return
	}
	w.raw(javaText)
}

// Strings are measured in UTF-16 code units, as Java's String.length.

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// truncateMin is Delta's truncateMinStringAgg: the first prefixLen characters, not
// splitting a surrogate pair.
func truncateMin(s string, prefixLen int) string {
	if len(s) <= prefixLen || utf16Len(s) <= prefixLen {
		return s
	}
	u := utf16.Encode([]rune(s))
	n := prefixLen
	if utf16.IsSurrogate(rune(u[n-1])) && u[n-1] < 0xDC00 && n < len(u) {
		n++
	}
	return string(utf16.Decode(u[:n]))
}

// truncateMax is Delta's truncateMaxStringAgg: a prefix followed by a tie-breaker character
// that keeps it >= every value with that prefix (U+007F when the next character is below it,
// else U+10FFFF). ok is false when no short enough bound exists (Delta writes null).
func truncateMax(s string, prefixLen int) (string, bool) {
	if len(s) <= prefixLen || utf16Len(s) <= prefixLen {
		return s, true
	}
	u := utf16.Encode([]rune(s))
	cur := len(utf16.Encode([]rune(truncateMin(s, prefixLen))))
	maxLen := 2 * prefixLen
	maxPair := utf16.Encode([]rune{utf8MaxCodePoint})
	for cur <= maxLen {
		switch {
		case cur >= len(u):
			return s, true
		case cur+1 < len(u) && u[cur] == maxPair[0] && u[cur+1] == maxPair[1]:
			cur += 2
		case u[cur] < asciiMaxChar:
			return string(utf16.Decode(u[:cur])) + string(rune(asciiMaxChar)), true
		default:
			return string(utf16.Decode(u[:cur])) + string(rune(utf8MaxCodePoint)), true
		}
	}
	return "", false
}

// statKind is a column type colStats.addColumn compares without a call per value.
type statKind uint8

const (
	statAny statKind = iota
	statInt32
	statInt64
	statString
	statTimestamp
	statDecimal
)

func statKindOf(dt sqltypes.DataType) statKind {
	switch dt.(type) {
	case sqltypes.IntegerType:
		return statInt32
	case sqltypes.LongType:
		return statInt64
	case sqltypes.StringType:
		return statString
	case sqltypes.TimestampType:
		return statTimestamp
	case sqltypes.DecimalType:
		return statDecimal
	}
	return statAny
}

// addColumn takes field i of every row (rows too short for it have none), as add per
// value would: the same comparisons, the first of equal values kept. A value of its
// type, once min and max are set, is compared inline against them; anything else
// (a null, the first value, another type) goes through add.
func (s *colStats) addColumn(rows []sqltypes.Row, i int) {
	switch s.kind {
	case statInt32:
		for _, r := range rows {
			if i >= len(r) {
				continue
			}
			x, ok := r[i].(int32)
			if !ok || s.min == nil {
				s.add(r[i])
			} else if x < s.min.(int32) {
				s.min = r[i]
			} else if s.max.(int32) < x {
				s.max = r[i]
			}
		}
	case statInt64:
		for _, r := range rows {
			if i >= len(r) {
				continue
			}
			x, ok := r[i].(int64)
			if !ok || s.min == nil {
				s.add(r[i])
			} else if x < s.min.(int64) {
				s.min = r[i]
			} else if s.max.(int64) < x {
				s.max = r[i]
			}
		}
	case statString:
		for _, r := range rows {
			if i >= len(r) {
				continue
			}
			x, ok := r[i].(string)
			if !ok || s.min == nil {
				s.add(r[i])
			} else if x < s.min.(string) {
				s.min = r[i]
			} else if s.max.(string) < x {
				s.max = r[i]
			}
		}
	case statTimestamp:
		for _, r := range rows {
			if i >= len(r) {
				continue
			}
			x, ok := r[i].(sqltypes.Timestamp)
			if !ok || s.min == nil {
				s.add(r[i])
			} else if x < s.min.(sqltypes.Timestamp) {
				s.min = r[i]
			} else if s.max.(sqltypes.Timestamp) < x {
				s.max = r[i]
			}
		}
	case statDecimal:
		for _, r := range rows {
			if i >= len(r) {
				continue
			}
			x, ok := r[i].(sqltypes.Decimal)
			if !ok || s.min == nil {
				s.add(r[i])
			} else if decimalLess(x, s.min.(sqltypes.Decimal)) {
				s.min = r[i]
			} else if decimalLess(s.max.(sqltypes.Decimal), x) {
				s.max = r[i]
			}
		}
	default:
		for _, r := range rows {
			if i < len(r) {
				s.add(r[i])
			}
		}
	}
}

// decimalLess is a.Cmp(b) < 0 with the common case (both small, one scale) inline.
func decimalLess(a, b sqltypes.Decimal) bool {
	if a.Big == nil && b.Big == nil && a.Scale == b.Scale {
		return a.Unscaled < b.Unscaled
	}
	return a.Cmp(b) < 0
}

// addBatch takes a batch's rows, as add of its rows (b.Rows) would.
func (c *statsCollector) addBatch(b *sqltypes.ColumnBatch) {
	if !c.flat || len(c.tree) > len(b.Cols) {
		c.add(b.Rows(0, b.Len))
		return
	}
	for i, n := range c.tree {
		n.leaf.addVector(&b.Cols[i])
	}
	c.rows += int64(b.Len)
}

// addVector takes a vector's values, as add per value would: the same comparisons, the
// first of equal values kept, min and max boxed once per vector instead of once per
// change (an ascending column changes its max at every row).
func (s *colStats) addVector(v *sqltypes.ColumnVector) {
	if s.less == nil {
		for _, null := range v.Null {
			if null {
				s.nulls++
			}
		}
		return
	}
	switch {
	case s.kind == statInt32 && v.Kind == sqltypes.VecInt32:
		addOrdered(s, v.Null, v.I32, func(x int32) any { return x }, func(a any) (int32, bool) { x, ok := a.(int32); return x, ok })
	case s.kind == statInt64 && v.Kind == sqltypes.VecInt64:
		addOrdered(s, v.Null, v.I64, func(x int64) any { return x }, func(a any) (int64, bool) { x, ok := a.(int64); return x, ok })
	case s.kind == statString && v.Kind == sqltypes.VecString:
		addOrdered(s, v.Null, v.Str, func(x string) any { return x }, func(a any) (string, bool) { x, ok := a.(string); return x, ok })
	case s.kind == statTimestamp && v.Kind == sqltypes.VecTimestamp:
		addOrdered(s, v.Null, v.I64, func(x int64) any { return sqltypes.Timestamp(x) },
			func(a any) (int64, bool) { x, ok := a.(sqltypes.Timestamp); return int64(x), ok })
	case s.kind == statDecimal && v.Kind == sqltypes.VecDecimal:
		scale := int32(v.Type.(sqltypes.DecimalType).Scale)
		// Unscaled values at one scale order as the decimals do (decimalLess's fast case).
		addOrdered(s, v.Null, v.I64, func(x int64) any { return sqltypes.Decimal{Unscaled: x, Scale: scale} },
			func(a any) (int64, bool) {
				d, ok := a.(sqltypes.Decimal)
				return d.Unscaled, ok && d.Big == nil && d.Scale == scale
			})
	default:
		for i := range v.Null {
			s.add(v.Value(i))
		}
	}
}

// addOrdered is addVector over values whose Go order is the column's. When the min or
// max so far is not of the vector's form (a value an earlier chunk of rows brought), the
// values go through add one by one.
func addOrdered[T int32 | int64 | string](s *colStats, nulls []bool, xs []T, box func(T) any, unbox func(any) (T, bool)) {
	var lo, hi T
	set := s.min != nil
	if set {
		var okLo, okHi bool
		lo, okLo = unbox(s.min)
		hi, okHi = unbox(s.max)
		if !okLo || !okHi {
			for i, x := range xs {
				if nulls[i] {
					s.nulls++
				} else {
					s.add(box(x))
				}
			}
			return
		}
	}
	newLo, newHi := false, false
	for i, x := range xs {
		switch {
		case nulls[i]:
			s.nulls++
		case !set:
			lo, hi, set, newLo, newHi = x, x, true, true, true
		case x < lo:
			lo, newLo = x, true
		case hi < x:
			hi, newHi = x, true
		}
	}
	if newLo {
		s.min = box(lo)
	}
	if newHi {
		s.max = box(hi)
	}
}
