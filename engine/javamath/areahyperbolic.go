package javamath

import "math"

const ln2 = 6.93147180559945286227e-01

// Asinh is fdlibm's asinh, which Spark 4.2's asinh computes (the JDK has none): exact for
// tiny arguments and free of overflow for huge ones.
func Asinh(x float64) float64 {
	hx := hi(x)
	ix := hx & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	if ix < 0x3e300000 { // |x| < 2**-28
		return x
	}
	t := math.Abs(x)
	var w float64
	switch {
	case ix > 0x41b00000: // |x| > 2**28
		w = Log(t) + ln2
	case ix > 0x40000000: // 2 < |x| <= 2**28
		w = Log(2.0*t + 1/(math.Sqrt(float64(x*x)+1)+t))
	default:
		s := x * x
		w = Log1p(t + s/(1+math.Sqrt(1+s)))
	}
	if hx > 0 {
		return w
	}
	return -w
}

// Acosh is fdlibm's acosh, which Spark 4.2's acosh computes: NaN below 1.
func Acosh(x float64) float64 {
	hx := hi(x)
	switch {
	case hx < 0x3ff00000: // x < 1
		return math.NaN()
	case hx >= 0x41b00000: // x > 2**28
		if hx >= 0x7ff00000 {
			return x + x
		}
		return Log(x) + ln2
	case (hx-0x3ff00000)|int32(lo(x)) == 0:
		return 0
	case hx > 0x40000000: // 2 < x <= 2**28
		return Log(2.0*x - 1/(x+math.Sqrt(float64(x*x)-1)))
	}
	t := x - 1
	return Log1p(t + math.Sqrt(2.0*t+float64(t*t)))
}
