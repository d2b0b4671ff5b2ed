package plan

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/javamath"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Math functions. Spark computes the transcendental ones with java.lang.Math or
// StrictMath on DOUBLE (other numbers are cast; package javamath gives the JVM's bits), prints most of them in capitals
// (SQRT(d)), and gives NULL for the logarithm of a number <= 0.

func init() {
	for name, f := range map[string]func(float64) float64{
		"sqrt": math.Sqrt, "cbrt": javamath.Cbrt, "exp": javamath.Exp, "expm1": javamath.Expm1,
		"sin": javamath.Sin, "cos": javamath.Cos, "tan": javamath.Tan,
		"asin": javamath.Asin, "acos": javamath.Acos, "atan": javamath.Atan,
		"sinh": javamath.Sinh, "cosh": javamath.Cosh, "tanh": javamath.Tanh,
		"cot":     func(x float64) float64 { return 1 / javamath.Tan(x) },
		"sec":     func(x float64) float64 { return 1 / javamath.Cos(x) },
		"csc":     func(x float64) float64 { return 1 / javamath.Sin(x) },
		"degrees": javamath.ToDegrees,
		"radians": javamath.ToRadians,
		"rint":    math.RoundToEven,
		"signum":  jSignum,
		"asinh":   javamath.Asinh,
		"acosh":   javamath.Acosh,
		"atanh":   func(x float64) float64 { return 0.5 * (javamath.Log1p(x) - javamath.Log1p(-x)) },
	} {
		register(mathFn1(name, f, 0, false), name)
		displayNames[name] = strings.ToUpper(name)
	}
	displayNames["rint"] = "rint"
	displayNames["sign"] = "sign"
	register(mathFn1("sign", jSignum, 0, false), "sign")
	register(mathFn1("ln", javamath.Log, 0, true), "ln")
	register(mathFn1("log10", javamath.Log10, 0, true), "log10")
	displayNames["log10"] = "LOG10"
	register(mathFn1("log2", func(x float64) float64 { return javamath.Log(x) / javamath.Log(2) }, 0, true), "log2")
	displayNames["log2"] = "LOG2"
	register(mathFn1("log1p", javamath.Log1p, -1, true), "log1p")
	displayNames["log1p"] = "LOG1P"
	register(bindLog, "log")
	register(mathFn2("atan2", func(y, x float64) float64 { return javamath.Atan2(positiveZero(y), positiveZero(x)) }), "atan2")
	displayNames["atan2"] = "ATAN2"
	register(mathFn2("hypot", javamath.Hypot), "hypot")
	displayNames["hypot"] = "HYPOT"
	register(mathFn2("power", javamath.Pow), "power", "pow")
	displayNames["power"] = "POWER"
	register(bindConstant("E", math.E), "e")
	register(bindConstant("PI", math.Pi), "pi")
	register(bindAbs, "abs")
	register(bindRoundFn("round", false), "round")
	register(bindRoundFn("bround", true), "bround")
	register(bindCeilFloor(true), "ceil", "ceiling")
	register(bindCeilFloor(false), "floor")
	displayNames["ceil"] = "CEIL"
	displayNames["floor"] = "FLOOR"
	register(bindNegative, "negative")
	register(bindPositive, "positive")
	register(bindFactorial, "factorial")
	register(bindPmod, "pmod")
	register(bindBin, "bin")
	register(bindConv, "conv")
	register(bindWidthBucket, "width_bucket")
	register(bindShift("shiftleft"), "shiftleft")
	register(bindShift("shiftright"), "shiftright")
	register(bindShift("shiftrightunsigned"), "shiftrightunsigned")
	register(bindBitwiseNot, "bitwise_not")
	register(bindBitCount, "bit_count")
	register(bindBitGet, "bit_get", "getbit")
	register(bindTryArith("try_add", "+"), "try_add")
	register(bindTryArith("try_subtract", "-"), "try_subtract")
	register(bindTryArith("try_multiply", "*"), "try_multiply")
	register(bindTryArith("try_divide", "/"), "try_divide")
	register(bindTryArith("try_mod", "%"), "try_mod")
}

