// Package time is the time module: clocks, an interruptible sleep, and conversions
// between seconds and broken-down times as CPython's on Linux, in Go; struct_time and
// strptime in Python (time.py, run in the same module).
package time

import (
	_ "embed"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

//go:embed time.py
var source string

var start = time.Now()

func seconds(t time.Time) py.Object { return py.Float(float64(t.UnixNano()) / 1e9) }

func sinceStart() time.Duration { return time.Since(start) }

func timeTime(self py.Object) (py.Object, error) { return seconds(time.Now()), nil }

func timeTimeNs(self py.Object) (py.Object, error) { return py.Int(time.Now().UnixNano()), nil }

func monotonic(self py.Object) (py.Object, error) { return py.Float(sinceStart().Seconds()), nil }

func monotonicNs(self py.Object) (py.Object, error) { return py.Int(sinceStart().Nanoseconds()), nil }

// sleep waits, checking the interpreter's signals every few milliseconds so that an
// interrupt or a cancelled run stops it.
func sleep(self py.Object, arg py.Object) (py.Object, error) {
	var secs float64
	switch a := arg.(type) {
	case py.Int:
		secs = float64(a)
	case py.Float:
		secs = float64(a)
	default:
		f, err := py.MakeFloat(arg)
		if err != nil {
			return nil, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", arg.Type().Name)
		}
		secs = float64(f.(py.Float))
	}
	if math.IsNaN(secs) {
		return nil, py.ExceptionNewf(py.ValueError, "Invalid value NaN (not a number)")
	}
	if secs < 0 {
		return nil, py.ExceptionNewf(py.ValueError, "sleep length must be non-negative")
	}
	var limits *py.Limits
	if mod, ok := self.(*py.Module); ok && mod.Context != nil {
		limits = mod.Context.Limits()
	}
	deadline := time.Now().Add(time.Duration(secs * float64(time.Second)))
	for {
		if limits != nil {
			if err := limits.Check(); err != nil {
				return nil, err
			}
		}
		left := time.Until(deadline)
		if left <= 0 {
			return py.None, nil
		}
		if left > 10*time.Millisecond {
			left = 10 * time.Millisecond
		}
		time.Sleep(left)
	}
}

// secondsArg is a time in seconds (None: now), floored to whole seconds as CPython's
// gmtime and localtime do.
func secondsArg(args py.Tuple, name string) (int64, error) {
	var arg py.Object = py.None
	if err := py.UnpackTuple(args, nil, name, 0, 1, &arg); err != nil {
		return 0, err
	}
	if arg == py.None {
		return time.Now().Unix(), nil
	}
	switch a := arg.(type) {
	case py.Int:
		return int64(a), nil
	case py.Float:
		if math.IsNaN(float64(a)) {
			return 0, py.ExceptionNewf(py.ValueError, "Invalid value NaN (not a number)")
		}
		f := math.Floor(float64(a))
		if math.Abs(f) > 1e17 {
			return 0, py.ExceptionNewf(py.OverflowError, "timestamp out of range for platform time_t")
		}
		return int64(f), nil
	}
	i, err := py.Index(arg)
	if err != nil {
		if f, ferr := py.MakeFloat(arg); ferr == nil {
			return int64(math.Floor(float64(f.(py.Float)))), nil
		}
		return 0, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", arg.Type().Name)
	}
	n, err := i.GoInt64()
	if err != nil {
		return 0, py.ExceptionNewf(py.OverflowError, "timestamp out of range for platform time_t")
	}
	return n, nil
}

// broken is the 11 fields of a struct_time for t.
func broken(t time.Time, isdst int) py.Tuple {
	zone, off := t.Zone()
	if t.Location() == time.UTC {
		zone = "GMT" // glibc's name in gmtime
	}
	return py.Tuple{
		py.Int(t.Year()), py.Int(t.Month()), py.Int(t.Day()),
		py.Int(t.Hour()), py.Int(t.Minute()), py.Int(t.Second()),
		py.Int((int(t.Weekday()) + 6) % 7), py.Int(t.YearDay()), py.Int(isdst),
		py.String(zone), py.Int(off),
	}
}

func gmtime(self py.Object, args py.Tuple) (py.Object, error) {
	secs, err := secondsArg(args, "gmtime")
	if err != nil {
		return nil, err
	}
	return broken(time.Unix(secs, 0).UTC(), 0), nil
}

func localtime(self py.Object, args py.Tuple) (py.Object, error) {
	secs, err := secondsArg(args, "localtime")
	if err != nil {
		return nil, err
	}
	t := time.Unix(secs, 0).Local()
	return broken(t, isDST(t)), nil
}

func isDST(t time.Time) int {
	if t.IsDST() {
		return 1
	}
	return 0
}

// fields reads the first 9 items of a time tuple as ints.
func fields(arg py.Object, name string) ([9]int, error) {
	var f [9]int
	t, ok := arg.(py.Tuple)
	if !ok || len(t) < 9 {
		return f, py.ExceptionNewf(py.TypeError, "%s(): illegal time tuple argument", name)
	}
	for i := 0; i < 9; i++ {
		n, err := py.IndexInt(t[i])
		if err != nil {
			return f, err
		}
		f[i] = n
	}
	return f, nil
}

func mktime(self py.Object, arg py.Object) (py.Object, error) {
	f, err := fields(arg, "mktime")
	if err != nil {
		return nil, err
	}
	t := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, time.Local)
	return py.Float(float64(t.Unix())), nil
}

