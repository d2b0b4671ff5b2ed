package crmath

// Double-double arithmetic: a value is hi + lo with |lo| <= ulp(hi)/2, about 106
// bits. exp, log, sin and cos are evaluated in it (about 100 correct bits, a few
// hundred nanoseconds), and hi is then the correctly rounded result but for
// arguments within 2**-45 ulp of a rounding boundary.

import (
	"math"
	"math/big"
	"sync"
)

type dd struct{ hi, lo float64 }

func twoSum(a, b float64) (float64, float64) {
	s := a + b
	bb := s - a
	return s, (a - (s - bb)) + (b - bb)
}

func quickTwoSum(a, b float64) (float64, float64) {
	s := a + b
	return s, b - (s - a)
}

func twoProd(a, b float64) (float64, float64) {
	p := a * b
	return p, math.FMA(a, b, -p)
}

func ddAdd(a, b dd) dd {
	s, e := twoSum(a.hi, b.hi)
	t, f := twoSum(a.lo, b.lo)
	e += t
	s, e = quickTwoSum(s, e)
	e += f
	s, e = quickTwoSum(s, e)
	return dd{s, e}
}

func ddNeg(a dd) dd { return dd{-a.hi, -a.lo} }

func ddSub(a, b dd) dd { return ddAdd(a, ddNeg(b)) }

