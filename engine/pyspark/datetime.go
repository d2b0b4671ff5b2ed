package pyspark

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Python's datetime module: datetime, date, time, timedelta and timezone (UTC and fixed
// offsets), as CPython 3.11 behaves. The Go types are the ones PySpark's value conversion
// makes and accepts (values.go), so a row's timestamp and a learner's datetime are one class.

// ---- types ----

// pyDateTime is datetime.datetime: a wall-clock reading kept in t (its fields, in UTC's
// location), naive when tz is nil, else aware at tz's fixed offset. TIMESTAMP values come
// back naive in the session time zone, as PySpark's collect() gives local times.
type pyDateTime struct {
	t  time.Time
	tz *pyTimezone
}

// pyDate is datetime.date (t at midnight, UTC location).
type pyDate struct{ t time.Time }

// pyTimeDelta is datetime.timedelta, normalised as CPython keeps it:
// 0 <= secs < 86400, 0 <= us < 1e6, days within ±999999999.
type pyTimeDelta struct{ days, secs, us int64 }

// pyTime is datetime.time: a time of day, naive or at a fixed offset.
type pyTime struct {
	h, m, s, us int
	tz          *pyTimezone
}

// pyTimezone is datetime.timezone: a fixed offset from UTC, optionally named.
type pyTimezone struct {
	off   int64 // microseconds east of UTC, strictly within ±24h
	name  string
	named bool
}

var (
	dateType = py.NewTypeX("date", "date(year, month, day) --> date object", dateNew, nil)
	// datetime is a subclass of date, as in CPython: isinstance(dt, date) holds.
	dateTimeType  = dateType.NewType("datetime", "datetime(year, month, day[, hour[, minute[, second[, microsecond[,tzinfo]]]]])", dateTimeNew, nil)
	isoCalType    = py.NewTypeX("IsoCalendarDate", "The result of date.isocalendar(): (year, week, weekday).", nil, nil)
	timeDeltaType = py.NewTypeX("timedelta", "Difference between two datetime values.", timeDeltaNew, nil)
	timeType      = py.NewTypeX("time", "time([hour[, minute[, second[, microsecond[, tzinfo]]]]]) --> a time object", timeNew, nil)
	// tzinfo is bound so isinstance checks and imports work; timezone is its only kind here.
	tzinfoType   = py.NewTypeX("tzinfo", "Abstract base class for time zone info objects.", nil, nil)
	timezoneType = tzinfoType.NewType("timezone", "Fixed offset from UTC implementation of tzinfo.", timezoneNew, nil)

	utcZone = &pyTimezone{}
)

func (d *pyDateTime) Type() *py.Type  { return dateTimeType }
func (d *pyDate) Type() *py.Type      { return dateType }
func (d *pyTimeDelta) Type() *py.Type { return timeDeltaType }
func (d *pyTime) Type() *py.Type      { return timeType }
func (z *pyTimezone) Type() *py.Type  { return timezoneType }

const (
	usPerSec    = 1_000_000
	usPerDay    = 86400 * usPerSec
	maxTDDays   = 999999999
	ordinalUnix = 719163 // date(1970, 1, 1).toordinal()
)

// ---- helpers ----

// dtInt reads an integer argument as CPython's datetime constructors do.
func dtInt(o py.Object) (int64, error) {
	switch x := o.(type) {
	case py.Int:
		return int64(x), nil
	case py.Bool:
		if x {
			return 1, nil
		}
		return 0, nil
	case *py.BigInt:
		if v, err := x.GoInt64(); err == nil {
			return v, nil
		}
		return 0, py.ExceptionNewf(py.OverflowError, "Python int too large to convert to C int")
	}
	return 0, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", dtTypeName(o))
}

// dtTypeName is a value's class as CPython's datetime messages name it.
func dtTypeName(o py.Object) string {
	switch o.(type) {
	case *pyDateTime, *pyDate, *pyTimeDelta, *pyTime, *pyTimezone:
		return "datetime." + o.Type().Name
	}
	return o.Type().Name
}

