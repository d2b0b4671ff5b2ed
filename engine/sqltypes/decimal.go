package sqltypes

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Decimal values. The invariant this file keeps on the values it returns: Big is nil
// whenever the unscaled value fits an int64. Values built elsewhere with Big set for a small
// number are still handled (everything reads through bigOf/isSmall).

var pow10 = [19]int64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14,
	1e15, 1e16, 1e17, 1e18}

var bigTen = big.NewInt(10)

func bigPow10(n int) *big.Int {
	if n < len(pow10) {
		return big.NewInt(pow10[n])
	}
	return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil)
}

// NewDecimal is unscaled × 10^-scale.
func NewDecimal(unscaled int64, scale int) Decimal {
	return Decimal{Unscaled: unscaled, Scale: int32(scale)}
}

// DecimalFromBig is unscaled × 10^-scale for any size of unscaled value.
func DecimalFromBig(unscaled *big.Int, scale int) Decimal {
	if unscaled.IsInt64() {
		return Decimal{Unscaled: unscaled.Int64(), Scale: int32(scale)}
	}
	return Decimal{Big: new(big.Int).Set(unscaled), Scale: int32(scale)}
}

// DecimalFromInt64 is v at scale 0.
func DecimalFromInt64(v int64) Decimal { return Decimal{Unscaled: v} }

// UnscaledBig returns the unscaled value as a new big.Int.
func (d Decimal) UnscaledBig() *big.Int {
	if d.Big != nil {
		return new(big.Int).Set(d.Big)
	}
	return big.NewInt(d.Unscaled)
}

func (d Decimal) bigOf() *big.Int {
	if d.Big != nil {
		return d.Big
	}
	return big.NewInt(d.Unscaled)
}

// UnscaledInt64 returns the unscaled value when it fits an int64 (Parquet INT32/INT64 decimals).
func (d Decimal) UnscaledInt64() (int64, bool) {
	if d.Big == nil {
		return d.Unscaled, true
	}
	if d.Big.IsInt64() {
		return d.Big.Int64(), true
	}
	return 0, false
}

// Sign is -1, 0 or 1.
func (d Decimal) Sign() int {
	if d.Big != nil {
		return d.Big.Sign()
	}
	switch {
	case d.Unscaled < 0:
		return -1
	case d.Unscaled > 0:
		return 1
	}
	return 0
}

// Precision is the number of digits of the unscaled value (1 for zero), as Java's
// BigDecimal.precision.
func (d Decimal) Precision() int {
	if d.Big == nil {
		u := d.Unscaled
		if u < 0 {
			if u == math.MinInt64 {
				return 19
			}
			u = -u
		}
		n := 1
		for n < 19 && u >= pow10[n] {
			n++
		}
		return n
	}
	s := d.Big.String()
	if s[0] == '-' {
		return len(s) - 1
	}
	return len(s)
}

// unscaledDigits is the absolute unscaled value in decimal digits, and whether it is negative.
func (d Decimal) unscaledDigits() (string, bool) {
	var s string
	if d.Big == nil {
		s = strconv.FormatInt(d.Unscaled, 10)
	} else {
		s = d.Big.String()
	}
	if s[0] == '-' {
		return s[1:], true
	}
	return s, false
}

// String is the plain form with the full scale, as Spark shows decimals ("25.50", "0.0000000000",
// "-0.05"): Java's BigDecimal.toPlainString.
func (d Decimal) String() string {
	digits, neg := d.unscaledDigits()
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	sc := int(d.Scale)
	switch {
	case sc <= 0:
		b.WriteString(digits)
		if digits != "0" {
			if -sc > 4096 {
				// Only ParseDecimalExact of text like "1e999999999" makes such a value; a
				// plain form would be gigabytes, so fall back to Java's scientific form.
				return d.JavaString()
			}
			b.WriteString(strings.Repeat("0", -sc))
		}
	case len(digits) > sc:
		b.WriteString(digits[:len(digits)-sc])
		b.WriteByte('.')
		b.WriteString(digits[len(digits)-sc:])
	default:
		if sc > 4096 {
			return d.JavaString()
		}
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", sc-len(digits)))
		b.WriteString(digits)
	}
	return b.String()
}

