// Copyright 2018 The go-python Authors.  All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// format(), str.format and %-formatting with CPython's format-spec mini-language:
// [[fill]align][sign][z][#][0][width][grouping][.precision][type].

package py

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormatSpec is a parsed format specification.
type FormatSpec struct {
	Fill      rune
	Align     byte // 0, '<', '>', '^', '='
	Sign      byte // 0, '+', '-', ' '
	NegZero   bool // 'z': -0.0 prints as 0.0
	Alt       bool // '#'
	Zero      bool // '0' before the width
	Width     int
	Grouping  byte // 0, ',', '_'
	Precision int  // -1 when absent
	Type      byte
}

// ParseFormatSpec parses spec.
func ParseFormatSpec(spec string) (FormatSpec, error) {
	fs := FormatSpec{Fill: ' ', Precision: -1}
	r := []rune(spec)
	i := 0
	isAlign := func(c rune) bool { return c == '<' || c == '>' || c == '^' || c == '=' }
	if len(r) >= 2 && isAlign(r[1]) {
		fs.Fill, fs.Align = r[0], byte(r[1])
		i = 2
	} else if len(r) >= 1 && isAlign(r[0]) {
		fs.Align = byte(r[0])
		i = 1
	}
	if i < len(r) && (r[i] == '+' || r[i] == '-' || r[i] == ' ') {
		fs.Sign = byte(r[i])
		i++
	}
	if i < len(r) && r[i] == 'z' {
		fs.NegZero = true
		i++
	}
	if i < len(r) && r[i] == '#' {
		fs.Alt = true
		i++
	}
	if i < len(r) && r[i] == '0' {
		fs.Zero = true
		i++
	}
	start := i
	for i < len(r) && r[i] >= '0' && r[i] <= '9' {
		i++
	}
	if i > start {
		w, err := strconv.Atoi(string(r[start:i]))
		if err != nil {
			return fs, ExceptionNewf(ValueError, "Too many decimal digits in format string")
		}
		fs.Width = w
	}
	if i < len(r) && (r[i] == ',' || r[i] == '_') {
		fs.Grouping = byte(r[i])
		i++
		if i < len(r) && (r[i] == ',' || r[i] == '_') {
			return fs, ExceptionNewf(ValueError, "Cannot specify both ',' and '_'.")
		}
	}
	if i < len(r) && r[i] == '.' {
		i++
		start = i
		for i < len(r) && r[i] >= '0' && r[i] <= '9' {
			i++
		}
		if i == start {
			return fs, ExceptionNewf(ValueError, "Format specifier missing precision")
		}
		p, err := strconv.Atoi(string(r[start:i]))
		if err != nil {
			return fs, ExceptionNewf(ValueError, "Too many decimal digits in format string")
		}
		fs.Precision = p
	}
	if len(r)-i > 1 {
		return fs, ExceptionNewf(ValueError, "Invalid format specifier '%s' for object of type", spec)
	}
	if i < len(r) {
		if r[i] > 0x7f {
			return fs, ExceptionNewf(ValueError, "Invalid format specifier")
		}
		fs.Type = byte(r[i])
	}
	return fs, nil
}

// Format is format(value, spec): __format__ of a class that defines it, else the
// mini-language for int, float, str and bool.
func Format(value Object, spec string) (string, error) {
	if inst, ok := value.(*Type); ok && !inst.isClass() {
		fn := inst.Type().Lookup("__format__")
		if _, userDefined := fn.(*Function); inst.Value != nil && !userDefined {
			return Format(inst.Value, spec)
		}
		if fn != nil {
			res, err := CallSpecial(fn, inst, String(spec))
			if err != nil {
				return "", err
			}
			s, ok := res.(String)
			if !ok {
				return "", ExceptionNewf(TypeError, "__format__ must return a str, not %s", res.Type().Name)
			}
			return string(s), nil
		}
	}
	if inst, ok := value.(*Type); ok && inst.Value != nil {
		return Format(inst.Value, spec)
	}
	if f, ok := value.(I__format__); ok {
		res, err := f.M__format__(String(spec))
		if err != nil {
			return "", err
		}
		s, ok := res.(String)
		if !ok {
			return "", ExceptionNewf(TypeError, "__format__ must return a str, not %s", res.Type().Name)
		}
		return string(s), nil
	}
	switch x := value.(type) {
	case Bool:
		if spec == "" {
			return x.String(), nil
		}
		n := int64(0)
		if x {
			n = 1
		}
		return formatNumberSpec(Int(n), spec)
	case Int, *BigInt, Float:
		return formatNumberSpec(x, spec)
	case String:
		if spec == "" {
			return string(x), nil
		}
		fs, err := ParseFormatSpec(spec)
		if err != nil {
			return "", err
		}
		return formatString(string(x), fs, "str")
	}
	if spec != "" {
		return "", ExceptionNewf(TypeError, "unsupported format string passed to %s.__format__", value.Type().Name)
	}
	return StrAsString(value)
}

