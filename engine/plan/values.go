package plan

import (
	"fmt"
	"math"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Arithmetic on values of the sqltypes model, with Spark's ANSI overflow and division rules.

func arithmeticOverflow(typ, tryFn string) error {
	return &ArithmeticError{Class: "ARITHMETIC_OVERFLOW", Message: fmt.Sprintf(
		"%s overflow. Use '%s' to tolerate overflow and return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error.", typ, tryFn)}
}

func divideByZero() error {
	return &ArithmeticError{Class: "DIVIDE_BY_ZERO", Message: "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error."}
}

// ArithmeticError is a runtime error of Spark's SparkArithmeticException family.
type ArithmeticError struct{ Class, Message string }

func (e *ArithmeticError) Error() string { return "[" + e.Class + "] " + e.Message }

var tryNames = map[string]string{"+": "try_add", "-": "try_subtract", "*": "try_multiply", "/": "try_divide", "%": "try_remainder"}

// arith applies op to two non-null values already cast to the operand type; typ is the
// result type.
func arith(c *EvalContext, op string, l, r any, typ sqltypes.DataType) (any, error) {
	switch lv := l.(type) {
	case int32:
		return intArith(c, op, int64(lv), int64(r.(int32)), math.MinInt32, math.MaxInt32, "integer", func(v int64) any { return int32(v) })
	case int64:
		return longArith(c, op, lv, r.(int64))
	case int16:
		return intArith(c, op, int64(lv), int64(r.(int16)), math.MinInt16, math.MaxInt16, "short", func(v int64) any { return int16(v) })
	case int8:
		return intArith(c, op, int64(lv), int64(r.(int8)), math.MinInt8, math.MaxInt8, "byte", func(v int64) any { return int8(v) })
	case float64:
		return floatArith(c, op, lv, r.(float64))
	case float32:
		v, err := floatArith(c, op, float64(lv), float64(r.(float32)))
		if f, ok := v.(float64); ok {
			return float32(f), err
		}
		return v, err
	case sqltypes.Decimal:
		return decimalArith(c, op, lv, r.(sqltypes.Decimal), typ.(sqltypes.DecimalType))
	}
	return nil, fmt.Errorf("arithmetic on %T is not supported", l)
}

func intArith(c *EvalContext, op string, a, b, lo, hi int64, name string, wrap func(int64) any) (any, error) {
	var v int64
	switch op {
	case "+":
		v = a + b
	case "-":
		v = a - b
	case "*":
		v = a * b
	case "%":
		if b == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		return wrap(a % b), nil
	}
	if v < lo || v > hi {
		if c.Ansi {
			return nil, arithmeticOverflow(name, tryNames[op])
		}
		return wrap(v), nil // wraps around like the JVM
	}
	return wrap(v), nil
}

func longArith(c *EvalContext, op string, a, b int64) (any, error) {
	var v int64
	overflow := false
	switch op {
	case "+":
		v = a + b
		overflow = (b > 0 && v < a) || (b < 0 && v > a)
	case "-":
		v = a - b
		overflow = (b < 0 && v < a) || (b > 0 && v > a)
	case "*":
		v = a * b
		overflow = a != 0 && (v/a != b || (a == -1 && b == math.MinInt64))
	case "%":
		if b == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		if b == -1 {
			return int64(0), nil
		}
		return a % b, nil
	}
	if overflow && c.Ansi {
		return nil, arithmeticOverflow("long", tryNames[op])
	}
	return v, nil
}

func floatArith(c *EvalContext, op string, a, b float64) (any, error) {
	switch op {
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/", "%":
		if b == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		if op == "/" {
			return a / b, nil
		}
		return math.Mod(a, b), nil
	}
	return nil, fmt.Errorf("unknown operator %s", op)
}

func decimalArith(c *EvalContext, op string, a, b sqltypes.Decimal, out sqltypes.DecimalType) (any, error) {
	var r sqltypes.Decimal
	ok := true
	switch op {
	case "+":
		r, ok = a.Add(b, out)
	case "-":
		r, ok = a.Sub(b, out)
	case "*":
		r, ok = a.Mul(b, out)
	case "/":
		if b.Sign() == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		r, ok = a.Div(b, out)
	default:
		return decimalRemainder(c, a, b, out)
	}
	if !ok {
		if c.Ansi {
			return nil, &ArithmeticError{Class: "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", Message: fmt.Sprintf(
				"The result of %s %s %s cannot be represented as Decimal(%d, %d). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead.",
				a, op, b, out.Precision, out.Scale)}
		}
		return nil, nil
	}
	return r, nil
}

func decimalRemainder(c *EvalContext, a, b sqltypes.Decimal, out sqltypes.DecimalType) (any, error) {
	op := "%"
	x, y := decimalRat(a), decimalRat(b)
	var z big.Rat
	switch op {
	case "+":
		z.Add(x, y)
	case "-":
		z.Sub(x, y)
	case "*":
		z.Mul(x, y)
	case "/", "%":
		if y.Sign() == 0 {
			if c.Ansi {
				return nil, divideByZero()
			}
			return nil, nil
		}
		if op == "/" {
			z.Quo(x, y)
		} else {
			// a - b * trunc(a / b)
			q := new(big.Rat).Quo(x, y)
			t := new(big.Int).Quo(q.Num(), q.Denom())
			z.Sub(x, new(big.Rat).Mul(y, new(big.Rat).SetInt(t)))
		}
	}
	return decimalFromRat(c, &z, out)
}

func pow10(n int32) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}

