package py

// int / int as CPython computes it: the exact quotient rounded once to a float.

import (
	"math"
	"math/big"
)

func isIntLike(o Object) bool {
	switch o.(type) {
	case Int, *BigInt, Bool:
		return true
	}
	return false
}

func bigOf(o Object) *big.Int {
	switch x := o.(type) {
	case Int:
		return big.NewInt(int64(x))
	case *BigInt:
		return (*big.Int)(x)
	case Bool:
		if x {
			return big.NewInt(1)
		}
	}
	return big.NewInt(0)
}

// IntTrueDiv is a / b for ints a and b.
func IntTrueDiv(a, b Object) (Object, error) {
	x, xok := a.(Int)
	y, yok := b.(Int)
	if xok && yok {
		if y == 0 {
			return nil, ExceptionNewf(ZeroDivisionError, "division by zero")
		}
		const exact = 1 << 53
		if x >= -exact && x <= exact && y >= -exact && y <= exact {
			return Float(float64(x) / float64(y)), nil
		}
	}
	bx, by := bigOf(a), bigOf(b)
	if by.Sign() == 0 {
		return nil, ExceptionNewf(ZeroDivisionError, "division by zero")
	}
	f, _ := new(big.Rat).SetFrac(bx, by).Float64()
	if math.IsInf(f, 0) {
		return nil, ExceptionNewf(OverflowError, "integer division result too large for a float")
	}
	return Float(f), nil
}
