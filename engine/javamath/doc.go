// Package javamath gives the float64 results the JVM gives for java.lang.Math and
// java.lang.StrictMath, which is what Spark SQL's math functions return.
//
// StrictMath is fdlibm 5.3 by specification, so its functions here are ports of fdlibm's
// algorithms and agree with the JVM to the bit. java.lang.Math delegates asin, acos, atan,
// atan2, cbrt, sinh, cosh, tanh and hypot to StrictMath on HotSpot 17, so those agree too.
// Math.sin, cos and tan are HotSpot intrinsics (Intel's libm on x86-64), which are nearly
// always correctly rounded: sin follows the intrinsic's own steps on its main path (|x| up
// to about 90000), matching it bit for bit there; cos, tan and sin of larger arguments are
// the correctly rounded values, which differ from the intrinsic by one unit in the last
// place for a few arguments in a thousand.
//
// The code keeps products out of fused multiply-adds (explicit float64 conversions) so the
// results do not change on architectures where Go would fuse them.
package javamath

import "math"

func hi(x float64) int32  { return int32(math.Float64bits(x) >> 32) }
func lo(x float64) uint32 { return uint32(math.Float64bits(x)) }

func fromWords(h int32, l uint32) float64 {
	return math.Float64frombits(uint64(uint32(h))<<32 | uint64(l))
}

func withHi(x float64, h int32) float64  { return fromWords(h, lo(x)) }
func withLo(x float64, l uint32) float64 { return fromWords(hi(x), l) }
