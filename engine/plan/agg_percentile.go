package plan

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Order statistics: percentile and median (exact, interpolated), percentile_approx
// (Spark's Greenwald-Khanna QuantileSummaries, so results match Spark's), mode and
// histogram_numeric.

func init() {
	registerAgg(bindPercentile, "percentile")
	registerAgg(bindMedian, "median")
	registerAgg(bindPercentileApprox, "percentile_approx", "approx_percentile")
	registerAgg(bindMode, "mode")
	registerAgg(bindHistogramNumeric, "histogram_numeric")
}

// percentagesArg reads a constant percentage or array of percentages in [0, 1].
func percentagesArg(fn string, b Bound) (ps []float64, array bool, err error) {
	v, ok := literalArg(b)
	if !ok || v == nil {
		return nil, false, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
			"Cannot resolve %s due to data type mismatch: the input `percentage` should be a foldable \"DOUBLE\" expression; however, got %s.", quoteSQL(fn), quoteSQL(b.SQL()))
	}
	vals := []any{v}
	if arr, isArr := v.([]any); isArr {
		vals, array = arr, true
	}
	for _, x := range vals {
		f, ok := sqltypes.AsFloat64(x)
		if !ok || f < 0 || f > 1 {
			return nil, false, mismatch("VALUE_OUT_OF_RANGE", "exprName", "`percentage`", "valueRange", "[0.0, 1.0]",
				"currentValue", fmt.Sprint(x), "sqlExpr", quoteSQL(fn))
		}
		ps = append(ps, f)
	}
	return ps, array, nil
}

// javaDoubleLess orders doubles as Java's Double.compare: -0.0 before 0.0, NaN last.
func javaDoubleLess(a, b float64) bool {
	switch {
	case math.IsNaN(a):
		return false
	case math.IsNaN(b):
		return true
	case a == b:
		return math.Signbit(a) && !math.Signbit(b)
	}
	return a < b
}

func bindPercentile(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 2, 3); err != nil {
		return nil, err
	}
	a, ok := coerceTo(args[0], inDouble)
	if !ok {
		return nil, unexpectedInput(callSQL("percentile", args), 0, inDouble, args[0])
	}
	ps, array, err := percentagesArg(callSQL("percentile", args), args[1])
	if err != nil {
		return nil, err
	}
	sqlArgs := []string{args[0].SQL(), args[1].SQL(), "1"}
	def := &aggDef{name: "percentile", args: []Bound{a}, sqlArgs: sqlArgs, typ: sqltypes.Double, nullable: true}
	if len(args) == 3 {
		f, ok := coerceTo(args[2], inLong)
		if !ok {
			return nil, unexpectedInput(callSQL("percentile", args), 2, inLong, args[2])
		}
		def.args = append(def.args, f)
		sqlArgs[2] = args[2].SQL()
	}
	if array {
		def.typ = sqltypes.ArrayType{Element: sqltypes.Double}
	}
	freqSQL := sqlArgs[2]
	def.newAcc = func() accumulator {
		return &percentileAcc{ps: ps, array: array, counts: map[float64]int64{}, freqSQL: freqSQL}
	}
	return def, nil
}

func bindMedian(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 1); err != nil {
		return nil, err
	}
	a, ok := coerceTo(args[0], inDouble)
	if !ok {
		return nil, unexpectedInput("median("+args[0].SQL()+")", 0, inDouble, args[0])
	}
	return &aggDef{name: "median", args: []Bound{a}, sqlArgs: []string{args[0].SQL()}, typ: sqltypes.Double, nullable: true,
		newAcc: func() accumulator { return &percentileAcc{ps: []float64{0.5}, counts: map[float64]int64{}} }}, nil
}

// percentileAcc counts each value (times its frequency).
type percentileAcc struct {
	ps      []float64
	array   bool
	counts  map[float64]int64
	freqSQL string // the frequency argument's SQL, for its error
}

func (a *percentileAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.counts[v.(float64)]++
	return nil
}

