package plan

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// count_min_sketch(col, eps, confidence, seed): Spark's CountMinSketchImpl serialised as
// its writeTo does (version 1, total count, depth, width, the row hash seeds, then the
// table row by row, all big-endian), so hex() of it prints Spark's bytes.

func init() { registerAgg(bindCountMinSketch, "count_min_sketch") }

func bindCountMinSketch(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 3, 4); err != nil {
		return nil, err
	}
	name := "count_min_sketch"
	col := args[0]
	switch t := col.DataType(); {
	case sqltypes.IsIntegral(t), isBinary(t):
	default:
		if _, ok := t.(sqltypes.StringType); !ok {
			return nil, unexpectedInput(callSQL(name, args), 0, inIntegral, col)
		}
	}
	num := func(i int) (float64, error) {
		v, ok := literalArg(args[i])
		f, isNum := sqltypes.AsFloat64(v)
		if !ok || !isNum {
			return 0, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
				"Cannot resolve %s due to data type mismatch: the input `%s` should be a foldable \"DOUBLE\" expression; however, got %s.",
				quoteSQL(callSQL(name, args)), [...]string{"", "eps", "confidence"}[i], quoteSQL(args[i].SQL()))
		}
		return f, nil
	}
	eps, err := num(1)
	if err != nil {
		return nil, err
	}
	confidence, err := num(2)
	if err != nil {
		return nil, err
	}
	outOfRange := func(param, valueRange string, v float64) error {
		return analysisErr("DATATYPE_MISMATCH.VALUE_OUT_OF_RANGE",
			"Cannot resolve %s due to data type mismatch: The %s must be between %s (current value = %s).",
			quoteSQL(callSQL(name, args)), "`"+param+"`", valueRange, sqltypes.JavaDoubleString(v))
	}
	if eps <= 0 {
		return nil, outOfRange("eps", "(0.0, 1.7976931348623157E308]", eps)
	}
	if confidence <= 0 || confidence >= 1 {
		return nil, outOfRange("confidence", "(0.0, 1.0)", confidence)
	}
	seed := int64(rand.Int32())
	if len(args) == 4 {
		// PySpark passes the seed as a literal of its size: a BIGINT seed such as
		// 1111111111111111111 keeps its low 32 bits, as the JVM's int cast of it does.
		v, ok := literalArg(args[3])
		s, isInt := v.(int64)
		s = int64(int32(s))
		if i, isInt32 := v.(int32); isInt32 {
			s, isInt = int64(i), true
		}
		if !ok || !isInt {
			return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
				"Cannot resolve %s due to data type mismatch: the input `seed` should be a foldable \"INT\" expression; however, got %s.",
				quoteSQL(callSQL(name, args)), quoteSQL(args[3].SQL()))
		}
		seed = s
	}
	width := int(math.Ceil(2 / eps))
	depth := int(math.Ceil(-math.Log(1-confidence) / math.Log(2)))
	sqlArgs := make([]string, len(args))
	for i, a := range args {
		sqlArgs[i] = a.SQL()
	}
	return &aggDef{name: name, args: []Bound{col}, sqlArgs: sqlArgs, typ: sqltypes.Binary,
		newAcc: func() accumulator { return newCountMinSketch(depth, width, seed) }}, nil
}

type countMinSketch struct {
	depth, width int
	total        int64
	hashA        []int64
	table        [][]int64
}

func newCountMinSketch(depth, width int, seed int64) *countMinSketch {
	s := &countMinSketch{depth: depth, width: width, hashA: make([]int64, depth), table: make([][]int64, depth)}
	r := newJavaRandom(seed)
	for i := range s.hashA {
		s.hashA[i] = int64(r.nextInt(math.MaxInt32))
		s.table[i] = make([]int64, width)
	}
	return s
}

func (s *countMinSketch) add(_ *EvalContext, v any) error {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		s.addBinary([]byte(x))
	case []byte:
		s.addBinary(x)
	case int8, int16, int32, int64:
		item := toInt64(x)
		for i := 0; i < s.depth; i++ {
			h := s.hashA[i] * item
			h += h >> 32
			h &= 1<<31 - 1
			s.table[i][int32(h)%int32(s.width)]++
		}
	default:
		return fmt.Errorf("count_min_sketch: cannot count a %T", v)
	}
	s.total++
	return nil
}

// addBinary places bytes with two Murmur3 hashes (hashUnsafeBytes, seeds 0 and the first).
func (s *countMinSketch) addBinary(b []byte) {
	h1 := int32(murHashBytes(b, 0))
	h2 := int32(murHashBytes(b, uint32(h1)))
	for i := 0; i < s.depth; i++ {
		k := (h1 + int32(i)*h2) % int32(s.width)
		if k < 0 {
			k = -k
		}
		s.table[i][k]++
	}
}

func (s *countMinSketch) result(*EvalContext) (any, error) {
	b := binary.BigEndian.AppendUint32(nil, 1)
	b = binary.BigEndian.AppendUint64(b, uint64(s.total))
	b = binary.BigEndian.AppendUint32(b, uint32(s.depth))
	b = binary.BigEndian.AppendUint32(b, uint32(s.width))
	for _, h := range s.hashA {
		b = binary.BigEndian.AppendUint64(b, uint64(h))
	}
	for _, row := range s.table {
		for _, n := range row {
			b = binary.BigEndian.AppendUint64(b, uint64(n))
		}
	}
	return b, nil
}

// javaRandom is java.util.Random: a 48-bit linear congruential generator.
type javaRandom struct{ seed int64 }

func newJavaRandom(seed int64) *javaRandom {
	return &javaRandom{seed: (seed ^ 0x5DEECE66D) & (1<<48 - 1)}
}

func (r *javaRandom) next(bits uint) int32 {
	r.seed = (r.seed*0x5DEECE66D + 0xB) & (1<<48 - 1)
	return int32(r.seed >> (48 - bits))
}

// nextInt is Random.nextInt(bound) for a positive bound.
func (r *javaRandom) nextInt(bound int32) int32 {
	if bound&(-bound) == bound {
		return int32((int64(bound) * int64(r.next(31))) >> 31)
	}
	for {
		bits := r.next(31)
		val := bits % bound
		if bits-val+(bound-1) >= 0 {
			return val
		}
	}
}
