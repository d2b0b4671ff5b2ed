package javamath

import "math"

const shuge = 1.0e307

// Sinh is StrictMath.sinh (Math.sinh on HotSpot 17).
func Sinh(x float64) float64 {
	jx := hi(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x + x
	}
	h := 0.5
	if jx < 0 {
		h = -h
	}
	if ix < 0x40360000 { // |x| < 22
		if ix < 0x3e300000 { // |x| < 2**-28
			return x
		}
		t := Expm1(math.Abs(x))
		if ix < 0x3ff00000 {
			return h * (2.0*t - float64(t*t)/(t+1))
		}
		return h * (t + t/(t+1))
	}
	if ix < 0x40862E42 { // |x| < log(maxdouble)
		return h * Exp(math.Abs(x))
	}
	if ix < 0x408633CE || (ix == 0x408633ce && lo(x) <= 0x8fb9f87d) {
		w := Exp(0.5 * math.Abs(x))
		t := h * w
		return t * w
	}
	return x * shuge
}

// Cosh is StrictMath.cosh (Math.cosh on HotSpot 17).
func Cosh(x float64) float64 {
	ix := hi(x) & 0x7fffffff
	if ix >= 0x7ff00000 {
		return x * x
	}
	if ix < 0x3fd62e43 { // |x| < ln2/2
		t := Expm1(math.Abs(x))
		w := 1 + t
		if ix < 0x3c800000 {
			return w
		}
		return 1 + float64(t*t)/(w+w)
	}
	if ix < 0x40360000 { // |x| < 22
		t := Exp(math.Abs(x))
		return float64(0.5*t) + 0.5/t
	}
	if ix < 0x40862E42 {
		return 0.5 * Exp(math.Abs(x))
	}
	if ix < 0x408633CE || (ix == 0x408633ce && lo(x) <= 0x8fb9f87d) {
		w := Exp(0.5 * math.Abs(x))
		t := 0.5 * w
		return t * w
	}
	return math.Inf(1)
}

// Tanh is StrictMath.tanh (Math.tanh on HotSpot 17).
func Tanh(x float64) float64 {
	jx := hi(x)
	ix := jx & 0x7fffffff
	if ix >= 0x7ff00000 {
		if math.IsNaN(x) {
			return x
		}
		if jx >= 0 {
			return 1
		}
		return -1
	}
	var z float64
	switch {
	case ix >= 0x40360000: // |x| >= 22
		z = 1 - tiny
	case ix < 0x3c800000: // |x| < 2**-55
		return x * (1 + x)
	case ix >= 0x3ff00000: // |x| >= 1
		t := Expm1(2 * math.Abs(x))
		z = 1 - 2/(t+2)
	default:
		t := Expm1(-2 * math.Abs(x))
		z = -t / (t + 2)
	}
	if jx >= 0 {
		return z
	}
	return -z
}

// Hypot is StrictMath.hypot (Math.hypot on HotSpot 17).
func Hypot(x, y float64) float64 {
	ha, hb := hi(x)&0x7fffffff, hi(y)&0x7fffffff
	a, b := x, y
	if hb > ha {
		a, b = y, x
		ha, hb = hb, ha
	}
	a = withHi(a, ha)
	b = withHi(b, hb)
	if ha-hb > 0x3c00000 { // a/b > 2**60
		return a + b
	}
	k := int32(0)
	if ha > 0x5f300000 { // a > 2**500
		if ha >= 0x7ff00000 { // inf or NaN
			w := a + b
			if (ha&0xfffff)|int32(lo(a)) == 0 {
				w = a
			}
			if (hb^0x7ff00000)|int32(lo(b)) == 0 {
				w = b
			}
			return w
		}
		ha -= 0x25800000
		hb -= 0x25800000
		k += 600
		a = withHi(a, ha)
		b = withHi(b, hb)
	}
	if hb < 0x20b00000 { // b < 2**-500
		if hb <= 0x000fffff { // subnormal b or 0
			if hb|int32(lo(b)) == 0 {
				return a
			}
			t1 := fromWords(0x7fd00000, 0) // 2**1022
			b *= t1
			a *= t1
			k -= 1022
			// the words of a and b changed
			ha, hb = hi(a), hi(b)
		} else {
			ha += 0x25800000
			hb += 0x25800000
			k -= 600
			a = withHi(a, ha)
			b = withHi(b, hb)
		}
	}
	w := a - b
	if w > b {
		t1 := fromWords(ha, 0)
		t2 := a - t1
		w = math.Sqrt(float64(t1*t1) - (float64(b*(-b)) - float64(t2*(a+t1))))
	} else {
		a += a
		y1 := fromWords(hb, 0)
		y2 := b - y1
		t1 := fromWords(ha+0x00100000, 0)
		t2 := a - t1
		w = math.Sqrt(float64(t1*y1) - (float64(w*(-w)) - (float64(t1*y2) + float64(t2*b))))
	}
	if k != 0 {
		return fromWords(0x3ff00000+k<<20, 0) * w
	}
	return w
}
