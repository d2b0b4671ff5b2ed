package stateful

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

const (
	microsPerSecond = int64(1_000_000)
	microsPerDay    = 86400 * microsPerSecond
)

// interval is a parsed interval string: months apart, because windows refuse them.
type interval struct {
	months int64
	micros int64
}

// parseInterval reads Spark's interval strings as window() and session_window() take them:
// "5 minutes", "1 hour 30 minutes", "interval 10 seconds", "2 days", "-1 minute".
func parseInterval(s string) (interval, error) {
	fields := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	if len(fields) > 0 && fields[0] == "interval" {
		fields = fields[1:]
	}
	bad := func(why string) (interval, error) {
		return interval{}, fmt.Errorf("[INVALID_INTERVAL_FORMAT] Error parsing '%s' to interval: %s; write a number and a unit, like \"5 minutes\" or \"30 seconds\"", s, why)
	}
	if len(fields) == 0 {
		return bad("the interval is empty")
	}
	if len(fields)%2 != 0 {
		return bad("every number needs a unit")
	}
	var iv interval
	for i := 0; i < len(fields); i += 2 {
		num, unit := fields[i], strings.TrimSuffix(fields[i+1], "s")
		f, err := strconv.ParseFloat(num, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return bad(fmt.Sprintf("%q is not a number", num))
		}
		var per int64
		switch unit {
		case "year":
			iv.months += int64(f * 12)
			continue
		case "month":
			iv.months += int64(f)
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
		iv.micros += int64(math.Round(v))
	}
	return iv, nil
}

// durationMicros is TimeWindow.getIntervalInMicroSeconds: an interval without months.
func durationMicros(s string) (int64, error) {
	iv, err := parseInterval(s)
	if err != nil {
		return 0, err
	}
	if iv.months != 0 {
		return 0, fmt.Errorf("Intervals greater than a month is not supported (%s).", s)
	}
	return iv.micros, nil
}