// AppendJava appends JavaString's text; values that fit an int64 need no allocation.
func (d Decimal) AppendJava(b []byte) []byte {
	if d.Big != nil || d.Scale < 0 || d.Scale > 18 {
		return append(b, d.JavaString()...)
	}
	var tmp [24]byte
	digits := strconv.AppendUint(tmp[:0], absUint64(d.Unscaled), 10)
	sc := int(d.Scale)
	if -sc+len(digits)-1 < -6 {
		return append(b, d.JavaString()...)
	}
	if d.Unscaled < 0 {
		b = append(b, '-')
	}
	switch {
	case sc == 0:
		return append(b, digits...)
	case len(digits) > sc:
		b = append(b, digits[:len(digits)-sc]...)
		b = append(b, '.')
		return append(b, digits[len(digits)-sc:]...)
	}
	b = append(b, '0', '.')
	for i := len(digits); i < sc; i++ {
		b = append(b, '0')
	}
	return append(b, digits...)
}

func absUint64(v int64) uint64 {
	if v < 0 {
		return uint64(-(v + 1)) + 1
	}
	return uint64(v)
}

// JavaString is Java's BigDecimal.toString: plain unless the adjusted exponent is below -6
// (or the scale is negative), then scientific ("0E-10", "1.000E-7"). Jackson writes decimals
// this way, so Delta stats and Spark's JSON output use it.
func (d Decimal) JavaString() string {
	digits, neg := d.unscaledDigits()
	sc := int(d.Scale)
	adjusted := -sc + len(digits) - 1
	if sc >= 0 && adjusted >= -6 {
		return d.String()
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteByte(digits[0])
	if len(digits) > 1 {
		b.WriteByte('.')
		b.WriteString(digits[1:])
	}
	b.WriteByte('E')
	if adjusted >= 0 {
		b.WriteByte('+')
	}
	b.WriteString(strconv.Itoa(adjusted))
	return b.String()
}

// Float64 is the nearest double.
func (d Decimal) Float64() float64 {
	if d.Big == nil && d.Scale >= 0 && int(d.Scale) < len(pow10) && d.Unscaled > -(1<<53) && d.Unscaled < 1<<53 {
		// Exact when both operands are exact doubles; the division rounds once.
		return float64(d.Unscaled) / float64(pow10[d.Scale])
	}
	f, _ := strconv.ParseFloat(d.JavaString(), 64)
	return f
}

// Cmp compares two decimals by value (scales may differ).
func (d Decimal) Cmp(o Decimal) int {
	if d.Big == nil && o.Big == nil && d.Scale == o.Scale {
		switch {
		case d.Unscaled < o.Unscaled:
			return -1
		case d.Unscaled > o.Unscaled:
			return 1
		}
		return 0
	}
	a, b := d.bigOf(), o.bigOf()
	switch {
	case d.Scale < o.Scale:
		a = new(big.Int).Mul(a, bigPow10(int(o.Scale-d.Scale)))
	case d.Scale > o.Scale:
		b = new(big.Int).Mul(b, bigPow10(int(d.Scale-o.Scale)))
	}
	return a.Cmp(b)
}

// Equal is value equality (1.50 equals 1.5).
func (d Decimal) Equal(o Decimal) bool { return d.Cmp(o) == 0 }

// Neg is -d.
func (d Decimal) Neg() Decimal {
	if d.Big == nil && d.Unscaled != math.MinInt64 {
		return Decimal{Unscaled: -d.Unscaled, Scale: d.Scale}
	}
	return DecimalFromBig(new(big.Int).Neg(d.bigOf()), int(d.Scale))
}

// FitsPrecision reports whether d has at most precision digits.
func (d Decimal) FitsPrecision(precision int) bool {
	if d.Big == nil && precision >= 19 {
		return true
	}
	return d.Precision() <= precision
}

// Rescale sets the scale, rounding HALF_UP (Spark's default), and reports false when the
// result needs more than precision digits (Spark: null, or an overflow error under ANSI).
func (d Decimal) Rescale(precision, scale int) (Decimal, bool) {
	// Far-off exponents (1e-400000, 1e400000 from JSON text) are settled without computing
	// huge powers of ten: far below the scale rounds to zero, far above cannot fit.
	if diff := scale - int(d.Scale); diff < 0 || diff > 0 {
		if d.Sign() == 0 {
			return Decimal{Scale: int32(scale)}, true
		}
		digits := d.Precision()
		if diff < 0 && -diff > digits+1 {
			return Decimal{Scale: int32(scale)}, true
		}
		if diff > 0 && digits+diff > precision {
			return Decimal{}, false
		}
	}
	r := d.setScale(scale)
	if !r.FitsPrecision(precision) {
		return Decimal{}, false
	}
	return r, true
}

// setScale changes the scale with HALF_UP rounding.
func (d Decimal) setScale(scale int) Decimal {
	diff := scale - int(d.Scale)
	if diff == 0 {
		return d
	}
	if d.Big == nil {
		if diff > 0 && diff < len(pow10) {
			hi, lo := bits.Mul64(uint64(absInt64(d.Unscaled)), uint64(pow10[diff]))
			if hi == 0 && lo <= math.MaxInt64 && d.Unscaled != math.MinInt64 {
				v := int64(lo)
				if d.Unscaled < 0 {
					v = -v
				}
				return Decimal{Unscaled: v, Scale: int32(scale)}
			}
		} else if diff < 0 && -diff < len(pow10) && d.Unscaled != math.MinInt64 {
			p := pow10[-diff]
			u := absInt64(d.Unscaled)
			q, r := u/p, u%p
			if r*2 >= p {
				q++
			}
			if d.Unscaled < 0 {
				q = -q
			}
			return Decimal{Unscaled: q, Scale: int32(scale)}
		} else if diff < 0 {
			return Decimal{Unscaled: 0, Scale: int32(scale)}
		}
	}
	u := d.bigOf()
	if diff > 0 {
		return DecimalFromBig(new(big.Int).Mul(u, bigPow10(diff)), scale)
	}
	return DecimalFromBig(divHalfUp(u, bigPow10(-diff)), scale)
}

func absInt64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// divHalfUp is a/b rounded half away from zero (b > 0).
func divHalfUp(a, b *big.Int) *big.Int {
	q, r := new(big.Int).QuoRem(a, b, new(big.Int))
	r.Abs(r)
	r.Lsh(r, 1)
	if r.Cmp(new(big.Int).Abs(b)) >= 0 {
		if a.Sign()*b.Sign() < 0 {
			q.Sub(q, big.NewInt(1))
		} else {
			q.Add(q, big.NewInt(1))
		}
	}
	return q
}

// ParseDecimal reads a decimal literal ("25.5", "-1.2e3", ".5", "5.") as Java's BigDecimal
// constructor does, then rounds HALF_UP to scale. ok is false for a malformed string or a
// value needing more than precision digits.
func ParseDecimal(s string, precision, scale int) (Decimal, bool) {
	d, ok := parseDecimalExact(s)
	if !ok {
		return Decimal{}, false
	}
	return d.Rescale(precision, scale)
}

// ParseDecimalExact reads a decimal literal keeping its own scale ("25.50" has scale 2).
func ParseDecimalExact(s string) (Decimal, bool) { return parseDecimalExact(s) }

func parseDecimalExact(s string) (Decimal, bool) {
	i, n := 0, len(s)
	neg := false
	if i < n && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var u uint64
	small := true
	digitsStart := -1
	nDigits, frac := 0, 0
	seenDot := false
	sig := 0 // significant digits accumulated (after leading zeros)
	for ; i < n; i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			if digitsStart < 0 {
				digitsStart = i
			}
			nDigits++
			if seenDot {
				frac++
			}
			if u != 0 || c != '0' {
				sig++
			}
			if sig > 18 {
				small = false
			} else {
				u = u*10 + uint64(c-'0')
			}
			continue
		}
		if c == '.' && !seenDot {
			seenDot = true
			continue
		}
		break
	}
	if nDigits == 0 {
		return Decimal{}, false
	}
	exp := 0
	if i < n && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < n && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == n {
			return Decimal{}, false
		}
		for ; i < n; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return Decimal{}, false
			}
			exp = exp*10 + int(c-'0')
			if exp > math.MaxInt32 {
				return Decimal{}, false // Java's BigDecimal rejects exponents beyond int
			}
		}
		if eneg {
			exp = -exp
		}
	}
	if i != n {
		return Decimal{}, false
	}
	scale := frac - exp
	if scale > math.MaxInt32 || scale < math.MinInt32 {
		return Decimal{}, false
	}
	if small {
		v := int64(u)
		if neg {
			v = -v
		}
		return Decimal{Unscaled: v, Scale: int32(scale)}, true
	}
	var b strings.Builder
	for j := digitsStart; j < n; j++ {
		c := s[j]
		if c >= '0' && c <= '9' {
			b.WriteByte(c)
		} else if c != '.' {
			break
		}
	}
	bi, ok := new(big.Int).SetString(b.String(), 10)
	if !ok {
		return Decimal{}, false
	}
	if neg {
		bi.Neg(bi)
	}
	return DecimalFromBig(bi, scale), true
}

