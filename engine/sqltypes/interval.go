package sqltypes

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Interval is a parsed interval string, Spark's CalendarInterval: months apart from the
// rest, because a month has no fixed length. Each user decides what a month is: a
// watermark delay counts it as 31 days, windows and processing-time triggers refuse it.
type Interval struct {
	Months int64
	Micros int64
}

// ParseInterval reads Spark's interval strings as withWatermark, window, session_window
// and trigger(processingTime=...) take them: "5 minutes", "1 hour 30 minutes",
// "interval 10 seconds", "2 days", "-1 minute", "1 month". A year is 12 months.
func ParseInterval(s string) (Interval, error) {
	fields := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	if len(fields) > 0 && fields[0] == "interval" {
		fields = fields[1:]
	}
	bad := func(why string) (Interval, error) {
		return Interval{}, fmt.Errorf("[INVALID_INTERVAL_FORMAT] Error parsing '%s' to interval: %s; write a number and a unit, like \"5 minutes\" or \"30 seconds\"", s, why)
	}
	if len(fields) == 0 {
		return bad("the interval is empty")
	}
	if len(fields)%2 != 0 {
		return bad("every number needs a unit")
	}
	var iv Interval
	for i := 0; i < len(fields); i += 2 {
		num, unit := fields[i], strings.TrimSuffix(fields[i+1], "s")
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return bad(fmt.Sprintf("%q is not a number", num))
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
			return bad(fmt.Sprintf("unknown unit %q", fields[i+1]))
		}
		v := f * float64(per)
		if math.Abs(v) > math.MaxInt64/2 {
			return bad("the interval is too large")
		}
		iv.Micros += int64(math.Round(v))
	}
	return iv, nil
}
