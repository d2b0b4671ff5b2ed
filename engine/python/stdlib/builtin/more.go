// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Builtins with CPython's behaviour: the ones gpython lacked (hash, id, callable,
// dir, vars, format, reversed...) and replacements for ones that differed (round,
// sorted, min/max, sum, pow, print).

package builtin

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

func init() {
	impl := py.GetModuleImpl("builtins")
	replace := map[string]*py.Method{}
	add := func(name string, f interface{}, doc string) {
		replace[name] = py.MustNewMethod(name, f, 0, doc)
	}
	add("hash", builtinHash, "hash(obj) -> int")
	add("id", builtinID, "id(obj) -> int")
	add("callable", builtinCallable, "callable(obj) -> bool")
	add("dir", builtinDir, "dir([object]) -> list of strings")
	add("vars", builtinVars, "vars([object]) -> dictionary")
	add("format", builtinFormat, "format(value, format_spec='') -> str")
	add("reversed", builtinReversed, "reversed(sequence) -> reverse iterator")
	add("round", builtinRound, "round(number, ndigits=None) -> number")
	add("sorted", builtinSorted, "sorted(iterable, /, *, key=None, reverse=False) -> list")
	add("min", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return minMax("min", args, kwargs, false)
	}, "min(iterable, *[, default=obj, key=func]) -> value")
	add("max", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return minMax("max", args, kwargs, true)
	}, "max(iterable, *[, default=obj, key=func]) -> value")
	add("sum", builtinSum, "sum(iterable, /, start=0)")
	add("pow", builtinPow, "pow(base, exp, mod=None)")
	add("divmod", builtinDivmod, "divmod(x, y) -> (div, mod)")
	add("abs", builtinAbs, "abs(x)")
	add("repr", func(self, o py.Object) (py.Object, error) {
		s, err := py.ReprString(o)
		return py.String(s), err
	}, "repr(object) -> str")
	add("ascii", func(self, o py.Object) (py.Object, error) {
		s, err := py.ReprString(o)
		return py.String(py.EscapeNonASCII(s)), err
	}, "ascii(object) -> str")
	add("bin", func(self, o py.Object) (py.Object, error) { return intBase(o, 2, "0b") }, "bin(number) -> str")
	add("oct", func(self, o py.Object) (py.Object, error) { return intBase(o, 8, "0o") }, "oct(number) -> str")
	add("hex", func(self, o py.Object) (py.Object, error) { return intBase(o, 16, "0x") }, "hex(number) -> str")
	add("getattr", builtinGetattr, "getattr(object, name[, default]) -> value")
	add("next", builtinNext, "next(iterator[, default])")
	add("iter", builtinIter, "iter(iterable) -> iterator; iter(callable, sentinel) -> iterator")
	add("print", builtinPrint, "print(value, ..., sep=' ', end='\\n', file=sys.stdout, flush=False)")
	add("any", func(self, it py.Object) (py.Object, error) { return anyAll(it, true) }, "any(iterable) -> bool")
	add("all", func(self, it py.Object) (py.Object, error) { return anyAll(it, false) }, "all(iterable) -> bool")
	add("chr", builtinChr, "chr(i) -> Unicode character")
	for i, m := range impl.Methods {
		if r, ok := replace[m.Name]; ok {
			impl.Methods[i] = r
			delete(replace, m.Name)
		}
	}
	names := make([]string, 0, len(replace))
	for n := range replace {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		impl.Methods = append(impl.Methods, replace[n])
	}
	impl.Globals["reversed"] = nil
	delete(impl.Globals, "reversed")
	impl.Globals["bytearray"] = py.BytesType
}

func builtinHash(self, o py.Object) (py.Object, error) {
	h, err := py.Hash(o)
	return py.Int(h), err
}

func builtinID(self, o py.Object) (py.Object, error) {
	v := reflect.ValueOf(o)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return py.Int(int64(v.Pointer())), nil
	}
	h, err := py.Hash(o)
	if err != nil {
		return py.Int(0), nil
	}
	return py.Int(h), nil
}

// Callable reports whether o can be called.
func Callable(o py.Object) bool {
	switch x := o.(type) {
	case *py.Type:
		if py.IsClass(x) {
			return true
		}
		return x.Type().Lookup("__call__") != nil
	case *py.Function, *py.Method, *py.BoundMethod:
		return true
	}
	_, ok := o.(py.I__call__)
	return ok
}

