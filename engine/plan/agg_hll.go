package plan

import (
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