func daysIn(year, month int) int {
	return time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// checkDate validates a date's fields with CPython's messages.
func checkDate(y, m, d int64) error {
	if y < 1 || y > 9999 {
		return py.ExceptionNewf(py.ValueError, "year %d is out of range", y)
	}
	if m < 1 || m > 12 {
		return py.ExceptionNewf(py.ValueError, "month must be in 1..12")
	}
	if d < 1 || d > int64(daysIn(int(y), int(m))) {
		return py.ExceptionNewf(py.ValueError, "day is out of range for month")
	}
	return nil
}

func checkTime(h, mi, s, us int64) error {
	switch {
	case h < 0 || h > 23:
		return py.ExceptionNewf(py.ValueError, "hour must be in 0..23")
	case mi < 0 || mi > 59:
		return py.ExceptionNewf(py.ValueError, "minute must be in 0..59")
	case s < 0 || s > 59:
		return py.ExceptionNewf(py.ValueError, "second must be in 0..59")
	case us < 0 || us > 999999:
		return py.ExceptionNewf(py.ValueError, "microsecond must be in 0..999999")
	}
	return nil
}

func tzArg(o py.Object) (*pyTimezone, error) {
	switch x := o.(type) {
	case nil:
		return nil, nil
	case *pyTimezone:
		return x, nil
	}
	if o == py.None {
		return nil, nil
	}
	if o.Type().IsSubtype(tzinfoType) {
		return nil, python.Unsupported("a tzinfo subclass yet (use datetime.timezone: UTC or a fixed offset such as timezone(timedelta(hours=2)))",
			"use datetime.timezone, or run the script on real Spark with kafkalab export")
	}
	return nil, py.ExceptionNewf(py.TypeError, "tzinfo argument must be None or of a tzinfo subclass, not type '%s'", o.Type().Name)
}

func tzObj(z *pyTimezone) py.Object {
	if z == nil {
		return py.None
	}
	return z
}

// ordinal is the proleptic Gregorian day number of t's date (0001-01-01 is 1).
func ordinal(t time.Time) int64 {
	d := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return floorDiv(d.Unix(), 86400) + ordinalUnix
}

func fromOrdinal(n int64) time.Time {
	return time.Unix((n-ordinalUnix)*86400, 0).UTC()
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// inRange reports whether a wall clock lies within datetime.min..datetime.max.
func inRange(t time.Time) bool { return t.Year() >= 1 && t.Year() <= 9999 }

var errDateRange = func() error { return py.ExceptionNewf(py.OverflowError, "date value out of range") }

// wallMicros is t's wall clock as microseconds since 1970-01-01 (as if UTC).
func wallMicros(t time.Time) int64 { return t.Unix()*usPerSec + int64(t.Nanosecond()/1000) }

func microsToWall(us int64) time.Time {
	return time.Unix(floorDiv(us, usPerSec), (us-floorDiv(us, usPerSec)*usPerSec)*1000).UTC()
}

// utcMicros is an aware datetime's instant, or a naive one's wall clock read as UTC.
func (d *pyDateTime) utcMicros() int64 {
	w := wallMicros(d.t)
	if d.tz != nil {
		w -= d.tz.off
	}
	return w
}

// instant is the moment a datetime stands for: aware ones at their offset, naive ones as a
// wall clock in loc (the session zone for Spark values, the local zone for Python's own).
func (d *pyDateTime) instant(loc *time.Location) time.Time {
	if d.tz != nil {
		return time.UnixMicro(d.utcMicros())
	}
	w := d.t
	if loc == nil {
		loc = time.UTC
	}
	return time.Date(w.Year(), w.Month(), w.Day(), w.Hour(), w.Minute(), w.Second(), w.Nanosecond(), loc)
}

// roundHalfEven rounds r to an integer, ties to even, as CPython rounds microseconds.
func roundHalfEven(r *big.Rat) *big.Int {
	num, den := r.Num(), r.Denom()
	q, m := new(big.Int).DivMod(num, den, new(big.Int)) // m >= 0: q is the floor
	c := new(big.Int).Mul(m, big.NewInt(2)).Cmp(den)
	if c > 0 || (c == 0 && q.Bit(0) == 1) {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// numRat reads an int or float as an exact rational.
func numRat(o py.Object) (*big.Rat, bool, error) {
	switch x := o.(type) {
	case py.Int:
		return new(big.Rat).SetInt64(int64(x)), true, nil
	case py.Bool:
		if x {
			return big.NewRat(1, 1), true, nil
		}
		return new(big.Rat), true, nil
	case *py.BigInt:
		return new(big.Rat).SetInt((*big.Int)(x)), true, nil
	case py.Float:
		f := float64(x)
		if math.IsNaN(f) {
			return nil, true, py.ExceptionNewf(py.ValueError, "cannot convert float NaN to integer")
		}
		if math.IsInf(f, 0) {
			return nil, true, py.ExceptionNewf(py.OverflowError, "cannot convert float infinity to integer")
		}
		return new(big.Rat).SetFloat64(f), true, nil
	}
	return nil, false, nil
}

// richCompare turns a three-way comparison into op's result.
func richCompare(c int, op string) py.Object {
	switch op {
	case "==":
		return py.NewBool(c == 0)
	case "!=":
		return py.NewBool(c != 0)
	case "<":
		return py.NewBool(c < 0)
	case "<=":
		return py.NewBool(c <= 0)
	case ">":
		return py.NewBool(c > 0)
	}
	return py.NewBool(c >= 0)
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ---- timedelta ----

func (d *pyTimeDelta) micros() *big.Int {
	t := new(big.Int).Mul(big.NewInt(d.days), big.NewInt(usPerDay))
	return t.Add(t, big.NewInt(d.secs*usPerSec+d.us))
}

// tdFromMicros normalises a microsecond count, raising OverflowError past ±999999999 days.
func tdFromMicros(us *big.Int) (*pyTimeDelta, error) {
	days, rem := new(big.Int).DivMod(us, big.NewInt(usPerDay), new(big.Int))
	if !days.IsInt64() || days.Int64() > maxTDDays || days.Int64() < -maxTDDays {
		return nil, py.ExceptionNewf(py.OverflowError, "days=%s; must have magnitude <= %d", days.String(), maxTDDays)
	}
	r := rem.Int64()
	return &pyTimeDelta{days: days.Int64(), secs: r / usPerSec, us: r % usPerSec}, nil
}

func td64(us int64) *pyTimeDelta {
	d, _ := tdFromMicros(big.NewInt(us))
	return d
}

func timeDeltaNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	names := []string{"days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks"}
	scale := []int64{usPerDay, usPerSec, 1, 1000, 60 * usPerSec, 3600 * usPerSec, 7 * usPerDay}
	a, err := python.ParseArgs("timedelta", args, kwargs, names, 0)
	if err != nil {
		return nil, err
	}
	// Integer parts are summed exactly; each float's fraction is scaled in floating point
	// and the leftover fractions of a microsecond are rounded half to even at the end, as
	// CPython does (so timedelta(milliseconds=0.0005) is 0).
	total := new(big.Int)
	leftover := 0.0
	for i, o := range a {
		if o == nil {
			continue
		}
		f, isFloat := o.(py.Float)
		if !isFloat {
			r, ok, err := numRat(o)
			if err != nil {
				return nil, err
			}
			if !ok {
				return nil, py.ExceptionNewf(py.TypeError, "unsupported type for timedelta %s component: %s", names[i], dtTypeName(o))
			}
			total.Add(total, new(big.Int).Mul(r.Num(), big.NewInt(scale[i])))
			continue
		}
		if _, _, err := numRat(f); err != nil {
			return nil, err
		}
		ip, fp := math.Modf(float64(f))
		whole, _ := new(big.Float).SetFloat64(ip).Int(nil)
		total.Add(total, whole.Mul(whole, big.NewInt(scale[i])))
		if fp != 0 {
			ip2, fp2 := math.Modf(fp * float64(scale[i]))
			total.Add(total, big.NewInt(int64(ip2)))
			leftover += fp2
		}
	}
	if leftover != 0 {
		whole := math.Round(leftover)
		if math.Abs(whole-leftover) == 0.5 {
			odd := float64(total.Bit(0))
			if total.Sign() < 0 {
				odd = float64(new(big.Int).Abs(total).Bit(0))
			}
			whole = 2*math.Round((leftover+odd)*0.5) - odd
		}
		total.Add(total, big.NewInt(int64(whole)))
	}
	return tdFromMicros(total)
}

func (d *pyTimeDelta) M__repr__() (py.Object, error) {
	var parts []string
	if d.days != 0 {
		parts = append(parts, fmt.Sprintf("days=%d", d.days))
	}
	if d.secs != 0 {
		parts = append(parts, fmt.Sprintf("seconds=%d", d.secs))
	}
	if d.us != 0 {
		parts = append(parts, fmt.Sprintf("microseconds=%d", d.us))
	}
	if len(parts) == 0 {
		parts = []string{"0"}
	}
	return py.String("datetime.timedelta(" + strings.Join(parts, ", ") + ")"), nil
}

func (d *pyTimeDelta) M__str__() (py.Object, error) {
	s := fmt.Sprintf("%d:%02d:%02d", d.secs/3600, d.secs/60%60, d.secs%60)
	if d.us != 0 {
		s += fmt.Sprintf(".%06d", d.us)
	}
	if d.days != 0 {
		plural := "s"
		if d.days == 1 || d.days == -1 {
			plural = ""
		}
		s = fmt.Sprintf("%d day%s, %s", d.days, plural, s)
	}
	return py.String(s), nil
}

func (d *pyTimeDelta) cmp(o py.Object) (int, bool) {
	x, ok := o.(*pyTimeDelta)
	if !ok {
		return 0, false
	}
	return d.micros().Cmp(x.micros()), true
}

func (d *pyTimeDelta) rich(o py.Object, op string) (py.Object, error) {
	c, ok := d.cmp(o)
	if !ok {
		if op == "==" || op == "!=" {
			return py.NewBool(op == "!="), nil
		}
		return py.NotImplemented, nil
	}
	return richCompare(c, op), nil
}

func (d *pyTimeDelta) M__eq__(o py.Object) (py.Object, error) { return d.rich(o, "==") }
func (d *pyTimeDelta) M__ne__(o py.Object) (py.Object, error) { return d.rich(o, "!=") }
func (d *pyTimeDelta) M__lt__(o py.Object) (py.Object, error) { return d.rich(o, "<") }
func (d *pyTimeDelta) M__le__(o py.Object) (py.Object, error) { return d.rich(o, "<=") }
func (d *pyTimeDelta) M__gt__(o py.Object) (py.Object, error) { return d.rich(o, ">") }
func (d *pyTimeDelta) M__ge__(o py.Object) (py.Object, error) { return d.rich(o, ">=") }
func (d *pyTimeDelta) M__hash__() (py.Object, error) {
	return py.Int(d.days*usPerDay + d.secs*usPerSec + d.us), nil
}
func (d *pyTimeDelta) M__bool__() (py.Object, error) {
	return py.NewBool(d.days != 0 || d.secs != 0 || d.us != 0), nil
}
func (d *pyTimeDelta) M__neg__() (py.Object, error) {
	return tdFromMicros(new(big.Int).Neg(d.micros()))
}
func (d *pyTimeDelta) M__pos__() (py.Object, error) { return d, nil }
func (d *pyTimeDelta) M__abs__() (py.Object, error) {
	if d.days < 0 {
		return d.M__neg__()
	}
	return d, nil
}

func (d *pyTimeDelta) M__add__(o py.Object) (py.Object, error) {
	switch x := o.(type) {
	case *pyTimeDelta:
		return tdFromMicros(new(big.Int).Add(d.micros(), x.micros()))
	case *pyDateTime:
		return x.M__add__(d)
	case *pyDate:
		return x.M__add__(d)
	}
	return py.NotImplemented, nil
}
func (d *pyTimeDelta) M__radd__(o py.Object) (py.Object, error) { return d.M__add__(o) }
func (d *pyTimeDelta) M__sub__(o py.Object) (py.Object, error) {
	if x, ok := o.(*pyTimeDelta); ok {
		return tdFromMicros(new(big.Int).Sub(d.micros(), x.micros()))
	}
	return py.NotImplemented, nil
}

func (d *pyTimeDelta) M__mul__(o py.Object) (py.Object, error) {
	if _, ok := o.(py.Float); !ok {
		if _, err := dtInt(o); err != nil {
			return py.NotImplemented, nil
		}
	}
	r, ok, err := numRat(o)
	if err != nil || !ok {
		return py.NotImplemented, err
	}
	return tdFromMicros(roundHalfEven(r.Mul(r, new(big.Rat).SetInt(d.micros()))))
}
func (d *pyTimeDelta) M__rmul__(o py.Object) (py.Object, error) { return d.M__mul__(o) }

func (d *pyTimeDelta) M__truediv__(o py.Object) (py.Object, error) {
	if x, ok := o.(*pyTimeDelta); ok {
		den := x.micros()
		if den.Sign() == 0 {
			return nil, py.ExceptionNewf(py.ZeroDivisionError, "division by zero")
		}
		f, _ := new(big.Rat).SetFrac(d.micros(), den).Float64()
		return py.Float(f), nil
	}
	r, ok, err := numRat(o)
	if err != nil || !ok {
		return py.NotImplemented, err
	}
	if r.Sign() == 0 {
		if _, isF := o.(py.Float); isF {
			return nil, py.ExceptionNewf(py.ZeroDivisionError, "float division by zero")
		}
		return nil, py.ExceptionNewf(py.ZeroDivisionError, "integer division or modulo by zero")
	}
	return tdFromMicros(roundHalfEven(new(big.Rat).Quo(new(big.Rat).SetInt(d.micros()), r)))
}

func (d *pyTimeDelta) M__floordiv__(o py.Object) (py.Object, error) {
	if x, ok := o.(*pyTimeDelta); ok {
		den := x.micros()
		if den.Sign() == 0 {
			return nil, py.ExceptionNewf(py.ZeroDivisionError, "integer division or modulo by zero")
		}
		return pyIntOf(floorQuo(d.micros(), den)), nil
	}
	if _, isF := o.(py.Float); isF {
		return py.NotImplemented, nil
	}
	n, err := dtInt(o)
	if err != nil {
		return py.NotImplemented, nil
	}
	if n == 0 {
		return nil, py.ExceptionNewf(py.ZeroDivisionError, "integer division or modulo by zero")
	}
	return tdFromMicros(floorQuo(d.micros(), big.NewInt(n)))
}

func (d *pyTimeDelta) M__mod__(o py.Object) (py.Object, error) {
	x, ok := o.(*pyTimeDelta)
	if !ok {
		return py.NotImplemented, nil
	}
	den := x.micros()
	if den.Sign() == 0 {
		return nil, py.ExceptionNewf(py.ZeroDivisionError, "integer modulo by zero")
	}
	q := floorQuo(d.micros(), den)
	return tdFromMicros(new(big.Int).Sub(d.micros(), q.Mul(q, den)))
}

func (d *pyTimeDelta) M__divmod__(o py.Object) (py.Object, py.Object, error) {
	x, ok := o.(*pyTimeDelta)
	if !ok {
		return py.NotImplemented, py.NotImplemented, nil
	}
	den := x.micros()
	if den.Sign() == 0 {
		return nil, nil, py.ExceptionNewf(py.ZeroDivisionError, "integer division or modulo by zero")
	}
	q := floorQuo(d.micros(), den)
	r, err := tdFromMicros(new(big.Int).Sub(d.micros(), new(big.Int).Mul(q, den)))
	if err != nil {
		return nil, nil, err
	}
	return pyIntOf(q), r, nil
}

// floorQuo is Python's a // b.
func floorQuo(a, b *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(a, b, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func pyIntOf(b *big.Int) py.Object {
	if b.IsInt64() {
		return py.Int(b.Int64())
	}
	return (*py.BigInt)(b)
}

// ---- timezone ----

func timezoneNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("timezone", args, kwargs, []string{"offset", "name"}, 1)
	if err != nil {
		return nil, err
	}
	off, ok := a[0].(*pyTimeDelta)
	if !ok {
		return nil, py.ExceptionNewf(py.TypeError, "timezone() argument 1 must be datetime.timedelta, not %s", dtTypeName(a[0]))
	}
	z := &pyTimezone{}
	if a[1] != nil {
		s, ok := a[1].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "timezone() argument 2 must be str, not %s", dtTypeName(a[1]))
		}
		z.name, z.named = string(s), true
	}
	us := off.micros()
	if !us.IsInt64() || us.Int64() <= -usPerDay || us.Int64() >= usPerDay {
		r, _ := off.M__repr__()
		return nil, py.ExceptionNewf(py.ValueError, "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24), not %s.", string(r.(py.String)))
	}
	z.off = us.Int64()
	if z.off == 0 && !z.named {
		return utcZone, nil
	}
	return z, nil
}

// offsetString formats an offset as +HH:MM[:SS[.ffffff]] (sep ":") or +HHMM[SS[.ffffff]].
func offsetString(off int64, sep string) string {
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	us := off % usPerSec
	s := off / usPerSec
	out := fmt.Sprintf("%s%02d%s%02d", sign, s/3600, sep, s/60%60)
	if s%60 != 0 || us != 0 {
		out += fmt.Sprintf("%s%02d", sep, s%60)
	}
	if us != 0 {
		out += fmt.Sprintf(".%06d", us)
	}
	return out
}

func (z *pyTimezone) tzname() string {
	if z.named {
		return z.name
	}
	if z.off == 0 {
		return "UTC"
	}
	return "UTC" + offsetString(z.off, ":")
}

func (z *pyTimezone) M__repr__() (py.Object, error) {
	if z == utcZone {
		return py.String("datetime.timezone.utc"), nil
	}
	r, _ := td64(z.off).M__repr__()
	s := "datetime.timezone(" + string(r.(py.String))
	if z.named {
		n, _ := py.ReprAsString(py.String(z.name))
		s += ", " + n
	}
	return py.String(s + ")"), nil
}
func (z *pyTimezone) M__str__() (py.Object, error) { return py.String(z.tzname()), nil }
func (z *pyTimezone) M__eq__(o py.Object) (py.Object, error) {
	x, ok := o.(*pyTimezone)
	return py.NewBool(ok && x.off == z.off), nil
}
func (z *pyTimezone) M__ne__(o py.Object) (py.Object, error) {
	x, ok := o.(*pyTimezone)
	return py.NewBool(!ok || x.off != z.off), nil
}
func (z *pyTimezone) M__hash__() (py.Object, error) { return py.Int(z.off), nil }

// ---- date ----

func dateNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	a, err := python.ParseArgs("date", args, kwargs, []string{"year", "month", "day"}, 3)
	if err != nil {
		return nil, err
	}
	var n [3]int64
	for i := range n {
		if n[i], err = dtInt(a[i]); err != nil {
			return nil, err
		}
	}
	if err := checkDate(n[0], n[1], n[2]); err != nil {
		return nil, err
	}
	return &pyDate{time.Date(int(n[0]), time.Month(n[1]), int(n[2]), 0, 0, 0, 0, time.UTC)}, nil
}

func (d *pyDate) M__repr__() (py.Object, error) {
	return py.String(fmt.Sprintf("datetime.date(%d, %d, %d)", d.t.Year(), int(d.t.Month()), d.t.Day())), nil
}
func (d *pyDate) M__str__() (py.Object, error) { return py.String(isoDate(d.t)), nil }

func isoDate(t time.Time) string {
	return fmt.Sprintf("%04d-%02d-%02d", t.Year(), int(t.Month()), t.Day())
}

func (d *pyDate) rich(o py.Object, op string) (py.Object, error) {
	switch x := o.(type) {
	case *pyDate:
		return richCompare(d.t.Compare(x.t), op), nil
	case *pyDateTime:
		if op == "==" || op == "!=" {
			return py.NewBool(op == "!="), nil
		}
		// CPython's message comes from datetime's reflected comparison.
		return nil, py.ExceptionNewf(py.TypeError, "can't compare datetime.datetime to datetime.date")
	}
	if op == "==" || op == "!=" {
		return py.NewBool(op == "!="), nil
	}
	return py.NotImplemented, nil
}

func (d *pyDate) M__eq__(o py.Object) (py.Object, error) { return d.rich(o, "==") }
func (d *pyDate) M__ne__(o py.Object) (py.Object, error) { return d.rich(o, "!=") }
func (d *pyDate) M__lt__(o py.Object) (py.Object, error) { return d.rich(o, "<") }
func (d *pyDate) M__le__(o py.Object) (py.Object, error) { return d.rich(o, "<=") }
func (d *pyDate) M__gt__(o py.Object) (py.Object, error) { return d.rich(o, ">") }
func (d *pyDate) M__ge__(o py.Object) (py.Object, error) { return d.rich(o, ">=") }
func (d *pyDate) M__hash__() (py.Object, error)          { return py.Int(ordinal(d.t)), nil }

func (d *pyDate) M__add__(o py.Object) (py.Object, error) {
	x, ok := o.(*pyTimeDelta)
	if !ok {
		return py.NotImplemented, nil
	}
	n := ordinal(d.t) + x.days
	if n < 1 || n > 3652059 {
		return nil, errDateRange()
	}
	return &pyDate{fromOrdinal(n)}, nil
}
func (d *pyDate) M__radd__(o py.Object) (py.Object, error) { return d.M__add__(o) }
func (d *pyDate) M__sub__(o py.Object) (py.Object, error) {
	switch x := o.(type) {
	case *pyTimeDelta:
		n, _ := x.M__neg__()
		return d.M__add__(n)
	case *pyDate:
		return td64((ordinal(d.t) - ordinal(x.t)) * usPerDay), nil
	}
	return py.NotImplemented, nil
}

// pyIsoCal is what isocalendar() returns: a (year, week, weekday) tuple with names.
type pyIsoCal struct{ v py.Tuple }

func (c *pyIsoCal) Type() *py.Type { return isoCalType }
func (c *pyIsoCal) M__repr__() (py.Object, error) {
	return py.String(fmt.Sprintf("datetime.IsoCalendarDate(year=%d, week=%d, weekday=%d)", c.v[0], c.v[1], c.v[2])), nil
}
func (c *pyIsoCal) M__len__() (py.Object, error)                { return py.Int(3), nil }
func (c *pyIsoCal) M__getitem__(k py.Object) (py.Object, error) { return c.v.M__getitem__(k) }
func (c *pyIsoCal) M__iter__() (py.Object, error)               { return py.NewIterator(c.v), nil }
func (c *pyIsoCal) M__eq__(o py.Object) (py.Object, error) {
	if x, ok := o.(*pyIsoCal); ok {
		o = x.v
	}
	return c.v.M__eq__(o)
}
func (c *pyIsoCal) M__ne__(o py.Object) (py.Object, error) {
	r, err := c.M__eq__(o)
	if err != nil {
		return nil, err
	}
	return py.NewBool(r != py.True), nil
}
func (c *pyIsoCal) M__hash__() (py.Object, error) {
	h, err := py.Hash(c.v)
	return py.Int(h), err
}

func init() {
	for i, name := range []string{"year", "week", "weekday"} {
		i := i
		python.DefProp(isoCalType, name, func(self py.Object) (py.Object, error) { return self.(*pyIsoCal).v[i], nil })
	}
}

// ---- time ----

func timeNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	delete(kwargs, "fold")
	a, err := python.ParseArgs("time", args, kwargs, []string{"hour", "minute", "second", "microsecond", "tzinfo"}, 0)
	if err != nil {
		return nil, err
	}
	var n [4]int64
	for i := range n {
		if a[i] != nil {
			if n[i], err = dtInt(a[i]); err != nil {
				return nil, err
			}
		}
	}
	if err := checkTime(n[0], n[1], n[2], n[3]); err != nil {
		return nil, err
	}
	tz, err := tzArg(a[4])
	if err != nil {
		return nil, err
	}
	return &pyTime{int(n[0]), int(n[1]), int(n[2]), int(n[3]), tz}, nil
}

// timeFields is repr's trailing fields: hour and minute always, then second and
// microsecond when set.
func timeFields(h, m, s, us int) []string {
	out := []string{strconv.Itoa(h), strconv.Itoa(m)}
	if s != 0 || us != 0 {
		out = append(out, strconv.Itoa(s))
	}
	if us != 0 {
		out = append(out, strconv.Itoa(us))
	}
	return out
}

func tzReprSuffix(z *pyTimezone) string {
	if z == nil {
		return ""
	}
	r, _ := z.M__repr__()
	return ", tzinfo=" + string(r.(py.String))
}

func (t *pyTime) M__repr__() (py.Object, error) {
	return py.String("datetime.time(" + strings.Join(timeFields(t.h, t.m, t.s, t.us), ", ") + tzReprSuffix(t.tz) + ")"), nil
}

// isoTime formats a time of day for timespec (auto, hours, minutes, seconds,
// milliseconds, microseconds).
func isoTime(h, m, s, us int, spec string) (string, error) {
	switch spec {
	case "auto":
		if us != 0 {
			return fmt.Sprintf("%02d:%02d:%02d.%06d", h, m, s, us), nil
		}
		return fmt.Sprintf("%02d:%02d:%02d", h, m, s), nil
	case "hours":
		return fmt.Sprintf("%02d", h), nil
	case "minutes":
		return fmt.Sprintf("%02d:%02d", h, m), nil
	case "seconds":
		return fmt.Sprintf("%02d:%02d:%02d", h, m, s), nil
	case "milliseconds":
		return fmt.Sprintf("%02d:%02d:%02d.%03d", h, m, s, us/1000), nil
	case "microseconds":
		return fmt.Sprintf("%02d:%02d:%02d.%06d", h, m, s, us), nil
	}
	return "", py.ExceptionNewf(py.ValueError, "Unknown timespec value")
}

func (t *pyTime) iso(spec string) (string, error) {
	s, err := isoTime(t.h, t.m, t.s, t.us, spec)
	if t.tz != nil {
		s += offsetString(t.tz.off, ":")
	}
	return s, err
}

func (t *pyTime) M__str__() (py.Object, error) {
	s, err := t.iso("auto")
	return py.String(s), err
}

func (t *pyTime) micros() int64 {
	return int64(t.h)*3600*usPerSec + int64(t.m)*60*usPerSec + int64(t.s)*usPerSec + int64(t.us)
}

func (t *pyTime) rich(o py.Object, op string) (py.Object, error) {
	x, ok := o.(*pyTime)
	if !ok {
		if op == "==" || op == "!=" {
			return py.NewBool(op == "!="), nil
		}
		return py.NotImplemented, nil
	}
	a, b := t.micros(), x.micros()
	if (t.tz == nil) != (x.tz == nil) {
		if op == "==" || op == "!=" {
			return py.NewBool(op == "!="), nil
		}
		return nil, py.ExceptionNewf(py.TypeError, "can't compare offset-naive and offset-aware times")
	}
	if t.tz != nil {
		a, b = a-t.tz.off, b-x.tz.off
	}
	return richCompare(cmp64(a, b), op), nil
}

func (t *pyTime) M__eq__(o py.Object) (py.Object, error) { return t.rich(o, "==") }
func (t *pyTime) M__ne__(o py.Object) (py.Object, error) { return t.rich(o, "!=") }
func (t *pyTime) M__lt__(o py.Object) (py.Object, error) { return t.rich(o, "<") }
func (t *pyTime) M__le__(o py.Object) (py.Object, error) { return t.rich(o, "<=") }
func (t *pyTime) M__gt__(o py.Object) (py.Object, error) { return t.rich(o, ">") }
func (t *pyTime) M__ge__(o py.Object) (py.Object, error) { return t.rich(o, ">=") }
func (t *pyTime) M__hash__() (py.Object, error) {
	h := t.micros()
	if t.tz != nil {
		h -= t.tz.off
	}
	return py.Int(h), nil
}

// ---- datetime ----

func dateTimeNew(metatype *py.Type, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
	delete(kwargs, "fold")
	a, err := python.ParseArgs("datetime", args, kwargs, []string{"year", "month", "day", "hour", "minute", "second", "microsecond", "tzinfo"}, 3)
	if err != nil {
		return nil, err
	}
	var n [7]int64
	for i := range n {
		if a[i] != nil {
			if n[i], err = dtInt(a[i]); err != nil {
				return nil, err
			}
		}
	}
	if err := checkDate(n[0], n[1], n[2]); err != nil {
		return nil, err
	}
	if err := checkTime(n[3], n[4], n[5], n[6]); err != nil {
		return nil, err
	}
	tz, err := tzArg(a[7])
	if err != nil {
		return nil, err
	}
	return &pyDateTime{time.Date(int(n[0]), time.Month(n[1]), int(n[2]), int(n[3]), int(n[4]), int(n[5]), int(n[6])*1000, time.UTC), tz}, nil
}

func (d *pyDateTime) micro() int { return d.t.Nanosecond() / 1000 }

func (d *pyDateTime) M__repr__() (py.Object, error) {
	t := d.t
	s := []string{strconv.Itoa(t.Year()), strconv.Itoa(int(t.Month())), strconv.Itoa(t.Day())}
	s = append(s, timeFields(t.Hour(), t.Minute(), t.Second(), d.micro())...)
	return py.String("datetime.datetime(" + strings.Join(s, ", ") + tzReprSuffix(d.tz) + ")"), nil
}

func (d *pyDateTime) iso(sep, spec string) (string, error) {
	s, err := isoTime(d.t.Hour(), d.t.Minute(), d.t.Second(), d.micro(), spec)
	s = isoDate(d.t) + sep + s
	if d.tz != nil {
		s += offsetString(d.tz.off, ":")
	}
	return s, err
}

func (d *pyDateTime) M__str__() (py.Object, error) {
	s, err := d.iso(" ", "auto")
	return py.String(s), err
}

func (d *pyDateTime) rich(o py.Object, op string) (py.Object, error) {
	eqOp := op == "==" || op == "!="
	x, ok := o.(*pyDateTime)
	if !ok {
		if eqOp {
			return py.NewBool(op == "!="), nil
		}
		if _, isDate := o.(*pyDate); isDate {
			return nil, py.ExceptionNewf(py.TypeError, "can't compare datetime.datetime to datetime.date")
		}
		return py.NotImplemented, nil
	}
	if (d.tz == nil) != (x.tz == nil) {
		if eqOp {
			return py.NewBool(op == "!="), nil
		}
		return nil, py.ExceptionNewf(py.TypeError, "can't compare offset-naive and offset-aware datetimes")
	}
	return richCompare(cmp64(d.utcMicros(), x.utcMicros()), op), nil
}

func (d *pyDateTime) M__eq__(o py.Object) (py.Object, error) { return d.rich(o, "==") }
func (d *pyDateTime) M__ne__(o py.Object) (py.Object, error) { return d.rich(o, "!=") }
func (d *pyDateTime) M__lt__(o py.Object) (py.Object, error) { return d.rich(o, "<") }
func (d *pyDateTime) M__le__(o py.Object) (py.Object, error) { return d.rich(o, "<=") }
func (d *pyDateTime) M__gt__(o py.Object) (py.Object, error) { return d.rich(o, ">") }
func (d *pyDateTime) M__ge__(o py.Object) (py.Object, error) { return d.rich(o, ">=") }
func (d *pyDateTime) M__hash__() (py.Object, error)          { return py.Int(d.utcMicros()), nil }

// shifted is d moved by us microseconds, keeping its zone; OverflowError past min/max.
func (d *pyDateTime) shifted(us *big.Int) (py.Object, error) {
	w := new(big.Int).Add(big.NewInt(wallMicros(d.t)), us)
	if !w.IsInt64() {
		return nil, errDateRange()
	}
	t := microsToWall(w.Int64())
	if !inRange(t) {
		return nil, errDateRange()
	}
	return &pyDateTime{t, d.tz}, nil
}

func (d *pyDateTime) M__add__(o py.Object) (py.Object, error) {
	if x, ok := o.(*pyTimeDelta); ok {
		return d.shifted(x.micros())
	}
	return py.NotImplemented, nil
}
func (d *pyDateTime) M__radd__(o py.Object) (py.Object, error) { return d.M__add__(o) }
func (d *pyDateTime) M__sub__(o py.Object) (py.Object, error) {
	switch x := o.(type) {
	case *pyTimeDelta:
		return d.shifted(new(big.Int).Neg(x.micros()))
	case *pyDateTime:
		if (d.tz == nil) != (x.tz == nil) {
			return nil, py.ExceptionNewf(py.TypeError, "can't subtract offset-naive and offset-aware datetimes")
		}
		return td64(d.utcMicros() - x.utcMicros()), nil
	}
	return py.NotImplemented, nil
}

// ---- the module ----

// nowMicros is the current instant to the microsecond.
var nowMicros = func() int64 { return time.Now().UnixMicro() }

// localOffset is the local zone's offset and abbreviation at instant us.
func localOffset(us int64) (int64, string) {
	name, off := time.UnixMicro(us).In(time.Local).Zone()
	return int64(off) * usPerSec, name
}

// atInstant is the datetime of instant us: aware at tz, else naive local time.
func atInstant(us int64, tz *pyTimezone) (*pyDateTime, error) {
	off := int64(0)
	if tz != nil {
		off = tz.off
	} else {
		off, _ = localOffset(us)
	}
	t := microsToWall(us + off)
	if !inRange(t) {
		return nil, py.ExceptionNewf(py.ValueError, "year %d is out of range", t.Year())
	}
	return &pyDateTime{t, tz}, nil
}

// timestampMicros reads a POSIX timestamp (int or float) as microseconds, rounding half to
// even as CPython does.
func timestampMicros(o py.Object) (int64, error) {
	f, isFloat := o.(py.Float)
	if !isFloat {
		r, ok, err := numRat(o)
		if err != nil {
			return 0, err
		}
		if !ok || !r.Num().IsInt64() {
			return 0, py.ExceptionNewf(py.TypeError, "'%s' object cannot be interpreted as an integer", dtTypeName(o))
		}
		return r.Num().Int64() * usPerSec, nil
	}
	if _, _, err := numRat(f); err != nil {
		return 0, err
	}
	// Seconds and the fraction's microseconds apart, the fraction rounded half to even in
	// floating point, as CPython splits a float timestamp.
	ip, fp := math.Modf(float64(f))
	us := math.RoundToEven(fp * 1e6)
	if us >= 1e6 {
		us -= 1e6
		ip++
	} else if us < 0 {
		us += 1e6
		ip--
	}
	if math.Abs(ip) > 1e14 {
		return 0, py.ExceptionNewf(py.OverflowError, "timestamp out of range for platform time_t")
	}
	return int64(ip)*usPerSec + int64(us), nil
}

func strArg(fn string, o py.Object) (string, error) {
	s, ok := o.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "%s() argument 1 must be str, not %s", fn, dtTypeName(o))
	}
	return string(s), nil
}

