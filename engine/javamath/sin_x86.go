package javamath

import (
	"math"

	"github.com/kafkalab/kafkalab/engine/python/crmath"
)

// HotSpot on x86-64 computes Math.sin with Intel's LIBM routine (the dsin stub), which is
// not always correctly rounded: Spark's sin(-2.5) is -0.5984721441039564, one unit below
// the correctly rounded value. sinX86 follows that routine's main path step for step, so
// the same float64 operations give the same bits; its tables and constants are the
// routine's. The main path covers 2^-252 <= |x| < 90112-ish (the routine's own bounds);
// outside it the routine reduces the argument with integer arithmetic, for which the
// correctly rounded value stands in (it agrees with HotSpot far more often than fdlibm).
//
// The routine in outline: N = round(x * 32/pi), r = x - N*(P1+P2+P3) kept as r and a
// correction c; with B = (N mod 64) * pi/32 and a table of sigma (the power of two
// nearest cos B), C = cos B - sigma, S_hi + S_lo = sin B, the result is the compensated
// sum of S_hi + sigma*r, C*r, the polynomial S_hi*(cos r - 1) + (C+sigma)*(sin r - r),
// and S_lo + c*((C+sigma) - S_hi*r).

// sinTable holds, for M = 0..63, C_hl, S_hi, S_lo, sigma as IEEE bits.
var sinTable = [64][4]uint64{
	{0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x3ff0000000000000},
	{0xbf73b92e176d6d31, 0x3fb917a6bc29b42c, 0xbc3e2718e0000000, 0x3ff0000000000000},
	{0xbf93ad06011469fb, 0x3fc8f8b83c69a60b, 0xbc626d19c0000000, 0x3ff0000000000000},
	{0xbfa60bea939d225a, 0x3fd294062ed59f06, 0xbc75d28da0000000, 0x3ff0000000000000},
	{0xbfb37ca1866b95cf, 0x3fd87de2a6aea963, 0xbc672cede0000000, 0x3ff0000000000000},
	{0xbfbe3a6873fa1279, 0x3fde2b5d3806f63b, 0x3c5e0d8920000000, 0x3ff0000000000000},
	{0xbfc592675bc57974, 0x3fe1c73b39ae68c8, 0x3c8b25dd20000000, 0x3ff0000000000000},
	{0xbfcd0dfe53aba2fd, 0x3fe44cf325091dd6, 0x3c68076a20000000, 0x3ff0000000000000},
	{0x3fca827999fcef32, 0x3fe6a09e667f3bcd, 0xbc8bdd3420000000, 0x3fe0000000000000},
	{0x3fc133cc94247758, 0x3fe8bc806b151741, 0xbc82c5e120000000, 0x3fe0000000000000},
	{0x3fac73b39ae68c87, 0x3fea9b66290ea1a3, 0x3c39f630e0000000, 0x3fe0000000000000},
	{0xbf9d4a2c7f909c4e, 0x3fec38b2f180bdb1, 0xbc76e0b180000000, 0x3fe0000000000000},
	{0xbfbe087565455a75, 0x3fed906bcf328d46, 0x3c7457e620000000, 0x3fe0000000000000},
	{0x3fa4a03176acf82d, 0x3fee9f4156c62dda, 0x3c8760b1e0000000, 0x3fd0000000000000},
	{0xbfac1d1f0e5967d5, 0x3fef6297cff75cb0, 0x3c75621720000000, 0x3fd0000000000000},
	{0xbf9ba1650f592f50, 0x3fefd88da3d12526, 0xbc887df640000000, 0x3fc0000000000000},
	{0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, 0x0000000000000000},
	{0x3f9ba1650f592f50, 0x3fefd88da3d12526, 0xbc887df640000000, 0xbfc0000000000000},
	{0x3fac1d1f0e5967d5, 0x3fef6297cff75cb0, 0x3c75621720000000, 0xbfd0000000000000},
	{0xbfa4a03176acf82d, 0x3fee9f4156c62dda, 0x3c8760b1e0000000, 0xbfd0000000000000},
	{0x3fbe087565455a75, 0x3fed906bcf328d46, 0x3c7457e620000000, 0xbfe0000000000000},
	{0x3f9d4a2c7f909c4e, 0x3fec38b2f180bdb1, 0xbc76e0b180000000, 0xbfe0000000000000},
	{0xbfac73b39ae68c87, 0x3fea9b66290ea1a3, 0x3c39f630e0000000, 0xbfe0000000000000},
	{0xbfc133cc94247758, 0x3fe8bc806b151741, 0xbc82c5e120000000, 0xbfe0000000000000},
	{0xbfca827999fcef32, 0x3fe6a09e667f3bcd, 0xbc8bdd3420000000, 0xbfe0000000000000},
	{0x3fcd0dfe53aba2fd, 0x3fe44cf325091dd6, 0x3c68076a20000000, 0xbff0000000000000},
	{0x3fc592675bc57974, 0x3fe1c73b39ae68c8, 0x3c8b25dd20000000, 0xbff0000000000000},
	{0x3fbe3a6873fa1279, 0x3fde2b5d3806f63b, 0x3c5e0d8920000000, 0xbff0000000000000},
	{0x3fb37ca1866b95cf, 0x3fd87de2a6aea963, 0xbc672cede0000000, 0xbff0000000000000},
	{0x3fa60bea939d225a, 0x3fd294062ed59f06, 0xbc75d28da0000000, 0xbff0000000000000},
	{0x3f93ad06011469fb, 0x3fc8f8b83c69a60b, 0xbc626d19c0000000, 0xbff0000000000000},
	{0x3f73b92e176d6d31, 0x3fb917a6bc29b42c, 0xbc3e2718e0000000, 0xbff0000000000000},
	{0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0xbff0000000000000},
	{0x3f73b92e176d6d31, 0xbfb917a6bc29b42c, 0x3c3e2718e0000000, 0xbff0000000000000},
	{0x3f93ad06011469fb, 0xbfc8f8b83c69a60b, 0x3c626d19c0000000, 0xbff0000000000000},
	{0x3fa60bea939d225a, 0xbfd294062ed59f06, 0x3c75d28da0000000, 0xbff0000000000000},
	{0x3fb37ca1866b95cf, 0xbfd87de2a6aea963, 0x3c672cede0000000, 0xbff0000000000000},
	{0x3fbe3a6873fa1279, 0xbfde2b5d3806f63b, 0xbc5e0d8920000000, 0xbff0000000000000},
	{0x3fc592675bc57974, 0xbfe1c73b39ae68c8, 0xbc8b25dd20000000, 0xbff0000000000000},
	{0x3fcd0dfe53aba2fd, 0xbfe44cf325091dd6, 0xbc68076a20000000, 0xbff0000000000000},
	{0xbfca827999fcef32, 0xbfe6a09e667f3bcd, 0x3c8bdd3420000000, 0xbfe0000000000000},
	{0xbfc133cc94247758, 0xbfe8bc806b151741, 0x3c82c5e120000000, 0xbfe0000000000000},
	{0xbfac73b39ae68c87, 0xbfea9b66290ea1a3, 0xbc39f630e0000000, 0xbfe0000000000000},
	{0x3f9d4a2c7f909c4e, 0xbfec38b2f180bdb1, 0x3c76e0b180000000, 0xbfe0000000000000},
	{0x3fbe087565455a75, 0xbfed906bcf328d46, 0xbc7457e620000000, 0xbfe0000000000000},
	{0xbfa4a03176acf82d, 0xbfee9f4156c62dda, 0xbc8760b1e0000000, 0xbfd0000000000000},
	{0x3fac1d1f0e5967d5, 0xbfef6297cff75cb0, 0xbc75621720000000, 0xbfd0000000000000},
	{0x3f9ba1650f592f50, 0xbfefd88da3d12526, 0x3c887df640000000, 0xbfc0000000000000},
	{0x0000000000000000, 0xbff0000000000000, 0x0000000000000000, 0x0000000000000000},
	{0xbf9ba1650f592f50, 0xbfefd88da3d12526, 0x3c887df640000000, 0x3fc0000000000000},
	{0xbfac1d1f0e5967d5, 0xbfef6297cff75cb0, 0xbc75621720000000, 0x3fd0000000000000},
	{0x3fa4a03176acf82d, 0xbfee9f4156c62dda, 0xbc8760b1e0000000, 0x3fd0000000000000},
	{0xbfbe087565455a75, 0xbfed906bcf328d46, 0xbc7457e620000000, 0x3fe0000000000000},
	{0xbf9d4a2c7f909c4e, 0xbfec38b2f180bdb1, 0x3c76e0b180000000, 0x3fe0000000000000},
	{0x3fac73b39ae68c87, 0xbfea9b66290ea1a3, 0xbc39f630e0000000, 0x3fe0000000000000},
	{0x3fc133cc94247758, 0xbfe8bc806b151741, 0x3c82c5e120000000, 0x3fe0000000000000},
	{0x3fca827999fcef32, 0xbfe6a09e667f3bcd, 0x3c8bdd3420000000, 0x3fe0000000000000},
	{0xbfcd0dfe53aba2fd, 0xbfe44cf325091dd6, 0xbc68076a20000000, 0x3ff0000000000000},
	{0xbfc592675bc57974, 0xbfe1c73b39ae68c8, 0xbc8b25dd20000000, 0x3ff0000000000000},
	{0xbfbe3a6873fa1279, 0xbfde2b5d3806f63b, 0xbc5e0d8920000000, 0x3ff0000000000000},
	{0xbfb37ca1866b95cf, 0xbfd87de2a6aea963, 0x3c672cede0000000, 0x3ff0000000000000},
	{0xbfa60bea939d225a, 0xbfd294062ed59f06, 0x3c75d28da0000000, 0x3ff0000000000000},
	{0xbf93ad06011469fb, 0xbfc8f8b83c69a60b, 0x3c626d19c0000000, 0x3ff0000000000000},
	{0xbf73b92e176d6d31, 0xbfb917a6bc29b42c, 0x3c3e2718e0000000, 0x3ff0000000000000},
}

