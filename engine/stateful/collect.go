package stateful

import (
	"fmt"
	"math"
	"sort"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// collect_list and collect_set are TypedImperativeAggregates: Spark keeps their buffer in
// state as one BINARY column, the buffer object serialized by Collect.serialize: a
// one-column UnsafeRow holding the values as an ARRAY of the input type (no nulls).
// collect_set's object is a Scala mutable.HashSet, serialized (and returned) in its
// iteration order: by bucket (the improved hash's low bits), then by hash.

func collectSchema(t sqltypes.DataType) *sqltypes.StructType {
	return &sqltypes.StructType{Fields: []sqltypes.StructField{field("c", sqltypes.ArrayType{Element: t}, true)}}
}

// collectBuffer is the serialized buffer of a collect_list or collect_set.
func collectBuffer(f *aggFn, b *aggBuf) ([]byte, error) {
	vals := b.vals
	if f.kind == kindCollectSet {
		vals = hashSetOrder(vals)
	}
	if vals == nil {
		vals = []any{}
	}
	row, err := appendSparkRow(nil, sqltypes.Row{vals}, collectSchema(f.in), false)
	if err != nil {
		return nil, fmt.Errorf("%s's buffer: %w", collectName(f), err)
	}
	return row, nil
}

// setCollectBuffer reads a serialized collect_list or collect_set buffer into b.
func setCollectBuffer(f *aggFn, b *aggBuf, v any) error {
	if v == nil {
		return nil // an empty buffer
	}
	raw, ok := v.([]byte)
	if !ok {
		return fmt.Errorf("%s's buffer is %T, not BINARY", collectName(f), v)
	}
	row, err := decodeUnsafeRow(raw, collectSchema(f.in))
	if err != nil {
		return fmt.Errorf("%s's buffer is not Spark's serialized ARRAY<%s>: %w", collectName(f), sqltypes.SimpleString(f.in), err)
	}
	vals, _ := row[0].([]any)
	for _, x := range vals {
		if x == nil {
			return fmt.Errorf("%s's buffer holds a NULL", collectName(f))
		}
		if err := f.add(b, x); err != nil {
			return err
		}
	}
	return nil
}

func collectName(f *aggFn) string {
	if f.kind == kindCollectSet {
		return "collect_set"
	}
	return "collect_list"
}

// scalaHash is the value's ## as Spark's HashSet sees it (a UTF8String's hashCode is
// Murmur3 of its bytes, seed 42; boxed numbers hash as Scala's Statics.anyHash); false for
// a type whose hash kafkalab does not reproduce (decimals, binary, structs, arrays).
func scalaHash(v any) (int32, bool) {
	switch x := v.(type) {
	case string:
		return int32(hashBytes([]byte(x), 42)), true
	case bool:
		if x {
			return 1231, true
		}
		return 1237, true
	case int8:
		return int32(x), true
	case int16:
		return int32(x), true
	case int32:
		return x, true
	case sqltypes.Date:
		return int32(x), true
	case int64:
		return longHash(x), true
	case sqltypes.Timestamp:
		return longHash(int64(x)), true
	case sqltypes.TimestampNTZ:
		return longHash(int64(x)), true
	case sqltypes.Time:
		return longHash(int64(x)), true
	case float64:
		return doubleHash(x), true
	case float32:
		return floatHash(x), true
	}
	return 0, false
}

// longHash is Statics.longHash: an int-valued long hashes as the int.
func longHash(v int64) int32 {
	if int64(int32(v)) == v {
		return int32(v)
	}
	return int32(v ^ int64(uint64(v)>>32))
}

// doubleHash is Statics.doubleHash: an int-valued double hashes as the int, a long-valued
// one as Long.hashCode, one a float holds as Float.hashCode, others as Double.hashCode.
func doubleHash(d float64) int32 {
	if d >= math.MinInt32 && d <= math.MaxInt32 && float64(int32(d)) == d {
		return int32(d)
	}
	if d >= -9.223372036854775808e18 && d < 9.223372036854775808e18 && float64(int64(d)) == d {
		l := int64(d)
		return int32(l ^ int64(uint64(l)>>32))
	}
	if f := float32(d); float64(f) == d {
		return int32(math.Float32bits(f))
	}
	bits := math.Float64bits(d)
	if d != d {
		bits = 0x7ff8000000000000
	}
	return int32(bits ^ bits>>32)
}

// floatHash is Statics.floatHash.
func floatHash(f float32) int32 {
	if f >= math.MinInt32 && f < math.MaxInt32 && float32(int32(f)) == f {
		return int32(f)
	}
	if f >= -9.223372e18 && f < 9.223372e18 && float32(int64(f)) == f {
		l := int64(f)
		return int32(l ^ int64(uint64(l)>>32))
	}
	if f != f {
		return 0x7fc00000
	}
	return int32(math.Float32bits(f))
}

// hashSetOrder is the order a Scala mutable.HashSet filled with vals iterates them in: a
// table of 16 buckets doubled whenever it reaches three quarters full, each value in bucket
// improved & (size-1), a bucket's values by ascending improved hash (later arrivals after
// earlier ones of the same hash), improved = h ^ h>>>16. A set of a type whose hash
// kafkalab does not reproduce keeps arrival order. Up to 10 values the table is 16 buckets
// however the set was filled; a larger set's table also depends on the duplicates and
// merges it saw (Scala grows before it looks for the value, and a merge sizes for both
// sets), which kafkalab does not track, so its order may differ from Spark's there.
func hashSetOrder(vals []any) []any {
	out := append([]any{}, vals...)
	hashes := make([]int32, len(vals))
	for i, v := range vals {
		h, ok := scalaHash(v)
		if !ok {
			return out
		}
		hashes[i] = h ^ int32(uint32(h)>>16)
	}
	size := int32(16)
	for len(vals) >= int(float64(size)*0.75) {
		size *= 2
	}
	idx := make([]int, len(vals))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		hi, hj := hashes[idx[i]], hashes[idx[j]]
		if bi, bj := hi&(size-1), hj&(size-1); bi != bj {
			return bi < bj
		}
		return hi < hj
	})
	for i, k := range idx {
		out[i] = vals[k]
	}
	return out
}
