package math

// The functions and constants math gained after Python 3.4: isclose, prod, comb,
// perm, gcd/lcm of any number of ints, isqrt, dist, cbrt, exp2, nextafter, ulp,
// remainder, tau, inf, nan.

import (
	"math"
	"math/big"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	impl := py.GetModuleImpl("math")
	impl.Globals["tau"] = py.Float(2 * math.Pi)
	impl.Globals["inf"] = py.Float(math.Inf(1))
	impl.Globals["nan"] = py.Float(math.NaN())
	impl.Methods = append(impl.Methods,
		py.MustNewMethod("isclose", mathIsclose, 0, "Determine whether two floating point numbers are close in value."),
		py.MustNewMethod("prod", mathProd, 0, "Calculate the product of all the elements in the input iterable."),
		py.MustNewMethod("comb", mathComb, 0, "Number of ways to choose k items from n items without repetition and without order."),
		py.MustNewMethod("perm", mathPerm, 0, "Number of ways to choose k items from n items without repetition and with order."),
		py.MustNewMethod("gcd", mathGcd, 0, "Greatest Common Divisor."),
		py.MustNewMethod("lcm", mathLcm, 0, "Least Common Multiple."),
		py.MustNewMethod("isqrt", mathIsqrt, 0, "Return the integer part of the square root of the input."),
		py.MustNewMethod("dist", mathDist, 0, "Return the Euclidean distance between two points p and q."),
		py.MustNewMethod("cbrt", floatFunc("cbrt", math.Cbrt), 0, "Return the cube root of x."),
		py.MustNewMethod("exp2", floatFunc("exp2", math.Exp2), 0, "Return 2 raised to the power x."),
		py.MustNewMethod("nextafter", mathNextafter, 0, "Return the next floating-point value after x towards y."),
		py.MustNewMethod("ulp", mathUlp, 0, "Return the value of the least significant bit of the float x."),
		py.MustNewMethod("remainder", mathRemainder, 0, "Difference between x and the closest integer multiple of y."),
	)
}

func toFloat(name string, o py.Object) (float64, error) {
	f, err := py.MakeFloat(py.Unwrap(o))
	if err != nil {
		return 0, py.ExceptionNewf(py.TypeError, "must be real number, not %s", o.Type().Name)
	}
	return float64(f.(py.Float)), nil
}

func floatFunc(name string, fn func(float64) float64) func(py.Object, py.Object) (py.Object, error) {
	return func(self, x py.Object) (py.Object, error) {
		f, err := toFloat(name, x)
		if err != nil {
			return nil, err
		}
		return py.Float(fn(f)), nil
	}
}

func mathIsclose(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var a, b py.Object
	var relTol, absTol py.Object = py.Float(1e-09), py.Float(0.0)
	if err := py.ParseTupleAndKeywords(args, kwargs, "OO|$OO:isclose", []string{"a", "b", "rel_tol", "abs_tol"}, &a, &b, &relTol, &absTol); err != nil {
		return nil, err
	}
	x, err := toFloat("isclose", a)
	if err != nil {
		return nil, err
	}
	y, err := toFloat("isclose", b)
	if err != nil {
		return nil, err
	}
	rt, err := toFloat("isclose", relTol)
	if err != nil {
		return nil, err
	}
	at, err := toFloat("isclose", absTol)
	if err != nil {
		return nil, err
	}
	if rt < 0 || at < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "tolerances must be non-negative")
	}
	if x == y {
		return py.True, nil
	}
	if math.IsInf(x, 0) || math.IsInf(y, 0) {
		return py.False, nil
	}
	diff := math.Abs(y - x)
	return py.NewBool(diff <= math.Abs(rt*y) || diff <= math.Abs(rt*x) || diff <= at), nil
}

func mathProd(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var iterable py.Object
	var start py.Object = py.Int(1)
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|$O:prod", []string{"iterable", "start"}, &iterable, &start); err != nil {
		return nil, err
	}
	result := start
	var ierr error
	err := py.Iterate(iterable, func(item py.Object) bool {
		result, ierr = py.Mul(result, item)
		return ierr != nil
	})
	if err != nil {
		return nil, err
	}
	return result, ierr
}

