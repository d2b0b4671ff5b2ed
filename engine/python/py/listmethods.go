// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// The methods of list, tuple, int and float that CPython has and gpython lacked.

package py

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

func listSelf(self Object) *List { return self.(*List) }

// seqIndex is list.index / tuple.index with start and stop.
func seqIndex(items []Object, args Tuple, what string) (Object, error) {
	var x, start, stop Object
	if err := UnpackTuple(args, nil, "index", 1, 3, &x, &start, &stop); err != nil {
		return nil, err
	}
	lo, hi, err := runeBounds(len(items), start, stop)
	if err != nil {
		return nil, err
	}
	for i := lo; i < hi; i++ {
		eq, err := eqDepth(items[i], x, 0)
		if err != nil {
			return nil, err
		}
		if eq {
			return Int(i), nil
		}
	}
	if what == "list" {
		r, err := ReprAsString(x)
		if err != nil {
			return nil, err
		}
		return nil, ExceptionNewf(ValueError, "%s is not in list", r)
	}
	return nil, ExceptionNewf(ValueError, "tuple.index(x): x not in tuple")
}

func seqCount(items []Object, x Object) (Object, error) {
	n := 0
	for _, it := range items {
		eq, err := eqDepth(it, x, 0)
		if err != nil {
			return nil, err
		}
		if eq {
			n++
		}
	}
	return Int(n), nil
}

func init() {
	m := func(t *Type, name string, f interface{}) { t.Dict[name] = MustNewMethod(name, f, 0, t.Name+"."+name) }
	m(ListType, "index", func(self Object, args Tuple) (Object, error) { return seqIndex(listSelf(self).Items, args, "list") })
	m(ListType, "count", func(self, x Object) (Object, error) { return seqCount(listSelf(self).Items, x) })
	m(TupleType, "index", func(self Object, args Tuple) (Object, error) { return seqIndex(self.(Tuple), args, "tuple") })
	m(TupleType, "count", func(self, x Object) (Object, error) { return seqCount(self.(Tuple), x) })
	m(ListType, "insert", func(self Object, args Tuple) (Object, error) {
		var idx, x Object
		if err := UnpackTuple(args, nil, "insert", 2, 2, &idx, &x); err != nil {
			return nil, err
		}
		i, err := IndexInt(idx)
		if err != nil {
			return nil, err
		}
		l := listSelf(self)
		i = clampIndex(i, len(l.Items))
		l.Items = append(l.Items, nil)
		copy(l.Items[i+1:], l.Items[i:])
		l.Items[i] = x
		return None, nil
	})
	m(ListType, "pop", func(self Object, args Tuple) (Object, error) {
		var idx Object = Int(-1)
		if err := UnpackTuple(args, nil, "pop", 0, 1, &idx); err != nil {
			return nil, err
		}
		l := listSelf(self)
		if len(l.Items) == 0 {
			return nil, ExceptionNewf(IndexError, "pop from empty list")
		}
		i, err := IndexInt(idx)
		if err != nil {
			return nil, err
		}
		if i < 0 {
			i += len(l.Items)
		}
		if i < 0 || i >= len(l.Items) {
			return nil, ExceptionNewf(IndexError, "pop index out of range")
		}
		x := l.Items[i]
		l.Items = append(l.Items[:i], l.Items[i+1:]...)
		return x, nil
	})
	m(ListType, "remove", func(self, x Object) (Object, error) {
		l := listSelf(self)
		for i, it := range l.Items {
			eq, err := eqDepth(it, x, 0)
			if err != nil {
				return nil, err
			}
			if eq {
				l.Items = append(l.Items[:i], l.Items[i+1:]...)
				return None, nil
			}
		}
		return nil, ExceptionNewf(ValueError, "list.remove(x): x not in list")
	})
	m(ListType, "reverse", func(self Object) (Object, error) {
		Tuple(listSelf(self).Items).Reverse()
		return None, nil
	})
	m(ListType, "copy", func(self Object) (Object, error) { return listSelf(self).Copy(), nil })
	m(ListType, "clear", func(self Object) (Object, error) {
		listSelf(self).Items = nil
		return None, nil
	})
	m(ListType, "extend", func(self, seq Object) (Object, error) {
		l := listSelf(self)
		if other, ok := seq.(*List); ok {
			l.Extend(append([]Object(nil), other.Items...))
			return None, nil
		}
		return None, l.ExtendSequence(seq)
	})

	m(IntType, "bit_length", func(self Object) (Object, error) {
		b, _ := ConvertToBigInt(self)
		return Int((*big.Int)(b).BitLen()), nil
	})
	m(IntType, "bit_count", func(self Object) (Object, error) {
		b, _ := ConvertToBigInt(self)
		n := 0
		for _, w := range new(big.Int).Abs((*big.Int)(b)).Bits() {
			for ; w != 0; w &= w - 1 {
				n++
			}
		}
		return Int(n), nil
	})
	m(IntType, "to_bytes", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var length Object = Int(1)
		var order Object = String("big")
		var signed Object = False
		if err := ParseTupleAndKeywords(args, kwargs, "|OO$O:to_bytes", []string{"length", "byteorder", "signed"}, &length, &order, &signed); err != nil {
			return nil, err
		}
		n, err := IndexInt(length)
		if err != nil {
			return nil, err
		}
		if err := CheckAlloc(int64(n), 1); err != nil {
			return nil, err
		}
		b, _ := ConvertToBigInt(self)
		v := new(big.Int).Set((*big.Int)(b))
		if v.Sign() < 0 {
			if signed != True {
				return nil, ExceptionNewf(OverflowError, "can't convert negative int to unsigned")
			}
			v.Add(v, new(big.Int).Lsh(big.NewInt(1), uint(8*n)))
		} else if signed == True && v.BitLen() >= 8*n && n > 0 || signed == True && n == 0 && v.Sign() != 0 {
			return nil, ExceptionNewf(OverflowError, "int too big to convert")
		}
		if v.BitLen() > 8*n {
			return nil, ExceptionNewf(OverflowError, "int too big to convert")
		}
		out := make([]byte, n)
		v.FillBytes(out)
		if order == String("little") {
			for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
				out[i], out[j] = out[j], out[i]
			}
		} else if order != String("big") {
			return nil, ExceptionNewf(ValueError, "byteorder must be either 'little' or 'big'")
		}
		return Bytes(out), nil
	})
	IntType.Dict["from_bytes"] = &ClassMethod{Callable: MustNewMethod("from_bytes", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var data Object
		var order Object = String("big")
		var signed Object = False
		if err := ParseTupleAndKeywords(args, kwargs, "O|O$O:from_bytes", []string{"bytes", "byteorder", "signed"}, &data, &order, &signed); err != nil {
			return nil, err
		}
		b, err := BytesFromObject(data)
		if err != nil {
			return nil, err
		}
		buf := append([]byte(nil), b...)
		if order == String("little") {
			for i, j := 0, len(buf)-1; i < j; i, j = i+1, j-1 {
				buf[i], buf[j] = buf[j], buf[i]
			}
		} else if order != String("big") {
			return nil, ExceptionNewf(ValueError, "byteorder must be either 'little' or 'big'")
		}
		v := new(big.Int).SetBytes(buf)
		if signed == True && len(buf) > 0 && buf[0]&0x80 != 0 {
			v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(8*len(buf))))
		}
		return (*BigInt)(v).MaybeInt(), nil
	}, 0, "int.from_bytes(bytes, byteorder='big', *, signed=False)")}
	m(IntType, "conjugate", func(self Object) (Object, error) { return self, nil })
	m(IntType, "as_integer_ratio", func(self Object) (Object, error) { return Tuple{self, Int(1)}, nil })

	m(FloatType, "is_integer", func(self Object) (Object, error) {
		f := float64(self.(Float))
		return NewBool(!math.IsInf(f, 0) && !math.IsNaN(f) && f == math.Trunc(f)), nil
	})
	m(FloatType, "as_integer_ratio", func(self Object) (Object, error) {
		f := float64(self.(Float))
		if math.IsInf(f, 0) {
			return nil, ExceptionNewf(OverflowError, "cannot convert Infinity to integer ratio")
		}
		if math.IsNaN(f) {
			return nil, ExceptionNewf(ValueError, "cannot convert NaN to integer ratio")
		}
		r := new(big.Rat).SetFloat64(f)
		return Tuple{(*BigInt)(new(big.Int).Set(r.Num())).MaybeInt(), (*BigInt)(new(big.Int).Set(r.Denom())).MaybeInt()}, nil
	})
	m(FloatType, "hex", func(self Object) (Object, error) { return String(floatHex(float64(self.(Float)))), nil })
	m(FloatType, "conjugate", func(self Object) (Object, error) { return self, nil })
}

