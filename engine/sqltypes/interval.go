package sqltypes

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// Interval is a parsed interval string, Spark's CalendarInterval: months apart from the
// rest, because a month has no fixed length. Each user decides what a month is: a
// watermark delay counts it as 31 days, windows and processing-time triggers refuse it.
type Interval struct {
	Months int64
	Micros int64
}

// CannotParseInterval is the error withWatermark, window and session_window give for an
// interval string ParseInterval refuses (Spark's CANNOT_PARSE_INTERVAL).
func CannotParseInterval(s string) error {
	return sparkerrors.New(sparkerrors.AnalysisException, "CANNOT_PARSE_INTERVAL", "intervalString", "'"+s+"'")
}

// ParseInterval reads Spark's interval strings as withWatermark, window, session_window
// and trigger(processingTime=...) take them: "5 minutes", "1 hour 30 minutes",
// "interval 10 seconds", "2 days", "-1 minute", "1 month". A year is 12 months.
func ParseInterval(s string) (Interval, error) {
	fields := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	if len(fields) > 0 && fields[0] == "interval" {
		fields = fields[1:]
	}
	// Spark's IntervalUtils.stringToInterval errors (IllegalArgumentException).
	bad := func(sub string, nameValues ...string) (Interval, error) {
		return Interval{}, sparkerrors.New(sparkerrors.IllegalArgumentException, "INVALID_INTERVAL_FORMAT."+sub,
			append([]string{"input", s}, nameValues...)...)
	}
	if len(fields) == 0 {
		return bad("INPUT_IS_EMPTY")
	}
	if len(fields)%2 != 0 {
		if _, err := strconv.ParseFloat(fields[len(fields)-1], 64); err != nil {
			return bad("UNRECOGNIZED_NUMBER", "number", fields[len(fields)-1])
		}
		return bad("MISSING_UNIT", "word", fields[len(fields)-1])
	}
	var iv Interval
	for i := 0; i < len(fields); i += 2 {
		num, unit := fields[i], strings.TrimSuffix(fields[i+1], "s")
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return bad("UNRECOGNIZED_NUMBER", "number", num)
		}
		var per int64
		switch unit {
		case "year":
			iv.Months += int64(f * 12)
			continue
		case "month":
			iv.Months += int64(f)
			continue
		case "week":
			per = 7 * microsPerDay
		case "day":
			per = microsPerDay
		case "hour":
			per = 3600 * microsPerSecond
		case "minute":
			per = 60 * microsPerSecond
		case "second":
			per = microsPerSecond
		case "millisecond":
			per = 1000
		case "microsecond":
			per = 1
		default:
			return bad("INVALID_UNIT", "unit", fields[i+1])
		}
		v := f * float64(per)
		if math.Abs(v) > math.MaxInt64/2 {
			return bad("ARITHMETIC_EXCEPTION")
		}
		iv.Micros += int64(math.Round(v))
	}
	return iv, nil
}

// Interval fields, Spark's DayTimeIntervalType and YearMonthIntervalType field codes.
const (
	IntervalDay    byte = 0
	IntervalHour   byte = 1
	IntervalMinute byte = 2
	IntervalSecond byte = 3

	IntervalYear  byte = 0
	IntervalMonth byte = 1
)

// DayTimeIntervalType is INTERVAL DAY|HOUR|MINUTE|SECOND [TO ...]: a fixed length of time.
// Values are int64 microseconds; Start and End only decide how a value prints.
type DayTimeIntervalType struct{ Start, End byte }

// YearMonthIntervalType is INTERVAL YEAR|MONTH [TO MONTH]; values are int32 months.
type YearMonthIntervalType struct{ Start, End byte }

// CalendarIntervalType is Spark's legacy INTERVAL of months, days and microseconds; values
// are Interval (days folded into Micros).
type CalendarIntervalType struct{}

var dayTimeFieldNames = [...]string{"day", "hour", "minute", "second"}
var yearMonthFieldNames = [...]string{"year", "month"}

func intervalTypeName(names []string, start, end byte) string {
	if int(start) >= len(names) || int(end) >= len(names) {
		return "interval"
	}
	if start == end {
		return "interval " + names[start]
	}
	return "interval " + names[start] + " to " + names[end]
}

func (t DayTimeIntervalType) TypeName() string {
	return intervalTypeName(dayTimeFieldNames[:], t.Start, t.End)
}
func (t DayTimeIntervalType) SQL() string { return strings.ToUpper(t.TypeName()) }
func (t YearMonthIntervalType) TypeName() string {
	return intervalTypeName(yearMonthFieldNames[:], t.Start, t.End)
}
func (t YearMonthIntervalType) SQL() string   { return strings.ToUpper(t.TypeName()) }
func (CalendarIntervalType) TypeName() string { return "interval" }
func (CalendarIntervalType) SQL() string      { return "INTERVAL" }

