package sqltypes

import (
	"math"
	"strconv"
	"strings"
)

// JavaDoubleString formats f as Java's Double.toString does (what Spark prints for a DOUBLE
// cast to string, in show() and in to_json): shortest digits that round-trip, plain notation
// with at least one fraction digit for 1e-3 <= |f| < 1e7 ("25.5", "100.0"), otherwise
// computerized scientific notation ("1.0E7", "1.234E-5"); "NaN", "Infinity", "-Infinity".
func JavaDoubleString(f float64) string { return javaFloat(f, 64) }

// JavaFloatString is Java's Float.toString for a FLOAT value.
func JavaFloatString(f float32) string { return javaFloat(float64(f), 32) }

func javaFloat(f float64, bits int) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	// Shortest round-trip digits in scientific form: d.ddddde±XX.
	s := strconv.FormatFloat(f, 'e', -1, bits)
	if bits == 64 {
		if d, ok := javaIntegerDigits(f); ok {
			s = d
		}
	}
	neg := s[0] == '-'
	if neg {
		s = s[1:]
	}
	ePos := strings.IndexByte(s, 'e')
	mant, expStr := s[:ePos], s[ePos+1:]
	exp, _ := strconv.Atoi(expStr)
	digits := strings.Replace(mant, ".", "", 1)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	abs := math.Abs(f)
	if abs >= 1e-3 && abs < 1e7 {
		if exp >= 0 {
			if len(digits) <= exp+1 {
				b.WriteString(digits)
				b.WriteString(strings.Repeat("0", exp+1-len(digits)))
				b.WriteString(".0")
			} else {
				b.WriteString(digits[:exp+1])
				b.WriteByte('.')
				b.WriteString(digits[exp+1:])
			}
		} else {
			b.WriteString("0.")
			b.WriteString(strings.Repeat("0", -exp-1))
			b.WriteString(digits)
		}
		return b.String()
	}
	b.WriteByte(digits[0])
	b.WriteByte('.')
	if len(digits) > 1 {
		b.WriteString(digits[1:])
	} else {
		b.WriteByte('0')
	}
	b.WriteByte('E')
	b.WriteString(strconv.Itoa(exp))
	return b.String()
}

// javaIntegerDigits is the one place where Java 17's Double.toString does not print the
// shortest digits: a whole number from 2**54 to 2**63 is printed from its exact integer
// value, dropping only as many low digits as 2**(exponent-53) has beyond its first, rounded
// half up (FloatingDecimal's "easy" long path), so 2**62-ish values carry 17 or 18 digits.
// It returns those digits in strconv's 'e' form.
func javaIntegerDigits(f float64) (string, bool) {
	a := math.Abs(f)
	if a < 0x1p54 || a >= 0x1p63 || a != math.Trunc(a) {
		return "", false
	}
	v := uint64(a)
	_, exp := math.Frexp(a)
	binExp := exp - 1 // a = 1.x * 2**binExp
	// floor(log10(2**(binExp-54))): the decimal digits of the spacing beyond its first.
	drop := int(float64(binExp-54) * math.Log10(2))
	if drop > 0 {
		pow := uint64(1)
		for range drop {
			pow *= 10
		}
		rest := v % pow
		v /= pow
		if rest >= pow/2 {
			v++
		}
	}
	digits := strconv.FormatUint(v, 10)
	exp10 := len(digits) - 1 + drop
	digits = strings.TrimRight(digits, "0")
	if digits == "" {
		digits = "0"
	}
	mant := digits[:1]
	if len(digits) > 1 {
		mant += "." + digits[1:]
	}
	sign := ""
	if f < 0 {
		sign = "-"
	}
	return sign + mant + "e+" + strconv.Itoa(exp10), true
}