// Decimal arithmetic result types follow Spark's DecimalPrecision rules with
// spark.sql.decimalOperations.allowPrecisionLoss=true (the default).

// AdjustDecimalType bounds a result type to precision 38, keeping at least 6 digits of
// scale (DecimalType.adjustPrecisionScale).
func AdjustDecimalType(precision, scale int) DecimalType {
	if precision <= MaxDecimalPrecision {
		return DecimalType{precision, scale}
	}
	intDigits := precision - scale
	minScale := min(scale, 6)
	adjusted := max(MaxDecimalPrecision-intDigits, minScale)
	return DecimalType{MaxDecimalPrecision, adjusted}
}

// BoundedDecimalType is DecimalType.bounded: both numbers capped at 38.
func BoundedDecimalType(precision, scale int) DecimalType {
	return DecimalType{min(precision, MaxDecimalPrecision), min(scale, MaxDecimalPrecision)}
}

// DecimalDivType is the type of a / b.
func DecimalDivType(a, b DecimalType) DecimalType {
	scale := max(6, a.Scale+b.Precision+1)
	return AdjustDecimalType(a.Precision-a.Scale+b.Scale+scale, scale)
}

// DecimalSumType is the result type of sum() over a decimal column.
func DecimalSumType(t DecimalType) DecimalType { return BoundedDecimalType(t.Precision+10, t.Scale) }