func ddMul(a, b dd) dd {
	p, e := twoProd(a.hi, b.hi)
	e += a.hi*b.lo + a.lo*b.hi
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddMulF(a dd, b float64) dd {
	p, e := twoProd(a.hi, b)
	e += a.lo * b
	p, e = quickTwoSum(p, e)
	return dd{p, e}
}

func ddDiv(a, b dd) dd {
	q1 := a.hi / b.hi
	r := ddSub(a, ddMulF(b, q1))
	q2 := r.hi / b.hi
	r = ddSub(r, ddMulF(b, q2))
	q3 := r.hi / b.hi
	q1, q2 = quickTwoSum(q1, q2)
	return ddAdd(dd{q1, q2}, dd{q3, 0})
}

// ddScale is a * 2**k for a result that stays normal.
func ddScale(a dd, k int) dd { return dd{math.Ldexp(a.hi, k), math.Ldexp(a.lo, k)} }

// ddOf splits a big value into a double-double.
func ddOf(v *big.Float) dd {
	hi, _ := v.Float64()
	rest := new(big.Float).SetPrec(v.Prec()).Sub(v, new(big.Float).SetFloat64(hi))
	lo, _ := rest.Float64()
	return dd{hi, lo}
}

var (
	ddOnce    sync.Once
	ddLn2     dd
	ddPiO2    [4]float64 // pi/2 as p1 + p2 + p3 + p4, p1 and p2 with 33 bits
	ddInvFact [32]dd     // 1/k!
	ddInvOdd  [24]dd     // 1/(2k+1)
)

func initDD() {
	ddOnce.Do(func() {
		initConsts()
		ddLn2 = ddOf(ln2)
		rest := new(big.Float).SetPrec(1200).Quo(pi, big.NewFloat(2))
		for i := range ddPiO2 {
			f, _ := rest.Float64()
			if i < 2 {
				// keep 33 bits, so that n*p is exact for n < 2**20
				m, e := math.Frexp(f)
				f = math.Ldexp(math.Trunc(m*(1<<33)), e-33)
			}
			ddPiO2[i] = f
			rest.Sub(rest, new(big.Float).SetFloat64(f))
		}
		fact := new(big.Float).SetPrec(256).SetInt64(1)
		one := new(big.Float).SetPrec(256).SetInt64(1)
		for k := range ddInvFact {
			if k > 0 {
				fact.Mul(fact, new(big.Float).SetInt64(int64(k)))
			}
			ddInvFact[k] = ddOf(new(big.Float).SetPrec(256).Quo(one, fact))
		}
		for k := range ddInvOdd {
			ddInvOdd[k] = ddOf(new(big.Float).SetPrec(256).Quo(one, new(big.Float).SetInt64(int64(2*k+1))))
		}
	})
}

// expDD is e**a for -708 < a < 709.7 (a normal result).
func expDD(a dd) dd {
	initDD()
	k := math.Round(a.hi / ddLn2.hi)
	r := ddSub(a, ddMulF(ddLn2, k))
	const halvings = 10
	r = ddScale(r, -halvings)
	// Horner: sum r**i / i! for i <= 9
	p := ddInvFact[9]
	for i := 8; i >= 0; i-- {
		p = ddAdd(ddMul(p, r), ddInvFact[i])
	}
	for i := 0; i < halvings; i++ {
		p = ddMul(p, p)
	}
	return ddScale(p, int(k))
}

// log1pSmall is log(1 + f) for |f| < 1/16, f a double-double.
func log1pSmall(f dd) dd {
	// log(1+f) = 2 atanh(s), s = f / (2 + f)
	s := ddDiv(f, ddAdd(dd{2, 0}, f))
	s2 := ddMul(s, s)
	p := ddInvOdd[len(ddInvOdd)-1]
	for i := len(ddInvOdd) - 2; i >= 0; i-- {
		p = ddAdd(ddMul(p, s2), ddInvOdd[i])
	}
	return ddScale(ddMul(p, s), 1)
}

// logDD is ln(x) for a finite x > 0.
func logDD(x float64) dd {
	initDD()
	e := 0
	if x < 0x1p-1022 {
		x *= 0x1p54
		e -= 54
	}
	m, ex := math.Frexp(x) // m in [0.5, 1)
	e += ex
	if m < math.Sqrt2/2 {
		m *= 2
		e--
	}
	// m in [sqrt(2)/2, sqrt(2))
	var lm dd
	if math.Abs(m-1) < 1.0/16 {
		lm = log1pSmall(dd{m - 1, 0})
	} else {
		r0 := math.Log(m)
		u := ddMulF(expDD(dd{-r0, 0}), m) // m e**-r0 = 1 + d
		d := ddSub(u, dd{1, 0})
		// log(1 + d) = d - d^2/2 for the tiny d
		d = ddSub(d, ddScale(ddMul(d, d), -1))
		lm = ddAdd(dd{r0, 0}, d)
	}
	if e == 0 {
		return lm
	}
	return ddAdd(ddMulF(ddLn2, float64(e)), lm)
}

// reduceDD is x - n pi/2 and n mod 4, for |x| < 2**19 pi/2 (Cody and Waite, in
// double-double).
func reduceDD(x float64) (dd, int) {
	initDD()
	n := math.Round(x * (2 / math.Pi))
	p, e := twoProd(n, ddPiO2[0])
	r := ddSub(dd{x, 0}, dd{p, e})
	for _, c := range ddPiO2[1:] {
		p, e = twoProd(n, c)
		r = ddSub(r, dd{p, e})
	}
	return r, int(int64(n) & 3)
}

// sinCosDD is sin(r) and cos(r) for |r| <= pi/4 + a little.
func sinCosDD(r dd) (dd, dd) {
	r2 := ddMul(r, r)
	// sin r = r (1 - r^2/3! + r^4/5! ...), cos r = 1 - r^2/2! + ...
	s := ddInvFact[29] // the k = 14 terms, positive
	c := ddInvFact[28]
	for k := 13; k >= 0; k-- {
		cs, cc := ddInvFact[2*k+1], ddInvFact[2*k]
		if k%2 == 1 {
			cs, cc = ddNeg(cs), ddNeg(cc)
		}
		s = ddAdd(ddMul(s, r2), cs)
		c = ddAdd(ddMul(c, r2), cc)
	}
	return ddMul(s, r), c
}

// sinCosFast is sin(x) and cos(x) in double-double, or ok false when x is too large
// for reduceDD.
func sinCosFast(x float64) (sin, cos dd, ok bool) {
	if math.Abs(x) >= 0x1p19 {
		return dd{}, dd{}, false
	}
	r, q := reduceDD(x)
	s, c := sinCosDD(r)
	switch q {
	case 1:
		s, c = c, ddNeg(s)
	case 2:
		s, c = ddNeg(s), ddNeg(c)
	case 3:
		s, c = ddNeg(c), s
	}
	return s, c, true
}
