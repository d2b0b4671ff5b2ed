// Package crmath is correctly rounded elementary functions: the float64 nearest to
// the exact value, computed with big.Float at 128 bits and rounded once.
//
// CPython calls the C library, and glibc's exp, log, pow, sin, cos, tan, atan, asin,
// acos and atan2 are correctly rounded for all but vanishingly rare arguments; Go's
// math package is within an ulp or two. So math.log(x), math.cos(x) and what random
// computes with them (gauss, expovariate...) print CPython's digits only when
// computed here. log10 is glibc's formula over the correctly rounded log.
package crmath

import (
	"math"
	"math/big"
	"sync"
)

// prec is the working precision: the value is within a few units of 2**-120 of the
// exact one, so rounding it to 53 bits is wrong only for arguments within 2**-67 ulp
// of a rounding boundary.
const prec = 128

func newF() *big.Float { return new(big.Float).SetPrec(prec) }

func bf(x float64) *big.Float { return newF().SetFloat64(x) }

func f64(x *big.Float) float64 {
	f, _ := x.Float64()
	return f
}

var (
	constOnce sync.Once
	ln2       *big.Float
	pi        *big.Float // to 1200 bits, for reducing huge arguments of sin and cos
	halfPi    *big.Float
	logTable  [65]*big.Float // log(1 + i/64)
)

func initConsts() {
	constOnce.Do(func() {
		ln2 = atanhSeries(new(big.Float).SetPrec(prec+64).Quo(big.NewFloat(1).SetPrec(prec+64), big.NewFloat(3)))
		pi = machinPi(1200)
		halfPi = new(big.Float).SetPrec(prec+64).Quo(pi, big.NewFloat(2))
		for i := range logTable {
			c := new(big.Float).SetPrec(prec + 64).SetFloat64(1 + float64(i)/64)
			one := big.NewFloat(1).SetPrec(prec + 64)
			num := new(big.Float).SetPrec(prec+64).Sub(c, one)
			den := new(big.Float).SetPrec(prec+64).Add(c, one)
			logTable[i] = atanhSeries(num.Quo(num, den))
		}
	})
}

// atanhSeries is 2*atanh(z) = log((1+z)/(1-z)), for small |z|, at z's precision.
func atanhSeries(z *big.Float) *big.Float {
	p := z.Prec()
	sum := new(big.Float).SetPrec(p).Set(z)
	z2 := new(big.Float).SetPrec(p).Mul(z, z)
	term := new(big.Float).SetPrec(p).Set(z)
	q := new(big.Float).SetPrec(p)
	k := new(big.Float).SetPrec(p)
	for i := int64(3); ; i += 2 {
		term.Mul(term, z2)
		q.Quo(term, k.SetInt64(i))
		if q.Sign() == 0 || q.MantExp(nil)-sum.MantExp(nil) < -int(p)-4 {
			break
		}
		sum.Add(sum, q)
	}
	return sum.Mul(sum, big.NewFloat(2))
}

// machinPi is pi to bits bits: 16 atan(1/5) - 4 atan(1/239).
func machinPi(bits uint) *big.Float {
	p := bits + 32
	atanInv := func(n int64) *big.Float {
		x := new(big.Float).SetPrec(p).Quo(big.NewFloat(1).SetPrec(p), new(big.Float).SetPrec(p).SetInt64(n))
		x2 := new(big.Float).SetPrec(p).Mul(x, x)
		sum := new(big.Float).SetPrec(p).Set(x)
		term := new(big.Float).SetPrec(p).Set(x)
		q := new(big.Float).SetPrec(p)
		for k := int64(3); ; k += 2 {
			term.Mul(term, x2)
			q.Quo(term, new(big.Float).SetInt64(k))
			if q.MantExp(nil) < -int(p)-4 {
				break
			}
			if k%4 == 3 {
				sum.Sub(sum, q)
			} else {
				sum.Add(sum, q)
			}
		}
		return sum
	}
	a := atanInv(5)
	a.Mul(a, big.NewFloat(16))
	b := atanInv(239)
	b.Mul(b, big.NewFloat(4))
	return a.Sub(a, b).SetPrec(bits)
}

// bigLog is ln(x) for a finite x > 0.
func bigLog(x float64) *big.Float {
	initConsts()
	m, e := math.Frexp(x) // x = m * 2**e, m in [0.5, 1)
	m *= 2
	e--
	// m in [1, 2): m = c * (1 + t), c = 1 + i/64 the grid point below m.
	i := int((m - 1) * 64)
	c := 1 + float64(i)/64
	bm := bf(m)
	one := big.NewFloat(1).SetPrec(prec)
	// log(m/c) = 2 atanh((m-c)/(m+c))
	num := newF().Sub(bm, bf(c))
	den := newF().Add(bm, bf(c))
	l := atanhSeries(num.Quo(num, den))
	l.Add(l, logTable[i])
	_ = one
	if e != 0 {
		l.Add(l, newF().Mul(ln2, newF().SetInt64(int64(e))))
	}
	return l
}

