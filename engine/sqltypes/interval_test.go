package sqltypes

import (
	"testing"
)

func TestParseInterval(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    Interval
		wantErr string
	}{
		{in: "10 minutes", want: Interval{Micros: 600_000_000}},
		{in: "1 hour 30 minutes", want: Interval{Micros: 5_400_000_000}},
		{in: "interval 2 days", want: Interval{Micros: 2 * 86_400_000_000}},
		{in: "1 week", want: Interval{Micros: 7 * 86_400_000_000}},
		{in: "1.5 seconds", want: Interval{Micros: 1_500_000}},
		{in: "-1 minute", want: Interval{Micros: -60_000_000}},
		{in: "250 milliseconds 3 microseconds", want: Interval{Micros: 250_003}},
		{in: "  INTERVAL 5 Seconds ", want: Interval{Micros: 5_000_000}},
		// Months stay apart: a month has no fixed length, each user decides.
		{in: "1 month 1 day", want: Interval{Months: 1, Micros: 86_400_000_000}},
		{in: "2 years", want: Interval{Months: 24}},
		{in: "", wantErr: "[INVALID_INTERVAL_FORMAT.INPUT_IS_EMPTY] Error parsing '' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Interval string cannot be empty."},
		{in: "10", wantErr: "[INVALID_INTERVAL_FORMAT.MISSING_UNIT] Error parsing '10' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Expect a unit name after 10 but hit EOL."},
		{in: "5 minutez", wantErr: "[INVALID_INTERVAL_FORMAT.INVALID_UNIT] Error parsing '5 minutez' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Invalid unit minutez."},
		{in: "abc", wantErr: "[INVALID_INTERVAL_FORMAT.UNRECOGNIZED_NUMBER] Error parsing 'abc' to interval. Please ensure that the value provided is in a valid format for defining an interval. You can reference the documentation for the correct format. Unrecognized number abc."},
	} {
		got, err := ParseInterval(tc.in)
		if tc.wantErr != "" {
			if err == nil || err.Error() != tc.wantErr {
				t.Errorf("ParseInterval(%q) error %v, want one containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseInterval(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}
