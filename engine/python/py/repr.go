// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// CPython's repr of the built-in types, walking nested containers with a depth bound
// and the set of containers being printed, so a self-referential list prints [[...]]
// and a 100000-deep one raises RecursionError instead of overflowing the Go stack.

package py

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
)

type reprState struct {
	active []Object
	depth  int
}

func (st *reprState) enter(o Object) (busy bool, err error) {
	for _, a := range st.active {
		if Is(a, o) {
			return true, nil
		}
	}
	st.depth++
	if st.depth > maxGoDepth {
		return false, goRecursionError(" while getting the repr of an object")
	}
	st.active = append(st.active, o)
	return false, nil
}

func (st *reprState) leave() {
	st.depth--
	st.active = st.active[:len(st.active)-1]
}

// ReprString is repr(o) as a Go string.
func ReprString(o Object) (string, error) { return reprDepth(o, nil) }

func reprDepth(o Object, st *reprState) (string, error) {
	switch x := o.(type) {
	case String:
		return StrRepr(string(x)), nil
	case Int:
		return strconv.FormatInt(int64(x), 10), nil
	case Bool:
		if x {
			return "True", nil
		}
		return "False", nil
	case NoneType:
		return "None", nil
	case Float:
		return FloatRepr(float64(x)), nil
	case *BigInt:
		return bigIntString((*big.Int)(x))
	case Complex:
		return complexRepr(complex128(x)), nil
	case Tuple, *List, *Dict, StringDict, *Set, *FrozenSet:
	default:
		return ReprAsString(o)
	}
	if st == nil {
		st = &reprState{}
	}
	busy, err := st.enter(o)
	if err != nil {
		return "", err
	}
	switch o.(type) {
	case *List:
		if busy {
			return "[...]", nil
		}
	case *Dict, StringDict:
		if busy {
			return "{...}", nil
		}
	}
	if busy {
		return "...", nil
	}
	defer st.leave()
	switch x := o.(type) {
	case Tuple:
		if len(x) == 1 {
			s, err := reprDepth(x[0], st)
			return "(" + s + ",)", err
		}
		return reprSeq("(", ")", x, st)
	case *List:
		return reprSeq("[", "]", x.Items, st)
	case *Dict:
		return x.repr(st)
	case StringDict:
		return x.repr(st)
	case *Set:
		if x.used == 0 {
			return "set()", nil
		}
		return x.reprItems(st)
	case *FrozenSet:
		if x.used == 0 {
			return "frozenset()", nil
		}
		s, err := x.reprItems(st)
		return "frozenset(" + s + ")", err
	}
	return ReprAsString(o)
}

func reprSeq(open, close string, items []Object, st *reprState) (string, error) {
	var b strings.Builder
	b.WriteString(open)
	for i, it := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		s, err := reprDepth(it, st)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	b.WriteString(close)
	return b.String(), nil
}

// StrRepr is repr() of a str: CPython's choice of quote and escapes.
func StrRepr(s string) string {
	quote := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		quote = '"'
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte(quote)
	for _, c := range s {
		switch {
		case c == rune(quote) || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		case c < 0x7f:
			b.WriteRune(c)
		case isPrintable(c):
			b.WriteRune(c)
		case c < 0x100:
			fmt.Fprintf(&b, `\x%02x`, c)
		case c < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			fmt.Fprintf(&b, `\U%08x`, c)
		}
	}
	b.WriteByte(quote)
	return b.String()
}

// EscapeNonASCII makes a repr ascii(): every non-ASCII character escaped.
func EscapeNonASCII(r string) string {
	var b strings.Builder
	for _, c := range r {
		switch {
		case c < 0x80:
			b.WriteRune(c)
		case c < 0x100:
			fmt.Fprintf(&b, `\x%02x`, c)
		case c < 0x10000:
			fmt.Fprintf(&b, `\u%04x`, c)
		default:
			fmt.Fprintf(&b, `\U%08x`, c)
		}
	}
	return b.String()
}

// isPrintable is str.isprintable for one character: letters, marks, numbers,
// punctuation, symbols and the ASCII space.
func isPrintable(c rune) bool {
	if c == ' ' {
		return true
	}
	return unicode.In(c, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S)
}

// FloatRepr is repr(float): the shortest string that reads back the same, in
// exponent form below 1e-4 and from 1e16 up.
func FloatRepr(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case math.IsNaN(f):
		return "nan"
	}
	s := strconv.FormatFloat(f, 'e', -1, 64)
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	if exp < -4 || exp >= 16 {
		sign := "+"
		if exp < 0 {
			sign, exp = "-", -exp
		}
		return fmt.Sprintf("%se%s%02d", mant, sign, exp)
	}
	s = strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return s
}

func complexRepr(c complex128) string {
	re, im := real(c), imag(c)
	imStr := FloatRepr(im)
	imStr = strings.TrimSuffix(imStr, ".0")
	if re == 0 && !math.Signbit(re) {
		return imStr + "j"
	}
	reStr := strings.TrimSuffix(FloatRepr(re), ".0")
	sign := "+"
	if math.Signbit(im) || math.IsNaN(im) && strings.HasPrefix(imStr, "-") {
		sign = ""
	}
	return "(" + reStr + sign + imStr + "j)"
}

// maxStrDigits is CPython 3.11's default sys.get_int_max_str_digits().
const maxStrDigits = 4300

func bigIntString(x *big.Int) (string, error) {
	s := x.String()
	if x.BitLen() > maxStrDigits*3 && len(strings.TrimPrefix(s, "-")) > maxStrDigits {
		return "", ExceptionNewf(ValueError, "Exceeds the limit (%d digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit", maxStrDigits)
	}
	return s, nil
}
