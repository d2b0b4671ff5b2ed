package pyspark

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// strftime, strptime and fromisoformat, as CPython 3.11 on Linux (glibc, C locale) does them.

var (
	dayNames   = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	monthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// strftime formats t (a wall clock) with tz (nil for naive) by format's directives; an
// unknown directive is kept as written, as glibc keeps it.
func strftime(t time.Time, tz *pyTimezone, format string) string {
	var b strings.Builder
	wd := (int(t.Weekday()) + 6) % 7
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			b.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case 'Y':
			b.WriteString(strconv.Itoa(t.Year()))
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'e':
			fmt.Fprintf(&b, "%2d", t.Day())
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'I':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			fmt.Fprintf(&b, "%02d", h)
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 'f':
			fmt.Fprintf(&b, "%06d", t.Nanosecond()/1000)
		case 'p':
			if t.Hour() < 12 {
				b.WriteString("AM")
			} else {
				b.WriteString("PM")
			}
		case 'b', 'h':
			b.WriteString(monthNames[t.Month()-1][:3])
		case 'B':
			b.WriteString(monthNames[t.Month()-1])
		case 'a':
			b.WriteString(dayNames[wd][:3])
		case 'A':
			b.WriteString(dayNames[wd])
		case 'w':
			b.WriteString(strconv.Itoa(int(t.Weekday())))
		case 'u':
			b.WriteString(strconv.Itoa(wd + 1))
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'U':
			fmt.Fprintf(&b, "%02d", (t.YearDay()+6-int(t.Weekday()))/7)
		case 'W':
			fmt.Fprintf(&b, "%02d", (t.YearDay()+6-wd)/7)
		case 'G':
			y, _ := t.ISOWeek()
			b.WriteString(strconv.Itoa(y))
		case 'V':
			_, w := t.ISOWeek()
			fmt.Fprintf(&b, "%02d", w)
		case 'z':
			if tz != nil {
				b.WriteString(offsetString(tz.off, ""))
			}
		case 'Z':
			if tz != nil {
				b.WriteString(tz.tzname())
			}
		case 'c':
			fmt.Fprintf(&b, "%s %s %2d %02d:%02d:%02d %d", dayNames[wd][:3], monthNames[t.Month()-1][:3], t.Day(), t.Hour(), t.Minute(), t.Second(), t.Year())
		case 'x':
			fmt.Fprintf(&b, "%02d/%02d/%02d", int(t.Month()), t.Day(), t.Year()%100)
		case 'X', 'T':
			fmt.Fprintf(&b, "%02d:%02d:%02d", t.Hour(), t.Minute(), t.Second())
		case 'D':
			fmt.Fprintf(&b, "%02d/%02d/%02d", int(t.Month()), t.Day(), t.Year()%100)
		case 'F':
			fmt.Fprintf(&b, "%d-%02d-%02d", t.Year(), int(t.Month()), t.Day())
		case 'R':
			fmt.Fprintf(&b, "%02d:%02d", t.Hour(), t.Minute())
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(format[i])
		}
	}
	return b.String()
}

// strptimeRe is the pattern each strptime directive matches, as CPython's _strptime has
// them (alternatives longest first, so "12" is not read as "1" then "2").
var strptimeRe = map[byte]string{
	'Y': `(?P<Y>\d\d\d\d)`,
	'y': `(?P<y>\d\d)`,
	'm': `(?P<m>1[0-2]|0[1-9]|[1-9])`,
	'd': `(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])`,
	'H': `(?P<H>2[0-3]|[0-1]\d|\d)`,
	'I': `(?P<I>1[0-2]|0[1-9]|[1-9])`,
	'M': `(?P<M>[0-5]\d|\d)`,
	'S': `(?P<S>6[0-1]|[0-5]\d|\d)`,
	'f': `(?P<f>[0-9]{1,6})`,
	'j': `(?P<j>36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])`,
	'b': `(?P<b>` + abbrevs(monthNames) + `)`,
	'B': `(?P<B>` + strings.Join(monthNames, "|") + `)`,
	'a': `(?P<a>` + abbrevs(dayNames) + `)`,
	'A': `(?P<A>` + strings.Join(dayNames, "|") + `)`,
	'p': `(?P<p>am|pm)`,
	'z': `(?P<z>[+-]\d\d:?[0-5]\d(?::?[0-5]\d(?:\.\d{1,6})?)?|Z)`,
	'Z': `(?P<Z>utc|gmt)`,
	'w': `(?P<w>[0-6])`,
	'u': `(?P<u>[1-7])`,
	'%': `%`,
}

func abbrevs(names []string) string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n[:3]
	}
	return strings.Join(out, "|")
}