var (
	dayNames   = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	monthNames = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// strftime(format, tuple, zone, gmtoff) formats as glibc's strftime in the C locale.
func strftime(self py.Object, args py.Tuple) (py.Object, error) {
	var formatObj, tupleObj, zoneObj, offObj py.Object
	if err := py.UnpackTuple(args, nil, "strftime", 4, 4, &formatObj, &tupleObj, &zoneObj, &offObj); err != nil {
		return nil, err
	}
	format, ok := formatObj.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "strftime() argument 1 must be str, not %s", formatObj.Type().Name)
	}
	f, err := fields(tupleObj, "strftime")
	if err != nil {
		return nil, err
	}
	// CPython's checktm, after it turned 0 into 1 for month, day and yday.
	switch {
	case f[1] < 1 || f[1] > 12:
		return nil, py.ExceptionNewf(py.ValueError, "month out of range")
	case f[2] < 1 || f[2] > 31:
		return nil, py.ExceptionNewf(py.ValueError, "day of month out of range")
	case f[3] < 0 || f[3] > 23:
		return nil, py.ExceptionNewf(py.ValueError, "hour out of range")
	case f[4] < 0 || f[4] > 59:
		return nil, py.ExceptionNewf(py.ValueError, "minute out of range")
	case f[5] < 0 || f[5] > 61:
		return nil, py.ExceptionNewf(py.ValueError, "seconds out of range")
	case f[6] < 0:
		return nil, py.ExceptionNewf(py.ValueError, "day of week out of range")
	case f[7] < 1 || f[7] > 366:
		return nil, py.ExceptionNewf(py.ValueError, "day of year out of range")
	}
	f[6] %= 7
	zone := ""
	if z, ok := zoneObj.(py.String); ok {
		zone = string(z)
	}
	off := noOffset
	if o, ok := offObj.(py.Int); ok {
		off = int(o)
	}
	return py.String(formatTm(string(format), f, zone, off)), nil
}

// noOffset is a gmtoff that is not known: %z formats as nothing.
const noOffset = math.MinInt32

func formatTm(format string, f [9]int, zone string, off int) string {
	year, mon, mday, hour, min, sec, wday, yday := f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7]
	sunday := (wday + 1) % 7 // C's tm_wday
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			b.WriteByte(c)
			continue
		}
		start := i
		i++
		flag := byte(0)
		if strings.IndexByte("-_0^#", format[i]) >= 0 && i+1 < len(format) {
			flag = format[i]
			i++
		}
		num := func(n, width int, pad byte) string {
			switch flag {
			case '-':
				return fmt.Sprint(n)
			case '_':
				pad = ' '
			case '0':
				pad = '0'
			}
			s := fmt.Sprint(n)
			for len(s) < width {
				s = string(pad) + s
			}
			return s
		}
		text := func(s string) string {
			if flag == '^' {
				return strings.ToUpper(s)
			}
			return s
		}
		hour12 := hour % 12
		if hour12 == 0 {
			hour12 = 12
		}
		ampm := "AM"
		if hour >= 12 {
			ampm = "PM"
		}
		switch format[i] {
		case 'a':
			b.WriteString(text(dayNames[wday][:3]))
		case 'A':
			b.WriteString(text(dayNames[wday]))
		case 'b', 'h':
			b.WriteString(text(monthNames[mon-1][:3]))
		case 'B':
			b.WriteString(text(monthNames[mon-1]))
		case 'c':
			b.WriteString(formatTm("%a %b %e %H:%M:%S %Y", f, zone, off))
		case 'C':
			b.WriteString(num(year/100, 2, '0'))
		case 'd':
			b.WriteString(num(mday, 2, '0'))
		case 'D':
			b.WriteString(formatTm("%m/%d/%y", f, zone, off))
		case 'e':
			b.WriteString(num(mday, 2, ' '))
		case 'F':
			b.WriteString(formatTm("%Y-%m-%d", f, zone, off))
		case 'G', 'g', 'V':
			iy, iw := isoWeek(year, yday, wday)
			switch format[i] {
			case 'G':
				b.WriteString(num(iy, 1, '0'))
			case 'g':
				b.WriteString(num(((iy%100)+100)%100, 2, '0'))
			default:
				b.WriteString(num(iw, 2, '0'))
			}
		case 'H':
			b.WriteString(num(hour, 2, '0'))
		case 'I':
			b.WriteString(num(hour12, 2, '0'))
		case 'j':
			b.WriteString(num(yday, 3, '0'))
		case 'k':
			b.WriteString(num(hour, 2, ' '))
		case 'l':
			b.WriteString(num(hour12, 2, ' '))
		case 'm':
			b.WriteString(num(mon, 2, '0'))
		case 'M':
			b.WriteString(num(min, 2, '0'))
		case 'n':
			b.WriteByte('\n')
		case 'p':
			b.WriteString(ampm)
		case 'P':
			b.WriteString(strings.ToLower(ampm))
		case 'r':
			b.WriteString(formatTm("%I:%M:%S %p", f, zone, off))
		case 'R':
			b.WriteString(formatTm("%H:%M", f, zone, off))
		case 's':
			t := time.Date(year, time.Month(mon), mday, hour, min, sec, 0, time.Local)
			b.WriteString(fmt.Sprint(t.Unix()))
		case 'S':
			b.WriteString(num(sec, 2, '0'))
		case 't':
			b.WriteByte('\t')
		case 'T':
			b.WriteString(formatTm("%H:%M:%S", f, zone, off))
		case 'u':
			b.WriteString(num(wday+1, 1, '0'))
		case 'U':
			b.WriteString(num((yday-1+7-sunday)/7, 2, '0'))
		case 'w':
			b.WriteString(num(sunday, 1, '0'))
		case 'W':
			b.WriteString(num((yday-1+7-wday)/7, 2, '0'))
		case 'x':
			b.WriteString(formatTm("%m/%d/%y", f, zone, off))
		case 'X':
			b.WriteString(formatTm("%H:%M:%S", f, zone, off))
		case 'y':
			b.WriteString(num(((year%100)+100)%100, 2, '0'))
		case 'Y':
			b.WriteString(num(year, 1, '0'))
		case 'z':
			if off == noOffset {
				break
			}
			sign := '+'
			o := off
			if o < 0 {
				sign, o = '-', -o
			}
			fmt.Fprintf(&b, "%c%02d%02d", sign, o/3600, o/60%60)
		case 'Z':
			b.WriteString(text(zone))
		case '%':
			b.WriteByte('%')
		default:
			b.WriteString(format[start : i+1])
		}
	}
	return b.String()
}

