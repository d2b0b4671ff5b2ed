// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// hash(): CPython's hashes for numbers and tuples (so equal numbers hash alike and
// sets of small ints iterate in CPython's order), identity for other objects.

package py

import (
	"hash/maphash"
	"math"
	"math/big"
	"math/bits"
	"reflect"
)

const (
	hashBits    = 61
	hashModulus = (1 << hashBits) - 1 // CPython's _PyHASH_MODULUS
	hashInf     = 314159
)

var stringSeed = maphash.MakeSeed()

// Hash is hash(o). Unhashable objects (list, dict, set, classes that define __eq__
// without __hash__) raise TypeError.
func Hash(o Object) (int64, error) { return hashDepth(o, 0) }

func unhashable(o Object) error {
	return ExceptionNewf(TypeError, "unhashable type: '%s'", o.Type().Name)
}

func fixHash(h int64) int64 {
	if h == -1 {
		return -2
	}
	return h
}

func hashInt64(v int64) int64 {
	if v >= 0 {
		return fixHash(v % hashModulus)
	}
	return fixHash(-((-v) % hashModulus))
}

func hashBig(x *big.Int) int64 {
	if x.IsInt64() {
		return hashInt64(x.Int64())
	}
	m := new(big.Int).Mod(new(big.Int).Abs(x), big.NewInt(hashModulus)).Int64()
	if x.Sign() < 0 {
		m = -m
	}
	return fixHash(m)
}

// hashFloat is CPython's _Py_HashDouble: an integral float hashes as the int.
func hashFloat(f float64, self Object) int64 {
	if math.IsInf(f, 0) {
		if f > 0 {
			return hashInf
		}
		return -hashInf
	}
	if math.IsNaN(f) {
		return identityHash(self)
	}
	m, e := math.Frexp(f)
	sign := int64(1)
	if m < 0 {
		sign = -1
		m = -m
	}
	var x uint64
	for m != 0 {
		x = ((x << 28) & hashModulus) | x>>(hashBits-28)
		m *= 268435456.0 // 2**28
		e -= 28
		y := uint64(m)
		m -= float64(y)
		x += y
		if x >= hashModulus {
			x -= hashModulus
		}
	}
	if e >= 0 {
		e = e % hashBits
	} else {
		e = hashBits - 1 - ((-1 - e) % hashBits)
	}
	x = ((x << uint(e)) & hashModulus) | x>>(hashBits-uint(e))
	return fixHash(int64(x) * sign)
}

func identityHash(o Object) int64 {
	v := reflect.ValueOf(o)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		p := v.Pointer()
		return fixHash(int64(bits.RotateLeft64(uint64(p), -4)))
	}
	var h maphash.Hash
	h.SetSeed(stringSeed)
	h.WriteString(v.Type().String())
	return fixHash(int64(h.Sum64() >> 1))
}

func hashString(s string) int64 {
	return fixHash(int64(maphash.String(stringSeed, s)))
}

const (
	xxPrime1 = 11400714785074694791
	xxPrime2 = 14029467366897019727
	xxPrime5 = 2870177450012600261
)

func hashDepth(o Object, depth int) (int64, error) {
	switch x := o.(type) {
	case Int:
		return hashInt64(int64(x)), nil
	case Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *BigInt:
		return hashBig((*big.Int)(x)), nil
	case Float:
		return hashFloat(float64(x), o), nil
	case String:
		return hashString(string(x)), nil
	case Bytes:
		return hashString(string(x)) ^ 0x5bd1e995, nil
	case NoneType:
		return 0xFCA86420, nil
	case Complex:
		r, i := hashFloat(real(x), o), hashFloat(imag(x), o)
		return fixHash(r + 1000003*i), nil
	case Tuple:
		if depth > maxHashDepth {
			return 0, goRecursionError(" while hashing")
		}
		acc := uint64(xxPrime5)
		for _, item := range x {
			lane, err := hashDepth(item, depth+1)
			if err != nil {
				return 0, err
			}
			acc += uint64(lane) * xxPrime2
			acc = bits.RotateLeft64(acc, 31)
			acc *= xxPrime1
		}
		acc += uint64(len(x)) ^ (xxPrime5 ^ 3527539)
		if acc == math.MaxUint64 {
			return 1546275796, nil
		}
		return int64(acc), nil
	case *FrozenSet:
		return x.hash()
	case *List, *Set, *Dict, StringDict:
		return 0, unhashable(o)
	case *Type:
		if !x.isClass() {
			return instanceHash(x)
		}
		return identityHash(o), nil
	case *Exception:
		return identityHash(o), nil
	case I__hash__:
		res, err := x.M__hash__()
		if err != nil {
			return 0, err
		}
		return hashResult(res)
	}
	return identityHash(o), nil
}

// instanceHash is hash() of an instance of a class defined in Python: its class's
// __hash__, none when the class defines __eq__ alone, else identity.
func instanceHash(inst *Type) (int64, error) {
	cls := inst.Type()
	for _, b := range cls.Mro {
		base := b.(*Type)
		if fn, ok := base.Dict["__hash__"]; ok {
			if fn == None {
				return 0, unhashable(inst)
			}
			res, err := CallSpecial(fn, inst)
			if err != nil {
				return 0, err
			}
			return hashResult(res)
		}
		if _, ok := base.Dict["__eq__"]; ok && base != ObjectType {
			return 0, unhashable(inst)
		}
	}
	return identityHash(inst), nil
}

func hashResult(res Object) (int64, error) {
	switch r := res.(type) {
	case Int:
		// CPython keeps a __hash__ result that fits a Py_ssize_t as it is
		return fixHash(int64(r)), nil
	case *BigInt:
		return hashBig((*big.Int)(r)), nil
	case Bool:
		if r {
			return 1, nil
		}
		return 0, nil
	}
	return 0, ExceptionNewf(TypeError, "__hash__ method should return an integer")
}

// keysEqual is key equality for dicts and sets: identity, then ==.
func keysEqual(a, b Object) (bool, error) {
	if Is(a, b) {
		return true, nil
	}
	switch x := a.(type) {
	case String:
		if y, ok := b.(String); ok {
			return x == y, nil
		}
		if _, ok := b.(*Type); !ok {
			return false, nil
		}
	case Int:
		if y, ok := b.(Int); ok {
			return x == y, nil
		}
	}
	res, err := Eq(a, b)
	if err != nil {
		return false, err
	}
	t, err := MakeBool(res)
	return t == True, err
}

// Is is Python's `a is b`: the same object. Values Go cannot compare with == (tuples
// are slices, StringDicts maps) are the same when they share their storage.
func Is(a, b Object) bool {
	switch x := a.(type) {
	case Tuple:
		y, ok := b.(Tuple)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	case StringDict:
		y, ok := b.(StringDict)
		return ok && reflect.ValueOf(x).Pointer() == reflect.ValueOf(y).Pointer()
	case Bytes:
		y, ok := b.(Bytes)
		return ok && len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
	}
	if !reflect.TypeOf(a).Comparable() || reflect.TypeOf(b) != reflect.TypeOf(a) {
		return false
	}
	return a == b
}
