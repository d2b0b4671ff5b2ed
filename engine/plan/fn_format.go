package plan

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Number and text formatting as Java does it: java.util.Formatter for format_string and
// printf, DecimalFormat for format_number, java.nio charsets for encode and decode.

func bindFormatString(name string) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) == 0 {
			return nil, wrongArgs(name, "> 0", 0)
		}
		args, err := r.resolveAll(c.Args)
		if err != nil {
			return nil, err
		}
		f, ok := coerceTo(args[0], inString)
		if !ok {
			return nil, unexpectedInput(callSQL(name, args), 0, inString, args[0])
		}
		args[0] = f
		types := make([]sqltypes.DataType, len(args))
		for i, a := range args {
			types[i] = a.DataType()
		}
		return &boundFunc{name: name, args: args, typ: sqltypes.String, nullable: args[0].Nullable(),
			fn: func(ec *EvalContext, v []any) (any, error) {
				if v[0] == nil {
					return nil, nil
				}
				return javaFormat(ec, v[0].(string), v[1:], types[1:])
			}}, nil
	}
}

func formatErr(msg string) error {
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: msg}
}

// javaFormat is String.format(Locale.US, format, args...).
func javaFormat(ec *EvalContext, format string, args []any, types []sqltypes.DataType) (string, error) {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		j := i + 1
		// %[index$][flags][width][.precision]conversion
		argIndex := -1
		k := j
		for k < len(format) && format[k] >= '0' && format[k] <= '9' {
			k++
		}
		if k < len(format) && format[k] == '$' && k > j {
			argIndex, _ = strconv.Atoi(format[j:k])
			argIndex--
			j = k + 1
		}
		flags := ""
		for j < len(format) && strings.IndexByte("-#+ 0,(", format[j]) >= 0 {
			flags += string(format[j])
			j++
		}
		width := -1
		k = j
		for k < len(format) && format[k] >= '0' && format[k] <= '9' {
			k++
		}
		if k > j {
			width, _ = strconv.Atoi(format[j:k])
			j = k
		}
		prec := -1
		if j < len(format) && format[j] == '.' {
			k = j + 1
			for k < len(format) && format[k] >= '0' && format[k] <= '9' {
				k++
			}
			prec, _ = strconv.Atoi(format[j+1 : k])
			j = k
		}
		if j >= len(format) {
			return "", formatErr(fmt.Sprintf("Format specifier '%s'", format[i:]))
		}
		conv := format[j]
		i = j
		switch conv {
		case '%':
			b.WriteString(padJava("%", width, flags))
			continue
		case 'n':
			b.WriteString("\n")
			continue
		}
		idx := next
		if argIndex >= 0 {
			idx = argIndex
		} else {
			next++
		}
		if idx >= len(args) {
			return "", formatErr(fmt.Sprintf("Format specifier '%%%c'", conv))
		}
		s, err := formatJavaArg(ec, conv, flags, prec, args[idx], types[idx])
		if err != nil {
			return "", err
		}
		if conv >= 'A' && conv <= 'Z' {
			s = javaUpper(s)
		}
		b.WriteString(padJava(s, width, flags))
	}
	return b.String(), nil
}

func padJava(s string, width int, flags string) string {
	n := width - utf8.RuneCountInString(s)
	if n <= 0 {
		return s
	}
	if strings.Contains(flags, "-") {
		return s + strings.Repeat(" ", n)
	}
	if strings.Contains(flags, "0") {
		sign := ""
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			sign, s = s[:1], s[1:]
		}
		return sign + strings.Repeat("0", n) + s
	}
	return strings.Repeat(" ", n) + s
}

