package javamath

import "math"

const (
	two53   = 9007199254740992.0
	powBig  = 1e300
	tiny    = 1e-300
	powL1   = 5.99999999999994648725e-01
	powL2   = 4.28571428578550184252e-01
	powL3   = 3.33333329818377432918e-01
	powL4   = 2.72728123808534006489e-01
	powL5   = 2.30660745775561754067e-01
	powL6   = 2.06975017800338417784e-01
	ln2Full = 6.93147180559945286227e-01
	lg2H    = 6.93147182464599609375e-01
	lg2L    = -1.90465429995776804525e-09
	ovt     = 8.0085662595372944372e-17  // -(1024-log2(ovfl+.5ulp))
	cp      = 9.61796693925975554329e-01 // 2/(3 ln2)
	cpH     = 9.61796700954437255859e-01
	cpL     = -7.02846165095275826516e-09
	ivLn2   = 1.44269504088896338700e+00
	ivLn2H  = 1.44269502162933349609e+00
	ivLn2L  = 1.92596299112661746887e-08
)

var (
	powBp  = [2]float64{1.0, 1.5}
	powDpH = [2]float64{0.0, 5.84962487220764160156e-01}
	powDpL = [2]float64{0.0, 1.35003920212974897128e-08}
)

// Pow is StrictMath.pow.
func Pow(x, y float64) float64 {
	hx, lx := hi(x), lo(x)
	hy, ly := hi(y), lo(y)
	ix, iy := hx&0x7fffffff, hy&0x7fffffff

	if iy|int32(ly) == 0 { // y == 0
		return 1
	}
	if ix > 0x7ff00000 || (ix == 0x7ff00000 && lx != 0) || iy > 0x7ff00000 || (iy == 0x7ff00000 && ly != 0) {
		return x + y // NaN
	}
	// yIsInt: 0 y is not an integer, 1 an odd one, 2 an even one (only looked at for x < 0).
	yIsInt := int32(0)
	if hx < 0 {
		if iy >= 0x43400000 {
			yIsInt = 2
		} else if iy >= 0x3ff00000 {
			k := (iy >> 20) - 0x3ff
			if k > 20 {
				j := ly >> uint(52-k)
				if j<<uint(52-k) == ly {
					yIsInt = 2 - int32(j&1)
				}
			} else if ly == 0 {
				j := iy >> uint(20-k)
				if j<<uint(20-k) == iy {
					yIsInt = 2 - (j & 1)
				}
			}
		}
	}
	if ly == 0 {
		if iy == 0x7ff00000 { // y is ±inf
			switch {
			case (ix-0x3ff00000)|int32(lx) == 0:
				return math.NaN() // (±1)**±inf
			case ix >= 0x3ff00000:
				if hy >= 0 {
					return y
				}
				return 0
			default:
				if hy < 0 {
					return -y
				}
				return 0
			}
		}
		if iy == 0x3ff00000 {
			if hy < 0 {
				return 1 / x
			}
			return x
		}
		if hy == 0x40000000 {
			return x * x
		}
		if hy == 0x3fe00000 && hx >= 0 {
			return math.Sqrt(x)
		}
	}
	ax := math.Abs(x)
	if lx == 0 && (ix == 0x7ff00000 || ix == 0 || ix == 0x3ff00000) { // x is ±0, ±inf, ±1
		z := ax
		if hy < 0 {
			z = 1 / z
		}
		if hx < 0 {
			if (ix-0x3ff00000)|yIsInt == 0 {
				z = math.NaN() // (-1)**non-integer
			} else if yIsInt == 1 {
				z = -z
			}
		}
		return z
	}
	n := int32(uint32(hx)>>31) - 1
	if n|yIsInt == 0 {
		return math.NaN() // negative**non-integer
	}
	s := 1.0
	if n|(yIsInt-1) == 0 {
		s = -1 // negative**odd integer
	}

	var t1, t2 float64
	if iy > 0x41e00000 { // |y| > 2**31
		if iy > 0x43f00000 { // |y| > 2**64: overflows or underflows
			if ix <= 0x3fefffff {
				if hy < 0 {
					return math.Inf(1)
				}
				return 0
			}
			if hy > 0 {
				return math.Inf(1)
			}
			return 0
		}
		if ix < 0x3fefffff {
			if hy < 0 {
				return s * math.Inf(1)
			}
			return s * 0
		}
		if ix > 0x3ff00000 {
			if hy > 0 {
				return s * math.Inf(1)
			}
			return s * 0
		}
		// |1-x| <= 2**-20: log(x) by its series
		t := ax - 1
		w := float64(float64(t*t) * (0.5 - float64(t*(0.3333333333333333333333-float64(t*0.25)))))
		u := ivLn2H * t
		v := float64(t*ivLn2L) - float64(w*ivLn2)
		t1 = withLo(u+v, 0)
		t2 = v - (t1 - u)
	} else {
		n = 0
		if ix < 0x00100000 { // subnormal x
			ax *= two53
			n -= 53
			ix = hi(ax)
		}
		n += (ix >> 20) - 0x3ff
		j := ix & 0x000fffff
		ix = j | 0x3ff00000
		var k int32
		switch {
		case j <= 0x3988E: // |x| < sqrt(3/2)
			k = 0
		case j < 0xBB67A: // |x| < sqrt(3)
			k = 1
		default:
			k = 0
			n++
			ix -= 0x00100000
		}
		ax = withHi(ax, ix)

		// ss = sH + sL = (x-1)/(x+1) or (x-1.5)/(x+1.5)
		u := ax - powBp[k]
		v := 1 / (ax + powBp[k])
		ss := u * v
		sH := withLo(ss, 0)
		tH := fromWords(((ix>>1)|0x20000000)+0x00080000+(k<<18), 0)
		tL := ax - (tH - powBp[k])
		sL := v * ((u - float64(sH*tH)) - float64(sH*tL))
		// log(ax)
		s2 := ss * ss
		r := float64(float64(s2*s2) * (powL1 + float64(s2*(powL2+float64(s2*(powL3+float64(s2*(powL4+float64(s2*(powL5+float64(s2*powL6)))))))))))
		r += float64(sL * (sH + ss))
		s2 = sH * sH
		tH = withLo(3.0+s2+r, 0)
		tL = r - ((tH - 3.0) - s2)
		u = sH * tH
		v = float64(sL*tH) + float64(tL*ss)
		pH := withLo(u+v, 0)
		pL := v - (pH - u)
		zH := cpH * pH
		zL := float64(cpL*pH) + float64(pL*cp) + powDpL[k]
		t := float64(n)
		t1 = withLo(((zH+zL)+powDpH[k])+t, 0)
		t2 = zL - (((t1 - t) - powDpH[k]) - zH)
	}

	// (y1+y2)*(t1+t2)
	y1 := withLo(y, 0)
	pL := float64((y-y1)*t1) + float64(y*t2)
	pH := y1 * t1
	z := pL + pH
	j, i := hi(z), lo(z)
	if j >= 0x40900000 { // z >= 1024
		if (j-0x40900000)|int32(i) != 0 || pL+ovt > z-pH {
			return s * math.Inf(1)
		}
	} else if j&0x7fffffff >= 0x4090cc00 { // z <= -1075
		if (uint32(j)-0xc090cc00)|i != 0 || pL <= z-pH {
			return s * 0
		}
	}
	// 2**(pH+pL)
	i32 := j & 0x7fffffff
	k := (i32 >> 20) - 0x3ff
	n = 0
	if i32 > 0x3fe00000 { // |z| > 0.5: n = [z+0.5]
		n = j + (0x00100000 >> uint(k+1))
		k = ((n & 0x7fffffff) >> 20) - 0x3ff
		t := fromWords(n&^(0x000fffff>>uint(k)), 0)
		n = ((n & 0x000fffff) | 0x00100000) >> uint(20-k)
		if j < 0 {
			n = -n
		}
		pH -= t
	}
	t := withLo(pL+pH, 0)
	u := t * lg2H
	v := float64((pL-(t-pH))*ln2Full) + float64(t*lg2L)
	z = u + v
	w := v - (z - u)
	t = z * z
	t1 = z - float64(t*(expP1+float64(t*(expP2+float64(t*(expP3+float64(t*(expP4+float64(t*expP5)))))))))
	r := float64(z*t1)/(t1-2) - (w + float64(z*w))
	z = 1 - (r - z)
	j = hi(z) + n<<20
	if j>>20 <= 0 {
		z = math.Ldexp(z, int(n)) // subnormal result
	} else {
		z = withHi(z, j)
	}
	return s * z
}