// positiveZero turns -0.0 into 0.0, as Spark's atan2 does by adding 0.0 to its arguments.
func positiveZero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}

func jSignum(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x // 0.0, -0.0 and NaN stay
}

// mathFn1 is a function of one DOUBLE; logarithms (log) give NULL at or below asymptote.
func mathFn1(name string, f func(float64) float64, asymptote float64, log bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 1, 1, inDouble)
		if err != nil {
			return nil, err
		}
		b := fn1(displayName(strings.ToLower(c.Name)), args[0], sqltypes.Double, func(_ *EvalContext, a any) (any, error) {
			x := a.(float64)
			if log && x <= asymptote {
				return nil, nil
			}
			return f(x), nil
		})
		if log {
			b.nullable = true
		}
		return b, nil
	}
}

func mathFn2(name string, f func(x, y float64) float64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inDouble)
		if err != nil {
			return nil, err
		}
		return fn2(displayName(strings.ToLower(c.Name)), args[0], args[1], sqltypes.Double, func(_ *EvalContext, a, b any) (any, error) {
			return f(a.(float64), b.(float64)), nil
		}), nil
	}
}

// bindLog is log(x) (the natural logarithm, printed ln) or log(base, x).
func bindLog(r *resolver, c Call) (Bound, error) {
	if len(c.Args) == 1 {
		b, err := mathFn1("ln", javamath.Log, 0, true)(r, c)
		if bf, ok := b.(*boundFunc); ok {
			bf.name = "ln"
		}
		return b, err
	}
	args, err := r.bindArgs(c, 2, 2, inDouble)
	if err != nil {
		return nil, err
	}
	return fn2("LOG", args[0], args[1], sqltypes.Double, func(_ *EvalContext, a, b any) (any, error) {
		base, x := a.(float64), b.(float64)
		if base <= 0 || x <= 0 {
			return nil, nil
		}
		return javamath.Log(x) / javamath.Log(base), nil
	}).withNullable(true), nil
}

func bindConstant(name string, v float64) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 0 {
			return nil, wrongArgs(strings.ToLower(name), "0", len(c.Args))
		}
		return &boundFunc{name: name, typ: sqltypes.Double, fn: func(*EvalContext, []any) (any, error) { return v, nil }}, nil
	}
}

// overflowMin checks the one integral value whose negation overflows.
func negateIntegral(ec *EvalContext, v any) (any, error) {
	switch x := v.(type) {
	case int8:
		if x == math.MinInt8 && ec.Ansi {
			return nil, arithmeticOverflow("byte", "try_subtract")
		}
		return -x, nil
	case int16:
		if x == math.MinInt16 && ec.Ansi {
			return nil, arithmeticOverflow("short", "try_subtract")
		}
		return -x, nil
	case int32:
		if x == math.MinInt32 && ec.Ansi {
			return nil, arithmeticOverflow("integer", "try_subtract")
		}
		return -x, nil
	case int64:
		if x == math.MinInt64 && ec.Ansi {
			return nil, arithmeticOverflow("long", "try_subtract")
		}
		return -x, nil
	case float64:
		return -x, nil
	case float32:
		return -x, nil
	case sqltypes.Decimal:
		return x.Neg(), nil
	}
	return nil, fmt.Errorf("negative: unexpected %T", v)
}

func bindAbs(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inNumeric)
	if err != nil {
		return nil, err
	}
	return fn1("abs", args[0], args[0].DataType(), func(ec *EvalContext, a any) (any, error) {
		switch x := a.(type) {
		case float64:
			return math.Abs(x), nil
		case float32:
			return float32(math.Abs(float64(x))), nil
		case sqltypes.Decimal:
			if x.Sign() < 0 {
				return x.Neg(), nil
			}
			return x, nil
		}
		if toInt64(a) < 0 {
			return negateIntegral(ec, a)
		}
		return a, nil
	}), nil
}

func bindNegative(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inNumeric)
	if err != nil {
		return nil, err
	}
	return fn1("negative", args[0], args[0].DataType(), negateIntegral), nil
}