func formatJavaArg(ec *EvalContext, conv byte, flags string, prec int, v any, t sqltypes.DataType) (string, error) {
	lower := conv | 0x20
	if v == nil {
		switch lower {
		case 'b':
			return "false", nil
		}
		s := "null"
		if prec >= 0 && prec < len(s) {
			s = s[:prec]
		}
		return s, nil
	}
	mismatch := func() error {
		return formatErr(fmt.Sprintf("%c != %s", conv, javaClassName(v)))
	}
	switch lower {
	case 's':
		s := sqltypes.FormatValue(v, t, ec.Location)
		if prec >= 0 && prec < utf8.RuneCountInString(s) {
			s = string([]rune(s)[:prec])
		}
		return s, nil
	case 'b':
		if bv, ok := v.(bool); ok {
			return strconv.FormatBool(bv), nil
		}
		return "true", nil
	case 'h':
		return fmt.Sprintf("%x", javaHashCode(v)), nil
	case 'c':
		switch x := v.(type) {
		case int32:
			return string(rune(x)), nil
		case int8:
			return string(rune(x)), nil
		case int16:
			return string(rune(x)), nil
		}
		return "", mismatch()
	case 'd', 'o', 'x':
		var n *big.Int
		switch x := v.(type) {
		case int8:
			n = big.NewInt(int64(x))
		case int16:
			n = big.NewInt(int64(x))
		case int32:
			n = big.NewInt(int64(x))
		case int64:
			n = big.NewInt(x)
		default:
			return "", mismatch()
		}
		switch lower {
		case 'd':
			s := n.String()
			neg := n.Sign() < 0
			if neg {
				s = s[1:]
			}
			if strings.Contains(flags, ",") {
				s = groupThousands(s)
			}
			switch {
			case neg && strings.Contains(flags, "("):
				return "(" + s + ")", nil
			case neg:
				return "-" + s, nil
			case strings.Contains(flags, "+"):
				return "+" + s, nil
			case strings.Contains(flags, " "):
				return " " + s, nil
			}
			return s, nil
		case 'x', 'o':
			base := 16
			if lower == 'o' {
				base = 8
			}
			if n.Sign() < 0 { // two's complement of the value's own width
				bits := map[string]uint{"int8": 8, "int16": 16, "int32": 32, "int64": 64}[fmt.Sprintf("%T", v)]
				n.Add(n, new(big.Int).Lsh(big.NewInt(1), bits))
			}
			s := n.Text(base)
			if strings.Contains(flags, "#") {
				s = map[int]string{16: "0x", 8: "0"}[base] + s
			}
			return s, nil
		}
	case 'e', 'f', 'g', 'a':
		var f float64
		switch x := v.(type) {
		case float64:
			f = x
		case float32:
			f = float64(x)
		case sqltypes.Decimal:
			f = x.Float64()
		default:
			return "", mismatch()
		}
		if math.IsNaN(f) {
			return "NaN", nil
		}
		if math.IsInf(f, 0) {
			if f > 0 {
				return "Infinity", nil
			}
			return "-Infinity", nil
		}
		if prec < 0 {
			prec = 6
		}
		var s string
		switch lower {
		case 'f':
			s = roundedDecimalText(f, prec, false)
		case 'e':
			s = javaScientific(f, prec)
		case 'g':
			if prec == 0 {
				prec = 1
			}
			a := math.Abs(f)
			if a != 0 && (a < 1e-4 || a >= math.Pow(10, float64(prec))) {
				s = javaScientific(f, prec-1)
			} else {
				// digits after the point so the total significant digits are prec
				exp := 0
				if a != 0 {
					exp = int(math.Floor(math.Log10(a)))
				}
				s = roundedDecimalText(f, max(prec-1-exp, 0), false)
			}
		default:
			s = strconv.FormatFloat(f, 'x', prec, 64)
		}
		if strings.Contains(flags, ",") && lower == 'f' {
			intPart, frac, hasFrac := strings.Cut(strings.TrimPrefix(s, "-"), ".")
			g := groupThousands(intPart)
			if hasFrac {
				g += "." + frac
			}
			if strings.HasPrefix(s, "-") {
				g = "-" + g
			}
			s = g
		}
		if !strings.HasPrefix(s, "-") {
			if strings.Contains(flags, "+") {
				s = "+" + s
			} else if strings.Contains(flags, " ") {
				s = " " + s
			}
		}
		return s, nil
	}
	return "", formatErr(fmt.Sprintf("Conversion = '%c'", conv))
}

