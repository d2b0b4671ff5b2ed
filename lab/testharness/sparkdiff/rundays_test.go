package sparkdiff

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRunDaysCoverACachedSparkSide(t *testing.T) {
	now := time.Date(2026, 12, 3, 0, 10, 0, 0, time.UTC)
	r := newDayRegistry(now)

	// Spark's side was recorded two days before kafkalab's run; its offset log says so.
	snap := t.TempDir()
	offsets := filepath.Join(snap, "chk", "offsets")
	if err := os.MkdirAll(offsets, 0o755); err != nil {
		t.Fatal(err)
	}
	recorded := time.Date(2026, 12, 1, 14, 30, 36, 0, time.UTC)
	body := "v1\n{\"batchWatermarkMs\":0,\"batchTimestampMs\":" + fmt.Sprint(recorded.UnixMilli()) + ",\"conf\":{}}\n"
	if err := os.WriteFile(filepath.Join(offsets, "0"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range clocksIn(snap) {
		r.add(c)
	}

	tests := []struct {
		in, want string
	}{
		{"2026-12-03 00:09:59.1", "<now>"},                       // today
		{"2026-12-02T23:59:58.000Z", "<now>"},                    // a run that crossed midnight
		{"2026-12-01 14:30:36.378", "<now>"},                     // the cached Spark side's day
		{"2026-10-01 09:15:00", "2026-10-01 09:15:00"},           // fixture event time: compared
		{"2026-11-30T14:30:36.378Z", "2026-11-30T14:30:36.378Z"}, // no run that day
	}
	for _, tc := range tests {
		if got := r.instants().ReplaceAllString(tc.in, "<now>"); got != tc.want {
			t.Errorf("%q -> %q, want %q", tc.in, got, tc.want)
		}
	}
}