func optStr(o py.Object, def string) (string, error) {
	if o == nil {
		return def, nil
	}
	s, ok := o.(py.String)
	if !ok {
		return "", py.ExceptionNewf(py.TypeError, "argument must be str, not %s", dtTypeName(o))
	}
	return string(s), nil
}

func init() {
	defDateTime()
	defDate()
	defTime()
	defTimeDelta()
	defTimezone()
	bindings["datetime"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "Fast implementation of the datetime type."},
			Globals: py.StringDict{"datetime": dateTimeType, "date": dateType, "time": timeType,
				"timedelta": timeDeltaType, "timezone": timezoneType, "tzinfo": tzinfoType, "UTC": utcZone,
				"MINYEAR": py.Int(1), "MAXYEAR": py.Int(9999)}}, nil
	}
	bindings["decimal"] = func(in *Interpreter) (*py.ModuleImpl, error) {
		return &py.ModuleImpl{Info: py.ModuleInfo{Doc: "exact decimal numbers"}, Globals: py.StringDict{"Decimal": decimalType}}, nil
	}
}

func defTimeDelta() {
	python.DefProp(timeDeltaType, "days", func(self py.Object) (py.Object, error) { return py.Int(self.(*pyTimeDelta).days), nil })
	python.DefProp(timeDeltaType, "seconds", func(self py.Object) (py.Object, error) { return py.Int(self.(*pyTimeDelta).secs), nil })
	python.DefProp(timeDeltaType, "microseconds", func(self py.Object) (py.Object, error) { return py.Int(self.(*pyTimeDelta).us), nil })
	python.DefMethod(timeDeltaType, "total_seconds", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		f, _ := new(big.Rat).SetFrac(self.(*pyTimeDelta).micros(), big.NewInt(usPerSec)).Float64()
		return py.Float(f), nil
	})
	timeDeltaType.Dict["min"] = &pyTimeDelta{days: -maxTDDays}
	timeDeltaType.Dict["max"] = &pyTimeDelta{days: maxTDDays, secs: 86399, us: 999999}
	timeDeltaType.Dict["resolution"] = &pyTimeDelta{us: 1}
}