func builtinCallable(self, o py.Object) (py.Object, error) { return py.NewBool(Callable(o)), nil }

func builtinDir(self py.Object, args py.Tuple) (py.Object, error) {
	if len(args) == 0 {
		return py.NewList(), nil
	}
	seen := map[string]bool{}
	o := args[0]
	if d, ok := o.(py.IGetDict); ok {
		for k := range d.GetDict() {
			seen[k] = true
		}
	}
	var t *py.Type
	if c, ok := o.(*py.Type); ok && py.IsClass(c) {
		t = c
	} else {
		t = o.Type()
	}
	for _, b := range t.Mro {
		for k := range b.(*py.Type).Dict {
			seen[k] = true
		}
	}
	names := make([]string, 0, len(seen))
	for k := range seen {
		names = append(names, k)
	}
	sort.Strings(names)
	return py.NewListFromStrings(names), nil
}

func builtinVars(self py.Object, args py.Tuple) (py.Object, error) {
	if len(args) != 1 {
		return nil, py.ExceptionNewf(py.TypeError, "vars() without arguments is not supported here; use locals()")
	}
	if d, ok := args[0].(py.IGetDict); ok {
		return d.GetDict(), nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "vars() argument must have __dict__ attribute")
}

func builtinFormat(self py.Object, args py.Tuple) (py.Object, error) {
	var v py.Object
	var spec py.Object = py.String("")
	if err := py.UnpackTuple(args, nil, "format", 1, 2, &v, &spec); err != nil {
		return nil, err
	}
	s, ok := spec.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "format() argument 2 must be str, not %s", spec.Type().Name)
	}
	out, err := py.Format(v, string(s))
	return py.String(out), err
}

func builtinReversed(self, o py.Object) (py.Object, error) {
	if inst, ok := o.(*py.Type); ok {
		// an instance of a Python class, or a class whose metaclass has __reversed__
		if fn := inst.Type().Lookup("__reversed__"); fn != nil {
			if fn == py.None {
				return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not reversible", o.Type().Name)
			}
			return py.CallSpecial(fn, inst)
		}
		if inst.Value != nil {
			return builtinReversed(self, inst.Value)
		}
		if !py.IsClass(inst) {
			// the sequence protocol: __len__ and __getitem__
			if getitem := inst.Type().Lookup("__getitem__"); getitem != nil {
				n, err := py.Len(inst)
				if err != nil {
					return nil, err
				}
				size, err := py.IndexInt(n)
				if err != nil {
					return nil, err
				}
				items := make(py.Tuple, size)
				for i := 0; i < size; i++ {
					v, err := py.CallSpecial(getitem, inst, py.Int(size-1-i))
					if err != nil {
						return nil, err
					}
					items[i] = v
				}
				return py.NewIterator(items), nil
			}
		}
	}
	if d, ok := o.(*py.Dict); ok {
		keys := d.Keys()
		for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
			keys[i], keys[j] = keys[j], keys[i]
		}
		return py.NewIterator(py.Tuple(keys)), nil
	}
	if r, ok := o.(interface{ M__reversed__() (py.Object, error) }); ok {
		return r.M__reversed__()
	}
	var items []py.Object
	switch x := o.(type) {
	case py.Tuple:
		items = append(items, x...)
	case *py.List:
		items = append(items, x.Items...)
	case py.String:
		for _, r := range string(x) {
			items = append(items, py.String(string(r)))
		}
	case *py.Range, py.Bytes:
		if err := py.Iterate(o, func(x py.Object) bool { items = append(items, x); return false }); err != nil {
			return nil, err
		}
	default:
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object is not reversible", o.Type().Name)
	}
	for i, j := 0, len(items)-1; i < j; i, j = i+1, j-1 {
		items[i], items[j] = items[j], items[i]
	}
	return py.NewIterator(py.Tuple(items)), nil
}