func bindPositive(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inNumeric)
	if err != nil {
		return nil, err
	}
	f := fn1("positive", args[0], args[0].DataType(), func(_ *EvalContext, a any) (any, error) { return a, nil })
	f.sql = "(+ " + args[0].SQL() + ")"
	return f, nil
}

// bindRoundFn is round (HALF_UP) and bround (HALF_EVEN) to a constant scale.
func bindRoundFn(name string, halfEven bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 1 {
			c.Args = append(c.Args, Literal{Value: int32(0), Type: sqltypes.Integer})
		}
		args, err := r.bindArgs(c, 2, 2, inNumeric, inInt)
		if err != nil {
			return nil, err
		}
		s64, ok := intLiteral(args[1])
		if !ok {
			return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
				"Cannot resolve %s due to data type mismatch: the input `scale` should be a foldable \"INT\" expression; however, got %s.",
				quoteSQL(callSQL(name, args)), quoteSQL(args[1].SQL()))
		}
		scale := int(s64)
		t := args[0].DataType()
		out := t
		if d, ok := t.(sqltypes.DecimalType); ok && scale >= 0 {
			out = sqltypes.DecimalType{Precision: d.Precision, Scale: min(scale, d.Scale)}
			if scale < d.Scale {
				out = boundedDecimal(d.Precision-d.Scale+scale+1, scale)
			}
		} else if ok {
			out = boundedDecimal(d.Precision-d.Scale+1, 0)
		}
		return fn1(name, args[0], out, func(ec *EvalContext, a any) (any, error) {
			return roundValue(ec, a, scale, halfEven, out)
		}).withNullable(true).withSQL(args[0].SQL(), itoa0(scale)), nil
	}
}

func itoa0(n int) string { return strconv.Itoa(n) }

// roundValue rounds a number to scale decimal places (negative: tens, hundreds...).
func roundValue(ec *EvalContext, v any, scale int, halfEven bool, out sqltypes.DataType) (any, error) {
	switch x := v.(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return x, nil
		}
		return roundDecimalText(sqltypes.JavaDoubleString(x), scale, halfEven), nil
	case float32:
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return x, nil
		}
		return float32(roundDecimalText(sqltypes.JavaFloatString(x), scale, halfEven)), nil
	case sqltypes.Decimal:
		q := roundRat(decimalRat(x), scale, halfEven)
		d := out.(sqltypes.DecimalType)
		return decimalFromRat(ec, q, d)
	}
	if scale >= 0 {
		return v, nil
	}
	q := roundRat(new(big.Rat).SetInt64(toInt64(v)), scale, halfEven)
	n := new(big.Int).Quo(q.Num(), q.Denom())
	lo, hi := integralBounds(out)
	if n.Cmp(big.NewInt(lo)) < 0 || n.Cmp(big.NewInt(hi)) > 0 {
		if ec.Ansi {
			return nil, arithmeticOverflow(integralName(out), "try_"+map[bool]string{false: "round", true: "bround"}[halfEven])
		}
		return wrapIntegral(n.Int64(), out), nil
	}
	return wrapIntegral(n.Int64(), out), nil
}

