package py

// float ** float as CPython computes it: C's pow is correctly rounded, Go's
// math.Pow is not (8 ** (1/3) would be 1.9999999999999998), so the general case is
// computed as exp(y*log(x)) with 160-bit precision and rounded once. A negative base
// with a non-integral exponent gives a complex result, 0.0 to a negative power is
// ZeroDivisionError, overflow is OverflowError.

import (
	"math"

	"github.com/kafkalab/kafkalab/engine/python/crmath"
)

// FloatPow is a ** b for floats.
func FloatPow(a, b float64) (Object, error) {
	if b == 0 {
		return Float(1.0), nil
	}
	if math.IsNaN(a) {
		return Float(a), nil
	}
	if math.IsNaN(b) {
		if a == 1.0 {
			return Float(1.0), nil
		}
		return Float(b), nil
	}
	bIsOddInt := b == math.Trunc(b) && math.Abs(math.Mod(b, 2)) == 1
	if math.IsInf(b, 0) {
		a = math.Abs(a)
		switch {
		case a == 1.0:
			return Float(1.0), nil
		case (b > 0) == (a > 1.0):
			return Float(math.Inf(1)), nil
		}
		return Float(0.0), nil
	}
	if math.IsInf(a, 0) {
		if b > 0 {
			if bIsOddInt {
				return Float(a), nil
			}
			return Float(math.Abs(a)), nil
		}
		if bIsOddInt {
			return Float(math.Copysign(0, a)), nil
		}
		return Float(0.0), nil
	}
	if a == 0 {
		if b < 0 {
			return nil, ExceptionNewf(ZeroDivisionError, "0.0 cannot be raised to a negative power")
		}
		if bIsOddInt {
			return Float(a), nil
		}
		return Float(0.0), nil
	}
	negate := false
	if a < 0 {
		if b != math.Trunc(b) {
			return negativeBasePow(a, b)
		}
		a = -a
		negate = bIsOddInt
	}
	if a == 1.0 {
		if negate {
			return Float(-1.0), nil
		}
		return Float(1.0), nil
	}
	r := precisePow(a, b)
	if negate {
		r = -r
	}
	if math.IsInf(r, 0) {
		return nil, ExceptionNewf(OverflowError, "(34, 'Numerical result out of range')")
	}
	return Float(r), nil
}

// negativeBasePow is CPython's c_pow for a negative float base and a non-integral
// float exponent: a complex number.
func negativeBasePow(a, b float64) (Object, error) {
	vabs := math.Abs(a)
	length := precisePow(vabs, b)
	phase := math.Pi * b
	return Complex(complex(length*math.Cos(phase), length*math.Sin(phase))), nil
}

// precisePow is x**y for x > 0, rounded once.
func precisePow(x, y float64) float64 { return crmath.Pow(x, y) }
