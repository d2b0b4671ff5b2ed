package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseIntervalMs reads an interval string as withWatermark, window and
// trigger(processingTime=...) take them ("10 minutes", "1 hour 30 minutes", "5 seconds",
// "interval 2 days") and returns milliseconds. A month counts 31 days, as Spark's
// watermark delay does.
func ParseIntervalMs(s string) (int64, error) {
	fields := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	if len(fields) > 0 && fields[0] == "interval" {
		fields = fields[1:]
	}
	bad := func() (int64, error) {
		return 0, fmt.Errorf("[INVALID_INTERVAL_FORMAT] Error parsing '%s' to interval: give a number and a unit, like \"10 minutes\" or \"5 seconds\"", s)
	}
	if len(fields) == 0 || len(fields)%2 != 0 {
		// "10" alone or "10minutes" are not intervals Spark accepts either.
		return bad()
	}
	var total float64
	for i := 0; i < len(fields); i += 2 {
		n, err := strconv.ParseFloat(fields[i], 64)
		if err != nil {
			return bad()
		}
		unit := strings.TrimSuffix(fields[i+1], "s")
		var ms float64
		switch unit {
		case "week":
			ms = 7 * 86400000
		case "day":
			ms = 86400000
		case "hour":
			ms = 3600000
		case "minute":
			ms = 60000
		case "second":
			ms = 1000
		case "millisecond":
			ms = 1
		case "microsecond":
			ms = 0.001
		case "month":
			ms = 31 * 86400000
		case "year":
			ms = 12 * 31 * 86400000
		default:
			return bad()
		}
		total += n * ms
	}
	return int64(total), nil
}