func integralBounds(t sqltypes.DataType) (int64, int64) {
	switch t.(type) {
	case sqltypes.ByteType:
		return math.MinInt8, math.MaxInt8
	case sqltypes.ShortType:
		return math.MinInt16, math.MaxInt16
	case sqltypes.IntegerType:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

func integralName(t sqltypes.DataType) string {
	switch t.(type) {
	case sqltypes.ByteType:
		return "byte"
	case sqltypes.ShortType:
		return "short"
	case sqltypes.IntegerType:
		return "integer"
	}
	return "long"
}

func wrapIntegral(n int64, t sqltypes.DataType) any {
	switch t.(type) {
	case sqltypes.ByteType:
		return int8(n)
	case sqltypes.ShortType:
		return int16(n)
	case sqltypes.IntegerType:
		return int32(n)
	}
	return n
}

// roundRat rounds q to scale places, half up (away from zero) or half even.
func roundRat(q *big.Rat, scale int, halfEven bool) *big.Rat {
	mul := new(big.Rat).SetInt(pow10(int32(abs(int64(scale)))))
	x := new(big.Rat).Set(q)
	if scale >= 0 {
		x.Mul(x, mul)
	} else {
		x.Quo(x, mul)
	}
	num, den := x.Num(), x.Denom()
	quo, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	twice := new(big.Int).Abs(rem)
	twice.Lsh(twice, 1)
	c := twice.Cmp(den)
	if c > 0 || c == 0 && (!halfEven || quo.Bit(0) == 1) {
		if num.Sign() < 0 {
			quo.Sub(quo, big.NewInt(1))
		} else {
			quo.Add(quo, big.NewInt(1))
		}
	}
	res := new(big.Rat).SetInt(quo)
	if scale >= 0 {
		return res.Quo(res, mul)
	}
	return res.Mul(res, mul)
}

// roundDecimalText rounds a number given as Java's decimal text (BigDecimal.valueOf of a
// double) and returns the nearest double.
func roundDecimalText(text string, scale int, halfEven bool) float64 {
	q, ok := new(big.Rat).SetString(text)
	if !ok {
		f, _ := strconv.ParseFloat(text, 64)
		return f
	}
	f, _ := roundRat(q, scale, halfEven).Float64()
	if f == 0 && strings.HasPrefix(text, "-") {
		return 0 // BigDecimal has no negative zero
	}
	return f
}

// bindCeilFloor is ceil/floor(x[, scale]): a BIGINT for a double, a DECIMAL of scale 0 (or
// scale) for a decimal.
func bindCeilFloor(ceil bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		name := displayName(strings.ToLower(c.Name))
		if len(c.Args) == 2 {
			return bindCeilFloorScale(r, c, ceil)
		}
		args, err := r.bindArgs(c, 1, 1, inNumeric)
		if err != nil {
			return nil, err
		}
		a := args[0]
		var out sqltypes.DataType = sqltypes.Long
		switch t := a.DataType().(type) {
		case sqltypes.DecimalType:
			out = boundedDecimal(t.Precision-t.Scale+1, 0)
			if t.Scale == 0 {
				out = t
			}
		case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
			a = castTo(a, sqltypes.Long)
		default:
			a = castTo(a, sqltypes.Double)
		}
		return fn1(name, a, out, func(ec *EvalContext, v any) (any, error) {
			switch x := v.(type) {
			case float64:
				if ceil {
					x = math.Ceil(x)
				} else {
					x = math.Floor(x)
				}
				return javaDoubleToLong(x), nil
			case sqltypes.Decimal:
				q := decimalRat(x)
				n := new(big.Int).Quo(q.Num(), q.Denom())
				frac := new(big.Rat).Sub(q, new(big.Rat).SetInt(n))
				if ceil && frac.Sign() > 0 {
					n.Add(n, big.NewInt(1))
				}
				if !ceil && frac.Sign() < 0 {
					n.Sub(n, big.NewInt(1))
				}
				return decimalFromBig(ec, n, 0, out.(sqltypes.DecimalType))
			}
			return v, nil
		}), nil
	}
}

// bindCeilFloorScale is ceil/floor(x, scale): the result is a decimal.
func bindCeilFloorScale(r *resolver, c Call, ceil bool) (Bound, error) {
	name := strings.ToLower(c.Name)
	args, err := r.bindArgs(c, 2, 2, inNumeric, inInt)
	if err != nil {
		return nil, err
	}
	s64, ok := intLiteral(args[1])
	if !ok {
		return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
			"Cannot resolve %s due to data type mismatch: the input `scale` should be a foldable \"INT\" expression; however, got %s.",
			quoteSQL(callSQL(name, args)), quoteSQL(args[1].SQL()))
	}
	scale := int(s64)
	a := args[0]
	var in sqltypes.DecimalType
	switch t := a.DataType().(type) {
	case sqltypes.DecimalType:
		in = t
	case sqltypes.FloatType:
		in = sqltypes.DecimalType{Precision: 14, Scale: 7}
		a = castTo(a, in)
	case sqltypes.DoubleType:
		in = sqltypes.DecimalType{Precision: 30, Scale: 15}
		a = castTo(a, in)
	default:
		in = decimalForIntegral(t)
		a = castTo(a, in)
	}
	newScale := min(max(scale, 0), in.Scale)
	out := boundedDecimal(in.Precision-in.Scale+newScale+1, newScale)
	if scale < 0 {
		out = boundedDecimal(in.Precision-in.Scale+1, 0)
	}
	return fn1(name, a, out, func(ec *EvalContext, v any) (any, error) {
		q := decimalRat(v.(sqltypes.Decimal))
		mul := new(big.Rat).SetInt(pow10(int32(abs(int64(scale)))))
		x := new(big.Rat).Set(q)
		if scale >= 0 {
			x.Mul(x, mul)
		} else {
			x.Quo(x, mul)
		}
		n := new(big.Int).Quo(x.Num(), x.Denom())
		frac := new(big.Rat).Sub(x, new(big.Rat).SetInt(n))
		if ceil && frac.Sign() > 0 {
			n.Add(n, big.NewInt(1))
		}
		if !ceil && frac.Sign() < 0 {
			n.Sub(n, big.NewInt(1))
		}
		res := new(big.Rat).SetInt(n)
		if scale >= 0 {
			res.Quo(res, mul)
		} else {
			res.Mul(res, mul)
		}
		return decimalFromRat(ec, res, out)
	}).withNullable(true).withSQL(args[0].SQL(), args[1].SQL()), nil // the scale shows: ceil(x, 1)
}

