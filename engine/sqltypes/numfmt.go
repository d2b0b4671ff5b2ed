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