// builtinRound is round() with CPython's results: half to even on the exact binary
// value (round(2.675, 2) == 2.67), an int without ndigits.
func builtinRound(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var number py.Object
	var ndigits py.Object = py.None
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|O:round", []string{"number", "ndigits"}, &number, &ndigits); err != nil {
		return nil, err
	}
	if inst, ok := number.(*py.Type); ok && !py.IsClass(inst) {
		if fn := inst.Type().Lookup("__round__"); fn != nil && inst.Value == nil {
			if ndigits != py.None {
				return py.CallSpecial(fn, inst, ndigits)
			}
			return py.CallSpecial(fn, inst)
		}
		if inst.Value != nil {
			number = inst.Value
		}
	}
	switch x := number.(type) {
	case py.Bool:
		number = py.Int(0)
		if x {
			number = py.Int(1)
		}
	}
	switch x := number.(type) {
	case py.Int, *py.BigInt:
		if ndigits == py.None {
			return x, nil
		}
		n, err := py.IndexInt(ndigits)
		if err != nil {
			return nil, err
		}
		if n >= 0 {
			return x, nil
		}
		b, _ := py.ConvertToBigInt(x)
		p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(-n)), nil)
		q, r := new(big.Int).QuoRem((*big.Int)(b), p, new(big.Int))
		// round half to even on the remainder
		twice := new(big.Int).Mul(new(big.Int).Abs(r), big.NewInt(2))
		c := twice.Cmp(p)
		if c > 0 || (c == 0 && q.Bit(0) == 1) {
			if (*big.Int)(b).Sign() < 0 {
				q.Sub(q, big.NewInt(1))
			} else {
				q.Add(q, big.NewInt(1))
			}
		}
		return (*py.BigInt)(q.Mul(q, p)).MaybeInt(), nil
	case py.Float:
		f := float64(x)
		if ndigits == py.None {
			if math.IsInf(f, 0) {
				return nil, py.ExceptionNewf(py.OverflowError, "cannot convert float infinity to integer")
			}
			if math.IsNaN(f) {
				return nil, py.ExceptionNewf(py.ValueError, "cannot convert float NaN to integer")
			}
			r := math.RoundToEven(f)
			if math.Abs(r) < 1<<62 {
				return py.Int(int64(r)), nil
			}
			bf, _ := new(big.Float).SetFloat64(r).Int(nil)
			return (*py.BigInt)(bf).MaybeInt(), nil
		}
		n, err := py.IndexInt(ndigits)
		if err != nil {
			return nil, err
		}
		if math.IsInf(f, 0) || math.IsNaN(f) || f == 0 {
			return x, nil
		}
		if n > 323 {
			return x, nil
		}
		if n >= 0 {
			// the decimal string rounded correctly from the exact binary value
			s := strconv.FormatFloat(f, 'f', n, 64)
			r, _ := strconv.ParseFloat(s, 64)
			return py.Float(r), nil
		}
		if n < -308 {
			return py.Float(math.Copysign(0, f)), nil
		}
		p := math.Pow(10, float64(-n))
		return py.Float(math.RoundToEven(f/p) * p), nil
	}
	return nil, py.ExceptionNewf(py.TypeError, "type %s doesn't define __round__ method", number.Type().Name)
}

func builtinSorted(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	if len(args) != 1 {
		return nil, py.ExceptionNewf(py.TypeError, "sorted expected 1 argument, got %d", len(args))
	}
	var key, reverse py.Object = py.None, py.False
	if err := py.ParseTupleAndKeywords(nil, kwargs, "|$OO:sorted", []string{"key", "reverse"}, &key, &reverse); err != nil {
		return nil, err
	}
	l, err := py.SequenceList(args[0])
	if err != nil {
		return nil, err
	}
	r, err := py.MakeBool(reverse)
	if err != nil {
		return nil, err
	}
	return l, py.SortObjects(l.Items, key, r == py.True)
}