func formatNumberSpec(v Object, spec string) (string, error) {
	if spec == "" {
		return StrAsString(v)
	}
	fs, err := ParseFormatSpec(spec)
	if err != nil {
		return "", err
	}
	return FormatNumber(v, fs)
}

func formatString(s string, fs FormatSpec, typeName string) (string, error) {
	if fs.Type != 0 && fs.Type != 's' {
		return "", ExceptionNewf(ValueError, "Unknown format code '%c' for object of type '%s'", fs.Type, typeName)
	}
	if fs.Sign != 0 {
		return "", ExceptionNewf(ValueError, "Sign not allowed in string format specifier")
	}
	if fs.Alt {
		return "", ExceptionNewf(ValueError, "Alternate form (#) not allowed in string format specifier")
	}
	if fs.Align == '=' {
		return "", ExceptionNewf(ValueError, "'=' alignment not allowed in string format specifier")
	}
	if fs.Grouping != 0 {
		return "", ExceptionNewf(ValueError, "Cannot specify '%c' with 's'.", fs.Grouping)
	}
	if fs.Precision >= 0 && utf8.RuneCountInString(s) > fs.Precision {
		s = string([]rune(s)[:fs.Precision])
	}
	align := fs.Align
	if align == 0 {
		align = '<'
	}
	fill := fs.Fill
	if fs.Zero && fs.Align == 0 {
		fill = '0'
	}
	return pad(s, fs.Width, fill, align)
}

// pad aligns s in width characters of fill.
func pad(s string, width int, fill rune, align byte) (string, error) {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s, nil
	}
	if err := CheckAlloc(int64(width), int64(utf8.RuneLen(fill))); err != nil {
		return "", err
	}
	f := string(fill)
	switch align {
	case '<':
		return s + strings.Repeat(f, n), nil
	case '^':
		left := n / 2
		return strings.Repeat(f, left) + s + strings.Repeat(f, n-left), nil
	}
	return strings.Repeat(f, n) + s, nil
}