// bigArg reads a non-negative-or-any integer argument as a big.Int.
func bigArg(name string, o py.Object) (*big.Int, error) {
	switch x := py.Unwrap(o).(type) {
	case py.Int:
		return big.NewInt(int64(x)), nil
	case *py.BigInt:
		return new(big.Int).Set((*big.Int)(x)), nil
	case py.Bool:
		if x {
			return big.NewInt(1), nil
		}
		return big.NewInt(0), nil
	case py.Float:
		return nil, py.ExceptionNewf(py.TypeError, "'float' object cannot be interpreted as an integer")
	}
	i, err := py.Index(o)
	if err != nil {
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", o.Type().Name)
	}
	return big.NewInt(int64(i)), nil
}

func bigResult(v *big.Int) py.Object {
	if v.IsInt64() {
		return py.Int(v.Int64())
	}
	return (*py.BigInt)(v)
}

func mathComb(self py.Object, args py.Tuple) (py.Object, error) {
	var no, ko py.Object
	if err := py.UnpackTuple(args, nil, "comb", 2, 2, &no, &ko); err != nil {
		return nil, err
	}
	n, err := bigArg("comb", no)
	if err != nil {
		return nil, err
	}
	k, err := bigArg("comb", ko)
	if err != nil {
		return nil, err
	}
	if n.Sign() < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "n must be a non-negative integer")
	}
	if k.Sign() < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "k must be a non-negative integer")
	}
	if k.Cmp(n) > 0 {
		return py.Int(0), nil
	}
	if !k.IsInt64() || !n.IsInt64() {
		return nil, py.ExceptionNewf(py.OverflowError, "comb argument too large")
	}
	return bigResult(new(big.Int).Binomial(n.Int64(), k.Int64())), nil
}

func mathPerm(self py.Object, args py.Tuple) (py.Object, error) {
	var no py.Object
	var ko py.Object = py.None
	if err := py.UnpackTuple(args, nil, "perm", 1, 2, &no, &ko); err != nil {
		return nil, err
	}
	n, err := bigArg("perm", no)
	if err != nil {
		return nil, err
	}
	if n.Sign() < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "n must be a non-negative integer")
	}
	k := n
	if ko != py.None {
		if k, err = bigArg("perm", ko); err != nil {
			return nil, err
		}
		if k.Sign() < 0 {
			return nil, py.ExceptionNewf(py.ValueError, "k must be a non-negative integer")
		}
	}
	if k.Cmp(n) > 0 {
		return py.Int(0), nil
	}
	if !k.IsInt64() {
		return nil, py.ExceptionNewf(py.OverflowError, "perm argument too large")
	}
	out := big.NewInt(1)
	cur := new(big.Int).Set(n)
	one := big.NewInt(1)
	for i := int64(0); i < k.Int64(); i++ {
		out.Mul(out, cur)
		cur.Sub(cur, one)
	}
	return bigResult(out), nil
}

func mathGcd(self py.Object, args py.Tuple) (py.Object, error) {
	g := big.NewInt(0)
	for _, a := range args {
		v, err := bigArg("gcd", a)
		if err != nil {
			return nil, err
		}
		g.GCD(nil, nil, g, new(big.Int).Abs(v))
	}
	return bigResult(g), nil
}

func mathLcm(self py.Object, args py.Tuple) (py.Object, error) {
	l := big.NewInt(1)
	for _, a := range args {
		v, err := bigArg("lcm", a)
		if err != nil {
			return nil, err
		}
		v.Abs(v)
		if v.Sign() == 0 {
			l = big.NewInt(0)
			continue
		}
		if l.Sign() == 0 {
			continue
		}
		g := new(big.Int).GCD(nil, nil, l, v)
		l.Mul(l, new(big.Int).Quo(v, g))
	}
	return bigResult(l), nil
}