// strptime parses s by format into a datetime, with CPython's errors.
func strptime(s, format string) (py.Object, error) {
	var re strings.Builder
	re.WriteString(`(?i)^`)
	seen := map[byte]bool{}
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '%':
			if i+1 >= len(format) {
				return nil, py.ExceptionNewf(py.ValueError, "stray %% in format '%s'", format)
			}
			i++
			d := format[i]
			p, ok := strptimeRe[d]
			if !ok {
				return nil, py.ExceptionNewf(py.ValueError, "'%c' is a bad directive in format '%s'", d, format)
			}
			if seen[d] && d != '%' {
				// A second use of a directive must match the same text; kept simple by
				// matching it without capturing.
				p = regexp.MustCompile(`\(\?P<.>`).ReplaceAllString(p, "(?:")
			}
			seen[d] = true
			re.WriteString(p)
		case c == ' ' || c == '\t' || c == '\n':
			for i+1 < len(format) && (format[i+1] == ' ' || format[i+1] == '\t' || format[i+1] == '\n') {
				i++
			}
			re.WriteString(`\s+`)
		default:
			re.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	rx, err := regexp.Compile(re.String())
	if err != nil {
		return nil, py.ExceptionNewf(py.ValueError, "bad format '%s': %v", format, err)
	}
	m := rx.FindStringSubmatchIndex(s)
	if m == nil {
		return nil, py.ExceptionNewf(py.ValueError, "time data %s does not match format %s", pyQuote(s), pyQuote(format))
	}
	if m[1] != len(s) {
		return nil, py.ExceptionNewf(py.ValueError, "unconverted data remains: %s", s[m[1]:])
	}
	g := map[string]string{}
	for i, name := range rx.SubexpNames() {
		if name != "" && m[2*i] >= 0 {
			g[name] = s[m[2*i]:m[2*i+1]]
		}
	}
	num := func(k string) int { n, _ := strconv.Atoi(strings.TrimSpace(g[k])); return n }
	year, month, day := 1900, 1, 1
	hour, minute, sec, us := 0, 0, 0, 0
	if _, ok := g["Y"]; ok {
		year = num("Y")
	} else if _, ok := g["y"]; ok {
		year = num("y")
		if year < 69 {
			year += 2000
		} else {
			year += 1900
		}
	}
	if _, ok := g["m"]; ok {
		month = num("m")
	}
	for _, k := range []string{"b", "B"} {
		if v, ok := g[k]; ok {
			for i, n := range monthNames {
				if strings.EqualFold(v, n) || strings.EqualFold(v, n[:3]) {
					month = i + 1
				}
			}
		}
	}
	if _, ok := g["d"]; ok {
		day = num("d")
	}
	if _, ok := g["H"]; ok {
		hour = num("H")
	}
	if _, ok := g["I"]; ok {
		hour = num("I") % 12
		if strings.EqualFold(g["p"], "pm") {
			hour += 12
		}
	}
	if _, ok := g["M"]; ok {
		minute = num("M")
	}
	if _, ok := g["S"]; ok {
		sec = num("S")
		if sec > 59 {
			sec = 59 // leap seconds: CPython's datetime cannot hold 60 either
		}
	}
	if v, ok := g["f"]; ok {
		us, _ = strconv.Atoi(v + strings.Repeat("0", 6-len(v)))
	}
	if _, ok := g["j"]; ok {
		t := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, num("j")-1)
		if t.Year() == year {
			month, day = int(t.Month()), t.Day()
		}
	}
	if err := checkDate(int64(year), int64(month), int64(day)); err != nil {
		return nil, err
	}
	var tz *pyTimezone
	if v, ok := g["z"]; ok {
		if strings.EqualFold(v, "z") {
			tz = utcZone
		} else {
			off, err := parseOffset(v[1:])
			if err != nil {
				return nil, py.ExceptionNewf(py.ValueError, "Inconsistent use of : in %s", v)
			}
			if v[0] == '-' {
				off = -off
			}
			tz = &pyTimezone{off: off}
			if off == 0 {
				tz = utcZone
			}
		}
	}
	return &pyDateTime{time.Date(year, time.Month(month), day, hour, minute, sec, us*1000, time.UTC), tz}, nil
}

// pyQuote is Python's repr of a str.
func pyQuote(s string) string {
	r, _ := py.ReprAsString(py.String(s))
	return r
}

// ---- fromisoformat ----

var errBadISO = errors.New("invalid isoformat")

func isoError(s string, err error) error {
	if !errors.Is(err, errBadISO) {
		return err
	}
	return py.ExceptionNewf(py.ValueError, "Invalid isoformat string: %s", pyQuote(s))
}

func digits(s string, n int) (int, bool) {
	if len(s) < n {
		return 0, false
	}
	v := 0
	for i := 0; i < n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		v = v*10 + int(s[i]-'0')
	}
	return v, true
}

