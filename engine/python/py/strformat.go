// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// str % args and str.format.

package py

import (
	"math/big"
	"strconv"
	"strings"
)

// PercentFormat is tmpl % args, CPython's printf-style formatting.
func PercentFormat(tmpl string, args Object) (string, error) {
	var values Tuple
	var mapping Object
	switch a := args.(type) {
	case Tuple:
		values = a
	case *Dict, StringDict:
		mapping = a
		values = Tuple{a}
	default:
		if inst, ok := args.(*Type); ok && !inst.isClass() && inst.Type().Lookup("__getitem__") != nil {
			mapping = args
		}
		values = Tuple{args}
	}
	next := 0
	usedMapping := false
	nextArg := func() (Object, error) {
		if next >= len(values) {
			return nil, ExceptionNewf(TypeError, "not enough arguments for format string")
		}
		v := values[next]
		next++
		return v, nil
	}
	var b strings.Builder
	r := []rune(tmpl)
	for i := 0; i < len(r); i++ {
		c := r[i]
		if c != '%' {
			b.WriteRune(c)
			continue
		}
		start := i
		i++
		if i >= len(r) {
			return "", ExceptionNewf(ValueError, "incomplete format")
		}
		var arg Object
		if r[i] == '(' {
			if mapping == nil {
				return "", ExceptionNewf(TypeError, "format requires a mapping")
			}
			depth := 1
			j := i + 1
			for j < len(r) && depth > 0 {
				if r[j] == '(' {
					depth++
				} else if r[j] == ')' {
					depth--
				}
				j++
			}
			if depth > 0 {
				return "", ExceptionNewf(ValueError, "incomplete format key")
			}
			key := string(r[i+1 : j-1])
			v, err := GetItem(mapping, String(key))
			if err != nil {
				return "", err
			}
			arg = v
			usedMapping = true
			i = j
		}
		fs := FormatSpec{Fill: ' ', Precision: -1}
		leftAlign := false
	flags:
		for ; i < len(r); i++ {
			switch r[i] {
			case '-':
				leftAlign = true
			case '+':
				fs.Sign = '+'
			case ' ':
				if fs.Sign != '+' {
					fs.Sign = ' '
				}
			case '#':
				fs.Alt = true
			case '0':
				fs.Zero = true
			default:
				break flags
			}
		}
		readNum := func() (int, bool, error) {
			if i < len(r) && r[i] == '*' {
				i++
				v, err := nextArg()
				if err != nil {
					return 0, false, err
				}
				n, ok := v.(Int)
				if !ok {
					return 0, false, ExceptionNewf(TypeError, "* wants int")
				}
				return int(n), true, nil
			}
			s := i
			for i < len(r) && r[i] >= '0' && r[i] <= '9' {
				i++
			}
			if i == s {
				return 0, false, nil
			}
			n, err := strconv.Atoi(string(r[s:i]))
			if err != nil {
				return 0, false, ExceptionNewf(ValueError, "width too big")
			}
			return n, true, nil
		}
		w, ok, err := readNum()
		if err != nil {
			return "", err
		}
		if ok {
			if w < 0 {
				leftAlign, w = true, -w
			}
			fs.Width = w
		}
		if i < len(r) && r[i] == '.' {
			i++
			p, _, err := readNum()
			if err != nil {
				return "", err
			}
			fs.Precision = p
		}
		for i < len(r) && (r[i] == 'h' || r[i] == 'l' || r[i] == 'L') {
			i++
		}
		if i >= len(r) {
			return "", ExceptionNewf(ValueError, "incomplete format")
		}
		conv := r[i]
		if conv == '%' && i == start+1 {
			b.WriteByte('%')
			continue
		}
		if arg == nil {
			if arg, err = nextArg(); err != nil {
				return "", err
			}
		}
		if leftAlign {
			fs.Align, fs.Zero = '<', false
		}
		s, err := percentOne(conv, arg, fs, leftAlign, i)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	if next < len(values) && !usedMapping && mapping == nil {
		return "", ExceptionNewf(TypeError, "not all arguments converted during string formatting")
	}
	return b.String(), nil
}

func percentOne(conv rune, arg Object, fs FormatSpec, leftAlign bool, index int) (string, error) {
	var err error
	switch conv {
	case 's', 'r', 'a':
		var s string
		switch conv {
		case 's':
			s, err = StrAsString(arg)
		case 'r':
			s, err = ReprAsString(arg)
		default:
			s, err = ReprAsString(arg)
			s = EscapeNonASCII(s)
		}
		if err != nil {
			return "", err
		}
		if fs.Precision >= 0 && len([]rune(s)) > fs.Precision {
			s = string([]rune(s)[:fs.Precision])
		}
		align := byte('>')
		if leftAlign {
			align = '<'
		}
		return pad(s, fs.Width, ' ', align)
	case 'c':
		var s string
		switch x := arg.(type) {
		case String:
			if len([]rune(string(x))) != 1 {
				return "", ExceptionNewf(TypeError, "%%c requires int or char")
			}
			s = string(x)
		case Int:
			if x < 0 || x > 0x10ffff {
				return "", ExceptionNewf(OverflowError, "%%c arg not in range(0x110000)")
			}
			s = string(rune(x))
		default:
			return "", ExceptionNewf(TypeError, "%%c requires int or char")
		}
		align := byte('>')
		if leftAlign {
			align = '<'
		}
		return pad(s, fs.Width, ' ', align)
	case 'd', 'i', 'u', 'x', 'X', 'o':
		n, err := percentInt(arg, conv)
		if err != nil {
			return "", err
		}
		fs.Type = byte(conv)
		if conv == 'i' || conv == 'u' {
			fs.Type = 'd'
		}
		prec := fs.Precision
		fs.Precision = -1
		if fs.Zero && !leftAlign {
			fs.Align, fs.Fill = '=', '0'
		}
		fs.Zero = false
		if fs.Align == 0 {
			fs.Align = '>'
		}
		s, err := FormatNumber(n, fs)
		if err != nil || prec < 0 {
			return s, err
		}
		return percentIntPrecision(n, fs, prec)
	case 'e', 'E', 'f', 'F', 'g', 'G':
		f, err := percentFloat(arg, conv)
		if err != nil {
			return "", err
		}
		fs.Type = byte(conv)
		if fs.Precision < 0 {
			fs.Precision = 6
		}
		if fs.Zero && !leftAlign {
			fs.Align, fs.Fill = '=', '0'
		}
		fs.Zero = false
		if fs.Align == 0 {
			fs.Align = '>'
		}
		return FormatNumber(f, fs)
	}
	return "", ExceptionNewf(ValueError, "unsupported format character '%c' (0x%x) at index %d", conv, conv, index)
}

// percentIntPrecision is %.Nd: at least N digits.
func percentIntPrecision(n Object, fs FormatSpec, prec int) (string, error) {
	bi, _ := ConvertToBigInt(n)
	neg := (*big.Int)(bi).Sign() < 0
	a := new(big.Int).Abs((*big.Int)(bi))
	var digits string
	switch fs.Type {
	case 'x':
		digits = a.Text(16)
	case 'X':
		digits = strings.ToUpper(a.Text(16))
	case 'o':
		digits = a.Text(8)
	default:
		digits = a.String()
	}
	for len(digits) < prec {
		digits = "0" + digits
	}
	prefix := ""
	if fs.Alt {
		prefix = map[byte]string{'x': "0x", 'X': "0X", 'o': "0o"}[fs.Type]
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case fs.Sign == '+':
		sign = "+"
	case fs.Sign == ' ':
		sign = " "
	}
	return pad(sign+prefix+digits, fs.Width, fs.Fill, fs.Align)
}

func percentInt(arg Object, conv rune) (Object, error) {
	switch x := arg.(type) {
	case Int, *BigInt:
		return x, nil
	case Bool:
		if x {
			return Int(1), nil
		}
		return Int(0), nil
	case Float:
		if conv == 'x' || conv == 'X' || conv == 'o' {
			return nil, ExceptionNewf(TypeError, "%%%c format: an integer is required, not float", conv)
		}
		return MakeInt(x)
	}
	if conv == 'x' || conv == 'X' || conv == 'o' {
		return nil, ExceptionNewf(TypeError, "%%%c format: an integer is required, not %s", conv, arg.Type().Name)
	}
	return nil, ExceptionNewf(TypeError, "%%%c format: a real number is required, not %s", conv, arg.Type().Name)
}

func percentFloat(arg Object, conv rune) (Object, error) {
	switch x := arg.(type) {
	case Float:
		return x, nil
	case Int, *BigInt, Bool:
		return MakeFloat(x)
	}
	return nil, ExceptionNewf(TypeError, "must be real number, not %s", arg.Type().Name)
}

// StrFormat is tmpl.format(*args, **kwargs).
func StrFormat(tmpl string, args Tuple, kwargs Object) (string, error) {
	f := formatter{args: args, kwargs: kwargs}
	return f.format(tmpl, 0)
}

type formatter struct {
	args   Tuple
	kwargs Object // StringDict, *Dict or any mapping (format_map)
	auto   int
	manual bool
}

func (f *formatter) format(tmpl string, depth int) (string, error) {
	if depth > 2 {
		return "", ExceptionNewf(ValueError, "Max string recursion exceeded")
	}
	var b strings.Builder
	for i := 0; i < len(tmpl); {
		c := tmpl[i]
		if c == '}' {
			if i+1 < len(tmpl) && tmpl[i+1] == '}' {
				b.WriteByte('}')
				i += 2
				continue
			}
			return "", ExceptionNewf(ValueError, "Single '}' encountered in format string")
		}
		if c != '{' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 < len(tmpl) && tmpl[i+1] == '{' {
			b.WriteByte('{')
			i += 2
			continue
		}
		level := 1
		j := i + 1
		inBracket := false
		for j < len(tmpl) && level > 0 {
			switch tmpl[j] {
			case '[':
				inBracket = true
			case ']':
				inBracket = false
			case '{':
				if !inBracket {
					level++
				}
			case '}':
				if !inBracket {
					level--
				}
			}
			j++
		}
		if level != 0 {
			if i+1 == len(tmpl) {
				return "", ExceptionNewf(ValueError, "Single '{' encountered in format string")
			}
			return "", ExceptionNewf(ValueError, "expected '}' before end of string")
		}
		s, err := f.field(tmpl[i+1:j-1], depth)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
		i = j
	}
	return b.String(), nil
}

func (f *formatter) field(field string, depth int) (string, error) {
	name, spec, conv := field, "", ""
	// the field name ends at the first '!' or ':' outside brackets
	inBracket := false
	for k := 0; k < len(field); k++ {
		switch field[k] {
		case '[':
			inBracket = true
		case ']':
			inBracket = false
		case '!', ':':
			if inBracket {
				continue
			}
			name = field[:k]
			rest := field[k:]
			if rest[0] == '!' {
				if len(rest) < 2 {
					return "", ExceptionNewf(ValueError, "end of string while looking for conversion specifier")
				}
				conv = rest[1:2]
				rest = rest[2:]
				if rest != "" && rest[0] != ':' {
					return "", ExceptionNewf(ValueError, "expected ':' after conversion specifier")
				}
			}
			if rest != "" {
				spec = rest[1:]
			}
			k = len(field)
		}
	}
	v, err := f.lookup(name)
	if err != nil {
		return "", err
	}
	switch conv {
	case "":
	case "r":
		s, err := ReprAsString(v)
		if err != nil {
			return "", err
		}
		v = String(s)
	case "s":
		s, err := StrAsString(v)
		if err != nil {
			return "", err
		}
		v = String(s)
	case "a":
		s, err := ReprAsString(v)
		if err != nil {
			return "", err
		}
		v = String(EscapeNonASCII(s))
	default:
		return "", ExceptionNewf(ValueError, "Unknown conversion specifier %s", conv)
	}
	if strings.Contains(spec, "{") {
		if spec, err = f.format(spec, depth+1); err != nil {
			return "", err
		}
	}
	return Format(v, spec)
}

func (f *formatter) lookup(field string) (Object, error) {
	name, rest := field, ""
	if k := strings.IndexAny(field, ".["); k >= 0 {
		name, rest = field[:k], field[k:]
	}
	var v Object
	switch {
	case name == "":
		if f.manual {
			return nil, ExceptionNewf(ValueError, "cannot switch from manual field specification to automatic field numbering")
		}
		if f.auto >= len(f.args) {
			return nil, ExceptionNewf(IndexError, "Replacement index %d out of range for positional args tuple", f.auto)
		}
		v = f.args[f.auto]
		f.auto++
	case name[0] >= '0' && name[0] <= '9':
		if f.auto > 0 {
			return nil, ExceptionNewf(ValueError, "cannot switch from automatic field numbering to manual field specification")
		}
		f.manual = true
		n, err := strconv.Atoi(name)
		if err != nil || n >= len(f.args) {
			return nil, ExceptionNewf(IndexError, "Replacement index %s out of range for positional args tuple", name)
		}
		v = f.args[n]
	default:
		if f.kwargs == nil {
			return nil, keyError(String(name))
		}
		var err error
		if v, err = GetItem(f.kwargs, String(name)); err != nil {
			return nil, err
		}
	}
	for rest != "" {
		var err error
		if rest[0] == '.' {
			k := strings.IndexAny(rest[1:], ".[")
			attr := rest[1:]
			if k >= 0 {
				attr, rest = rest[1:k+1], rest[k+1:]
			} else {
				rest = ""
			}
			if v, err = GetAttrString(v, attr); err != nil {
				return nil, err
			}
			continue
		}
		k := strings.IndexByte(rest, ']')
		if k < 0 {
			return nil, ExceptionNewf(ValueError, "Missing ']' in format string")
		}
		key := rest[1:k]
		rest = rest[k+1:]
		var keyObj Object = String(key)
		if n, err := strconv.Atoi(key); err == nil {
			keyObj = Int(n)
		}
		if v, err = GetItem(v, keyObj); err != nil {
			return nil, err
		}
	}
	return v, nil
}
