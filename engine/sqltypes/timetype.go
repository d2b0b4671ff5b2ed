package sqltypes

import (
	"strconv"
	"strings"
)

// TimeType is Spark 4.1's TIME(p): a time of day without a date or zone, with p digits of
// fractional seconds (0 to 6, default 6). Its values are Time.
type TimeType struct{ Precision int }

// DefaultTimePrecision and MaxTimePrecision bound TIME(p) as Spark does.
const (
	DefaultTimePrecision = 6
	MaxTimePrecision     = 6
)

// TimeT is TIME(6), the type of a TIME literal and of most TIME functions' results.
var TimeT = TimeType{DefaultTimePrecision}

// Time is a TimeType value: nanoseconds since midnight, as Spark keeps it (a TIME(p) value is
// always a whole number of 10^(9-p) nanoseconds, since Spark truncates to p digits).
type Time int64

// NanosPerDay is the length of the day TIME values fall in: [0, NanosPerDay).
const NanosPerDay = 86_400_000_000_000

func (t TimeType) TypeName() string { return "time(" + strconv.Itoa(t.Precision) + ")" }
func (t TimeType) SQL() string      { return "TIME(" + strconv.Itoa(t.Precision) + ")" }

// TruncateTime drops the digits of a time-of-day beyond p fractional digits of a second.
func TruncateTime(t Time, p int) Time {
	unit := int64(1)
	for i := p; i < 9; i++ {
		unit *= 10
	}
	return Time(int64(t) - int64(t)%unit)
}

// FormatTime is a TIME value as Spark prints it (show(), CAST AS STRING): HH:mm:ss and the
// fraction's digits without trailing zeros, none at all for a whole second.
func FormatTime(t Time) string { return string(AppendTime(nil, t)) }

// AppendTime appends FormatTime(t) to b.
func AppendTime(b []byte, t Time) []byte {
	n := int64(t)
	sec := n / 1_000_000_000
	frac := n % 1_000_000_000
	h, m, s := sec/3600, sec/60%60, sec%60
	b = append(b, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
	if frac == 0 {
		return b
	}
	digits := []byte(strconv.FormatInt(frac+1_000_000_000, 10)[1:])
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
	}
	b = append(b, '.')
	return append(b, digits...)
}

// ParseTime reads a time of day as Spark's stringToTime does for CAST and TIME literals:
// optional surrounding whitespace and a leading 'T', H or HH, ':', m or mm, then optionally ':', s or ss and
// a fraction of up to 9 digits (truncated to nanoseconds). Fields past their range fail.
func ParseTime(s string) (Time, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "T") // CAST('T12:34' AS TIME) reads as 12:34
	var fields [3]int
	n, i := 0, 0
	for n < 3 {
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start || i-start > 2 {
			return 0, false
		}
		fields[n], _ = strconv.Atoi(s[start:i])
		n++
		if i == len(s) || s[i] != ':' || n == 3 {
			break
		}
		i++
	}
	if n < 2 {
		return 0, false
	}
	var frac int64
	if i < len(s) && s[i] == '.' && n == 3 {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		digits := s[start:i]
		if len(digits) > 9 {
			digits = digits[:9]
		}
		frac, _ = strconv.ParseInt((digits + "000000000")[:9], 10, 64)
	}
	if i != len(s) {
		return 0, false
	}
	h, m, sec := fields[0], fields[1], fields[2]
	if h > 23 || m > 59 || sec > 59 {
		return 0, false
	}
	return Time((int64(h)*3600+int64(m)*60+int64(sec))*1_000_000_000 + frac), true
}