func defTimezone() {
	python.DefMethod(timezoneType, "utcoffset", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return td64(self.(*pyTimezone).off), nil
	})
	python.DefMethod(timezoneType, "tzname", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(self.(*pyTimezone).tzname()), nil
	})
	python.DefMethod(timezoneType, "dst", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.None, nil
	})
	timezoneType.Dict["utc"] = utcZone
	// Learners' tzinfo subclasses can be defined; using one is refused in tzArg.
	tzinfoType.Flags |= py.TPFLAGS_BASETYPE
	timezoneType.Dict["min"] = &pyTimezone{off: -(usPerDay - 60*usPerSec)}
	timezoneType.Dict["max"] = &pyTimezone{off: usPerDay - 60*usPerSec}
}

// dateReplace reads replace()'s date fields over t's.
func dateReplace(t time.Time, kwargs py.StringDict, names []string, vals []int64) error {
	for k, v := range kwargs {
		found := false
		for i, n := range names {
			if n == k {
				x, err := dtInt(v)
				if err != nil {
					return err
				}
				vals[i], found = x, true
			}
		}
		if !found && k != "tzinfo" && k != "fold" {
			return py.ExceptionNewf(py.TypeError, "'%s' is an invalid keyword argument for replace()", k)
		}
	}
	return nil
}

