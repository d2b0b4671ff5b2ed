package pyspark

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-python/gpython/py"
)

// gpython prints floats with Go's %g (123456789.5 -> 1.23456789e+08), a one-item tuple
// as "(1)", and has no __name__ on classes, no usable staticmethod and no super. These
// are what a learner meets first, so print, repr and format go through pyRepr/pyStr here,
// which spell values the way CPython does.

// pyRepr is CPython's repr for the built-in containers and numbers; other objects keep
// their own __repr__.
func pyRepr(o py.Object) (string, error) {
	switch x := o.(type) {
	case py.Float:
		return floatRepr(float64(x)), nil
	case py.Tuple:
		if len(x) == 1 {
			s, err := pyRepr(x[0])
			return "(" + s + ",)", err
		}
		return seqRepr("(", ")", x)
	case *py.List:
		return seqRepr("[", "]", x.Items)
	case *py.Exception:
		args, _ := x.Args.(py.Tuple)
		return seqRepr(x.Base.Name+"(", ")", args)
	case py.StringDict:
		var b strings.Builder
		b.WriteByte('{')
		for i, k := range sortedInsertion(x) {
			if i > 0 {
				b.WriteString(", ")
			}
			kr, _ := py.ReprAsString(py.String(k))
			vr, err := pyRepr(x[k])
			if err != nil {
				return "", err
			}
			b.WriteString(kr + ": " + vr)
		}
		b.WriteByte('}')
		return b.String(), nil
	}
	return py.ReprAsString(o)
}

// sortedInsertion orders a dict's keys. gpython's dict is a Go map without insertion
// order, so keys print sorted: stable output beats random output.
func sortedInsertion(d py.StringDict) []string { return sortedKeys(d) }

func seqRepr(open, close string, items []py.Object) (string, error) {
	var b strings.Builder
	b.WriteString(open)
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		s, err := pyRepr(it)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	b.WriteString(close)
	return b.String(), nil
}

// pyStr is str(o) with pyRepr's spelling for numbers and containers.
func pyStr(o py.Object) (string, error) {
	switch x := o.(type) {
	case py.String:
		return string(x), nil
	case py.Float, py.Tuple, *py.List, py.StringDict:
		return pyRepr(x)
	}
	return py.StrAsString(o)
}

// builtinPrint is print(*objects, sep=' ', end='\n', file=sys.stdout, flush=False).
func (in *Interpreter) builtinPrint(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	sep, end := " ", "\n"
	var file py.Object
	for k, v := range kwargs {
		switch k {
		case "sep", "end":
			s := map[string]string{"sep": " ", "end": "\n"}[k]
			if v != py.None {
				vs, ok := v.(py.String)
				if !ok {
					return nil, py.ExceptionNewf(py.TypeError, "%s must be None or a string, not %s", k, v.Type().Name)
				}
				s = string(vs)
			}
			if k == "sep" {
				sep = s
			} else {
				end = s
			}
		case "file":
			if v != py.None {
				file = v
			}
		case "flush":
		default:
			return nil, py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for print()", k)
		}
	}
	if file == nil {
		sys, err := in.pctx.GetModule("sys")
		if err != nil {
			return nil, err
		}
		file = sys.Globals["stdout"]
	}
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteString(sep)
		}
		s, err := pyStr(a)
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
	}
	b.WriteString(end)
	write, err := py.GetAttrString(file, "write")
	if err != nil {
		return nil, err
	}
	_, err = py.Call(write, py.Tuple{py.String(b.String())}, nil)
	if err != nil {
		return nil, err
	}
	return py.None, nil
}

// pyStaticMethod is staticmethod(f): callable from the class and from instances.
type pyStaticMethod struct{ fn py.Object }

var staticMethodType = py.NewType("staticmethod", "staticmethod(function) -> method")

func (s *pyStaticMethod) Type() *py.Type { return staticMethodType }
func (s *pyStaticMethod) M__call__(args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	return py.Call(s.fn, args, kwargs)
}
func (s *pyStaticMethod) M__get__(instance, owner py.Object) (py.Object, error) { return s.fn, nil }

