// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// The methods of str, with CPython's semantics: indexes count characters, not bytes.

package py

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func strSelf(self Object) string { return string(self.(String)) }

func strArgOf(name string, o Object) (string, error) {
	s, ok := o.(String)
	if !ok {
		return "", ExceptionNewf(TypeError, "must be str or None, not %s", o.Type().Name)
	}
	return string(s), nil
}

func mustStr(name string, argN int, o Object) (string, error) {
	s, ok := o.(String)
	if !ok {
		return "", ExceptionNewf(TypeError, "%s() argument %d must be str, not %s", name, argN, o.Type().Name)
	}
	return string(s), nil
}

// runeSlice is s[start:end] by character indexes, with Python's clamping.
func runeBounds(n int, start, end Object) (int, int, error) {
	lo, hi := 0, n
	if start != nil && start != None {
		i, err := IndexInt(start)
		if err != nil {
			return 0, 0, err
		}
		lo = clampIndex(i, n)
	}
	if end != nil && end != None {
		i, err := IndexInt(end)
		if err != nil {
			return 0, 0, err
		}
		hi = clampIndex(i, n)
	}
	return lo, hi, nil
}

func clampIndex(i, n int) int {
	if i < 0 {
		i += n
		if i < 0 {
			i = 0
		}
	}
	if i > n {
		i = n
	}
	return i
}

// byteOffset converts a character index to a byte offset in s.
func byteOffset(s string, idx int) int {
	if idx <= 0 {
		return 0
	}
	n := 0
	for off := range s {
		if n == idx {
			return off
		}
		n++
	}
	return len(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// subRange returns s[lo:hi] by characters and the character offset of lo.
func subRange(s string, start, end Object) (string, int, int, error) {
	n := len(s)
	ascii := isASCII(s)
	if !ascii {
		n = utf8.RuneCountInString(s)
	}
	lo, hi, err := runeBounds(n, start, end)
	if err != nil {
		return "", 0, 0, err
	}
	if lo > hi {
		return "", lo, -1, nil
	}
	if ascii {
		return s[lo:hi], lo, hi, nil
	}
	return s[byteOffset(s, lo):byteOffset(s, hi)], lo, hi, nil
}

func charIndex(s string, byteIdx int) int {
	if isASCII(s[:byteIdx]) {
		return byteIdx
	}
	return utf8.RuneCountInString(s[:byteIdx])
}

// isPySpace is str.isspace for one character.
func isPySpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x1f, 0x85:
		return true
	}
	return r > 0x7f && unicode.IsSpace(r)
}

func isCased(r rune) bool { return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r) }

func splitWhitespace(s string, maxsplit int) []string {
	var out []string
	i := 0
	for maxsplit < 0 || len(out) < maxsplit {
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if !isPySpace(r) {
				break
			}
			i += n
		}
		if i >= len(s) {
			return out
		}
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			if isPySpace(r) {
				break
			}
			j += n
		}
		out = append(out, s[i:j])
		i = j
	}
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !isPySpace(r) {
			break
		}
		i += n
	}
	if i < len(s) {
		out = append(out, s[i:])
	}
	return out
}

func rsplitWhitespace(s string, maxsplit int) []string {
	var out []string
	j := len(s)
	for maxsplit < 0 || len(out) < maxsplit {
		for j > 0 {
			r, n := utf8.DecodeLastRuneInString(s[:j])
			if !isPySpace(r) {
				break
			}
			j -= n
		}
		if j <= 0 {
			break
		}
		i := j
		for i > 0 {
			r, n := utf8.DecodeLastRuneInString(s[:i])
			if isPySpace(r) {
				break
			}
			i -= n
		}
		out = append(out, s[i:j])
		j = i
	}
	for j > 0 {
		r, n := utf8.DecodeLastRuneInString(s[:j])
		if !isPySpace(r) {
			break
		}
		j -= n
	}
	if j > 0 && maxsplit >= 0 && len(out) >= maxsplit {
		out = append(out, s[:j])
	}
	for a, b := 0, len(out)-1; a < b; a, b = a+1, b-1 {
		out[a], out[b] = out[b], out[a]
	}
	return out
}

