// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// bytes as a sequence (len, index, slice, in, *, decode) and slice objects' repr.

package py

import (
	"bytes"
	"math"
	"math/cmplx"
	"unicode/utf8"
)

func (a Bytes) M__len__() (Object, error) { return Int(len(a)), nil }

func (a Bytes) M__iter__() (Object, error) {
	items := make(Tuple, len(a))
	for i, c := range a {
		items[i] = Int(c)
	}
	return NewIterator(items), nil
}

func (a Bytes) M__getitem__(key Object) (Object, error) {
	if s, ok := key.(*Slice); ok {
		start, _, step, n, err := s.GetIndices(len(a))
		if err != nil {
			return nil, err
		}
		out := make(Bytes, n)
		for i, j := start, 0; j < n; i, j = i+step, j+1 {
			out[j] = a[i]
		}
		return out, nil
	}
	i, err := IndexIntCheck(key, len(a))
	if err != nil {
		return nil, indexError(err, "index")
	}
	return Int(a[i]), nil
}

func (a Bytes) M__contains__(item Object) (Object, error) {
	switch x := item.(type) {
	case Bytes:
		return NewBool(bytes.Contains(a, x)), nil
	case Int:
		if x < 0 || x > 255 {
			return nil, ExceptionNewf(ValueError, "byte must be in range(0, 256)")
		}
		return NewBool(bytes.IndexByte(a, byte(x)) >= 0), nil
	}
	return nil, ExceptionNewf(TypeError, "a bytes-like object is required, not '%s'", item.Type().Name)
}

func (a Bytes) M__mul__(other Object) (Object, error) {
	n, ok, err := repeatCount(other, len(a), 1)
	if err != nil || !ok {
		if !ok && err == nil {
			return NotImplemented, nil
		}
		return nil, err
	}
	return Bytes(bytes.Repeat(a, n)), nil
}

func (a Bytes) M__rmul__(other Object) (Object, error) { return a.M__mul__(other) }

func (a Bytes) M__hash__() (Object, error) {
	h, err := Hash(a)
	return Int(h), err
}

func init() {
	BytesType.Dict["decode"] = MustNewMethod("decode", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var encoding Object = String("utf-8")
		var errors Object = String("strict")
		if err := ParseTupleAndKeywords(args, kwargs, "|ss:decode", []string{"encoding", "errors"}, &encoding, &errors); err != nil {
			return nil, err
		}
		b := self.(Bytes)
		switch string(encoding.(String)) {
		case "utf-8", "utf8", "UTF-8":
			if !utf8.Valid(b) {
				if errors.(String) == "replace" {
					return String(bytes.ToValidUTF8(b, []byte("\uFFFD"))), nil
				}
				for i := 0; i < len(b); {
					r, n := utf8.DecodeRune(b[i:])
					if r == utf8.RuneError && n <= 1 {
						return nil, ExceptionNewf(UnicodeDecodeError, "'utf-8' codec can't decode byte 0x%02x in position %d: invalid start byte", b[i], i)
					}
					i += n
				}
			}
			return String(b), nil
		case "ascii", "latin-1", "latin1", "iso-8859-1":
			rs := make([]rune, len(b))
			for i, c := range b {
				if c > 0x7f && encoding.(String) == "ascii" {
					return nil, ExceptionNewf(UnicodeDecodeError, "'ascii' codec can't decode byte 0x%02x in position %d: ordinal not in range(128)", c, i)
				}
				rs[i] = rune(c)
			}
			return String(rs), nil
		}
		return nil, ExceptionNewf(LookupError, "unknown encoding: %s", encoding)
	}, 0, "decode(encoding='utf-8', errors='strict') -> str")
	SliceType.Dict["indices"] = MustNewMethod("indices", func(self, length Object) (Object, error) {
		n, err := IndexInt(length)
		if err != nil {
			return nil, err
		}
		start, stop, step, _, err := self.(*Slice).GetIndices(n)
		if err != nil {
			return nil, err
		}
		return Tuple{Int(start), Int(stop), Int(step)}, nil
	}, 0, "S.indices(len) -> (start, stop, stride)")
	for _, name := range []string{"start", "stop", "step"} {
		name := name
		SliceType.Dict[name] = &Property{Fget: func(self Object) (Object, error) {
			s := self.(*Slice)
			return map[string]Object{"start": s.Start, "stop": s.Stop, "step": s.Step}[name], nil
		}}
	}
}

func (r *Slice) M__repr__() (Object, error) {
	s, err := reprSeq("slice(", ")", []Object{r.Start, r.Stop, r.Step}, nil)
	return String(s), err
}

// complexPow is a ** b with CPython's exact result for small integer exponents
// (repeated multiplication), cmplx.Pow otherwise.
func complexPow(a, b complex128) complex128 {
	if imag(b) == 0 && real(b) == math.Trunc(real(b)) && math.Abs(real(b)) <= 100 {
		n := int(real(b))
		neg := n < 0
		if neg {
			n = -n
		}
		res := complex(1, 0)
		x := a
		for n > 0 {
			if n&1 == 1 {
				res *= x
			}
			x *= x
			n >>= 1
		}
		if neg {
			return 1 / res
		}
		return res
	}
	return cmplx.Pow(a, b)
}