// javaDoubleToLong is Java's (long) cast: saturating, NaN is 0.
func javaDoubleToLong(x float64) int64 {
	switch {
	case math.IsNaN(x):
		return 0
	case x >= math.MaxInt64:
		return math.MaxInt64
	case x <= math.MinInt64:
		return math.MinInt64
	}
	return int64(x)
}

var factorials = func() []int64 {
	out := []int64{1}
	for i := int64(1); i <= 20; i++ {
		out = append(out, out[i-1]*i)
	}
	return out
}()

func bindFactorial(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inInt)
	if err != nil {
		return nil, err
	}
	return fn1("factorial", args[0], sqltypes.Long, func(_ *EvalContext, a any) (any, error) {
		n := a.(int32)
		if n < 0 || n > 20 {
			return nil, nil
		}
		return factorials[n], nil
	}).withNullable(true), nil
}

// bindPmod is pmod(a, n): the remainder made positive for a positive n.
func bindPmod(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inNumeric)
	if err != nil {
		return nil, err
	}
	t, ok := comparisonType(args[0].DataType(), args[1].DataType())
	if !ok {
		return nil, binaryDiffTypes(callSQL("pmod", args), args[0], args[1])
	}
	a, n := castTo(args[0], t), castTo(args[1], t)
	return fn2("pmod", a, n, t, func(ec *EvalContext, x, y any) (any, error) {
		zero := false
		switch v := y.(type) {
		case float64:
			zero = v == 0
		case float32:
			zero = v == 0
		case sqltypes.Decimal:
			zero = v.Sign() == 0
		default:
			zero = toInt64(y) == 0
		}
		if zero {
			if ec.Ansi {
				return nil, &ArithmeticError{Class: "REMAINDER_BY_ZERO", Message: "Remainder by zero. Use `try_mod` to tolerate divisor being 0 and return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error."}
			}
			return nil, nil
		}
		rem, err := arith(ec, "%", x, y, t)
		if err != nil || rem == nil {
			return rem, err
		}
		if compareValues(rem, zeroOfType(t), t) < 0 {
			sum, err := arith(&EvalContext{Ansi: false, Location: ec.Location}, "+", rem, y, t)
			if err != nil {
				return nil, err
			}
			return arith(ec, "%", sum, y, t)
		}
		return rem, nil
	}).withNullable(true), nil
}