func defDate() {
	for name, get := range map[string]func(time.Time) int{
		"year": time.Time.Year, "month": func(t time.Time) int { return int(t.Month()) }, "day": time.Time.Day,
	} {
		get := get
		python.DefProp(dateTimeType, name, func(self py.Object) (py.Object, error) { return py.Int(get(self.(*pyDateTime).t)), nil })
		python.DefProp(dateType, name, func(self py.Object) (py.Object, error) { return py.Int(get(self.(*pyDate).t)), nil })
	}
	dateOf := func(self py.Object) time.Time {
		if d, ok := self.(*pyDateTime); ok {
			return d.t
		}
		return self.(*pyDate).t
	}
	for _, typ := range []*py.Type{dateType, dateTimeType} {
		python.DefMethod(typ, "weekday", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return py.Int((int(dateOf(self).Weekday()) + 6) % 7), nil
		})
		python.DefMethod(typ, "isoweekday", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return py.Int((int(dateOf(self).Weekday())+6)%7 + 1), nil
		})
		python.DefMethod(typ, "isocalendar", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			t := dateOf(self)
			y, w := t.ISOWeek()
			return &pyIsoCal{py.Tuple{py.Int(y), py.Int(w), py.Int((int(t.Weekday())+6)%7 + 1)}}, nil
		})
		python.DefMethod(typ, "toordinal", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			return py.Int(ordinal(dateOf(self))), nil
		})
		python.DefMethod(typ, "ctime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
			var tz *pyTimezone
			if d, ok := self.(*pyDateTime); ok {
				tz = d.tz
			}
			return py.String(strftime(dateOf(self), tz, "%c")), nil
		})
	}
	python.DefMethod(dateType, "isoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.String(isoDate(self.(*pyDate).t)), nil
	})
	python.DefMethod(dateType, "strftime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("strftime", args, kwargs, []string{"format"}, 1)
		if err != nil {
			return nil, err
		}
		f, err := strArg("strftime", a[0])
		if err != nil {
			return nil, err
		}
		return py.String(strftime(self.(*pyDate).t, nil, f)), nil
	})
	python.DefMethod(dateType, "replace", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDate).t
		v := []int64{int64(t.Year()), int64(t.Month()), int64(t.Day())}
		for i, a := range args {
			x, err := dtInt(a)
			if err != nil {
				return nil, err
			}
			v[i] = x
		}
		if err := dateReplace(t, kwargs, []string{"year", "month", "day"}, v); err != nil {
			return nil, err
		}
		if err := checkDate(v[0], v[1], v[2]); err != nil {
			return nil, err
		}
		return &pyDate{time.Date(int(v[0]), time.Month(v[1]), int(v[2]), 0, 0, 0, 0, time.UTC)}, nil
	})
	python.DefMethod(dateType, "today", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d, err := atInstant(nowMicros(), nil)
		if err != nil {
			return nil, err
		}
		return &pyDate{time.Date(d.t.Year(), d.t.Month(), d.t.Day(), 0, 0, 0, 0, time.UTC)}, nil
	})
	python.DefMethod(dateType, "fromtimestamp", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("fromtimestamp", args, kwargs, []string{"timestamp"}, 1)
		if err != nil {
			return nil, err
		}
		us, err := timestampMicros(a[0])
		if err != nil {
			return nil, err
		}
		d, err := atInstant(us, nil)
		if err != nil {
			return nil, err
		}
		return &pyDate{time.Date(d.t.Year(), d.t.Month(), d.t.Day(), 0, 0, 0, 0, time.UTC)}, nil
	})
	python.DefMethod(dateType, "fromordinal", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("fromordinal", args, kwargs, []string{"ordinal"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := dtInt(a[0])
		if err != nil {
			return nil, err
		}
		if n < 1 || n > 3652059 {
			return nil, py.ExceptionNewf(py.ValueError, "ordinal must be >= 1")
		}
		return &pyDate{fromOrdinal(n)}, nil
	})
	python.DefMethod(dateType, "fromisoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat() takes exactly one argument (%d given)", len(args))
		}
		s, ok := args[0].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat: argument must be str")
		}
		t, n, err := parseISODate(string(s))
		if err == nil && n != len(s) {
			err = errBadISO
		}
		if err != nil {
			return nil, isoError(string(s), err)
		}
		return &pyDate{t}, nil
	})
	dateType.Dict["min"] = &pyDate{time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}
	dateType.Dict["max"] = &pyDate{time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)}
	dateType.Dict["resolution"] = &pyTimeDelta{days: 1}
}