// floatHex is float.hex(): 0x1.8000000000000p+0 style, CPython's spelling.
func floatHex(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	sign := ""
	if math.Signbit(f) {
		sign = "-"
		f = -f
	}
	if f == 0 {
		return sign + "0x0.0p+0"
	}
	bits := math.Float64bits(f)
	exp := int((bits >> 52) & 0x7ff)
	mant := bits & (1<<52 - 1)
	lead := 1
	if exp == 0 {
		lead = 0
		exp = -1022
	} else {
		exp -= 1023
	}
	m := strconv.FormatUint(mant, 16)
	m = strings.Repeat("0", 13-len(m)) + m
	es := strconv.Itoa(exp)
	if exp >= 0 {
		es = "+" + es
	}
	return sign + "0x" + strconv.Itoa(lead) + "." + m + "p" + es
}

// The number attributes of int and float: real, imag, numerator, denominator.
func init() {
	prop := func(t *Type, name string, get func(v Object) Object) {
		t.Dict[name] = &Property{Fget: func(self Object) (Object, error) {
			v := Unwrap(self)
			if b, ok := v.(Bool); ok {
				if b {
					v = Int(1)
				} else {
					v = Int(0)
				}
			}
			return get(v), nil
		}}
	}
	prop(IntType, "real", func(v Object) Object { return v })
	prop(IntType, "imag", func(v Object) Object { return Int(0) })
	prop(IntType, "numerator", func(v Object) Object { return v })
	prop(IntType, "denominator", func(v Object) Object { return Int(1) })
	prop(FloatType, "real", func(v Object) Object { return v })
	prop(FloatType, "imag", func(v Object) Object { return Float(0) })
}
