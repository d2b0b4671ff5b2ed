package sqltypes

import (
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