// parseISODate reads the date forms CPython 3.11 accepts (YYYY-MM-DD, YYYYMMDD, YYYY-Www,
// YYYY-Www-D, YYYYWww, YYYYWwwD) at the start of s; n is how much it read.
func parseISODate(s string) (time.Time, int, error) {
	y, ok := digits(s, 4)
	if !ok {
		return time.Time{}, 0, errBadISO
	}
	rest := s[4:]
	ext := strings.HasPrefix(rest, "-")
	if ext {
		rest = rest[1:]
	}
	if strings.HasPrefix(rest, "W") {
		w, ok := digits(rest[1:], 2)
		if !ok {
			return time.Time{}, 0, errBadISO
		}
		n := 4 + 3
		if ext {
			n++
		}
		wd := 1
		r := rest[3:]
		if ext && strings.HasPrefix(r, "-") {
			if d, ok := digits(r[1:], 1); ok {
				wd, n = d, n+2
			}
		} else if !ext {
			if d, ok := digits(r, 1); ok {
				wd, n = d, n+1
			}
		}
		if w < 1 || w > 53 || wd < 1 || wd > 7 {
			return time.Time{}, 0, py.ExceptionNewf(py.ValueError, "Invalid week: %d", w)
		}
		// ISO week 1 holds the year's first Thursday.
		jan4 := time.Date(y, 1, 4, 0, 0, 0, 0, time.UTC)
		monday := jan4.AddDate(0, 0, -((int(jan4.Weekday()) + 6) % 7))
		t := monday.AddDate(0, 0, (w-1)*7+wd-1)
		if w == 53 {
			if _, lw := time.Date(y, 12, 28, 0, 0, 0, 0, time.UTC).ISOWeek(); lw != 53 {
				return time.Time{}, 0, py.ExceptionNewf(py.ValueError, "Invalid week: %d", w)
			}
		}
		return t, n, nil
	}
	m, ok := digits(rest, 2)
	if !ok {
		return time.Time{}, 0, errBadISO
	}
	rest = rest[2:]
	if ext {
		if !strings.HasPrefix(rest, "-") {
			return time.Time{}, 0, errBadISO
		}
		rest = rest[1:]
	}
	d, ok := digits(rest, 2)
	if !ok {
		return time.Time{}, 0, errBadISO
	}
	if err := checkDate(int64(y), int64(m), int64(d)); err != nil {
		return time.Time{}, 0, err
	}
	n := 8
	if ext {
		n = 10
	}
	return time.Date(y, time.Month(m), d, 0, 0, 0, 0, time.UTC), n, nil
}

// parseClock reads HH[:MM[:SS[.f+]]] or HH[MM[SS[.f+]]], returning microseconds of day.
func parseClock(s string) (int64, error) {
	if s == "" {
		return 0, errBadISO
	}
	var f [3]int
	i, k := 0, 0
	ext := len(s) > 2 && s[2] == ':'
	for k < 3 && i < len(s) {
		v, ok := digits(s[i:], 2)
		if !ok {
			return 0, errBadISO
		}
		f[k] = v
		k++
		i += 2
		if i < len(s) && s[i] == ':' && ext && k < 3 {
			i++
			continue
		}
		if i < len(s) && (s[i] == '.' || s[i] == ',') {
			break
		}
		if ext && i < len(s) {
			return 0, errBadISO
		}
	}
	us := 0
	if i < len(s) {
		if (s[i] != '.' && s[i] != ',') || k != 3 {
			return 0, errBadISO
		}
		frac := s[i+1:]
		if frac == "" {
			return 0, errBadISO
		}
		for _, c := range frac {
			if c < '0' || c > '9' {
				return 0, errBadISO
			}
		}
		if len(frac) > 6 {
			frac = frac[:6]
		}
		us, _ = strconv.Atoi(frac + strings.Repeat("0", 6-len(frac)))
	}
	if err := checkTime(int64(f[0]), int64(f[1]), int64(f[2]), int64(us)); err != nil {
		return 0, err
	}
	return int64(f[0])*3600*usPerSec + int64(f[1])*60*usPerSec + int64(f[2])*usPerSec + int64(us), nil
}

// parseOffset reads an offset's HH[:MM[:SS[.ffffff]]] (sign removed) as microseconds.
func parseOffset(s string) (int64, error) {
	us, err := parseClock(s)
	if err != nil {
		return 0, errBadISO
	}
	return us, nil
}

// parseISODateTime reads the datetime forms CPython 3.11's fromisoformat accepts: a date,
// optionally a one-character separator and a time, optionally Z or ±HH[:MM[:SS[.f]]].
func parseISODateTime(s string) (*pyDateTime, error) {
	day, n, err := parseISODate(s)
	if err != nil {
		return nil, err
	}
	if n == len(s) {
		return &pyDateTime{t: day}, nil
	}
	rest := s[n+1:]
	if n+1 > len(s) || rest == "" {
		return nil, errBadISO
	}
	clock, zone := rest, ""
	if i := strings.IndexAny(rest, "+-Zz"); i >= 0 {
		clock, zone = rest[:i], rest[i:]
	}
	us, err := parseClock(clock)
	if err != nil {
		return nil, err
	}
	var tz *pyTimezone
	switch {
	case zone == "":
	case zone == "Z" || zone == "z":
		tz = utcZone
	default:
		off, err := parseOffset(zone[1:])
		if err != nil {
			return nil, err
		}
		if zone[0] == '-' {
			off = -off
		}
		tz = &pyTimezone{off: off}
		if off == 0 {
			tz = utcZone
		}
	}
	return &pyDateTime{day.Add(time.Duration(us) * time.Microsecond), tz}, nil
}
