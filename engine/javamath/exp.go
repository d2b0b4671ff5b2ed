package javamath

import "math"

const (
	expHuge  = 1e300
	twoM1000 = 9.33263618503218878990e-302 // 2**-1000
	expOver  = 7.09782712893383973096e+02
	expUnder = -7.45133219101941108420e+02
	ln2Hi    = 6.93147180369123816490e-01
	ln2Lo    = 1.90821492927058770002e-10
	invLn2   = 1.44269504088896338700e+00
	expP1    = 1.66666666666666019037e-01
	expP2    = -2.77777777770155933842e-03
	expP3    = 6.61375632143793436117e-05
	expP4    = -1.65339022054652515390e-06
	expP5    = 4.13813679705723846039e-08
)

// Exp is StrictMath.exp.
func Exp(x float64) float64 {
	hx := hi(x)
	neg := hx < 0
	hx &= 0x7fffffff
	if hx >= 0x40862E42 { // |x| >= 709.78...
		if hx >= 0x7ff00000 {
			if (hx&0xfffff)|int32(lo(x)) != 0 {
				return x + x
			}
			if neg {
				return 0
			}
			return x
		}
		if x > expOver {
			return math.Inf(1)
		}
		if x < expUnder {
			return 0
		}
	}
	var hiPart, loPart float64
	k := 0
	switch {
	case hx > 0x3fd62e42: // |x| > ln2/2
		if hx < 0x3FF0A2B2 { // |x| < 1.5 ln2
			if neg {
				hiPart, loPart, k = x+ln2Hi, -ln2Lo, -1
			} else {
				hiPart, loPart, k = x-ln2Hi, ln2Lo, 1
			}
		} else {
			half := 0.5
			if neg {
				half = -0.5
			}
			k = int(float64(invLn2*x) + half)
			t := float64(k)
			hiPart = x - float64(t*ln2Hi)
			loPart = t * ln2Lo
		}
		x = hiPart - loPart
	case hx < 0x3e300000: // |x| < 2**-28
		return 1 + x
	}
	t := x * x
	c := x - float64(t*(expP1+float64(t*(expP2+float64(t*(expP3+float64(t*(expP4+float64(t*expP5)))))))))
	if k == 0 {
		return 1 - (float64(x*c)/(c-2.0) - x)
	}
	y := 1 - ((loPart - float64(x*c)/(2.0-c)) - hiPart)
	if k >= -1021 {
		return withHi(y, hi(y)+int32(k<<20))
	}
	return withHi(y, hi(y)+int32((k+1000)<<20)) * twoM1000
}

// Expm1 is StrictMath.expm1 (Go's is the same fdlibm algorithm).
func Expm1(x float64) float64 { return math.Expm1(x) }

// Log1p is StrictMath.log1p (Go's is the same fdlibm algorithm).
func Log1p(x float64) float64 { return math.Log1p(x) }