func (a *percentileAcc) add2(_ *EvalContext, v, freq any) error {
	if v == nil || freq == nil {
		return nil
	}
	f := freq.(int64)
	if f < 0 {
		return sparkerrors.New(sparkerrors.SparkRuntimeException, "NEGATIVE_VALUES_IN_FREQUENCY_EXPRESSION",
			"frequencyExpression", quoteSQL(a.freqSQL), "negativeValue", strconv.FormatInt(f, 10)+"L")
	}
	a.counts[v.(float64)] += f
	return nil
}

func (a *percentileAcc) merge(_ *EvalContext, o accumulator) error {
	for k, n := range o.(*percentileAcc).counts {
		a.counts[k] += n
	}
	return nil
}

func (a *percentileAcc) result(*EvalContext) (any, error) {
	keys := make([]float64, 0, len(a.counts))
	for k, n := range a.counts {
		if n > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	sort.Slice(keys, func(i, j int) bool { return javaDoubleLess(keys[i], keys[j]) })
	acc := make([]int64, len(keys))
	total := int64(0)
	for i, k := range keys {
		total += a.counts[k]
		acc[i] = total
	}
	maxPos := float64(total - 1)
	at := func(pos int64) float64 {
		i := sort.Search(len(acc), func(i int) bool { return acc[i] >= pos+1 })
		return keys[i]
	}
	out := make([]any, len(a.ps))
	for i, p := range a.ps {
		pos := maxPos * p
		lower, higher := int64(math.Floor(pos)), int64(math.Ceil(pos))
		lk, hk := at(lower), at(higher)
		switch {
		case higher == lower, lk == hk:
			out[i] = lk
		default:
			out[i] = (float64(higher)-pos)*lk + (pos-float64(lower))*hk
		}
	}
	if a.array {
		return out, nil
	}
	return out[0], nil
}

func bindPercentileApprox(r *resolver, c Call, args []Bound) (*aggDef, error) {
	name := strings.ToLower(c.Name)
	if err := aggArgs(c, args, 2, 3); err != nil {
		return nil, err
	}
	t := args[0].DataType()
	if !isNumeric(t) && !isDate(t) && !isTimestamp(t) && !isTimestampNTZ(t) {
		return nil, unexpectedInput(callSQL(name, args), 0, inNumeric, args[0])
	}
	ps, array, err := percentagesArg(callSQL(name, args), args[1])
	if err != nil {
		return nil, err
	}
	accuracy := int64(10000)
	sqlArgs := []string{args[0].SQL(), args[1].SQL(), "10000"}
	if len(args) == 3 {
		n, ok := intLiteral(args[2])
		if !ok || n <= 0 || n > math.MaxInt32 {
			return nil, mismatch("VALUE_OUT_OF_RANGE", "exprName", "`accuracy`", "valueRange", "(0, 2147483647]",
				"currentValue", args[2].SQL(), "sqlExpr", quoteSQL(callSQL(name, args)))
		}
		accuracy = n
		sqlArgs[2] = args[2].SQL()
	}
	typ := t
	if array {
		typ = sqltypes.ArrayType{Element: t}
	}
	relErr := 1.0 / float64(accuracy)
	return &aggDef{name: name, args: args[:1], sqlArgs: sqlArgs, typ: typ, nullable: true,
		newAcc: func() accumulator { return &approxPercentileAcc{ps: ps, array: array, t: t, q: newQuantiles(relErr)} }}, nil
}

type approxPercentileAcc struct {
	ps    []float64
	array bool
	t     sqltypes.DataType
	q     *quantiles
}

func toQuantileValue(v any) float64 {
	switch x := v.(type) {
	case sqltypes.Date:
		return float64(x)
	case sqltypes.Timestamp:
		return float64(x)
	case sqltypes.TimestampNTZ:
		return float64(x)
	case sqltypes.Decimal:
		return x.Float64()
	}
	f, _ := sqltypes.AsFloat64(v)
	return f
}

func fromQuantileValue(f float64, t sqltypes.DataType) any {
	switch t := t.(type) {
	case sqltypes.ByteType:
		return int8(f)
	case sqltypes.ShortType:
		return int16(f)
	case sqltypes.IntegerType:
		return int32(f)
	case sqltypes.LongType:
		return int64(f)
	case sqltypes.FloatType:
		return float32(f)
	case sqltypes.DateType:
		return sqltypes.Date(int32(f))
	case sqltypes.TimestampType:
		return sqltypes.Timestamp(int64(f))
	case sqltypes.TimestampNTZType:
		return sqltypes.TimestampNTZ(int64(f))
	case sqltypes.DecimalType:
		d, _ := sqltypes.ParseDecimal(sqltypes.JavaDoubleString(f), t.Precision, t.Scale)
		return d
	}
	return f
}

func (a *approxPercentileAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	a.q.insert(toQuantileValue(v))
	return nil
}

func (a *approxPercentileAcc) merge(_ *EvalContext, o accumulator) error {
	a.q.compress()
	b := o.(*approxPercentileAcc)
	b.q.compress()
	a.q.mergeWith(b.q)
	return nil
}

func (a *approxPercentileAcc) result(*EvalContext) (any, error) {
	a.q.compress()
	if a.q.count == 0 {
		return nil, nil
	}
	out := make([]any, len(a.ps))
	for i, p := range a.ps {
		out[i] = fromQuantileValue(a.q.query(p), a.t)
	}
	if a.array {
		return out, nil
	}
	return out[0], nil
}

// quantiles is Spark's QuantileSummaries (Greenwald-Khanna with a head buffer).
type quantiles struct {
	relErr  float64
	sampled []gkStats
	count   int64
	head    []float64
}

type gkStats struct {
	value    float64
	g, delta int64
}

const (
	gkCompressThreshold = 10000
	gkHeadSize          = 50000
)

func newQuantiles(relErr float64) *quantiles { return &quantiles{relErr: relErr} }

func (q *quantiles) insert(x float64) {
	q.head = append(q.head, x)
	if len(q.head) >= gkHeadSize {
		q.insertHead()
		if len(q.sampled) >= gkCompressThreshold {
			q.compress()
		}
	}
}

// insertHead merges the sorted head buffer into the samples.
func (q *quantiles) insertHead() {
	if len(q.head) == 0 {
		return
	}
	sorted := append([]float64(nil), q.head...)
	sort.Slice(sorted, func(i, j int) bool { return javaDoubleLess(sorted[i], sorted[j]) })
	current := q.count
	out := make([]gkStats, 0, len(q.sampled)+len(sorted))
	si := 0
	for oi, x := range sorted {
		for si < len(q.sampled) && !javaDoubleLess(x, q.sampled[si].value) {
			out = append(out, q.sampled[si])
			si++
		}
		current++
		delta := int64(0)
		if len(out) > 0 && !(si == len(q.sampled) && oi == len(sorted)-1) {
			delta = int64(math.Floor(2 * q.relErr * float64(current)))
		}
		out = append(out, gkStats{value: x, g: 1, delta: delta})
	}
	out = append(out, q.sampled[si:]...)
	q.sampled, q.count, q.head = out, current, nil
}

func (q *quantiles) compress() {
	q.insertHead()
	q.sampled = gkCompress(q.sampled, 2*q.relErr*float64(q.count))
}

func gkCompress(samples []gkStats, threshold float64) []gkStats {
	if len(samples) == 0 {
		return nil
	}
	var rev []gkStats
	head := samples[len(samples)-1]
	for i := len(samples) - 2; i >= 1; i-- {
		s := samples[i]
		if float64(s.g+head.g+head.delta) < threshold {
			head.g += s.g
		} else {
			rev = append(rev, head)
			head = s
		}
	}
	rev = append(rev, head)
	if first := samples[0]; !javaDoubleLess(head.value, first.value) && len(samples) > 1 {
		rev = append(rev, first)
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// mergeWith merges another compressed summary into q.
func (q *quantiles) mergeWith(o *quantiles) {
	if o.count == 0 {
		return
	}
	if q.count == 0 {
		q.sampled, q.count, q.relErr = append([]gkStats(nil), o.sampled...), o.count, o.relErr
		return
	}
	relErr := math.Max(q.relErr, o.relErr)
	count := q.count + o.count
	addSelf := int64(math.Floor(2 * o.relErr * float64(o.count)))
	addOther := int64(math.Floor(2 * q.relErr * float64(q.count)))
	var out []gkStats
	i, j := 0, 0
	for i < len(q.sampled) && j < len(o.sampled) {
		a, b := q.sampled[i], o.sampled[j]
		if javaDoubleLess(a.value, b.value) {
			i++
			if j > 0 {
				a.delta += addSelf
			}
			out = append(out, a)
		} else {
			j++
			if i > 0 {
				b.delta += addOther
			}
			out = append(out, b)
		}
	}
	out = append(out, q.sampled[i:]...)
	out = append(out, o.sampled[j:]...)
	q.sampled = gkCompress(out, 2*relErr*float64(count))
	q.count, q.relErr = count, relErr
}

func (q *quantiles) query(p float64) float64 {
	if p <= q.relErr {
		return q.sampled[0].value
	}
	if p >= 1-q.relErr {
		return q.sampled[len(q.sampled)-1].value
	}
	rank := int64(math.Ceil(p * float64(q.count)))
	targetErr := int64(math.MinInt64)
	for _, s := range q.sampled {
		targetErr = max(targetErr, s.delta+s.g)
	}
	targetErr /= 2
	minRank := int64(0)
	for i := 0; i < len(q.sampled)-1; i++ {
		s := q.sampled[i]
		minRank += s.g
		maxRank := minRank + s.delta
		if maxRank-targetErr <= rank && rank <= minRank+targetErr {
			return s.value
		}
	}
	return q.sampled[len(q.sampled)-1].value
}

// bindMode is mode(col[, deterministic]): the most frequent value; with deterministic,
// the lowest of equally frequent ones.
func bindMode(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 1, 2); err != nil {
		return nil, err
	}
	det := false
	if len(args) == 2 {
		var err error
		if det, err = boolLiteralArg("mode", "deterministic", args[1]); err != nil {
			return nil, err
		}
	}
	t := args[0].DataType()
	def := &aggDef{name: "mode", args: args[:1], typ: t, nullable: true,
		newAcc: func() accumulator { return &modeAcc{t: t, deterministic: det, counts: map[string]*modeEntry{}} }}
	if det {
		def.sql = "mode() WITHIN GROUP (ORDER BY " + args[0].SQL() + " DESC)"
	}
	return def, nil
}

type modeEntry struct {
	v     any
	n     int64
	first int
}

type modeAcc struct {
	t             sqltypes.DataType
	deterministic bool
	counts        map[string]*modeEntry
}

func (a *modeAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	k := keyOf([]any{v}, []sqltypes.DataType{a.t})
	e := a.counts[k]
	if e == nil {
		e = &modeEntry{v: v, first: len(a.counts)}
		a.counts[k] = e
	}
	e.n++
	return nil
}

func (a *modeAcc) merge(_ *EvalContext, o accumulator) error {
	for k, e := range o.(*modeAcc).counts {
		mine := a.counts[k]
		if mine == nil {
			mine = &modeEntry{v: e.v, first: len(a.counts)}
			a.counts[k] = mine
		}
		mine.n += e.n
	}
	return nil
}

func (a *modeAcc) result(*EvalContext) (any, error) {
	var best *modeEntry
	for _, e := range a.counts {
		switch {
		case best == nil, e.n > best.n:
			best = e
		case e.n == best.n:
			if a.deterministic && compareValues(e.v, best.v, a.t) < 0 || !a.deterministic && e.first < best.first {
				best = e
			}
		}
	}
	if best == nil {
		return nil, nil
	}
	return best.v, nil
}

// bindHistogramNumeric is histogram_numeric(col, nBins): Hive's streaming histogram of
// (x, y) bins, x in the column's type.
func bindHistogramNumeric(r *resolver, c Call, args []Bound) (*aggDef, error) {
	if err := aggArgs(c, args, 2, 2); err != nil {
		return nil, err
	}
	t := args[0].DataType()
	if !isNumeric(t) && !isDate(t) && !isTimestamp(t) {
		return nil, unexpectedInput(callSQL("histogram_numeric", args), 0, inNumeric, args[0])
	}
	n, ok := intLiteral(args[1])
	if !ok || n < 2 {
		return nil, mismatch("VALUE_OUT_OF_RANGE", "exprName", "`nb`", "valueRange", "[2, 2147483647]",
			"currentValue", args[1].SQL(), "sqlExpr", quoteSQL(callSQL("histogram_numeric", args)))
	}
	st := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "x", Type: t, Nullable: true}, {Name: "y", Type: sqltypes.Double, Nullable: true}}}
	return &aggDef{name: "histogram_numeric", args: args[:1], sqlArgs: sqlOf(args), typ: sqltypes.ArrayType{Element: st, ContainsNull: true}, nullable: true,
		newAcc: func() accumulator { return &histogramAcc{n: int(n), t: t} }}, nil
}