func javaClassName(v any) string {
	switch v.(type) {
	case string:
		return "java.lang.String"
	case int32:
		return "java.lang.Integer"
	case int64:
		return "java.lang.Long"
	case float64:
		return "java.lang.Double"
	case bool:
		return "java.lang.Boolean"
	case sqltypes.Decimal:
		return "java.math.BigDecimal"
	}
	return fmt.Sprintf("%T", v)
}

func javaHashCode(v any) int32 {
	switch x := v.(type) {
	case string:
		var h int32
		for _, u := range utf16.Encode([]rune(x)) {
			h = 31*h + int32(u)
		}
		return h
	case int32:
		return x
	case int64:
		return int32(x ^ int64(uint64(x)>>32))
	case bool:
		if x {
			return 1231
		}
		return 1237
	}
	return 0
}

func groupThousands(digits string) string {
	if len(digits) <= 3 {
		return digits
	}
	var b strings.Builder
	lead := len(digits) % 3
	if lead > 0 {
		b.WriteString(digits[:lead])
	}
	for i := lead; i < len(digits); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(digits[i : i+3])
	}
	return b.String()
}

// shortestDigits is a double's shortest decimal representation (Java's Double.toString
// digits): the digits without a point and the position of the point (value =
// 0.DIGITS × 10^point).
func shortestDigits(f float64) (digits string, point int, neg bool) {
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	e, _ := strconv.Atoi(exp)
	digits = strings.Replace(mant, ".", "", 1)
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		digits = "0"
	}
	return digits, e + 1, math.Signbit(f)
}

// roundedDecimalText writes f with prec digits after the point, rounding its shortest
// decimal digits half up (Java's Formatter) or half even on its exact binary value
// (halfEven: DecimalFormat).
func roundedDecimalText(f float64, prec int, halfEven bool) string {
	digits, point, neg := shortestDigits(f)
	// Work on an integer of digits scaled to prec places.
	keep := point + prec // digits that stay
	var intDigits string
	switch {
	case keep <= 0:
		roundUp := false
		if keep == 0 && digits[0] >= '5' {
			roundUp = roundsUp(f, digits, 0, halfEven, "0")
		}
		intDigits = "0"
		if roundUp {
			intDigits = "1"
		}
	case keep >= len(digits):
		intDigits = digits + strings.Repeat("0", keep-len(digits))
	default:
		intDigits = digits[:keep]
		if roundsUp(f, digits, keep, halfEven, intDigits) {
			intDigits = incrementDigits(intDigits)
		}
	}
	// Place the point.
	for len(intDigits) < prec+1 {
		intDigits = "0" + intDigits
	}
	s := intDigits[:len(intDigits)-prec]
	if prec > 0 {
		s += "." + intDigits[len(intDigits)-prec:]
	}
	s = strings.TrimLeft(s, "0")
	if s == "" || s[0] == '.' {
		s = "0" + s
	}
	if neg {
		s = "-" + s
	}
	return s
}

// roundsUp decides the rounding of digits cut at position keep.
func roundsUp(f float64, digits string, keep int, halfEven bool, kept string) bool {
	first := digits[keep]
	rest := strings.TrimRight(digits[keep+1:], "0")
	switch {
	case first > '5', first == '5' && rest != "":
		return true
	case first < '5':
		return false
	}
	if !halfEven {
		return true
	}
	// Exactly ...5 in the shortest digits: the exact binary value decides; a tie goes to
	// the even digit.
	exact := new(big.Float).SetFloat64(math.Abs(f))
	text := exact.Text('f', 1100)
	dec, _ := new(big.Rat).SetString(text)
	short, _ := new(big.Rat).SetString("0." + digits)
	_, point, _ := shortestDigits(f)
	short.Mul(short, new(big.Rat).SetFrac(pow10(int32(max(point, 0))), pow10(int32(max(-point, 0)))))
	switch dec.Cmp(short) {
	case 1:
		return true
	case -1:
		return false
	}
	last := byte('0')
	if kept != "" {
		last = kept[len(kept)-1]
	}
	return (last-'0')%2 == 1
}