func init() {
	py.ObjectType.Dict["__name__"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		if t, ok := self.(*py.Type); ok {
			return py.String(t.Name), nil
		}
		return nil, py.ExceptionNewf(py.AttributeError, "'%s' object has no attribute '__name__'", self.Type().Name)
	}}
	py.ObjectType.Dict["__class__"] = &py.Property{Fget: func(self py.Object) (py.Object, error) {
		return self.Type(), nil
	}}
}

// installReprBuiltins puts the CPython-faithful print/repr and the class helpers in builtins.
func (in *Interpreter) installReprBuiltins(g py.StringDict) {
	g["print"] = py.MustNewMethod("print", in.builtinPrint, 0, "print(value, ..., sep=' ', end='\\n', file=sys.stdout, flush=False)")
	g["repr"] = py.MustNewMethod("repr", func(self, o py.Object) (py.Object, error) {
		s, err := pyRepr(o)
		return py.String(s), err
	}, 0, "repr(object) -> string")
	g["__kl_repr__"] = g["repr"]
	g["__kl_str__"] = py.MustNewMethod("__kl_str__", func(self, o py.Object) (py.Object, error) {
		s, err := pyStr(o)
		return py.String(s), err
	}, 0, "f-string support")
	g["round"] = py.MustNewMethod("round", builtinRound, 0, "round(number[, ndigits]) -> number")
	g["staticmethod"] = py.MustNewMethod("staticmethod", func(self, fn py.Object) (py.Object, error) {
		return &pyStaticMethod{fn}, nil
	}, 0, "staticmethod(function) -> method")
	g["super"] = py.MustNewMethod("super", func(self py.Object, args py.Tuple) (py.Object, error) {
		return nil, unsupported("super()", "call the base class directly: Base.__init__(self, ...)")
	}, 0, "")
}

func init() {
	strNew := py.StringType.New
	py.StringType.New = func(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) == 1 && len(kwargs) == 0 {
			switch args[0].(type) {
			case py.Float, py.Tuple, *py.List, py.StringDict:
				s, err := pyStr(args[0])
				return py.String(s), err
			}
		}
		return strNew(metatype, args, kwargs)
	}
}

// builtinRound is round(number[, ndigits]) with CPython's results: half to even on the
// exact binary value (round(2.675, 2) == 2.67), an int without ndigits.
func builtinRound(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := parseArgs("round", args, kwargs, []string{"number", "ndigits"}, 1)
	if err != nil {
		return nil, err
	}
	nd := a[1]
	switch x := a[0].(type) {
	case py.Int, py.Bool:
		if nd == nil || nd == py.None {
			return x, nil
		}
		n, err := asInt("round", nd, 0)
		if err != nil {
			return nil, err
		}
		if n >= 0 {
			return x, nil
		}
		f, _ := formatFloatFixed(float64(toInt64(x)), n)
		return py.Int(int64(f)), nil
	case py.Float:
		if nd == nil || nd == py.None {
			r := math.RoundToEven(float64(x))
			if math.IsInf(r, 0) || math.IsNaN(r) {
				return nil, py.ExceptionNewf(py.OverflowError, "cannot convert float infinity or NaN to integer")
			}
			return py.Int(int64(r)), nil
		}
		n, err := asInt("round", nd, 0)
		if err != nil {
			return nil, err
		}
		f, err := formatFloatFixed(float64(x), n)
		if err != nil {
			return nil, err
		}
		return py.Float(f), nil
	case *pyDecimal:
		n, err := asInt("round", nd, 0)
		if err != nil {
			return nil, err
		}
		f, err := formatFloatFixed(x.d.Float64(), n)
		return py.Float(f), err
	}
	return nil, py.ExceptionNewf(py.TypeError, "type %s doesn't define __round__ method", a[0].Type().Name)
}

func toInt64(o py.Object) int64 {
	switch x := o.(type) {
	case py.Int:
		return int64(x)
	case py.Bool:
		if x {
			return 1
		}
	}
	return 0
}

// formatFloatFixed rounds f to n decimal places (n may be negative) correctly rounded.
func formatFloatFixed(f float64, n int) (float64, error) {
	if n >= 0 {
		return strconv.ParseFloat(strconv.FormatFloat(f, 'f', n, 64), 64)
	}
	p := math.Pow(10, float64(-n))
	return math.RoundToEven(f/p) * p, nil
}