func decimalUnscaled(d sqltypes.Decimal) *big.Int {
	if d.Big != nil {
		return new(big.Int).Set(d.Big)
	}
	return big.NewInt(d.Unscaled)
}

func decimalRat(d sqltypes.Decimal) *big.Rat {
	return new(big.Rat).SetFrac(decimalUnscaled(d), pow10(d.Scale))
}

// decimalFromRat rounds q HALF_UP to out's scale and checks out's precision: an overflow is
// NUMERIC_VALUE_OUT_OF_RANGE in ANSI mode, NULL otherwise.
func decimalFromRat(c *EvalContext, q *big.Rat, out sqltypes.DecimalType) (any, error) {
	num := new(big.Int).Mul(q.Num(), pow10(int32(out.Scale)))
	den := q.Denom()
	quo, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	// HALF_UP: round away from zero when |rem| * 2 >= den.
	if rem.Sign() != 0 {
		twice := new(big.Int).Abs(rem)
		twice.Lsh(twice, 1)
		if twice.Cmp(den) >= 0 {
			if num.Sign() < 0 {
				quo.Sub(quo, big.NewInt(1))
			} else {
				quo.Add(quo, big.NewInt(1))
			}
		}
	}
	return decimalFromBig(c, quo, int32(out.Scale), out)
}

// decimalFromBig makes a Decimal of type out from an unscaled value at the given scale.
func decimalFromBig(c *EvalContext, unscaled *big.Int, scale int32, out sqltypes.DecimalType) (any, error) {
	if scale != int32(out.Scale) {
		return decimalFromRat(c, new(big.Rat).SetFrac(unscaled, pow10(scale)), out)
	}
	limit := pow10(int32(out.Precision))
	if new(big.Int).Abs(unscaled).Cmp(limit) >= 0 {
		if c != nil && c.Ansi {
			return nil, &ArithmeticError{Class: "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION", Message: fmt.Sprintf(
				"%s cannot be represented as Decimal(%d, %d). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error, and return NULL instead.",
				formatDecimal(sqltypes.Decimal{Big: unscaled, Scale: scale}), out.Precision, out.Scale)}
		}
		return nil, nil
	}
	return makeDecimal(unscaled, scale), nil
}

func makeDecimal(unscaled *big.Int, scale int32) sqltypes.Decimal {
	if unscaled.IsInt64() {
		return sqltypes.Decimal{Unscaled: unscaled.Int64(), Scale: scale}
	}
	return sqltypes.Decimal{Big: unscaled, Scale: scale}
}

func formatDouble(f float64) string { return sqltypes.JavaDoubleString(f) }

// decimalTypeOf is the type of a decimal literal: precision = its digit count (at least the
// scale + 1), scale = its scale.
func decimalTypeOf(d sqltypes.Decimal) sqltypes.DecimalType {
	digits := len(new(big.Int).Abs(decimalUnscaled(d)).String())
	p := max(digits, int(d.Scale)+1, 1)
	return sqltypes.DecimalType{Precision: p, Scale: int(d.Scale)}
}

// Convert is CAST(v AS to) for a value of type from, under c's ANSI mode and time zone.
func Convert(c *EvalContext, v any, from, to sqltypes.DataType) (any, error) {
	return castValue(c, v, from, to)
}