// isoWeek is the ISO 8601 year and week of a date given by its year, day of the
// year (1-based) and weekday (Monday 0).
func isoWeek(year, yday, wday int) (int, int) {
	t := time.Date(year, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, yday-1)
	// Use the given weekday, not the computed one, as glibc does.
	t = t.AddDate(0, 0, wday-(int(t.Weekday())+6)%7)
	return t.ISOWeek()
}

func init() {
	zoneName, off := time.Date(time.Now().Year(), 1, 1, 0, 0, 0, 0, time.Local).Zone()
	summerName, summerOff := time.Date(time.Now().Year(), 7, 1, 0, 0, 0, 0, time.Local).Zone()
	daylight := 0
	if summerOff != off {
		daylight = 1
	}
	py.RegisterModule(&py.ModuleImpl{
		Info:    py.ModuleInfo{Name: "time", Doc: "This module provides various functions to manipulate time values.", FileDesc: "<kafkalab time>"},
		CodeSrc: source,
		Methods: []*py.Method{
			py.MustNewMethod("time", timeTime, 0, "time() -> floating point number\n\nReturn the current time in seconds since the Epoch."),
			py.MustNewMethod("time_ns", timeTimeNs, 0, "time_ns() -> int\n\nReturn the current time in nanoseconds since the Epoch."),
			py.MustNewMethod("monotonic", monotonic, 0, "monotonic() -> float\n\nMonotonic clock, cannot go backward."),
			py.MustNewMethod("monotonic_ns", monotonicNs, 0, "monotonic_ns() -> int\n\nMonotonic clock, cannot go backward, as nanoseconds."),
			py.MustNewMethod("perf_counter", monotonic, 0, "perf_counter() -> float\n\nPerformance counter for benchmarking."),
			py.MustNewMethod("perf_counter_ns", monotonicNs, 0, "perf_counter_ns() -> int\n\nPerformance counter for benchmarking as nanoseconds."),
			py.MustNewMethod("process_time", monotonic, 0, "process_time() -> float\n\nThe time the process has run (here: since the interpreter started)."),
			py.MustNewMethod("process_time_ns", monotonicNs, 0, "process_time_ns() -> int\n\nThe time the process has run, as nanoseconds."),
			py.MustNewMethod("thread_time", monotonic, 0, "thread_time() -> float"),
			py.MustNewMethod("thread_time_ns", monotonicNs, 0, "thread_time_ns() -> int"),
			py.MustNewMethod("sleep", sleep, 0, "sleep(seconds)\n\nDelay execution for a given number of seconds."),
			py.MustNewMethod("_gmtime", gmtime, 0, "gmtime([seconds]) -> the 11 fields of a struct_time in UTC"),
			py.MustNewMethod("_localtime", localtime, 0, "localtime([seconds]) -> the 11 fields of a struct_time in local time"),
			py.MustNewMethod("_mktime", mktime, 0, "mktime(tuple) -> floating point number"),
			py.MustNewMethod("_strftime", strftime, 0, "strftime(format, tuple, zone, gmtoff) -> string"),
		},
		Globals: py.StringDict{
			"timezone": py.Int(-off),
			"altzone":  py.Int(-summerOff),
			"daylight": py.Int(daylight),
			"tzname":   py.Tuple{py.String(zoneName), py.String(summerName)},
		},
	})
}
