package py

// float ** float as CPython computes it: C's pow is correctly rounded, Go's
// math.Pow is not (8 ** (1/3) would be 1.9999999999999998), so the general case is
// computed as exp(y*log(x)) with 160-bit precision and rounded once. A negative base
// with a non-integral exponent gives a complex result, 0.0 to a negative power is
// ZeroDivisionError, overflow is OverflowError.

import (
	"math"
	"math/big"
	"sync"
)

const powPrec = 160

// FloatPow is a ** b for floats.
func FloatPow(a, b float64) (Object, error) {
	if b == 0 {
		return Float(1.0), nil
	}
	if math.IsNaN(a) {
		return Float(a), nil
	}
	if math.IsNaN(b) {
		if a == 1.0 {
			return Float(1.0), nil
		}
		return Float(b), nil
	}
	bIsOddInt := b == math.Trunc(b) && math.Abs(math.Mod(b, 2)) == 1
	if math.IsInf(b, 0) {
		a = math.Abs(a)
		switch {
		case a == 1.0:
			return Float(1.0), nil
		case (b > 0) == (a > 1.0):
			return Float(math.Inf(1)), nil
		}
		return Float(0.0), nil
	}
	if math.IsInf(a, 0) {
		if b > 0 {
			if bIsOddInt {
				return Float(a), nil
			}
			return Float(math.Abs(a)), nil
		}
		if bIsOddInt {
			return Float(math.Copysign(0, a)), nil
		}
		return Float(0.0), nil
	}
	if a == 0 {
		if b < 0 {
			return nil, ExceptionNewf(ZeroDivisionError, "0.0 cannot be raised to a negative power")
		}
		if bIsOddInt {
			return Float(a), nil
		}
		return Float(0.0), nil
	}
	negate := false
	if a < 0 {
		if b != math.Trunc(b) {
			return negativeBasePow(a, b)
		}
		a = -a
		negate = bIsOddInt
	}
	if a == 1.0 {
		if negate {
			return Float(-1.0), nil
		}
		return Float(1.0), nil
	}
	r := precisePow(a, b)
	if negate {
		r = -r
	}
	if math.IsInf(r, 0) {
		return nil, ExceptionNewf(OverflowError, "(34, 'Numerical result out of range')")
	}
	return Float(r), nil
}

// negativeBasePow is CPython's c_pow for a negative float base and a non-integral
// float exponent: a complex number.
func negativeBasePow(a, b float64) (Object, error) {
	vabs := math.Abs(a)
	length := precisePow(vabs, b)
	phase := math.Pi * b
	return Complex(complex(length*math.Cos(phase), length*math.Sin(phase))), nil
}

// precisePow is x**y for x > 0, rounded once from a 160-bit result.
func precisePow(x, y float64) float64 {
	switch y {
	case 1:
		return x
	case 2:
		return x * x
	case -1:
		return 1 / x
	case 0.5:
		return math.Sqrt(x)
	}
	r := math.Pow(x, y)
	if r == 0 || math.IsInf(r, 0) || math.IsNaN(r) {
		return r
	}
	t := new(big.Float).SetPrec(powPrec).Mul(bigLog(x), new(big.Float).SetPrec(powPrec).SetFloat64(y))
	f, _ := bigExp(t).Float64()
	return f
}

var (
	ln2Once sync.Once
	ln2     *big.Float
)

func bigLn2() *big.Float {
	ln2Once.Do(func() {
		ln2 = atanhSeries2(new(big.Float).SetPrec(powPrec+32).Quo(big.NewFloat(1).SetPrec(powPrec+32), big.NewFloat(3)))
	})
	return ln2
}

// atanhSeries2 is 2*atanh(z) = log((1+z)/(1-z)) for small |z|.
func atanhSeries2(z *big.Float) *big.Float {
	prec := z.Prec()
	sum := new(big.Float).SetPrec(prec).Set(z)
	z2 := new(big.Float).SetPrec(prec).Mul(z, z)
	term := new(big.Float).SetPrec(prec).Set(z)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for k := int64(3); ; k += 2 {
		term.Mul(term, z2)
		q := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetInt64(k))
		sum.Add(sum, q)
		if new(big.Float).Abs(q).Cmp(eps) < 0 {
			break
		}
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// bigLog is ln(x) for x > 0.
func bigLog(x float64) *big.Float {
	m, e := math.Frexp(x)
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	prec := uint(powPrec + 32)
	bm := new(big.Float).SetPrec(prec).SetFloat64(m)
	one := big.NewFloat(1).SetPrec(prec)
	num := new(big.Float).SetPrec(prec).Sub(bm, one)
	den := new(big.Float).SetPrec(prec).Add(bm, one)
	l := atanhSeries2(num.Quo(num, den))
	if e != 0 {
		l.Add(l, new(big.Float).SetPrec(prec).Mul(bigLn2(), new(big.Float).SetInt64(int64(e))))
	}
	return l
}

// bigExp is e**t.
func bigExp(t *big.Float) *big.Float {
	prec := uint(powPrec + 32)
	ln := bigLn2()
	kf := new(big.Float).SetPrec(prec).Quo(t, ln)
	k, _ := kf.Int64()
	r := new(big.Float).SetPrec(prec).Sub(t, new(big.Float).SetPrec(prec).Mul(ln, new(big.Float).SetInt64(k)))
	const halvings = 10
	r.SetMantExp(r, -halvings)
	sum := big.NewFloat(1).SetPrec(prec)
	term := big.NewFloat(1).SetPrec(prec)
	eps := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for i := int64(1); ; i++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetInt64(i))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(eps) < 0 {
			break
		}
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}
