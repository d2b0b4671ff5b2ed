package stateful

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

type aggKind int

const (
	kindCount aggKind = iota
	kindSum
	kindAvg
	kindMin
	kindMax
	kindFirst
	kindCollectList // collect_list, array_agg: the non-null values in arrival order
	kindCollectSet  // collect_set: the distinct non-null values
	kindHLL         // approx_count_distinct: HyperLogLog++ registers
)

// aggFn is one aggregate call with a buffer kafkalab can keep in state (the static engine's
// accumulators are opaque, so the streaming side keeps its own, in Spark's buffer terms:
// count, sum, sum+count for avg, the extreme value, the distinct values).
type aggFn struct {
	kind     aggKind
	arg      plan.Bound // nil for count(*)
	in, out  sqltypes.DataType
	distinct bool
	// newHLL starts approx_count_distinct's sketch (kindHLL).
	newHLL func() *plan.HLLSketch
}

// newAggFn is the streaming buffer of an aggregate call. A DISTINCT call (which Spark's
// checker refuses when the query starts) keeps its distinct values as approx_count_distinct.
func newAggFn(c plan.AggregateCall) (aggFn, error) {
	f := aggFn{arg: c.Arg(), out: c.DataType(), distinct: c.Distinct()}
	if f.arg != nil {
		f.in = f.arg.DataType()
	}
	switch strings.ToLower(c.Name()) {
	case "count":
		f.kind = kindCount
	case "approx_count_distinct":
		if _, ok := c.HLL(); !ok {
			f.kind, f.distinct = kindCount, true
			break
		}
		f.kind = kindHLL
		f.newHLL = func() *plan.HLLSketch {
			h, _ := c.HLL()
			return h
		}
	case "collect_list", "array_agg":
		f.kind = kindCollectList
	case "collect_set":
		f.kind = kindCollectSet
	case "sum":
		f.kind = kindSum
	case "avg", "mean":
		f.kind = kindAvg
	case "min":
		f.kind = kindMin
	case "max":
		f.kind = kindMax
	case "first":
		f.kind = kindFirst
	default:
		return f, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab does not support %s() in a streaming aggregation; use count, sum, avg, min, max, first, collect_list, collect_set or approx_count_distinct", c.Name())}
	}
	return f, nil
}

// aggBuf is one aggregate's state for one group.
type aggBuf struct {
	n    int64 // rows counted (count), non-null inputs (sum, avg), 1 once first is set
	i    int64 // integral sum
	f    float64
	d    sqltypes.Decimal
	v    any // min, max, first
	set  map[string]struct{}
	vals []any // distinct values in arrival order (what state keeps); collect_list's values
	hll  *plan.HLLSketch
}

// toFloat is a numeric input as a double (sum and avg over doubles); NaN for a non-number,
// which the typed aggregation never hands it.
func toFloat(v any) float64 {
	if f, ok := sqltypes.AsFloat64(v); ok {
		return f
	}
	return math.NaN()
}

func toInt(v any) int64 {
	switch x := v.(type) {
	case int8:
		return int64(x)
	case int16:
		return int64(x)
	case int32:
		return int64(x)
	case int64:
		return x
	}
	return 0
}

func (f *aggFn) add(b *aggBuf, v any) error {
	if f.distinct || f.kind == kindCollectSet {
		if v == nil {
			return nil
		}
		k := string(sqltypes.AppendKey(nil, v, f.in))
		if b.set == nil {
			b.set = map[string]struct{}{}
		}
		if _, ok := b.set[k]; !ok {
			b.set[k] = struct{}{}
			b.vals = append(b.vals, v)
		}
		return nil
	}
	switch f.kind {
	case kindCollectList:
		if v != nil {
			b.vals = append(b.vals, v)
		}
	case kindHLL:
		if b.hll == nil {
			b.hll = f.newHLL()
		}
		return b.hll.Add(v)
	case kindCount:
		if f.arg == nil || v != nil {
			b.n++
		}
	case kindSum, kindAvg:
		if v == nil {
			return nil
		}
		b.n++
		if d, ok := v.(sqltypes.Decimal); ok {
			st := sqltypes.DecimalSumType(f.in.(sqltypes.DecimalType))
			s, ok := b.d.Add(d, st)
			if !ok {
				wide, fits := b.d.Add(d, sqltypes.DecimalType{Precision: 38, Scale: st.Scale})
				if !fits {
					wide = b.d
				}
				return decimalOutOfRange(wide, st)
			}
			b.d = s
			return nil
		}
		if f.kind == kindSum && sqltypes.IsIntegral(f.in) {
			x := toInt(v)
			s := b.i + x
			if (x > 0 && s < b.i) || (x < 0 && s > b.i) {
				return sparkerrors.New(sparkerrors.ArithmeticException, "ARITHMETIC_OVERFLOW", "message", "overflow",
					"alternative", " Use 'try_add' to tolerate overflow and return NULL instead.", "config", `"spark.sql.ansi.enabled"`)
			}
			b.i = s
			return nil
		}
		b.f += toFloat(v)
	case kindMin, kindMax:
		if v == nil {
			return nil
		}
		sign := 1
		if f.kind == kindMin {
			sign = -1
		}
		if b.v == nil || sqltypes.Compare(v, b.v, f.in)*sign > 0 {
			b.v = v
		}
	case kindFirst:
		if b.n == 0 {
			b.n, b.v = 1, v
		}
	}
	return nil
}

