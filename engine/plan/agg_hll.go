package plan

import (
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// approx_count_distinct is Spark's HyperLogLog++: each value is hashed with XXH64 (seed
// 42, fed as Spark feeds it), the registers keep the longest run of leading zeros, and the
// estimate uses linear counting for small cardinalities and the HLL++ bias correction
// (agg_hll_tables.go) otherwise, so the counts are the ones Spark prints.

func init() {
	registerAgg(bindApproxCountDistinct, "approx_count_distinct")
}

func bindApproxCountDistinct(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 2); err != nil {
		return nil, err
	}
	rsd := 0.05
	if len(args) == 2 {
		v, ok := literalArg(args[1])
		f, isNum := sqltypes.AsFloat64(v)
		if !ok || !isNum {
			return nil, nonFoldable("relativeSD", `"DOUBLE"`, args[1], "approx_count_distinct("+args[0].SQL()+")")
		}
		rsd = f
	}
	p := int(math.Ceil(2.0 * math.Log(1.106/rsd) / math.Log(2.0)))
	if p < 4 {
		// Spark's require() in HyperLogLogPlusPlusHelper: a plain IllegalArgumentException.
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: "requirement failed: HLL++ requires at least 4 bits for addressing. Use a lower error, at most 39%."}
	}
	t := args[0].DataType()
	return &aggDef{name: "approx_count_distinct", args: args[:1], typ: sqltypes.Long,
		newAcc: func() accumulator { return newHLL(p, t) }}, nil
}

type hllAcc struct {
	p         int
	t         sqltypes.DataType
	registers []uint8
}

func newHLL(p int, t sqltypes.DataType) *hllAcc {
	return &hllAcc{p: p, t: t, registers: make([]uint8, 1<<p)}
}

func (h *hllAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	x := sparkHasher{xx: true}.hashValue(v, h.t, 42)
	idx := x >> (64 - h.p)
	w := x<<h.p | 1<<(h.p-1)
	pw := uint8(bits.LeadingZeros64(w) + 1)
	if pw > h.registers[idx] {
		h.registers[idx] = pw
	}
	return nil
}

func (h *hllAcc) merge(_ *EvalContext, o accumulator) error {
	for i, r := range o.(*hllAcc).registers {
		h.registers[i] = max(h.registers[i], r)
	}
	return nil
}

func (h *hllAcc) result(*EvalContext) (any, error) {
	m := float64(len(h.registers))
	zInverse, v := 0.0, 0.0
	for _, r := range h.registers {
		zInverse += 1.0 / float64(uint64(1)<<r)
		if r == 0 {
			v++
		}
	}
	var alphaM2 float64
	switch h.p {
	case 4:
		alphaM2 = 0.673 * m * m
	case 5:
		alphaM2 = 0.697 * m * m
	case 6:
		alphaM2 = 0.709 * m * m
	default:
		alphaM2 = (0.7213 / (1.0 + 1.079/m)) * m * m
	}
	e := alphaM2 / zInverse
	biasCorrected := func() float64 {
		if h.p < 19 && e < 5.0*m {
			return e - h.estimateBias(e)
		}
		return e
	}
	var estimate float64
	if v > 0 {
		hl := m * math.Log(m/v)
		if h.p < 19 && hl <= hllThresholds[h.p-4] || e <= 2.5*m {
			estimate = hl
		} else {
			estimate = biasCorrected()
		}
	} else {
		estimate = biasCorrected()
	}
	return int64(math.Floor(estimate + 0.5)), nil
}

// estimateBias interpolates the bias of the 6 raw estimates nearest to e.
func (h *hllAcc) estimateBias(e float64) float64 {
	const k = 6
	estimates := hllRawEstimates[h.p-4]
	n := len(estimates)
	nearest := sort.SearchFloat64s(estimates, e)
	distance := func(i int) float64 {
		d := e - estimates[i]
		return d * d
	}
	low := max(nearest-k+1, 0)
	high := min(low+k, n)
	for high < n && distance(high) < distance(low) {
		low++
		high++
	}
	biases := hllBiases[h.p-4]
	sum := 0.0
	for i := low; i < high; i++ {
		sum += biases[i]
	}
	return sum / float64(high-low)
}

// HLLSketch is an approx_count_distinct call's HyperLogLog++ for an operator outside this
// package (a streaming aggregation, whose state keeps the registers as Spark's aggregation
// buffer: six bits a register, ten registers a LONG word, MS[0] the first).
type HLLSketch struct{ h *hllAcc }

// HLL is a fresh sketch of the call, or false when the call is not approx_count_distinct.
func (a AggregateCall) HLL() (*HLLSketch, bool) {
	h, ok := a.b.newAccumulator().(*hllAcc)
	if !ok {
		return nil, false
	}
	return &HLLSketch{h}, true
}

const hllRegistersPerWord = 10

// NumWords is the number of LONG words of Spark's buffer (ceil(registers / 10)).
func (s *HLLSketch) NumWords() int {
	return (len(s.h.registers) + hllRegistersPerWord - 1) / hllRegistersPerWord
}

// Add hashes a value into the sketch; NULL is skipped.
func (s *HLLSketch) Add(v any) error { return s.h.add(nil, v) }

// Merge keeps the larger of each register of s and o.
func (s *HLLSketch) Merge(o *HLLSketch) error { return s.h.merge(nil, o.h) }

// Estimate is the distinct count approx_count_distinct returns.
func (s *HLLSketch) Estimate() int64 {
	v, _ := s.h.result(nil)
	n, _ := v.(int64)
	return n
}

// Words are the registers as Spark's buffer words.
func (s *HLLSketch) Words() []int64 {
	out := make([]int64, s.NumWords())
	for i, r := range s.h.registers {
		out[i/hllRegistersPerWord] |= int64(r) << (6 * (i % hllRegistersPerWord))
	}
	return out
}

// SetWords sets the registers from Spark's buffer words.
func (s *HLLSketch) SetWords(words []int64) error {
	if len(words) != s.NumWords() {
		return fmt.Errorf("approx_count_distinct's sketch has %d words, not %d", len(words), s.NumWords())
	}
	for i := range s.h.registers {
		s.h.registers[i] = uint8(uint64(words[i/hllRegistersPerWord]) >> (6 * (i % hllRegistersPerWord)) & 0x3f)
	}
	return nil
}
