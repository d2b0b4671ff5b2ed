package javamath

import "math"

const (
	pi     = 3.14159265358979311600e+00
	pio2Hi = 1.57079632679489655800e+00
	pio2Lo = 6.12323399573676603587e-17
	pio4Hi = 7.85398163397448278999e-01
	pS0    = 1.66666666666666657415e-01
	pS1    = -3.25565818622400915405e-01
	pS2    = 2.01212532134862925881e-01
	pS3    = -4.00555345006794114027e-02
	pS4    = 7.91534994289814532176e-04
	pS5    = 3.47933107596021167570e-05
	qS1    = -2.40339491173441421878e+00
	qS2    = 2.02094576023350569471e+00
	qS3    = -6.88283971605453293030e-01
	qS4    = 7.70381505559019352791e-02
)

// asinRatio is fdlibm's rational approximation shared by asin and acos: p(t)/q(t).
func asinRatio(t float64) (p, q float64) {
	p = t * (pS0 + float64(t*(pS1+float64(t*(pS2+float64(t*(pS3+float64(t*(pS4+float64(t*pS5))))))))))
	q = 1 + float64(t*(qS1+float64(t*(qS2+float64(t*(qS3+float64(t*qS4)))))))
	return p, q
}

// Asin is StrictMath.asin (Math.asin on HotSpot).
func Asin(x float64) float64 {
	hx := hi(x)
	ix := hx & 0x7fffffff
	if ix >= 0x3ff00000 { // |x| >= 1
		if (ix-0x3ff00000)|int32(lo(x)) == 0 {
			return float64(x*pio2Hi) + float64(x*pio2Lo)
		}
		return math.NaN()
	}
	if ix < 0x3fe00000 { // |x| < 0.5
		if ix < 0x3e400000 { // |x| < 2**-27
			return x
		}
		p, q := asinRatio(x * x)
		return x + float64(x*(p/q))
	}
	w := 1 - math.Abs(x)
	t := w * 0.5
	p, q := asinRatio(t)
	s := math.Sqrt(t)
	if ix >= 0x3FEF3333 { // |x| > 0.975
		w = p / q
		t = pio2Hi - (2.0*(s+float64(s*w)) - pio2Lo)
	} else {
		w = withLo(s, 0)
		c := (t - float64(w*w)) / (s + w)
		r := p / q
		p = float64(2.0*s*r) - (pio2Lo - 2.0*c)
		q = pio4Hi - 2.0*w
		t = pio4Hi - (p - q)
	}
	if hx > 0 {
		return t
	}
	return -t
}

// Acos is StrictMath.acos (Math.acos on HotSpot).
func Acos(x float64) float64 {
	hx := hi(x)
	ix := hx & 0x7fffffff
	if ix >= 0x3ff00000 { // |x| >= 1
		if (ix-0x3ff00000)|int32(lo(x)) == 0 {
			if hx > 0 {
				return 0
			}
			return pi + 2.0*pio2Lo
		}
		return math.NaN()
	}
	if ix < 0x3fe00000 { // |x| < 0.5
		if ix <= 0x3c600000 { // |x| < 2**-57
			return pio2Hi + pio2Lo
		}
		p, q := asinRatio(x * x)
		r := p / q
		return pio2Hi - (x - (pio2Lo - float64(x*r)))
	}
	if hx < 0 { // x < -0.5
		z := (1 + x) * 0.5
		p, q := asinRatio(z)
		s := math.Sqrt(z)
		r := p / q
		w := float64(r*s) - pio2Lo
		return pi - 2.0*(s+w)
	}
	z := (1 - x) * 0.5
	s := math.Sqrt(z)
	df := withLo(s, 0)
	c := (z - float64(df*df)) / (s + df)
	p, q := asinRatio(z)
	r := p / q
	w := float64(r*s) + c
	return 2.0 * (df + w)
}

var (
	atanHi = [4]float64{4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00}
	atanLo = [4]float64{2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17}
	aT     = [11]float64{
		3.33333333333329318027e-01, -1.99999999998764832476e-01, 1.42857142725034663711e-01,
		-1.11111104054623557880e-01, 9.09088713343650656196e-02, -7.69187620504482999495e-02,
		6.66107313738753120669e-02, -5.83357013379057348645e-02, 4.97687799461593236017e-02,
		-3.65315727442169155270e-02, 1.62858201153657823623e-02,
	}
)