func zeroOfType(t sqltypes.DataType) any {
	switch t.(type) {
	case sqltypes.DoubleType:
		return 0.0
	case sqltypes.FloatType:
		return float32(0)
	case sqltypes.DecimalType:
		return sqltypes.Decimal{}
	}
	return zeroOf(t)
}

func bindBin(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inLong)
	if err != nil {
		return nil, err
	}
	return fn1("bin", args[0], sqltypes.String, func(_ *EvalContext, a any) (any, error) {
		return strconv.FormatUint(uint64(a.(int64)), 2), nil
	}), nil
}

// bindConv is conv(num, fromBase, toBase) as Spark's NumberConverter: unsigned 64-bit
// arithmetic, a negative toBase prints a signed result, the longest valid prefix counts.
func bindConv(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 3, 3, inString, inInt, inInt)
	if err != nil {
		return nil, err
	}
	return fn3("conv", args[0], args[1], args[2], sqltypes.String, func(ec *EvalContext, a, f, t any) (any, error) {
		return convNumber(ec, strings.TrimSpace(a.(string)), int(f.(int32)), int(t.(int32)))
	}).withNullable(true), nil
}

func convNumber(ec *EvalContext, s string, from, to int) (any, error) {
	if from < 2 || from > 36 || abs(int64(to)) < 2 || abs(int64(to)) > 36 || s == "" {
		return nil, nil
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var v uint64
	overflow := false
	for _, ch := range s {
		d := digitValue(ch)
		if d < 0 || d >= from {
			break
		}
		hi, lo := bits.Mul64(v, uint64(from))
		lo, carry := bits.Add64(lo, uint64(d), 0)
		if hi != 0 || carry != 0 {
			overflow = true
			v = math.MaxUint64
			break
		}
		v = lo
	}
	if overflow && ec.Ansi {
		return nil, &ArithmeticError{Class: "ARITHMETIC_OVERFLOW", Message: "Overflow in function conv(). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this error."}
	}
	if neg {
		v = -v
	}
	if to < 0 && int64(v) < 0 {
		return "-" + strings.ToUpper(strconv.FormatUint(-v, -to)), nil
	}
	return strings.ToUpper(strconv.FormatUint(v, int(abs(int64(to))))), nil
}

func digitValue(r rune) int {
	switch {
	case r >= '0' && r <= '9':
		return int(r - '0')
	case r >= 'a' && r <= 'z':
		return int(r-'a') + 10
	case r >= 'A' && r <= 'Z':
		return int(r-'A') + 10
	}
	return -1
}

func bindWidthBucket(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 4, 4, inDouble, inDouble, inDouble, inLong)
	if err != nil {
		return nil, err
	}
	return fnN("width_bucket", args, sqltypes.Long, func(_ *EvalContext, v []any) (any, error) {
		x, lo, hi, n := v[0].(float64), v[1].(float64), v[2].(float64), v[3].(int64)
		if n <= 0 || n == math.MaxInt64 || math.IsNaN(x) || lo == hi || math.IsNaN(lo) || math.IsInf(lo, 0) || math.IsNaN(hi) || math.IsInf(hi, 0) {
			return nil, nil
		}
		lower, upper := math.Min(lo, hi), math.Max(lo, hi)
		if lo < hi {
			switch {
			case x < lower:
				return int64(0), nil
			case x >= upper:
				return n + 1, nil
			}
			return int64(float64(n)*(x-lower)/(upper-lower)) + 1, nil
		}
		switch {
		case x > upper:
			return int64(0), nil
		case x <= lower:
			return n + 1, nil
		}
		return int64(float64(n)*(upper-x)/(upper-lower)) + 1, nil
	}).withNullable(true), nil
}