func (f *aggFn) result(b *aggBuf) (any, error) {
	if f.distinct {
		return int64(len(b.vals)), nil
	}
	switch f.kind {
	case kindCollectList:
		return append([]any{}, b.vals...), nil
	case kindCollectSet:
		return hashSetOrder(b.vals), nil
	case kindHLL:
		if b.hll == nil {
			return int64(0), nil
		}
		return b.hll.Estimate(), nil
	case kindCount:
		return b.n, nil
	case kindSum:
		if b.n == 0 {
			return nil, nil
		}
		if out, ok := f.out.(sqltypes.DecimalType); ok {
			d, ok := b.d.Rescale(out.Precision, out.Scale)
			if !ok {
				return nil, decimalOutOfRange(b.d, out)
			}
			return d, nil
		}
		if sqltypes.IsIntegral(f.in) {
			return b.i, nil
		}
		return b.f, nil
	case kindAvg:
		if b.n == 0 {
			return nil, nil
		}
		if in, ok := f.in.(sqltypes.DecimalType); ok {
			d, ok := sqltypes.DecimalAvg(b.d, b.n, in)
			if !ok {
				out, _ := f.out.(sqltypes.DecimalType)
				return nil, decimalOutOfRange(b.d, out)
			}
			return d, nil
		}
		return b.f / float64(b.n), nil
	}
	return b.v, nil
}

// encode appends the buffer's state: n, i, f bits, d, v, then the distinct values.
func (b *aggBuf) encode(dst []byte) ([]byte, error) {
	dst = binary.AppendVarint(dst, b.n)
	dst = binary.AppendVarint(dst, b.i)
	dst = binary.BigEndian.AppendUint64(dst, math.Float64bits(b.f))
	var err error
	if dst, err = appendValue(dst, b.d); err != nil {
		return nil, err
	}
	if dst, err = appendValue(dst, b.v); err != nil {
		return nil, err
	}
	vals := b.vals
	if b.hll != nil {
		// approx_count_distinct's sketch: a NULL (which the distinct values kafkalab kept
		// for it before never hold), then its buffer words.
		vals = []any{nil}
		for _, w := range b.hll.Words() {
			vals = append(vals, w)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(vals)))
	for _, v := range vals {
		if dst, err = appendValue(dst, v); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

func (b *aggBuf) decode(d *decoder, f *aggFn) {
	b.n = d.varint()
	b.i = d.varint()
	if p := d.take(8); p != nil {
		b.f = math.Float64frombits(binary.BigEndian.Uint64(p))
	}
	if dv, ok := d.value().(sqltypes.Decimal); ok {
		b.d = dv
	}
	b.v = d.value()
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail()
		return
	}
	if f.kind == kindHLL {
		vals := make([]any, 0, n)
		for i := uint64(0); i < n; i++ {
			vals = append(vals, d.value())
		}
		if n == 0 {
			return
		}
		b.hll = f.newHLL()
		if vals[0] != nil {
			// A checkpoint from before kafkalab kept the sketch: the distinct values.
			for _, v := range vals {
				if b.hll.Add(v) != nil {
					d.fail()
				}
			}
			return
		}
		words := make([]int64, 0, n-1)
		for _, v := range vals[1:] {
			w, ok := v.(int64)
			if !ok {
				d.fail()
				return
			}
			words = append(words, w)
		}
		if b.hll.SetWords(words) != nil {
			d.fail()
		}
		return
	}
	for i := uint64(0); i < n; i++ {
		v := d.value()
		if f.kind == kindCollectList {
			b.vals = append(b.vals, v)
			continue
		}
		if b.set == nil {
			b.set = map[string]struct{}{}
		}
		b.set[string(sqltypes.AppendKey(nil, v, f.in))] = struct{}{}
		b.vals = append(b.vals, v)
	}
}

// decimalOutOfRange is Spark's ANSI error for a decimal that its type cannot hold.
func decimalOutOfRange(v sqltypes.Decimal, t sqltypes.DecimalType) error {
	return sparkerrors.New(sparkerrors.ArithmeticException, "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION",
		"value", v.String(), "precision", strconv.Itoa(t.Precision), "scale", strconv.Itoa(t.Scale), "config", `"spark.sql.ansi.enabled"`)
}