// WiderDayTime is the day-time interval type covering both a and b's fields.
func WiderDayTime(a, b DayTimeIntervalType) DayTimeIntervalType {
	return DayTimeIntervalType{Start: min(a.Start, b.Start), End: max(a.End, b.End)}
}

// FormatDayTimeInterval prints micros as Spark prints a day-time interval value:
// INTERVAL '1 02:03:04.5' DAY TO SECOND, INTERVAL '01' HOUR, INTERVAL '90' MINUTE.
func FormatDayTimeInterval(micros int64, t DayTimeIntervalType) string {
	var b strings.Builder
	b.WriteString("INTERVAL '")
	rest := uint64(micros)
	if micros < 0 {
		b.WriteByte('-')
		rest = uint64(-micros) // two's complement: MinInt64 comes out right as unsigned
	}
	const (
		perSecond = uint64(microsPerSecond)
		perMinute = 60 * perSecond
		perHour   = 60 * perMinute
		perDay    = 24 * perHour
	)
	two := func(n uint64) {
		if n < 10 {
			b.WriteByte('0')
		}
		b.WriteString(strconv.FormatUint(n, 10))
	}
	seconds := func(n uint64) {
		if n < 10*perSecond {
			b.WriteByte('0')
		}
		b.WriteString(strconv.FormatUint(n/perSecond, 10))
		if frac := n % perSecond; frac != 0 {
			f := strconv.FormatUint(frac+perSecond, 10)[1:]
			b.WriteByte('.')
			b.WriteString(strings.TrimRight(f, "0"))
		}
	}
	switch t.Start {
	case IntervalDay:
		b.WriteString(strconv.FormatUint(rest/perDay, 10))
		rest %= perDay
	case IntervalHour:
		two(rest / perHour)
		rest %= perHour
	case IntervalMinute:
		two(rest / perMinute)
		rest %= perMinute
	default:
		seconds(rest)
	}
	if t.Start < IntervalHour && IntervalHour <= t.End {
		b.WriteByte(' ')
		two(rest / perHour)
		rest %= perHour
	}
	if t.Start < IntervalMinute && IntervalMinute <= t.End {
		b.WriteByte(':')
		two(rest / perMinute)
		rest %= perMinute
	}
	if t.Start < IntervalSecond && IntervalSecond <= t.End {
		b.WriteByte(':')
		seconds(rest)
	}
	b.WriteString("' ")
	b.WriteString(t.SQL()[len("INTERVAL "):])
	return b.String()
}

// FormatYearMonthInterval prints months as Spark prints a year-month interval value:
// INTERVAL '1-2' YEAR TO MONTH, INTERVAL '14' MONTH.
func FormatYearMonthInterval(months int32, t YearMonthIntervalType) string {
	sign := ""
	m := int64(months)
	if m < 0 {
		sign, m = "-", -m
	}
	var body string
	switch {
	case t.Start == IntervalYear && t.End == IntervalMonth:
		body = strconv.FormatInt(m/12, 10) + "-" + strconv.FormatInt(m%12, 10)
	case t.Start == IntervalYear:
		body = strconv.FormatInt(m/12, 10)
	default:
		body = strconv.FormatInt(m, 10)
	}
	return "INTERVAL '" + sign + body + "' " + t.SQL()[len("INTERVAL "):]
}

// CalendarInterval is a value of CalendarIntervalType (make_interval's result): months,
// days and microseconds kept apart, as Spark's CalendarInterval keeps them, since a day
// is not always 24 hours and a month has no fixed length.
type CalendarInterval struct {
	Months int32
	Days   int32
	Micros int64
}

// String is Spark's CalendarInterval.toString: "1 years 2 months 3 days 4 hours 5 minutes
// 6.5 seconds", each unit only when it is not zero, "0 seconds" for the empty interval.
func (c CalendarInterval) String() string {
	if c.Months == 0 && c.Days == 0 && c.Micros == 0 {
		return "0 seconds"
	}
	var b strings.Builder
	unit := func(n int64, name string) {
		if n != 0 {
			b.WriteString(strconv.FormatInt(n, 10))
			b.WriteString(" " + name + " ")
		}
	}
	if c.Months != 0 {
		unit(int64(c.Months/12), "years")
		unit(int64(c.Months%12), "months")
	}
	unit(int64(c.Days), "days")
	if c.Micros != 0 {
		rest := c.Micros
		unit(rest/3_600_000_000, "hours")
		rest %= 3_600_000_000
		unit(rest/60_000_000, "minutes")
		rest %= 60_000_000
		if rest != 0 {
			neg := rest < 0
			if neg {
				rest = -rest
				b.WriteByte('-')
			}
			b.WriteString(strconv.FormatInt(rest/1_000_000, 10))
			if frac := strings.TrimRight(fmt.Sprintf("%06d", rest%1_000_000), "0"); frac != "" {
				b.WriteString("." + frac)
			}
			b.WriteString(" seconds ")
		}
	}
	return strings.TrimSuffix(b.String(), " ")
}