// DecimalAvgType is the result type of avg() over a decimal column.
func DecimalAvgType(t DecimalType) DecimalType {
	return BoundedDecimalType(t.Precision+4, t.Scale+4)
}

// DecimalTypeForInt is the decimal type Spark widens an integral type to
// (tinyint 3,0; smallint 5,0; int 10,0; bigint 20,0).
func DecimalTypeForInt(t DataType) (DecimalType, bool) {
	switch t.(type) {
	case ByteType:
		return DecimalType{3, 0}, true
	case ShortType:
		return DecimalType{5, 0}, true
	case IntegerType:
		return DecimalType{10, 0}, true
	case LongType:
		return DecimalType{20, 0}, true
	case DecimalType:
		return t.(DecimalType), true
	}
	return DecimalType{}, false
}

// Add is the exact sum, then rounded to the result type; ok is false on overflow.
func (d Decimal) Add(o Decimal, result DecimalType) (Decimal, bool) {
	return addExact(d, o).Rescale(result.Precision, result.Scale)
}

// Sub is d - o rounded to the result type.
func (d Decimal) Sub(o Decimal, result DecimalType) (Decimal, bool) {
	return addExact(d, o.Neg()).Rescale(result.Precision, result.Scale)
}

func addExact(a, b Decimal) Decimal {
	sc := max(a.Scale, b.Scale)
	a, b = a.setScale(int(sc)), b.setScale(int(sc))
	if a.Big == nil && b.Big == nil {
		s := a.Unscaled + b.Unscaled
		// No overflow when the signs differ or the sign is kept.
		if (a.Unscaled >= 0) != (b.Unscaled >= 0) || (s >= 0) == (a.Unscaled >= 0) {
			return Decimal{Unscaled: s, Scale: sc}
		}
	}
	return DecimalFromBig(new(big.Int).Add(a.bigOf(), b.bigOf()), int(sc))
}