// FormatNumber formats an int or float by a parsed spec.
func FormatNumber(v Object, fs FormatSpec) (string, error) {
	var neg bool
	var body, prefix string
	var err error
	switch x := v.(type) {
	case Int:
		neg, body, prefix, err = formatInteger(big.NewInt(int64(x)), fs)
	case Bool:
		n := int64(0)
		if x {
			n = 1
		}
		neg, body, prefix, err = formatInteger(big.NewInt(n), fs)
	case *BigInt:
		neg, body, prefix, err = formatInteger((*big.Int)(x), fs)
	case Float:
		neg, body, err = formatFloatBody(float64(x), fs)
	default:
		return "", ExceptionNewf(TypeError, "unsupported format string passed to %s.__format__", v.Type().Name)
	}
	if err != nil {
		return "", err
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
	align := fs.Align
	fill := fs.Fill
	if fs.Zero && fs.Align == 0 {
		fill, align = '0', '='
	}
	if align == 0 {
		align = '>'
	}
	if align == '=' {
		head := sign + prefix
		if fill == '0' && fs.Grouping != 0 {
			body = zeroPadGrouped(body, fs.Width-utf8.RuneCountInString(head), fs.Grouping, fs.Type)
		}
		padded, err := pad(body, fs.Width-utf8.RuneCountInString(head), fill, '>')
		return head + padded, err
	}
	return pad(sign+prefix+body, fs.Width, fill, align)
}

// zeroPadGrouped zero-fills a grouped number, grouping the padding too ("0,001,234").
func zeroPadGrouped(body string, width int, sep byte, typ byte) string {
	every := 3
	if typ == 'b' || typ == 'o' || typ == 'x' || typ == 'X' {
		every = 4
	}
	intPart, rest := body, ""
	if i := strings.IndexAny(body, ".eE%"); i >= 0 {
		intPart, rest = body[:i], body[i:]
	}
	digits := strings.ReplaceAll(intPart, string(sep), "")
	for {
		g := group(digits, sep, every)
		if len(g)+len(rest) >= width {
			return g + rest
		}
		digits = "0" + digits
	}
}

func group(digits string, sep byte, every int) string {
	if len(digits) <= every {
		return digits
	}
	var b strings.Builder
	first := len(digits) % every
	if first == 0 {
		first = every
	}
	b.WriteString(digits[:first])
	for i := first; i < len(digits); i += every {
		b.WriteByte(sep)
		b.WriteString(digits[i : i+every])
	}
	return b.String()
}

func formatInteger(n *big.Int, fs FormatSpec) (neg bool, body, prefix string, err error) {
	switch fs.Type {
	case 'e', 'E', 'f', 'F', 'g', 'G', '%':
		f, _ := new(big.Float).SetInt(n).Float64()
		neg, body, err = formatFloatBody(f, fs)
		return neg, body, "", err
	}
	if fs.Precision >= 0 {
		return false, "", "", ExceptionNewf(ValueError, "Precision not allowed in integer format specifier")
	}
	neg = n.Sign() < 0
	a := new(big.Int).Abs(n)
	every := 3
	switch fs.Type {
	case 0, 'd', 'n':
		body, err = bigIntString(a)
		if err != nil {
			return
		}
	case 'x':
		body, prefix, every = a.Text(16), "0x", 4
	case 'X':
		body, prefix, every = strings.ToUpper(a.Text(16)), "0X", 4
	case 'o':
		body, prefix, every = a.Text(8), "0o", 4
	case 'b':
		body, prefix, every = a.Text(2), "0b", 4
	case 'c':
		if fs.Sign != 0 {
			return false, "", "", ExceptionNewf(ValueError, "Sign not allowed with integer format specifier 'c'")
		}
		if !n.IsInt64() || n.Int64() < 0 || n.Int64() > 0x10ffff {
			return false, "", "", ExceptionNewf(OverflowError, "%%c arg not in range(0x110000)")
		}
		return false, string(rune(n.Int64())), "", nil
	default:
		return false, "", "", ExceptionNewf(ValueError, "Unknown format code '%c' for object of type 'int'", fs.Type)
	}
	if !fs.Alt {
		prefix = ""
	}
	if fs.Grouping != 0 {
		if fs.Grouping == ',' && every == 4 {
			return false, "", "", ExceptionNewf(ValueError, "Cannot specify ',' with '%c'.", fs.Type)
		}
		body = group(body, fs.Grouping, every)
	}
	return neg, body, prefix, nil
}

// formatFloatBody formats |f| and reports its sign.
func formatFloatBody(f float64, fs FormatSpec) (neg bool, body string, err error) {
	if fs.Type == 'c' || fs.Type == 'd' || fs.Type == 'x' || fs.Type == 'X' || fs.Type == 'o' || fs.Type == 'b' || fs.Type == 's' {
		return false, "", ExceptionNewf(ValueError, "Unknown format code '%c' for object of type 'float'", fs.Type)
	}
	neg = math.Signbit(f) && !math.IsNaN(f)
	a := math.Abs(f)
	prec := fs.Precision
	upper := fs.Type == 'E' || fs.Type == 'F' || fs.Type == 'G'
	switch {
	case math.IsInf(a, 0):
		body = "inf"
	case math.IsNaN(a):
		body = "nan"
	default:
		switch fs.Type {
		case 'f', 'F', '%':
			if prec < 0 {
				prec = 6
			}
			x := a
			if fs.Type == '%' {
				x *= 100
			}
			body = strconv.FormatFloat(x, 'f', prec, 64)
			if fs.Alt && prec == 0 {
				body += "."
			}
		case 'e', 'E':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(a, 'e', prec, 64)
			if fs.Alt && prec == 0 {
				body = strings.Replace(body, "e", ".e", 1)
			}
		case 'g', 'G', 'n':
			if prec < 0 {
				prec = 6
			}
			body = formatGeneral(a, prec, fs.Alt, false)
		case 0:
			if prec < 0 {
				body = FloatRepr(a)
			} else {
				body = formatGeneral(a, prec, fs.Alt, true)
			}
		default:
			return false, "", ExceptionNewf(ValueError, "Unknown format code '%c' for object of type 'float'", fs.Type)
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	if fs.Type == '%' {
		body += "%"
	}
	if neg && fs.NegZero && strings.Trim(body, "0.%") == "" {
		neg = false
	}
	if fs.Grouping != 0 {
		intPart, rest := body, ""
		if i := strings.IndexAny(body, ".eE%"); i >= 0 {
			intPart, rest = body[:i], body[i:]
		}
		if intPart != "inf" && intPart != "nan" && intPart != "INF" && intPart != "NAN" {
			body = group(intPart, fs.Grouping, 3) + rest
		}
	}
	return neg, body, nil
}

// formatGeneral is the 'g' presentation; noType is format() with a precision and no
// type, which keeps at least one digit after the point.
func formatGeneral(a float64, prec int, alt, noType bool) string {
	if prec == 0 {
		prec = 1
	}
	if a == 0 {
		exp := 0
		return generalFixed(a, prec, exp, alt, noType)
	}
	e := strconv.FormatFloat(a, 'e', prec-1, 64)
	exp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
	if exp < -4 || exp >= prec {
		mant, ex, _ := strings.Cut(e, "e")
		if !alt {
			if strings.Contains(mant, ".") {
				mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
			}
		} else if !strings.Contains(mant, ".") {
			mant += "."
		}
		return mant + "e" + ex
	}
	return generalFixed(a, prec, exp, alt, noType)
}

func generalFixed(a float64, prec, exp int, alt, noType bool) string {
	decimals := prec - 1 - exp
	if decimals < 0 {
		decimals = 0
	}
	s := strconv.FormatFloat(a, 'f', decimals, 64)
	if !alt {
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		if noType && !strings.Contains(s, ".") {
			s += ".0"
		}
	} else if !strings.Contains(s, ".") {
		s += "."
	}
	return s
}

// String gives "True" or "False".
func (b Bool) String() string {
	if b {
		return "True"
	}
	return "False"
}