var (
	sinPI32Inv = math.Float64frombits(0x40245f306dc9c883) // 32/pi
	sinP1      = math.Float64frombits(0x3fb921fb54400000)
	sinP2      = math.Float64frombits(0x3d90b4611a600000)
	sinP3      = math.Float64frombits(0x3b63198a2e037073)
	// The polynomial's coefficients: the sine lane (lo) and the cosine lane (hi).
	sinSC1lo, sinSC1hi = math.Float64frombits(0xbfc5555555555555), math.Float64frombits(0xbfe0000000000000)
	sinSC2lo, sinSC2hi = math.Float64frombits(0x3f81111111111111), math.Float64frombits(0x3fa5555555555555)
	sinSC3lo, sinSC3hi = math.Float64frombits(0xbf2a01a01a01a01a), math.Float64frombits(0xbf56c16c16c16c17)
	sinSC4lo, sinSC4hi = math.Float64frombits(0x3ec71de3a556c734), math.Float64frombits(0x3efa01a01a01a01a)
	sinAllOnes         = math.Float64frombits(0x3fefffffffffffff)
	sinTwoPow55        = math.Float64frombits(0x4360000000000000)
	sinTwoPowM55       = math.Float64frombits(0x3c80000000000000)
)

func sinX86(x float64) float64 {
	hx := uint32(math.Float64bits(x)>>32) & 0x7fff0000
	if d := hx - 0x30300000; d > 0x10c50000 {
		if int32(d) > 0x10c50000 {
			// |x| beyond the main path (and NaN, Inf): the integer reduction path.
			return crmath.Sin(x)
		}
		if d>>20 == 3325 { // zero or subnormal
			return float64(x * sinAllOnes)
		}
		return float64(float64(float64(sinTwoPow55*x)-x) * sinTwoPowM55)
	}
	// N: x*32/pi plus a half with x's sign, truncated.
	half := 0.5
	if math.Signbit(x) {
		half = -0.5
	}
	n := float64(int32(float64(float64(x*sinPI32Inv) + half)))
	t := &sinTable[int32(n)&63]
	cHL, sHi, sLo, sigma := math.Float64frombits(t[0]), math.Float64frombits(t[1]), math.Float64frombits(t[2]), math.Float64frombits(t[3])

	m1 := float64(sinP1 * n)
	m2 := float64(sinP2 * n)
	m3 := float64(n * sinP3)
	r1 := x - m1
	r := r1 - m2
	c1 := r1 - r
	c2 := c1 - m2
	negC := m3 - c2
	negD := float64(sHi*r) - (cHL + sigma)
	r2 := float64(r * r)
	r4 := float64(r2 * r2)
	// The two lanes of the polynomial: sine (lo) and cosine (hi).
	pLo := float64(sinSC4lo*r1) * r
	pHi := float64(sinSC4hi*r1) * r
	qLo := float64(sinSC2lo * r2)
	qHi := float64(sinSC2hi * r2)
	wLo := float64(float64(cHL+sigma)*r) * r2
	wHi := float64(sHi * r2)
	pLo = float64((pLo + sinSC3lo) * r4)
	pHi = float64((pHi + sinSC3hi) * r4)
	qLo = qLo + sinSC1lo
	qHi = qHi + sinSC1hi
	med := float64(r * cHL)
	rs := float64(sigma * r)
	corr := float64(negC * negD)
	resInt := rs + sHi
	resHi := med + resInt
	polLo := float64((qLo + pLo) * wLo)
	polHi := float64((qHi + pHi) * wHi)
	k0 := sHi - resInt
	k1 := resInt - resHi
	corr = corr + sLo
	k2 := k0 + rs
	k3 := k1 + med
	lo := corr + k2
	lo = lo + k3
	lo = lo + polLo
	lo = lo + polHi
	return resHi + lo
}