func minMax(name string, args py.Tuple, kwargs py.StringDict, isMax bool) (py.Object, error) {
	var key, def py.Object = py.None, nil
	for k, v := range kwargs {
		switch k {
		case "key":
			key = v
		case "default":
			def = v
		default:
			return nil, py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for %s()", k, name)
		}
	}
	var items []py.Object
	switch len(args) {
	case 0:
		return nil, py.ExceptionNewf(py.TypeError, "%s expected at least 1 argument, got 0", name)
	case 1:
		if err := py.Iterate(args[0], func(x py.Object) bool { items = append(items, x); return false }); err != nil {
			return nil, err
		}
	default:
		if def != nil {
			return nil, py.ExceptionNewf(py.TypeError, "Cannot specify a default for %s() with multiple positional arguments", name)
		}
		items = args
	}
	if len(items) == 0 {
		if def != nil {
			return def, nil
		}
		return nil, py.ExceptionNewf(py.ValueError, "%s() arg is an empty sequence", name)
	}
	best := items[0]
	bestKey := best
	var err error
	if key != py.None {
		if bestKey, err = py.Call(key, py.Tuple{best}, nil); err != nil {
			return nil, err
		}
	}
	for _, it := range items[1:] {
		k := it
		if key != py.None {
			if k, err = py.Call(key, py.Tuple{it}, nil); err != nil {
				return nil, err
			}
		}
		var better bool
		if isMax {
			better, err = py.Less(bestKey, k)
		} else {
			better, err = py.Less(k, bestKey)
		}
		if err != nil {
			return nil, err
		}
		if better {
			best, bestKey = it, k
		}
	}
	return best, nil
}

func builtinSum(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var iterable py.Object
	var start py.Object = py.Int(0)
	if err := py.ParseTupleAndKeywords(args, kwargs, "O|O:sum", []string{"iterable", "start"}, &iterable, &start); err != nil {
		return nil, err
	}
	switch start.(type) {
	case py.String:
		return nil, py.ExceptionNewf(py.TypeError, "sum() can't sum strings [use ''.join(seq) instead]")
	case py.Bytes:
		return nil, py.ExceptionNewf(py.TypeError, "sum() can't sum bytes [use b''.join(seq) instead]")
	}
	acc := start
	var inner error
	err := py.Iterate(iterable, func(x py.Object) bool {
		acc, inner = py.Add(acc, x)
		return inner != nil
	})
	if err != nil {
		return nil, err
	}
	return acc, inner
}

func builtinPow(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	var base, exp py.Object
	var mod py.Object = py.None
	if err := py.ParseTupleAndKeywords(args, kwargs, "OO|O:pow", []string{"base", "exp", "mod"}, &base, &exp, &mod); err != nil {
		return nil, err
	}
	if mod != py.None {
		b, ok1 := py.ConvertToBigInt(base)
		e, ok2 := py.ConvertToBigInt(exp)
		m, ok3 := py.ConvertToBigInt(mod)
		if !ok1 || !ok2 || !ok3 {
			return nil, py.ExceptionNewf(py.TypeError, "pow() 3rd argument not allowed unless all arguments are integers")
		}
		mb := (*big.Int)(m)
		if mb.Sign() == 0 {
			return nil, py.ExceptionNewf(py.ValueError, "pow() 3rd argument cannot be 0")
		}
		eb := (*big.Int)(e)
		bb := new(big.Int).Set((*big.Int)(b))
		if eb.Sign() < 0 {
			inv := new(big.Int).ModInverse(bb, new(big.Int).Abs(mb))
			if inv == nil {
				return nil, py.ExceptionNewf(py.ValueError, "base is not invertible for the given modulus")
			}
			bb, eb = inv, new(big.Int).Neg(eb)
		}
		r := new(big.Int).Exp(bb, eb, new(big.Int).Abs(mb))
		if mb.Sign() < 0 && r.Sign() != 0 {
			r.Add(r, mb)
		}
		return (*py.BigInt)(r).MaybeInt(), nil
	}
	return py.Pow(base, exp, py.None)
}

func builtinDivmod(self py.Object, args py.Tuple) (py.Object, error) {
	var a, b py.Object
	if err := py.UnpackTuple(args, nil, "divmod", 2, 2, &a, &b); err != nil {
		return nil, err
	}
	q, r, err := py.DivMod(a, b)
	if err != nil {
		return nil, err
	}
	return py.Tuple{q, r}, nil
}

func builtinAbs(self, o py.Object) (py.Object, error) {
	if inst, ok := o.(*py.Type); ok && !py.IsClass(inst) {
		if fn := inst.Type().Lookup("__abs__"); fn != nil {
			return py.CallSpecial(fn, inst)
		}
	}
	if b, ok := o.(py.Bool); ok {
		if b {
			return py.Int(1), nil
		}
		return py.Int(0), nil
	}
	return py.Abs(o)
}

