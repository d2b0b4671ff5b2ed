package javamath

import "math"

const (
	cbrtB1 = 715094163                   // (682-0.03306235651)*2**20
	cbrtB2 = 696219795                   // (664-0.03306235651)*2**20
	cbrtC  = 5.42857142857142815906e-01  // 19/35
	cbrtD  = -7.05306122448979611050e-01 // -864/1225
	cbrtE  = 1.41428571428571436819e+00  // 99/70
	cbrtF  = 1.60714285714285720630e+00  // 45/28
	cbrtG  = 3.57142857142857150787e-01  // 5/14
)

// Cbrt is StrictMath.cbrt (Math.cbrt on HotSpot 17).
func Cbrt(x float64) float64 {
	hx := hi(x)
	sign := hx & -0x80000000
	hx ^= sign
	if hx >= 0x7ff00000 {
		return x + x
	}
	if hx|int32(lo(x)) == 0 {
		return x
	}
	x = withHi(x, hx) // |x|
	var t float64
	if hx < 0x00100000 { // subnormal
		t = fromWords(0x43500000, 0) * x // x * 2**54
		t = withHi(t, hi(t)/3+cbrtB2)
	} else {
		t = fromWords(hx/3+cbrtB1, 0)
	}
	// to 23 bits
	r := t * t / x
	s := cbrtC + float64(r*t)
	t *= cbrtG + cbrtF/(s+cbrtE+cbrtD/s)
	// chopped to 20 bits and made larger than cbrt(x)
	t = fromWords(hi(t)+1, 0)
	// one Newton step to 53 bits
	s = t * t
	r = x / s
	w := t + t
	r = (r - t) / (w + r)
	t += float64(t * r)
	return withHi(t, hi(t)|sign)
}

// Sqrt is Math.sqrt (correctly rounded everywhere).
func Sqrt(x float64) float64 { return math.Sqrt(x) }