// bigExp is e**t for a t whose exponential is a finite double or near one.
func bigExp(t *big.Float) *big.Float {
	initConsts()
	kf := newF().Quo(t, ln2)
	k, _ := kf.Int64()
	r := newF().Sub(t, newF().Mul(ln2, newF().SetInt64(k)))
	const halvings = 8
	r.SetMantExp(r, -halvings)
	sum := big.NewFloat(1).SetPrec(prec)
	term := big.NewFloat(1).SetPrec(prec)
	n := newF()
	for i := int64(1); ; i++ {
		term.Mul(term, r)
		term.Quo(term, n.SetInt64(i))
		if term.Sign() == 0 || term.MantExp(nil) < -int(prec)-4 {
			break
		}
		sum.Add(sum, term)
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// Log is the natural logarithm.
func Log(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) || x == 1 {
		return math.Log(x)
	}
	return logDD(x).hi
}

// Log2 is the base-2 logarithm.
func Log2(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log2(x)
	}
	if m, e := math.Frexp(x); m == 0.5 {
		return float64(e - 1) // a power of two: exact
	}
	initDD()
	return ddDiv(logDD(x), ddLn2).hi
}

// Log10 is glibc's __ieee754_log10: k*log10(2) added to log(x scaled to [1, 2))
// over ln(10), in double arithmetic, with Log for the logarithm.
func Log10(x float64) float64 {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return math.Log10(x)
	}
	const (
		ivln10    = 4.34294481903251816668e-01 // 0x3FDBCB7B1526E50E
		log10_2hi = 3.01029995663611771306e-01 // 0x3FD34413509F6000
		log10_2lo = 3.69423907715893078616e-13 // 0x3D59FEF311F12B36
	)
	hx := int64(math.Float64bits(x))
	k := int64(0)
	if hx < 0x0010000000000000 { // subnormal
		k -= 54
		x *= 1 << 54
		hx = int64(math.Float64bits(x))
	}
	k += (hx >> 52) - 1023
	i := int64(uint64(k) >> 63)
	hx = (hx & 0x000fffffffffffff) | ((0x3ff - i) << 52)
	y := float64(k + i)
	x = math.Float64frombits(uint64(hx))
	z := y*log10_2lo + ivln10*Log(x)
	return z + y*log10_2hi
}

// Exp is e**x.
func Exp(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 || x > 709.79 || x < -745.2 {
		return math.Exp(x)
	}
	if math.Abs(x) < 0x1p-54 {
		return 1 + x
	}
	if x < -708 {
		return f64(bigExp(bf(x))) // a subnormal result: rounded once from big
	}
	return expDD(dd{x, 0}).hi
}

// Pow is x**y for x > 0 and finite results, rounded once.
func Pow(x, y float64) float64 {
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
	if r == 0 || math.IsInf(r, 0) || math.IsNaN(r) || x == 1 {
		return r
	}
	t := ddMulF(logDD(x), y)
	if t.hi > -708 && t.hi < 709.7 {
		return expDD(t).hi
	}
	bt := bigLog(x)
	bt.Mul(bt, bf(y))
	return f64(bigExp(bt))
}

// reduce is x - n*pi/2 with n the nearest integer to x/(pi/2), and n mod 4.
func reduce(x float64) (*big.Float, int) {
	initConsts()
	_, e := math.Frexp(x)
	p := uint(prec + 64)
	if e > 0 {
		p += uint(e)
	}
	hp := new(big.Float).SetPrec(p).Quo(new(big.Float).SetPrec(p).Set(pi), big.NewFloat(2))
	bx := new(big.Float).SetPrec(p).SetFloat64(x)
	q := new(big.Float).SetPrec(p).Quo(bx, hp)
	// n = round(q)
	q.Add(q, big.NewFloat(0.5))
	n, _ := q.Int(nil)
	if q.Sign() < 0 {
		if fl := new(big.Float).SetInt(n); fl.Cmp(q) != 0 {
			n.Sub(n, big.NewInt(1))
		}
	}
	r := new(big.Float).SetPrec(p).Sub(bx, new(big.Float).SetPrec(p).Mul(hp, new(big.Float).SetPrec(p).SetInt(n)))
	quadrant := int(new(big.Int).And(n, big.NewInt(3)).Int64())
	return r.SetPrec(prec), quadrant
}