type histBin struct{ x, y float64 }

// histogramAcc is Hive's NumericHistogram, which Spark's histogram_numeric uses: sorted
// bins, the two closest merged while there are too many, ties between equally close pairs
// broken by a java.util.Random seeded 31183 for each histogram.
type histogramAcc struct {
	n    int
	t    sqltypes.DataType
	bins []histBin
	// prng breaks ties while rows are added; mergePRNG while partial histograms merge, as
	// the fresh histogram of Spark's final aggregation does (the first partial is copied
	// into it, later ones merged).
	prng, mergePRNG *javaRandom
}

// nextDouble is java.util.Random.nextDouble.
func (r *javaRandom) nextDouble() float64 {
	return float64(int64(r.next(26))<<27+int64(r.next(27))) * 0x1p-53
}

// insert adds one value: to its bin when one has exactly that x, else as a new bin.
func (h *histogramAcc) insert(v float64) {
	i := sort.Search(len(h.bins), func(i int) bool { return h.bins[i].x >= v })
	if i < len(h.bins) && h.bins[i].x == v {
		h.bins[i].y++
		return
	}
	h.bins = append(h.bins, histBin{})
	copy(h.bins[i+1:], h.bins[i:])
	h.bins[i] = histBin{v, 1}
	if h.prng == nil {
		h.prng = newJavaRandom(31183)
	}
	h.trim(h.prng)
}