func incrementDigits(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// javaScientific is %.{prec}e: d.ddd e+XX with at least two exponent digits.
func javaScientific(f float64, prec int) string {
	if f == 0 {
		return "0." + strings.Repeat("0", prec) + "e+00"
	}
	digits, point, neg := shortestDigits(f)
	exp := point - 1
	mant := digits
	if len(mant) > prec+1 {
		kept := mant[:prec+1]
		if roundsUp(f, mant, prec+1, false, kept) {
			kept = incrementDigits(kept)
			if len(kept) > prec+1 {
				kept = kept[:prec+1]
				exp++
			}
		}
		mant = kept
	} else {
		mant += strings.Repeat("0", prec+1-len(mant))
	}
	s := mant[:1]
	if prec > 0 {
		s += "." + mant[1:]
	}
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	s += fmt.Sprintf("e%s%02d", sign, exp)
	if neg {
		s = "-" + s
	}
	return s
}

// bindFormatNumber is format_number(x, d): #,###.## with d decimals (half even), or x in
// a DecimalFormat pattern given as a string.
func bindFormatNumber(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inNumeric, inAny)
	if err != nil {
		return nil, err
	}
	if isString(args[1].DataType()) {
		return nil, unsupported("kafkalab's format_number takes a number of decimal places, not a pattern string")
	}
	d, ok := coerceTo(args[1], inInt)
	if !ok {
		return nil, unexpectedInput(callSQL("format_number", args), 1, inInt, args[1])
	}
	return fn2("format_number", args[0], d, sqltypes.String, func(_ *EvalContext, a, b any) (any, error) {
		n := int(b.(int32))
		if n < 0 {
			return nil, nil
		}
		var s string
		switch x := a.(type) {
		case float64:
			if math.IsNaN(x) {
				return "NaN", nil
			}
			if math.IsInf(x, 0) {
				if x > 0 {
					return "\u221e", nil
				}
				return "-\u221e", nil
			}
			s = roundedDecimalText(x, n, true)
		case float32:
			s = roundedDecimalText(float64(x), n, true)
		case sqltypes.Decimal:
			s = decimalHalfEvenText(x, n)
		default:
			s = strconv.FormatInt(toInt64(a), 10)
			if n > 0 {
				s += "." + strings.Repeat("0", n)
			}
		}
		neg := strings.HasPrefix(s, "-")
		s = strings.TrimPrefix(s, "-")
		intPart, frac, hasFrac := strings.Cut(s, ".")
		out := groupThousands(intPart)
		if hasFrac {
			out += "." + frac
		}
		if neg {
			out = "-" + out
		}
		return out, nil
	}).withNullable(true), nil
}

// decimalHalfEvenText rounds a decimal to n places half even.
func decimalHalfEvenText(d sqltypes.Decimal, n int) string {
	q := decimalRat(d)
	scaled := new(big.Rat).Mul(q, new(big.Rat).SetInt(pow10(int32(n))))
	num, den := scaled.Num(), scaled.Denom()
	quo, rem := new(big.Int).QuoRem(num, den, new(big.Int))
	twice := new(big.Int).Abs(rem)
	twice.Lsh(twice, 1)
	switch c := twice.Cmp(den); {
	case c > 0, c == 0 && quo.Bit(0) == 1:
		if num.Sign() < 0 {
			quo.Sub(quo, big.NewInt(1))
		} else {
			quo.Add(quo, big.NewInt(1))
		}
	}
	s := new(big.Int).Abs(quo).String()
	for len(s) < n+1 {
		s = "0" + s
	}
	out := s[:len(s)-n]
	if n > 0 {
		out += "." + s[len(s)-n:]
	}
	if num.Sign() < 0 {
		out = "-" + out
	}
	return out
}

// charsets are the encodings encode and decode accept (Spark 4 without legacy charsets).
var charsets = map[string]string{"US-ASCII": "US-ASCII", "ISO-8859-1": "ISO-8859-1", "UTF-8": "UTF-8",
	"UTF-16BE": "UTF-16BE", "UTF-16LE": "UTF-16LE", "UTF-16": "UTF-16", "UTF-32": "UTF-32"}

