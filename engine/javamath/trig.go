package javamath

import "github.com/kafkalab/kafkalab/engine/python/crmath"

// Sin is Math.sin: HotSpot's x86-64 intrinsic (Intel's LIBM routine, see sinX86).
func Sin(x float64) float64 { return sinX86(x) }

// Cos is Math.cos: HotSpot's intrinsic, correctly rounded here.
func Cos(x float64) float64 { return crmath.Cos(x) }

// Tan is Math.tan: HotSpot's intrinsic, correctly rounded here.
func Tan(x float64) float64 { return crmath.Tan(x) }

// The constants of Math.toRadians and Math.toDegrees: one multiplication, not x/180*pi.
const (
	degreesToRadians = 0.017453292519943295
	radiansToDegrees = 57.29577951308232
)

// ToRadians is Math.toRadians.
func ToRadians(deg float64) float64 { return deg * degreesToRadians }

// ToDegrees is Math.toDegrees.
func ToDegrees(rad float64) float64 { return rad * radiansToDegrees }