// trim merges the two closest bins until at most n are left; of equally close pairs each
// later one replaces the chosen with probability 1/count (NumericHistogram.trim).
func (h *histogramAcc) trim(rng *javaRandom) {
	for len(h.bins) > h.n {
		best, gap, count := 0, h.bins[1].x-h.bins[0].x, 1
		for i := 1; i < len(h.bins)-1; i++ {
			d := h.bins[i+1].x - h.bins[i].x
			if d < gap {
				best, gap, count = i, d, 1
			} else if d == gap {
				count++
				if rng.nextDouble() <= 1.0/float64(count) {
					best = i
				}
			}
		}
		a, b := h.bins[best], h.bins[best+1]
		d := a.y + b.y
		x := a.x * (a.y / d)
		x += b.x / d * b.y
		h.bins[best] = histBin{x, d}
		h.bins = append(h.bins[:best+1], h.bins[best+2:]...)
	}
}

func (h *histogramAcc) add(_ *EvalContext, v any) error {
	if v == nil {
		return nil
	}
	h.insert(toQuantileValue(v))
	return nil
}

// merge is NumericHistogram.merge: an empty histogram takes the other's bins; otherwise the
// two sets of bins are put together in order of x (equal x kept apart) and trimmed.
func (h *histogramAcc) merge(_ *EvalContext, o accumulator) error {
	other := o.(*histogramAcc)
	if len(other.bins) == 0 {
		return nil
	}
	if len(h.bins) == 0 {
		h.bins = append([]histBin(nil), other.bins...)
		return nil
	}
	all := append(append([]histBin(nil), h.bins...), other.bins...)
	sort.SliceStable(all, func(i, j int) bool { return all[i].x < all[j].x })
	h.bins = all
	if h.mergePRNG == nil {
		h.mergePRNG = newJavaRandom(31183)
	}
	h.trim(h.mergePRNG)
	return nil
}

func (h *histogramAcc) result(*EvalContext) (any, error) {
	if len(h.bins) == 0 {
		return nil, nil
	}
	out := make([]any, len(h.bins))
	for i, b := range h.bins {
		out[i] = sqltypes.Row{fromQuantileValue(b.x, h.t), b.y}
	}
	return out, nil
}
