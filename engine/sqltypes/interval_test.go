package sqltypes

import (
	"strings"
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
		{in: "", wantErr: "the interval is empty"},
		{in: "10", wantErr: "every number needs a unit"},
		{in: "10minutes", wantErr: "every number needs a unit"},
		{in: "5 minutez", wantErr: `unknown unit "minutez"`},
		{in: "soon later", wantErr: `"soon" is not a number`},
	} {
		got, err := ParseInterval(tc.in)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) || !strings.Contains(err.Error(), "[INVALID_INTERVAL_FORMAT]") {
				t.Errorf("ParseInterval(%q) error %v, want one containing %q", tc.in, err, tc.wantErr)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseInterval(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}