func (d *pyDate) M__format__(spec py.Object) (py.Object, error)     { return formatDT(d, spec) }
func (d *pyDateTime) M__format__(spec py.Object) (py.Object, error) { return formatDT(d, spec) }
func (t *pyTime) M__format__(spec py.Object) (py.Object, error)     { return formatDT(t, spec) }

// formatDT is format(value, spec): strftime(spec), or str() for an empty spec.
func formatDT(self py.Object, specObj py.Object) (py.Object, error) {
	spec, err := strArg("__format__", specObj)
	if err != nil {
		return nil, err
	}
	if spec == "" {
		return py.Str(self)
	}
	switch x := self.(type) {
	case *pyDate:
		return py.String(strftime(x.t, nil, spec)), nil
	case *pyDateTime:
		return py.String(strftime(x.t, x.tz, spec)), nil
	case *pyTime:
		return py.String(strftime(time.Date(1900, 1, 1, x.h, x.m, x.s, x.us*1000, time.UTC), x.tz, spec)), nil
	}
	return py.Str(self)
}

func defTime() {
	for name, get := range map[string]func(*pyTime) int{
		"hour": func(t *pyTime) int { return t.h }, "minute": func(t *pyTime) int { return t.m },
		"second": func(t *pyTime) int { return t.s }, "microsecond": func(t *pyTime) int { return t.us },
	} {
		get := get
		python.DefProp(timeType, name, func(self py.Object) (py.Object, error) { return py.Int(get(self.(*pyTime))), nil })
	}
	python.DefProp(timeType, "tzinfo", func(self py.Object) (py.Object, error) { return tzObj(self.(*pyTime).tz), nil })
	python.DefMethod(timeType, "isoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("isoformat", args, kwargs, []string{"timespec"}, 0)
		if err != nil {
			return nil, err
		}
		spec, err := optStr(a[0], "auto")
		if err != nil {
			return nil, err
		}
		s, err := self.(*pyTime).iso(spec)
		return py.String(s), err
	})
	python.DefMethod(timeType, "strftime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("strftime", args, kwargs, []string{"format"}, 1)
		if err != nil {
			return nil, err
		}
		f, err := strArg("strftime", a[0])
		if err != nil {
			return nil, err
		}
		t := self.(*pyTime)
		return py.String(strftime(time.Date(1900, 1, 1, t.h, t.m, t.s, t.us*1000, time.UTC), t.tz, f)), nil
	})
	python.DefMethod(timeType, "utcoffset", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if z := self.(*pyTime).tz; z != nil {
			return td64(z.off), nil
		}
		return py.None, nil
	})
	python.DefMethod(timeType, "replace", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := *self.(*pyTime)
		v := []int64{int64(t.h), int64(t.m), int64(t.s), int64(t.us)}
		for i, a := range args {
			x, err := dtInt(a)
			if err != nil {
				return nil, err
			}
			v[i] = x
		}
		if err := dateReplace(time.Time{}, kwargs, []string{"hour", "minute", "second", "microsecond"}, v); err != nil {
			return nil, err
		}
		if err := checkTime(v[0], v[1], v[2], v[3]); err != nil {
			return nil, err
		}
		if z, ok := kwargs["tzinfo"]; ok {
			tz, err := tzArg(z)
			if err != nil {
				return nil, err
			}
			t.tz = tz
		}
		return &pyTime{int(v[0]), int(v[1]), int(v[2]), int(v[3]), t.tz}, nil
	})
	python.DefMethod(timeType, "fromisoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat() takes exactly one argument (%d given)", len(args))
		}
		s, ok := args[0].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat: argument must be str")
		}
		// A time is the clock part of a datetime: parse it after a fixed date.
		str := string(s)
		if strings.HasPrefix(str, "T") {
			str = str[1:]
		}
		d, err := parseISODateTime("2000-01-01T" + str)
		if err != nil {
			return nil, isoError(string(s), err)
		}
		return &pyTime{d.t.Hour(), d.t.Minute(), d.t.Second(), d.micro(), d.tz}, nil
	})
	timeType.Dict["min"] = &pyTime{}
	timeType.Dict["max"] = &pyTime{23, 59, 59, 999999, nil}
	timeType.Dict["resolution"] = &pyTimeDelta{us: 1}
}