func mathIsqrt(self, arg py.Object) (py.Object, error) {
	v, err := bigArg("isqrt", arg)
	if err != nil {
		return nil, err
	}
	if v.Sign() < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "isqrt() argument must be nonnegative")
	}
	return bigResult(new(big.Int).Sqrt(v)), nil
}

func floats(name string, o py.Object) ([]float64, error) {
	var out []float64
	var ierr error
	err := py.Iterate(o, func(item py.Object) bool {
		var f float64
		f, ierr = toFloat(name, item)
		out = append(out, f)
		return ierr != nil
	})
	if err != nil {
		return nil, err
	}
	return out, ierr
}

func mathDist(self py.Object, args py.Tuple) (py.Object, error) {
	var po, qo py.Object
	if err := py.UnpackTuple(args, nil, "dist", 2, 2, &po, &qo); err != nil {
		return nil, err
	}
	p, err := floats("dist", po)
	if err != nil {
		return nil, err
	}
	q, err := floats("dist", qo)
	if err != nil {
		return nil, err
	}
	if len(p) != len(q) {
		return nil, py.ExceptionNewf(py.ValueError, "both points must have the same number of dimensions")
	}
	diffs := make([]float64, len(p))
	for i := range p {
		diffs[i] = math.Abs(p[i] - q[i])
	}
	return py.Float(hypotN(diffs)), nil
}

// hypotN is the Euclidean norm of non-negative xs as CPython 3.11 computes it: scaled
// by a power of two, squares summed with their rounding errors, and the square root
// corrected once by its residual, so the result is almost always correctly rounded.
func hypotN(xs []float64) float64 {
	maxv, nan := 0.0, false
	for _, x := range xs {
		switch {
		case math.IsInf(x, 0):
			return math.Inf(1)
		case math.IsNaN(x):
			nan = true
		case x > maxv:
			maxv = x
		}
	}
	if nan {
		return math.NaN()
	}
	if maxv == 0 || len(xs) <= 1 {
		return maxv
	}
	_, exp := math.Frexp(maxv)
	var sum, comp float64
	add := func(v float64) {
		t := sum + v
		if math.Abs(sum) >= math.Abs(v) {
			comp += (sum - t) + v
		} else {
			comp += (v - t) + sum
		}
		sum = t
	}
	for _, x := range xs {
		x = math.Ldexp(x, -exp)
		sq := x * x
		add(sq)
		add(math.FMA(x, x, -sq))
	}
	h := math.Sqrt(sum + comp)
	h += (math.FMA(-h, h, sum) + comp) / (2 * h)
	return math.Ldexp(h, exp)
}

func mathNextafter(self py.Object, args py.Tuple) (py.Object, error) {
	var xo, yo py.Object
	if err := py.UnpackTuple(args, nil, "nextafter", 2, 2, &xo, &yo); err != nil {
		return nil, err
	}
	x, err := toFloat("nextafter", xo)
	if err != nil {
		return nil, err
	}
	y, err := toFloat("nextafter", yo)
	if err != nil {
		return nil, err
	}
	return py.Float(math.Nextafter(x, y)), nil
}

func mathUlp(self, arg py.Object) (py.Object, error) {
	x, err := toFloat("ulp", arg)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return py.Float(math.Abs(x)), nil
	}
	x = math.Abs(x)
	next := math.Nextafter(x, math.Inf(1))
	if math.IsInf(next, 0) {
		return py.Float(x - math.Nextafter(x, 0)), nil
	}
	return py.Float(next - x), nil
}

func mathRemainder(self py.Object, args py.Tuple) (py.Object, error) {
	var xo, yo py.Object
	if err := py.UnpackTuple(args, nil, "remainder", 2, 2, &xo, &yo); err != nil {
		return nil, err
	}
	x, err := toFloat("remainder", xo)
	if err != nil {
		return nil, err
	}
	y, err := toFloat("remainder", yo)
	if err != nil {
		return nil, err
	}
	if math.IsInf(x, 0) || y == 0 && !math.IsNaN(x) {
		return nil, py.ExceptionNewf(py.ValueError, "math domain error")
	}
	return py.Float(math.Remainder(x, y)), nil
}
