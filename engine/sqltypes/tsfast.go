package sqltypes

// parseUTCInstant reads the one shape most timestamps in JSON events have,
// "yyyy-MM-ddTHH:mm:ss[.fffffffff]Z" (ISO-8601 in UTC, 1 to 9 fraction digits), giving
// what ParseTimestamp's general parser gives for it (fraction digits past the sixth
// dropped, the date and time checked the same way) in a fraction of its time. ok is
// false for any other text, valid or not: the general parser decides those.
func parseUTCInstant(s string) (Timestamp, bool) {
	n := len(s)
	if n < 20 || n > 30 || n == 21 || s[n-1] != 'Z' || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':' {
		return 0, false
	}
	year, ok1 := digitsAt(s, 0, 4)
	month, ok2 := digitsAt(s, 5, 2)
	day, ok3 := digitsAt(s, 8, 2)
	hour, ok4 := digitsAt(s, 11, 2)
	minute, ok5 := digitsAt(s, 14, 2)
	second, ok6 := digitsAt(s, 17, 2)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return 0, false
	}
	micros := 0
	if n > 20 { // ".f...fZ": n-21 fraction digits, 1 to 9
		if s[19] != '.' {
			return 0, false
		}
		k := n - 21
		f, ok := digitsAt(s, 20, min(k, 6))
		if !ok {
			return 0, false
		}
		if k > 6 {
			if _, ok := digitsAt(s, 26, k-6); !ok {
				return 0, false
			}
		}
		for ; k < 6; k++ {
			f *= 10
		}
		micros = f
	}
	p := tsParts{year: year, month: month, day: day, hour: hour, minute: minute, second: second}
	if !p.validDateTime() {
		return 0, false
	}
	sec := DaysFromCivil(year, month, day)*secondsPerDay + int64(hour)*3600 + int64(minute)*60 + int64(second)
	return Timestamp(sec*microsPerSecond + int64(micros)), true
}

// digitsAt is the number the k ASCII digits at s[i:i+k] spell; ok is false when one is
// not a digit.
func digitsAt(s string, i, k int) (int, bool) {
	v := 0
	for _, b := range []byte(s[i : i+k]) {
		if b < '0' || b > '9' {
			return 0, false
		}
		v = v*10 + int(b-'0')
	}
	return v, true
}