func charsetArg(fn string, b Bound) (string, error) {
	s, ok := stringLiteral(b)
	cs, known := charsets[strings.ToUpper(s)]
	if !ok || !known {
		return "", &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Class: "INVALID_PARAMETER_VALUE.CHARSET", Message: fmt.Sprintf(
			"The value of parameter(s) `charset` in `%s` is invalid: expects one of the charsets 'US-ASCII', 'ISO-8859-1', 'UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-16', 'UTF-32', but got %s.", fn, s)}
	}
	return cs, nil
}

func codingErr(fn, charset string) error {
	return &sparkerrors.Error{Kind: sparkerrors.SparkRuntimeException, Class: "MALFORMED_CHARACTER_CODING", Message: fmt.Sprintf(
		"Invalid value found when performing `%s` with `%s`", fn, charset)}
}

func bindEncode(r *resolver, c Call) (Bound, error) {
	args, err := r.bindArgs(c, 2, 2, inString)
	if err != nil {
		return nil, err
	}
	cs, csErr := charsetArg("encode", args[1])
	return fn2("encode", args[0], args[1], sqltypes.Binary, func(_ *EvalContext, a, _ any) (any, error) {
		if csErr != nil {
			return nil, csErr
		}
		s := a.(string)
		switch cs {
		case "UTF-8":
			return []byte(s), nil
		case "US-ASCII", "ISO-8859-1":
			limit := rune(0x7F)
			if cs == "ISO-8859-1" {
				limit = 0xFF
			}
			out := make([]byte, 0, len(s))
			for _, r := range s {
				if r > limit {
					return nil, codingErr("encode", cs)
				}
				out = append(out, byte(r))
			}
			return out, nil
		case "UTF-32":
			out := make([]byte, 0, 4*len(s))
			for _, r := range s {
				out = binary.BigEndian.AppendUint32(out, uint32(r))
			}
			return out, nil
		}
		units := utf16.Encode([]rune(s))
		var out []byte
		var order binary.AppendByteOrder = binary.BigEndian
		switch cs {
		case "UTF-16":
			out = append(out, 0xFE, 0xFF)
		case "UTF-16LE":
			order = binary.LittleEndian
		}
		for _, u := range units {
			out = order.AppendUint16(out, u)
		}
		return out, nil
	}), nil
}

func bindDecode(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return nil, unsupported("kafkalab's decode takes (binary, charset); the decode(expr, search, result, ...) form is not supported")
	}
	args, err := r.bindArgs(c, 2, 2, inBinary, inString)
	if err != nil {
		return nil, err
	}
	cs, csErr := charsetArg("decode", args[1])
	return fn2("decode", args[0], args[1], sqltypes.String, func(_ *EvalContext, a, _ any) (any, error) {
		if csErr != nil {
			return nil, csErr
		}
		b := a.([]byte)
		switch cs {
		case "UTF-8":
			if !utf8.Valid(b) {
				return nil, codingErr("decode", cs)
			}
			return string(b), nil
		case "US-ASCII", "ISO-8859-1":
			rs := make([]rune, len(b))
			for i, c := range b {
				if cs == "US-ASCII" && c > 0x7F {
					return nil, codingErr("decode", cs)
				}
				rs[i] = rune(c)
			}
			return string(rs), nil
		case "UTF-32":
			if len(b)%4 != 0 {
				return nil, codingErr("decode", cs)
			}
			rs := make([]rune, len(b)/4)
			for i := range rs {
				rs[i] = rune(binary.BigEndian.Uint32(b[4*i:]))
			}
			return string(rs), nil
		}
		order := binary.ByteOrder(binary.BigEndian)
		if cs == "UTF-16LE" {
			order = binary.LittleEndian
		}
		if cs == "UTF-16" && len(b) >= 2 {
			switch {
			case b[0] == 0xFE && b[1] == 0xFF:
				b = b[2:]
			case b[0] == 0xFF && b[1] == 0xFE:
				b, order = b[2:], binary.LittleEndian
			}
		}
		if len(b)%2 != 0 {
			return nil, codingErr("decode", cs)
		}
		units := make([]uint16, len(b)/2)
		for i := range units {
			units[i] = order.Uint16(b[2*i:])
		}
		return string(utf16.Decode(units)), nil
	}), nil
}