// bindShift is shiftleft/shiftright/shiftrightunsigned on INT or BIGINT; the shift count
// is masked as the JVM does (31 for an int, 63 for a long).
func bindShift(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inIntegral, inInt)
		if err != nil {
			return nil, err
		}
		a := args[0]
		if _, isLong := a.DataType().(sqltypes.LongType); !isLong {
			a = castTo(a, sqltypes.Integer)
		}
		return fn2(name, a, args[1], a.DataType(), func(_ *EvalContext, x, n any) (any, error) {
			k := uint(n.(int32))
			switch v := x.(type) {
			case int32:
				k &= 31
				switch name {
				case "shiftleft":
					return v << k, nil
				case "shiftright":
					return v >> k, nil
				}
				return int32(uint32(v) >> k), nil
			case int64:
				k &= 63
				switch name {
				case "shiftleft":
					return v << k, nil
				case "shiftright":
					return v >> k, nil
				}
				return int64(uint64(v) >> k), nil
			}
			return nil, nil
		}), nil
	}
}

func bindBitwiseNot(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inIntegral)
	if err != nil {
		return nil, err
	}
	f := fn1("bitwise_not", args[0], args[0].DataType(), func(_ *EvalContext, a any) (any, error) {
		switch v := a.(type) {
		case int8:
			return ^v, nil
		case int16:
			return ^v, nil
		case int32:
			return ^v, nil
		}
		return ^a.(int64), nil
	})
	f.sql = "~" + args[0].SQL()
	return f, nil
}

func bindBitCount(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 1, 1, inIntegral)
	if err != nil {
		return nil, err
	}
	return fn1("bit_count", args[0], sqltypes.Integer, func(_ *EvalContext, a any) (any, error) {
		return int32(bits.OnesCount64(uint64(toInt64(a)))), nil
	}), nil
}

func bindBitGet(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inIntegral, inInt)
	if err != nil {
		return nil, err
	}
	width := map[string]int{"TINYINT": 8, "SMALLINT": 16, "INT": 32, "BIGINT": 64}[args[0].DataType().SQL()]
	return fn2(strings.ToLower(c.Name), args[0], args[1], sqltypes.Byte, func(_ *EvalContext, a, p any) (any, error) {
		pos := int(p.(int32))
		if pos < 0 || pos >= width {
			return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE", Message: fmt.Sprintf(
				"The value of parameter(s) `pos` in `bit_get` is invalid: expects an integer value in [0, %d), but got %d.", width, pos)}
		}
		return int8((uint64(toInt64(a)) >> uint(pos)) & 1), nil
	}), nil
}

// bindTryArith is try_add and friends: the operator with NULL instead of an overflow or a
// division by zero.
func bindTryArith(name, op string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 2 {
			return nil, wrongArgs(name, "2", len(c.Args))
		}
		b, err := r.resolveBinary(BinaryOp{Op: op, Left: c.Args[0], Right: c.Args[1]})
		if err != nil {
			return nil, err
		}
		left, _ := r.resolve(c.Args[0])
		right, _ := r.resolve(c.Args[1])
		ar, ok := b.(*boundArith)
		if !ok {
			// Dates and intervals: Spark's TryEval of the ANSI operation, an error is NULL.
			return &boundTryEval{child: b, sql: name + "(" + left.SQL() + ", " + right.SQL() + ")"}, nil
		}
		f := fn2(name, ar.left, ar.right, ar.typ, func(ec *EvalContext, x, y any) (any, error) {
			v, err := arith(ec, op, x, y, ar.typ)
			if err != nil {
				return nil, nil
			}
			return v, nil
		}).withNullable(true)
		f.sqlArgs = []string{left.SQL(), right.SQL()}
		return f, nil
	}
}

// boundTryEval is Spark's TryEval: the child's value, or NULL where evaluating it fails.
type boundTryEval struct {
	child Bound
	sql   string
}

func (b *boundTryEval) DataType() sqltypes.DataType { return b.child.DataType() }
func (b *boundTryEval) Nullable() bool              { return true }
func (b *boundTryEval) SQL() string                 { return b.sql }
func (b *boundTryEval) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil {
		return nil, nil
	}
	return v, nil
}

func zeroOf(t sqltypes.DataType) any {
	switch t.(type) {
	case sqltypes.ByteType:
		return int8(0)
	case sqltypes.ShortType:
		return int16(0)
	case sqltypes.IntegerType:
		return int32(0)
	}
	return int64(0)
}