func stringList(parts []string) *List {
	items := make([]Object, len(parts))
	for i, p := range parts {
		items[i] = String(p)
	}
	return NewListFromItems(items)
}

func stripChars(s string, chars Object, left, right bool) (string, error) {
	var in func(r rune) bool
	if chars == nil || chars == None {
		in = isPySpace
	} else {
		cs, ok := chars.(String)
		if !ok {
			return "", ExceptionNewf(TypeError, "strip arg must be None or str")
		}
		in = func(r rune) bool { return strings.ContainsRune(string(cs), r) }
	}
	if left {
		s = strings.TrimLeftFunc(s, in)
	}
	if right {
		s = strings.TrimRightFunc(s, in)
	}
	return s, nil
}

// prefixes reads startswith/endswith's argument: a str or a tuple of str.
func prefixes(name string, o Object) ([]string, error) {
	switch x := o.(type) {
	case String:
		return []string{string(x)}, nil
	case Tuple:
		out := make([]string, len(x))
		for i, it := range x {
			s, ok := it.(String)
			if !ok {
				return nil, ExceptionNewf(TypeError, "tuple for %s must only contain str, not %s", name, it.Type().Name)
			}
			out[i] = string(s)
		}
		return out, nil
	}
	return nil, ExceptionNewf(TypeError, "%s first arg must be str or a tuple of str, not %s", name, o.Type().Name)
}

func splitLines(s string, keepends bool) []string {
	var out []string
	i := 0
	for i < len(s) {
		j := i
		for j < len(s) {
			r, n := utf8.DecodeRuneInString(s[j:])
			switch r {
			case '\n', '\r', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
				eol := j + n
				if r == '\r' && eol < len(s) && s[eol] == '\n' {
					eol++
				}
				if keepends {
					out = append(out, s[i:eol])
				} else {
					out = append(out, s[i:j])
				}
				i = eol
				goto next
			}
			j += n
		}
		out = append(out, s[i:])
		return out
	next:
	}
	return out
}

func titleCase(s string) string {
	var b strings.Builder
	prevCased := false
	for _, r := range s {
		if isCased(r) {
			if prevCased {
				b.WriteRune(unicode.ToLower(r))
			} else {
				b.WriteRune(unicode.ToTitle(r))
			}
			prevCased = true
		} else {
			b.WriteRune(r)
			prevCased = false
		}
	}
	return b.String()
}

func isIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || (i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r))) {
			continue
		}
		return false
	}
	return true
}

func strPredicate(s string, each func(r rune) bool) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !each(r) {
			return false
		}
	}
	return true
}