// Mul is d × o rounded to the result type.
func (d Decimal) Mul(o Decimal, result DecimalType) (Decimal, bool) {
	sc := int(d.Scale + o.Scale)
	if d.Big == nil && o.Big == nil {
		hi, lo := bits.Mul64(uint64(absInt64(d.Unscaled)), uint64(absInt64(o.Unscaled)))
		if hi == 0 && lo <= math.MaxInt64 && d.Unscaled != math.MinInt64 && o.Unscaled != math.MinInt64 {
			v := int64(lo)
			if (d.Unscaled < 0) != (o.Unscaled < 0) {
				v = -v
			}
			return Decimal{Unscaled: v, Scale: int32(sc)}.Rescale(result.Precision, result.Scale)
		}
	}
	return DecimalFromBig(new(big.Int).Mul(d.bigOf(), o.bigOf()), sc).Rescale(result.Precision, result.Scale)
}

// Div is d ÷ o rounded HALF_UP to the result scale; ok is false on overflow or division by
// zero (Spark: null, or DIVIDE_BY_ZERO under ANSI).
func (d Decimal) Div(o Decimal, result DecimalType) (Decimal, bool) {
	if o.Sign() == 0 {
		return Decimal{}, false
	}
	// q = d/o at scale S: (ud × 10^(S - sd + so)) / uo.
	shift := result.Scale - int(d.Scale) + int(o.Scale)
	num := d.UnscaledBig()
	den := o.UnscaledBig()
	if shift >= 0 {
		num.Mul(num, bigPow10(shift))
	} else {
		den.Mul(den, bigPow10(-shift))
	}
	if den.Sign() < 0 {
		num.Neg(num)
		den.Neg(den)
	}
	return DecimalFromBig(divHalfUp(num, den), result.Scale).Rescale(result.Precision, result.Scale)
}

// DecimalAvg finishes avg() over a decimal column the way Spark's Average does: the sum (of
// type DecimalSumType(input)) is divided by the count as DECIMAL(20,0) under the division
// rules (rounded HALF_UP to that quotient's scale), then cast to DecimalAvgType(input), HALF_UP
// again. ok is false for count 0 (SQL NULL) or when the result does not fit.
func DecimalAvg(sum Decimal, count int64, input DecimalType) (Decimal, bool) {
	if count == 0 {
		return Decimal{}, false
	}
	qt := DecimalDivType(DecimalSumType(input), DecimalType{20, 0})
	q, ok := sum.Div(DecimalFromInt64(count), qt)
	if !ok {
		return Decimal{}, false
	}
	rt := DecimalAvgType(input)
	return q.Rescale(rt.Precision, rt.Scale)
}