func defDateTime() {
	for name, get := range map[string]func(time.Time) int{
		"hour": time.Time.Hour, "minute": time.Time.Minute, "second": time.Time.Second,
		"microsecond": func(t time.Time) int { return t.Nanosecond() / 1000 },
	} {
		get := get
		python.DefProp(dateTimeType, name, func(self py.Object) (py.Object, error) { return py.Int(get(self.(*pyDateTime).t)), nil })
	}
	python.DefProp(dateTimeType, "tzinfo", func(self py.Object) (py.Object, error) { return tzObj(self.(*pyDateTime).tz), nil })
	python.DefMethod(dateTimeType, "isoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("isoformat", args, kwargs, []string{"sep", "timespec"}, 0)
		if err != nil {
			return nil, err
		}
		sep, err := optStr(a[0], "T")
		if err != nil {
			return nil, err
		}
		spec, err := optStr(a[1], "auto")
		if err != nil {
			return nil, err
		}
		s, err := self.(*pyDateTime).iso(sep, spec)
		return py.String(s), err
	})
	python.DefMethod(dateTimeType, "strftime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("strftime", args, kwargs, []string{"format"}, 1)
		if err != nil {
			return nil, err
		}
		f, err := strArg("strftime", a[0])
		if err != nil {
			return nil, err
		}
		d := self.(*pyDateTime)
		return py.String(strftime(d.t, d.tz, f)), nil
	})
	python.DefMethod(dateTimeType, "date", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDateTime).t
		return &pyDate{time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)}, nil
	})
	python.DefMethod(dateTimeType, "time", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		t := self.(*pyDateTime).t
		return &pyTime{t.Hour(), t.Minute(), t.Second(), t.Nanosecond() / 1000, nil}, nil
	})
	python.DefMethod(dateTimeType, "timetz", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDateTime)
		return &pyTime{d.t.Hour(), d.t.Minute(), d.t.Second(), d.micro(), d.tz}, nil
	})
	python.DefMethod(dateTimeType, "timestamp", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDateTime)
		us := d.utcMicros()
		if d.tz == nil {
			// A naive datetime is local time, as CPython reads it.
			us = d.instant(time.Local).UnixMicro()
		}
		f, _ := big.NewRat(us, usPerSec).Float64()
		return py.Float(f), nil
	})
	python.DefMethod(dateTimeType, "utcoffset", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if z := self.(*pyDateTime).tz; z != nil {
			return td64(z.off), nil
		}
		return py.None, nil
	})
	python.DefMethod(dateTimeType, "tzname", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if z := self.(*pyDateTime).tz; z != nil {
			return py.String(z.tzname()), nil
		}
		return py.None, nil
	})
	python.DefMethod(dateTimeType, "dst", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.None, nil
	})
	python.DefMethod(dateTimeType, "astimezone", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("astimezone", args, kwargs, []string{"tz"}, 0)
		if err != nil {
			return nil, err
		}
		d := self.(*pyDateTime)
		us := d.utcMicros()
		if d.tz == nil {
			us = d.instant(time.Local).UnixMicro()
		}
		tz, err := tzArg(a[0])
		if err != nil {
			return nil, err
		}
		if tz == nil {
			// No zone: the local zone at that instant, as a fixed offset named by it.
			off, name := localOffset(us)
			tz = &pyTimezone{off: off, name: name, named: true}
		}
		return atInstant(us, tz)
	})
	python.DefMethod(dateTimeType, "replace", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d := self.(*pyDateTime)
		t := d.t
		v := []int64{int64(t.Year()), int64(t.Month()), int64(t.Day()), int64(t.Hour()), int64(t.Minute()), int64(t.Second()), int64(d.micro())}
		tz := d.tz
		for i, a := range args {
			if i == 7 {
				z, err := tzArg(a)
				if err != nil {
					return nil, err
				}
				tz = z
				continue
			}
			x, err := dtInt(a)
			if err != nil {
				return nil, err
			}
			v[i] = x
		}
		if err := dateReplace(t, kwargs, []string{"year", "month", "day", "hour", "minute", "second", "microsecond"}, v); err != nil {
			return nil, err
		}
		if z, ok := kwargs["tzinfo"]; ok {
			var err error
			if tz, err = tzArg(z); err != nil {
				return nil, err
			}
		}
		if err := checkDate(v[0], v[1], v[2]); err != nil {
			return nil, err
		}
		if err := checkTime(v[3], v[4], v[5], v[6]); err != nil {
			return nil, err
		}
		return &pyDateTime{time.Date(int(v[0]), time.Month(v[1]), int(v[2]), int(v[3]), int(v[4]), int(v[5]), int(v[6])*1000, time.UTC), tz}, nil
	})
	python.DefMethod(dateTimeType, "now", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("now", args, kwargs, []string{"tz"}, 0)
		if err != nil {
			return nil, err
		}
		tz, err := tzArg(a[0])
		if err != nil {
			return nil, err
		}
		return atInstant(nowMicros(), tz)
	})
	python.DefMethod(dateTimeType, "today", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return atInstant(nowMicros(), nil)
	})
	python.DefMethod(dateTimeType, "utcnow", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		d, err := atInstant(nowMicros(), utcZone)
		if err != nil {
			return nil, err
		}
		d.tz = nil
		return d, nil
	})
	python.DefMethod(dateTimeType, "fromtimestamp", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("fromtimestamp", args, kwargs, []string{"timestamp", "tz"}, 1)
		if err != nil {
			return nil, err
		}
		us, err := timestampMicros(a[0])
		if err != nil {
			return nil, err
		}
		tz, err := tzArg(a[1])
		if err != nil {
			return nil, err
		}
		return atInstant(us, tz)
	})
	python.DefMethod(dateTimeType, "utcfromtimestamp", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("utcfromtimestamp", args, kwargs, []string{"timestamp"}, 1)
		if err != nil {
			return nil, err
		}
		us, err := timestampMicros(a[0])
		if err != nil {
			return nil, err
		}
		d, err := atInstant(us, utcZone)
		if err != nil {
			return nil, err
		}
		d.tz = nil
		return d, nil
	})
	python.DefMethod(dateTimeType, "combine", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if _, isType := self.(*py.Type); !isType && self != nil && len(args)+len(kwargs) < 2 {
			// datetime.combine(a_datetime, t) reads the datetime as the bound instance.
			args = append(py.Tuple{self}, args...)
		}
		a, err := python.ParseArgs("combine", args, kwargs, []string{"date", "time", "tzinfo"}, 2)
		if err != nil {
			return nil, err
		}
		var day time.Time
		switch x := a[0].(type) {
		case *pyDate:
			day = x.t
		case *pyDateTime:
			day = x.t
		default:
			return nil, py.ExceptionNewf(py.TypeError, "combine() argument 1 must be datetime.date, not %s", dtTypeName(a[0]))
		}
		tm, ok := a[1].(*pyTime)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "combine() argument 2 must be datetime.time, not %s", dtTypeName(a[1]))
		}
		tz := tm.tz
		if a[2] != nil {
			if tz, err = tzArg(a[2]); err != nil {
				return nil, err
			}
		}
		return &pyDateTime{time.Date(day.Year(), day.Month(), day.Day(), tm.h, tm.m, tm.s, tm.us*1000, time.UTC), tz}, nil
	})
	python.DefMethod(dateTimeType, "fromisoformat", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 1 {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat() takes exactly one argument (%d given)", len(args))
		}
		s, ok := args[0].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "fromisoformat: argument must be str")
		}
		d, err := parseISODateTime(string(s))
		if err != nil {
			return nil, isoError(string(s), err)
		}
		return d, nil
	})
	python.DefMethod(dateTimeType, "strptime", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		if len(args) != 2 {
			return nil, py.ExceptionNewf(py.TypeError, "strptime() takes exactly 2 arguments (%d given)", len(args))
		}
		s, err := strArg("strptime", args[0])
		if err != nil {
			return nil, err
		}
		f, ok := args[1].(py.String)
		if !ok {
			return nil, py.ExceptionNewf(py.TypeError, "strptime() argument 2 must be str, not %s", dtTypeName(args[1]))
		}
		return strptime(s, string(f))
	})
	python.DefMethod(dateTimeType, "fromordinal", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("fromordinal", args, kwargs, []string{"ordinal"}, 1)
		if err != nil {
			return nil, err
		}
		n, err := dtInt(a[0])
		if err != nil {
			return nil, err
		}
		if n < 1 || n > 3652059 {
			return nil, py.ExceptionNewf(py.ValueError, "ordinal must be >= 1")
		}
		return &pyDateTime{t: fromOrdinal(n)}, nil
	})
	dateTimeType.Dict["min"] = &pyDateTime{t: time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)}
	dateTimeType.Dict["max"] = &pyDateTime{t: time.Date(9999, 12, 31, 23, 59, 59, 999999000, time.UTC)}
	dateTimeType.Dict["resolution"] = &pyTimeDelta{us: 1}
}

// sqlTime is a datetime.time as a TIME value; a tzinfo is dropped, as PySpark's TimeType
// converter reads only the fields.
func (t *pyTime) sqlTime() sqltypes.Time {
	us := int64(t.h)*3_600_000_000 + int64(t.m)*60_000_000 + int64(t.s)*1_000_000 + int64(t.us)
	return sqltypes.Time(us * 1000)
}

// timeToPython is a TIME value as datetime.time (nanoseconds beyond the microsecond, which
// TIME(p <= 6) never holds, are dropped).
func timeToPython(v sqltypes.Time) *pyTime {
	us := int64(v) / 1000
	return &pyTime{h: int(us / 3_600_000_000), m: int(us / 60_000_000 % 60), s: int(us / 1_000_000 % 60), us: int(us % 1_000_000)}
}