func expandTabs(s string, size int) string {
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			if size > 0 {
				n := size - col%size
				b.WriteString(strings.Repeat(" ", n))
				col += n
			}
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

func init() {
	d := StringType.Dict
	m := func(name string, f interface{}) { d[name] = MustNewMethod(name, f, 0, "str."+name) }
	simple := func(name string, f func(string) string) {
		m(name, func(self Object) (Object, error) { return String(f(strSelf(self))), nil })
	}
	simple("upper", strings.ToUpper)
	simple("lower", strings.ToLower)
	simple("casefold", func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "ß", "ss") })
	simple("swapcase", func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case unicode.IsUpper(r):
				return unicode.ToLower(r)
			case unicode.IsLower(r):
				return unicode.ToUpper(r)
			}
			return r
		}, s)
	})
	simple("capitalize", func(s string) string {
		if s == "" {
			return s
		}
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToTitle(r)) + strings.ToLower(s[n:])
	})
	simple("title", titleCase)
	pred := func(name string, f func(s string) bool) {
		m(name, func(self Object) (Object, error) { return NewBool(f(strSelf(self))), nil })
	}
	pred("isdigit", func(s string) bool { return strPredicate(s, unicode.IsDigit) })
	pred("isdecimal", func(s string) bool { return strPredicate(s, func(r rune) bool { return unicode.Is(unicode.Nd, r) }) })
	pred("isnumeric", func(s string) bool { return strPredicate(s, unicode.IsNumber) })
	pred("isalpha", func(s string) bool { return strPredicate(s, unicode.IsLetter) })
	pred("isalnum", func(s string) bool {
		return strPredicate(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) })
	})
	pred("isspace", func(s string) bool { return strPredicate(s, isPySpace) })
	pred("isascii", isASCII)
	pred("isprintable", func(s string) bool {
		for _, r := range s {
			if !isPrintable(r) {
				return false
			}
		}
		return true
	})
	pred("isidentifier", isIdentifier)
	pred("isupper", func(s string) bool {
		cased := false
		for _, r := range s {
			if unicode.IsLower(r) || unicode.IsTitle(r) {
				return false
			}
			cased = cased || unicode.IsUpper(r)
		}
		return cased
	})
	pred("islower", func(s string) bool {
		cased := false
		for _, r := range s {
			if unicode.IsUpper(r) || unicode.IsTitle(r) {
				return false
			}
			cased = cased || unicode.IsLower(r)
		}
		return cased
	})
	pred("istitle", func(s string) bool { return s == titleCase(s) && strings.IndexFunc(s, isCased) >= 0 })

	m("split", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var sep Object = None
		var maxsplit Object = Int(-1)
		if err := ParseTupleAndKeywords(args, kwargs, "|Oi:split", []string{"sep", "maxsplit"}, &sep, &maxsplit); err != nil {
			return nil, err
		}
		s, n := strSelf(self), int(maxsplit.(Int))
		if sep == None {
			return stringList(splitWhitespace(s, n)), nil
		}
		sp, err := strArgOf("split()", sep)
		if err != nil {
			return nil, err
		}
		if sp == "" {
			return nil, ExceptionNewf(ValueError, "empty separator")
		}
		if n < 0 {
			return stringList(strings.Split(s, sp)), nil
		}
		return stringList(strings.SplitN(s, sp, n+1)), nil
	})
	m("rsplit", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var sep Object = None
		var maxsplit Object = Int(-1)
		if err := ParseTupleAndKeywords(args, kwargs, "|Oi:rsplit", []string{"sep", "maxsplit"}, &sep, &maxsplit); err != nil {
			return nil, err
		}
		s, n := strSelf(self), int(maxsplit.(Int))
		if sep == None {
			return stringList(rsplitWhitespace(s, n)), nil
		}
		sp, err := strArgOf("rsplit()", sep)
		if err != nil {
			return nil, err
		}
		if sp == "" {
			return nil, ExceptionNewf(ValueError, "empty separator")
		}
		var parts []string
		for n < 0 || len(parts) < n {
			i := strings.LastIndex(s, sp)
			if i < 0 {
				break
			}
			parts = append(parts, s[i+len(sp):])
			s = s[:i]
		}
		parts = append(parts, s)
		for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
			parts[a], parts[b] = parts[b], parts[a]
		}
		return stringList(parts), nil
	})
	m("splitlines", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var keep Object = False
		if err := ParseTupleAndKeywords(args, kwargs, "|O:splitlines", []string{"keepends"}, &keep); err != nil {
			return nil, err
		}
		k, err := MakeBool(keep)
		if err != nil {
			return nil, err
		}
		return stringList(splitLines(strSelf(self), k == True)), nil
	})
	stripper := func(name string, left, right bool) {
		m(name, func(self Object, args Tuple) (Object, error) {
			var chars Object = None
			if err := UnpackTuple(args, nil, name, 0, 1, &chars); err != nil {
				return nil, err
			}
			s, err := stripChars(strSelf(self), chars, left, right)
			return String(s), err
		})
	}
	stripper("strip", true, true)
	stripper("lstrip", true, false)
	stripper("rstrip", false, true)
	affix := func(name string, test func(s, p string) bool) {
		m(name, func(self Object, args Tuple) (Object, error) {
			var prefix, start, end Object
			if err := UnpackTuple(args, nil, name, 1, 3, &prefix, &start, &end); err != nil {
				return nil, err
			}
			ps, err := prefixes(name, prefix)
			if err != nil {
				return nil, err
			}
			s, _, hi, err := subRange(strSelf(self), start, end)
			if err != nil {
				return nil, err
			}
			if hi < 0 {
				return False, nil
			}
			for _, p := range ps {
				if test(s, p) {
					return True, nil
				}
			}
			return False, nil
		})
	}
	affix("startswith", strings.HasPrefix)
	affix("endswith", strings.HasSuffix)
	finder := func(name string, last, raise bool) {
		m(name, func(self Object, args Tuple) (Object, error) {
			var sub, start, end Object
			if err := UnpackTuple(args, nil, name, 1, 3, &sub, &start, &end); err != nil {
				return nil, err
			}
			needle, err := mustStr(name, 1, sub)
			if err != nil {
				return nil, err
			}
			s, lo, hi, err := subRange(strSelf(self), start, end)
			if err != nil {
				return nil, err
			}
			i := -1
			if hi >= 0 {
				if last {
					i = strings.LastIndex(s, needle)
				} else {
					i = strings.Index(s, needle)
				}
			}
			if i < 0 {
				if raise {
					return nil, ExceptionNewf(ValueError, "substring not found")
				}
				return Int(-1), nil
			}
			return Int(lo + charIndex(s, i)), nil
		})
	}
	finder("find", false, false)
	finder("rfind", true, false)
	finder("index", false, true)
	finder("rindex", true, true)
	m("count", func(self Object, args Tuple) (Object, error) {
		var sub, start, end Object
		if err := UnpackTuple(args, nil, "count", 1, 3, &sub, &start, &end); err != nil {
			return nil, err
		}
		needle, err := mustStr("count", 1, sub)
		if err != nil {
			return nil, err
		}
		s, _, hi, err := subRange(strSelf(self), start, end)
		if err != nil {
			return nil, err
		}
		if hi < 0 {
			return Int(0), nil
		}
		if needle == "" {
			return Int(utf8.RuneCountInString(s) + 1), nil
		}
		return Int(strings.Count(s, needle)), nil
	})
	m("replace", func(self Object, args Tuple) (Object, error) {
		var old, nw Object
		var count Object = Int(-1)
		if err := UnpackTuple(args, nil, "replace", 2, 3, &old, &nw, &count); err != nil {
			return nil, err
		}
		o, err := mustStr("replace", 1, old)
		if err != nil {
			return nil, err
		}
		n, err := mustStr("replace", 2, nw)
		if err != nil {
			return nil, err
		}
		c, err := IndexInt(count)
		if err != nil {
			return nil, err
		}
		s := strSelf(self)
		occurrences := strings.Count(s, o)
		if c >= 0 && c < occurrences {
			occurrences = c
		}
		if err := CheckAlloc(int64(len(s))+int64(occurrences)*int64(len(n)-len(o)), 1); err != nil {
			return nil, err
		}
		return String(strings.Replace(s, o, n, c)), nil
	})
	padder := func(name string, align byte) {
		m(name, func(self Object, args Tuple) (Object, error) {
			var width Object
			var fill Object = String(" ")
			if err := UnpackTuple(args, nil, name, 1, 2, &width, &fill); err != nil {
				return nil, err
			}
			w, err := IndexInt(width)
			if err != nil {
				return nil, err
			}
			f, ok := fill.(String)
			if !ok || utf8.RuneCountInString(string(f)) != 1 {
				return nil, ExceptionNewf(TypeError, "The fill character must be exactly one character long")
			}
			fr, _ := utf8.DecodeRuneInString(string(f))
			s := strSelf(self)
			if align == '^' {
				// CPython puts the odd padding character on the left when width is odd
				n := w - utf8.RuneCountInString(s)
				if n <= 0 {
					return String(s), nil
				}
				if err := CheckAlloc(int64(w), int64(len(f))); err != nil {
					return nil, err
				}
				left := n/2 + (n & w & 1)
				return String(strings.Repeat(string(f), left) + s + strings.Repeat(string(f), n-left)), nil
			}
			r, err := pad(s, w, fr, align)
			return String(r), err
		})
	}
	padder("ljust", '<')
	padder("rjust", '>')
	padder("center", '^')
	m("zfill", func(self, width Object) (Object, error) {
		w, err := IndexInt(width)
		if err != nil {
			return nil, err
		}
		s := strSelf(self)
		n := w - utf8.RuneCountInString(s)
		if n <= 0 {
			return String(s), nil
		}
		if err := CheckAlloc(int64(w), 1); err != nil {
			return nil, err
		}
		sign := ""
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			sign, s = s[:1], s[1:]
		}
		return String(sign + strings.Repeat("0", n) + s), nil
	})
	m("expandtabs", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var size Object = Int(8)
		if err := ParseTupleAndKeywords(args, kwargs, "|i:expandtabs", []string{"tabsize"}, &size); err != nil {
			return nil, err
		}
		s := strSelf(self)
		if err := CheckAlloc(int64(strings.Count(s, "\t")), int64(size.(Int))); err != nil {
			return nil, err
		}
		return String(expandTabs(s, int(size.(Int)))), nil
	})
	partition := func(name string, last bool) {
		m(name, func(self, sepObj Object) (Object, error) {
			sep, err := mustStr(name, 1, sepObj)
			if err != nil {
				return nil, err
			}
			if sep == "" {
				return nil, ExceptionNewf(ValueError, "empty separator")
			}
			s := strSelf(self)
			var i int
			if last {
				i = strings.LastIndex(s, sep)
			} else {
				i = strings.Index(s, sep)
			}
			if i < 0 {
				if last {
					return Tuple{String(""), String(""), String(s)}, nil
				}
				return Tuple{String(s), String(""), String("")}, nil
			}
			return Tuple{String(s[:i]), String(sep), String(s[i+len(sep):])}, nil
		})
	}
	partition("partition", false)
	partition("rpartition", true)
	m("join", func(self, seq Object) (Object, error) {
		sep := strSelf(self)
		var parts []string
		total := int64(0)
		var inner error
		err := Iterate(seq, func(x Object) bool {
			s, ok := x.(String)
			if !ok {
				inner = ExceptionNewf(TypeError, "sequence item %d: expected str instance, %s found", len(parts), x.Type().Name)
				return true
			}
			total += int64(len(s)) + int64(len(sep))
			if inner = CheckAlloc(total, 1); inner != nil {
				return true
			}
			parts = append(parts, string(s))
			return false
		})
		if err != nil {
			return nil, err
		}
		if inner != nil {
			return nil, inner
		}
		return String(strings.Join(parts, sep)), nil
	})
	m("removeprefix", func(self, p Object) (Object, error) {
		ps, err := mustStr("removeprefix", 1, p)
		if err != nil {
			return nil, err
		}
		return String(strings.TrimPrefix(strSelf(self), ps)), nil
	})
	m("removesuffix", func(self, p Object) (Object, error) {
		ps, err := mustStr("removesuffix", 1, p)
		if err != nil {
			return nil, err
		}
		if ps == "" {
			return self, nil
		}
		return String(strings.TrimSuffix(strSelf(self), ps)), nil
	})
	m("encode", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var encoding Object = String("utf-8")
		var errors Object = String("strict")
		if err := ParseTupleAndKeywords(args, kwargs, "|ss:encode", []string{"encoding", "errors"}, &encoding, &errors); err != nil {
			return nil, err
		}
		return encodeString(strSelf(self), string(encoding.(String)), string(errors.(String)))
	})
	m("format", func(self Object, args Tuple, kwargs StringDict) (Object, error) {
		var kw Object
		if kwargs != nil {
			kw = kwargs
		}
		s, err := StrFormat(strSelf(self), args, kw)
		return String(s), err
	})
	m("format_map", func(self, mapping Object) (Object, error) {
		s, err := StrFormat(strSelf(self), nil, mapping)
		return String(s), err
	})
	m("translate", func(self, table Object) (Object, error) {
		var b strings.Builder
		for _, r := range strSelf(self) {
			v, err := GetItem(table, Int(r))
			if err != nil {
				if IsException(LookupError, err) {
					b.WriteRune(r)
					continue
				}
				return nil, err
			}
			switch x := v.(type) {
			case NoneType:
			case String:
				b.WriteString(string(x))
			case Int:
				b.WriteRune(rune(x))
			default:
				return nil, ExceptionNewf(TypeError, "character mapping must return integer, None or str")
			}
		}
		return String(b.String()), nil
	})
	d["maketrans"] = &StaticMethod{Callable: MustNewMethod("maketrans", func(self Object, args Tuple) (Object, error) {
		var x, y, z Object
		if err := UnpackTuple(args, nil, "maketrans", 1, 3, &x, &y, &z); err != nil {
			return nil, err
		}
		out := NewDict()
		if y == nil {
			src, ok := x.(*Dict)
			if !ok {
				return nil, ExceptionNewf(TypeError, "if you give only one argument to maketrans it must be a dict")
			}
			var err error
			src.Range(func(k, v Object) bool {
				if s, ok := k.(String); ok {
					if utf8.RuneCountInString(string(s)) != 1 {
						err = ExceptionNewf(ValueError, "string keys in translate table must be of length 1")
						return false
					}
					r, _ := utf8.DecodeRuneInString(string(s))
					k = Int(r)
				}
				err = out.SetItem(k, v)
				return err == nil
			})
			return out, err
		}
		xs, err := mustStr("maketrans", 1, x)
		if err != nil {
			return nil, err
		}
		ys, err := mustStr("maketrans", 2, y)
		if err != nil {
			return nil, err
		}
		xr, yr := []rune(xs), []rune(ys)
		if len(xr) != len(yr) {
			return nil, ExceptionNewf(ValueError, "the first two maketrans arguments must have equal length")
		}
		for i := range xr {
			out.SetItem(Int(xr[i]), Int(yr[i]))
		}
		if z != nil {
			zs, err := mustStr("maketrans", 3, z)
			if err != nil {
				return nil, err
			}
			for _, r := range zs {
				out.SetItem(Int(r), None)
			}
		}
		return out, nil
	}, 0, "Return a translation table usable for str.translate().")}
}

func encodeString(s, encoding, errors string) (Object, error) {
	enc := strings.ReplaceAll(strings.ToLower(encoding), "_", "-")
	switch enc {
	case "utf-8", "utf8":
		return Bytes(s), nil
	case "ascii", "us-ascii", "latin-1", "latin1", "iso-8859-1":
		limit := rune(0x7f)
		name := "ascii"
		if enc != "ascii" && enc != "us-ascii" {
			limit, name = 0xff, "latin-1"
		}
		out := make([]byte, 0, len(s))
		pos := 0
		for _, r := range s {
			if r > limit {
				switch errors {
				case "ignore":
					pos++
					continue
				case "replace":
					out = append(out, '?')
					pos++
					continue
				}
				return nil, ExceptionNewf(UnicodeEncodeError, "'%s' codec can't encode character '%s' in position %d: ordinal not in range(%d)", name, charEscape(r), pos, limit+1)
			}
			out = append(out, byte(r))
			pos++
		}
		return Bytes(out), nil
	}
	return nil, ExceptionNewf(LookupError, "unknown encoding: %s", encoding)
}

func charEscape(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf(`\x%02x`, r)
	case r < 0x10000:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\U%08x`, r)
}