// sinCosSeries is sin(r) and cos(r) for |r| <= pi/4.
func sinCosSeries(r *big.Float) (*big.Float, *big.Float) {
	// Halve the argument twice and use the double-angle formulas back.
	const halvings = 3
	h := newF().SetMantExp(r, -halvings)
	h2 := newF().Mul(h, h)
	sin := newF().Set(h)
	cos := big.NewFloat(1).SetPrec(prec)
	term := newF().Set(h)
	ct := big.NewFloat(1).SetPrec(prec)
	n := newF()
	for i := int64(1); ; i++ {
		// term: h**(2i+1)/(2i+1)!, ct: h**(2i)/(2i)!
		term.Mul(term, h2)
		term.Quo(term, n.SetInt64((2*i)*(2*i+1)))
		ct.Mul(ct, h2)
		ct.Quo(ct, n.SetInt64((2*i-1)*(2*i)))
		if i%2 == 1 {
			sin.Sub(sin, term)
			cos.Sub(cos, ct)
		} else {
			sin.Add(sin, term)
			cos.Add(cos, ct)
		}
		if ct.Sign() == 0 || ct.MantExp(nil) < -int(prec)-8 {
			break
		}
	}
	two := big.NewFloat(2)
	one := big.NewFloat(1)
	for i := 0; i < halvings; i++ {
		// sin 2a = 2 sin a cos a; cos 2a = 1 - 2 sin^2 a
		s2 := newF().Mul(sin, sin)
		sin.Mul(sin, cos)
		sin.Mul(sin, two)
		cos.Mul(s2, two)
		cos.Sub(one, cos)
	}
	return sin, cos
}

func sinCos(x float64) (*big.Float, *big.Float) {
	r, q := reduce(x)
	s, c := sinCosSeries(r)
	switch q {
	case 1:
		s, c = c, s.Neg(s)
	case 2:
		s, c = s.Neg(s), c.Neg(c)
	case 3:
		s, c = c.Neg(c), s
	}
	return s, c
}

// Sin is the sine.
func Sin(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-26 {
		return math.Sin(x)
	}
	if s, _, ok := sinCosFast(x); ok {
		return s.hi
	}
	s, _ := sinCos(x)
	return f64(s)
}

// Cos is the cosine.
func Cos(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return math.Cos(x)
	}
	if _, c, ok := sinCosFast(x); ok {
		return c.hi
	}
	_, c := sinCos(x)
	return f64(c)
}

// Tan is the tangent.
func Tan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-27 {
		return math.Tan(x)
	}
	if s, c, ok := sinCosFast(x); ok {
		return ddDiv(s, c).hi
	}
	s, c := sinCos(x)
	return f64(s.Quo(s, c))
}

// bigAtan is atan(x) for a big x.
func bigAtan(x *big.Float) *big.Float {
	initConsts()
	neg := x.Sign() < 0
	a := newF().Abs(x)
	one := big.NewFloat(1).SetPrec(prec)
	invert := a.Cmp(one) > 0
	if invert {
		a.Quo(one, a)
	}
	// atan(a) = 2 atan(a / (1 + sqrt(1 + a^2))), until a is small.
	doublings := 0
	for a.MantExp(nil) > -6 {
		s := newF().Mul(a, a)
		s.Add(s, one)
		s.Sqrt(s)
		s.Add(s, one)
		a.Quo(a, s)
		doublings++
	}
	a2 := newF().Mul(a, a)
	sum := newF().Set(a)
	term := newF().Set(a)
	q := newF()
	n := newF()
	for k := int64(3); ; k += 2 {
		term.Mul(term, a2)
		q.Quo(term, n.SetInt64(k))
		if q.Sign() == 0 || q.MantExp(nil) < -int(prec)-8 {
			break
		}
		if k%4 == 3 {
			sum.Sub(sum, q)
		} else {
			sum.Add(sum, q)
		}
	}
	sum.SetMantExp(sum, doublings)
	if invert {
		sum.Sub(newF().Set(halfPi), sum)
	}
	if neg {
		sum.Neg(sum)
	}
	return sum
}

// Atan is the arc tangent.
func Atan(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) < 0x1p-27 {
		return math.Atan(x)
	}
	return f64(bigAtan(bf(x)))
}

// Asin is the arc sine: atan(x / sqrt(1 - x^2)).
func Asin(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) >= 1 || math.Abs(x) < 0x1p-26 {
		return math.Asin(x)
	}
	bx := bf(x)
	d := newF().Mul(bx, bx)
	d.Sub(big.NewFloat(1), d)
	d.Sqrt(d)
	return f64(bigAtan(bx.Quo(bx, d)))
}

// Acos is the arc cosine: 2 atan(sqrt((1 - x) / (1 + x))).
func Acos(x float64) float64 {
	if math.IsNaN(x) || math.Abs(x) >= 1 || x == 0 {
		return math.Acos(x)
	}
	one := big.NewFloat(1).SetPrec(prec)
	num := newF().Sub(one, bf(x))
	den := newF().Add(one, bf(x))
	num.Quo(num, den)
	num.Sqrt(num)
	a := bigAtan(num)
	return f64(a.SetMantExp(a, 1))
}

// Atan2 is the angle of (x, y).
func Atan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0 || y == 0 {
		return math.Atan2(y, x)
	}
	initConsts()
	q := newF().Quo(bf(y), bf(x))
	a := bigAtan(q)
	if x < 0 {
		p := newF().Set(pi)
		if y < 0 {
			a.Sub(a, p)
		} else {
			a.Add(a, p)
		}
	}
	return f64(a)
}