func intBase(o py.Object, base int, prefix string) (py.Object, error) {
	idx, err := py.Index(o)
	if err != nil {
		if b, ok := o.(*py.BigInt); ok {
			return py.String(bigBase((*big.Int)(b), base, prefix)), nil
		}
		return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", o.Type().Name)
	}
	return py.String(bigBase(big.NewInt(int64(idx)), base, prefix)), nil
}

func bigBase(b *big.Int, base int, prefix string) string {
	if b.Sign() < 0 {
		return "-" + prefix + new(big.Int).Neg(b).Text(base)
	}
	return prefix + b.Text(base)
}

func builtinGetattr(self py.Object, args py.Tuple) (py.Object, error) {
	var o, name, def py.Object
	if err := py.UnpackTuple(args, nil, "getattr", 2, 3, &o, &name, &def); err != nil {
		return nil, err
	}
	n, ok := name.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "getattr(): attribute name must be string")
	}
	v, err := py.GetAttrString(o, string(n))
	if err != nil && def != nil && py.IsException(py.AttributeError, err) {
		return def, nil
	}
	return v, err
}

func builtinNext(self py.Object, args py.Tuple) (py.Object, error) {
	var it, def py.Object
	if err := py.UnpackTuple(args, nil, "next", 1, 2, &it, &def); err != nil {
		return nil, err
	}
	v, err := py.Next(it)
	if err != nil && def != nil && py.IsException(py.StopIteration, err) {
		return def, nil
	}
	return v, err
}

// callIterator is iter(callable, sentinel).
type callIterator struct {
	fn, sentinel py.Object
	done         bool
}

var callIteratorType = py.NewType("callable_iterator", "")

func (c *callIterator) Type() *py.Type                { return callIteratorType }
func (c *callIterator) M__iter__() (py.Object, error) { return c, nil }
func (c *callIterator) M__next__() (py.Object, error) {
	if c.done {
		return nil, py.StopIteration
	}
	v, err := py.Call(c.fn, nil, nil)
	if err != nil {
		return nil, err
	}
	eq, err := py.Eq(v, c.sentinel)
	if err != nil {
		return nil, err
	}
	if eq == py.True {
		c.done = true
		return nil, py.StopIteration
	}
	return v, nil
}

func builtinIter(self py.Object, args py.Tuple) (py.Object, error) {
	var o, sentinel py.Object
	if err := py.UnpackTuple(args, nil, "iter", 1, 2, &o, &sentinel); err != nil {
		return nil, err
	}
	if sentinel == nil {
		return py.Iter(o)
	}
	if !Callable(o) {
		return nil, py.ExceptionNewf(py.TypeError, "iter(v, w): v must be callable")
	}
	return &callIterator{fn: o, sentinel: sentinel}, nil
}

func anyAll(it py.Object, isAny bool) (py.Object, error) {
	result := !isAny
	var inner error
	err := py.Iterate(it, func(x py.Object) bool {
		var b py.Object
		if b, inner = py.MakeBool(x); inner != nil {
			return true
		}
		if (b == py.True) == isAny {
			result = isAny
			return true
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	return py.NewBool(result), inner
}

func builtinChr(self, o py.Object) (py.Object, error) {
	i, err := py.IndexInt(o)
	if err != nil {
		return nil, err
	}
	if i < 0 || i > 0x10ffff {
		return nil, py.ExceptionNewf(py.ValueError, "chr() arg not in range(0x110000)")
	}
	return py.String(string(rune(i))), nil
}

// builtinPrint writes str() of each value to file (sys.stdout by default).
func builtinPrint(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	sep, end := " ", "\n"
	var file py.Object = py.None
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
			file = v
		case "flush":
		default:
			return nil, py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for print()", k)
		}
	}
	if file == py.None {
		m, ok := self.(*py.Module)
		if !ok || m.Context == nil {
			return nil, py.ExceptionNewf(py.RuntimeError, "print: no interpreter")
		}
		sys, err := m.Context.GetModule("sys")
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
		s, err := py.StrAsString(a)
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
	if _, err := py.Call(write, py.Tuple{py.String(b.String())}, nil); err != nil {
		return nil, err
	}
	return py.None, nil
}

var _ = fmt.Sprint
