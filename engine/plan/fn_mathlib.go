package plan

import "math"

// The transcendental functions Spark calls through java.lang.StrictMath (fdlibm 5.3). These
// are Go's math package, which agrees with fdlibm to the last bit for most inputs but not
// all (Go's amd64 Exp and Log, and its Cbrt, Sin and Tan, differ in the last place for a
// few inputs in ten).
func jExp(x float64) float64   { return math.Exp(x) }
func jLog(x float64) float64   { return math.Log(x) }
func jLog10(x float64) float64 { return math.Log10(x) }
func jCbrt(x float64) float64  { return math.Cbrt(x) }