// Atan is StrictMath.atan (Math.atan on HotSpot).
func Atan(x float64) float64 {
	hx := hi(x)
	ix := hx & 0x7fffffff
	if ix >= 0x44100000 { // |x| >= 2**66
		if ix > 0x7ff00000 || (ix == 0x7ff00000 && lo(x) != 0) {
			return x + x
		}
		if hx > 0 {
			return atanHi[3] + atanLo[3]
		}
		return -atanHi[3] - atanLo[3]
	}
	id := -1
	if ix < 0x3fdc0000 { // |x| < 0.4375
		if ix < 0x3e200000 { // |x| < 2**-29
			return x
		}
	} else {
		x = math.Abs(x)
		switch {
		case ix < 0x3fe60000: // 7/16 <= |x| < 11/16
			id, x = 0, (2.0*x-1)/(2.0+x)
		case ix < 0x3ff30000: // 11/16 <= |x| < 19/16
			id, x = 1, (x-1)/(x+1)
		case ix < 0x40038000: // |x| < 2.4375
			id, x = 2, (x-1.5)/(1+float64(1.5*x))
		default:
			id, x = 3, -1.0/x
		}
	}
	z := x * x
	w := z * z
	s1 := float64(z * (aT[0] + float64(w*(aT[2]+float64(w*(aT[4]+float64(w*(aT[6]+float64(w*(aT[8]+float64(w*aT[10])))))))))))
	s2 := float64(w * (aT[1] + float64(w*(aT[3]+float64(w*(aT[5]+float64(w*(aT[7]+float64(w*aT[9])))))))))
	if id < 0 {
		return x - float64(x*(s1+s2))
	}
	z = atanHi[id] - ((float64(x*(s1+s2)) - atanLo[id]) - x)
	if hx < 0 {
		return -z
	}
	return z
}

const (
	piO4 = 7.8539816339744827900e-01
	piO2 = 1.5707963267948965580e+00
	piLo = 1.2246467991473531772e-16
)

// Atan2 is StrictMath.atan2(y, x) (Math.atan2 on HotSpot).
func Atan2(y, x float64) float64 {
	if math.IsNaN(x) || math.IsNaN(y) {
		return x + y
	}
	hx, lx := hi(x), lo(x)
	hy, ly := hi(y), lo(y)
	ix, iy := hx&0x7fffffff, hy&0x7fffffff
	if (hx-0x3ff00000)|int32(lx) == 0 { // x == 1
		return Atan(y)
	}
	m := int32(uint32(hy)>>31) | int32((uint32(hx)>>30)&2) // 2*sign(x) + sign(y)
	if iy|int32(ly) == 0 {                                 // y == 0
		switch m {
		case 0, 1:
			return y
		case 2:
			return pi + tiny
		default:
			return -pi - tiny
		}
	}
	if ix|int32(lx) == 0 { // x == 0
		if hy < 0 {
			return -piO2 - tiny
		}
		return piO2 + tiny
	}
	if ix == 0x7ff00000 { // x is ±inf
		if iy == 0x7ff00000 {
			switch m {
			case 0:
				return piO4 + tiny
			case 1:
				return -piO4 - tiny
			case 2:
				return 3.0*piO4 + tiny
			default:
				return -3.0*piO4 - tiny
			}
		}
		switch m {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return pi + tiny
		default:
			return -pi - tiny
		}
	}
	if iy == 0x7ff00000 {
		if hy < 0 {
			return -piO2 - tiny
		}
		return piO2 + tiny
	}
	var z float64
	k := (iy - ix) >> 20
	switch {
	case k > 60: // |y/x| > 2**60
		z = piO2 + 0.5*piLo
	case hx < 0 && k < -60: // |y|/x < -2**60
		z = 0
	default:
		z = Atan(math.Abs(y / x))
	}
	switch m {
	case 0:
		return z
	case 1:
		return -z
	case 2:
		return pi - (z - piLo)
	}
	return (z - piLo) - pi
}
