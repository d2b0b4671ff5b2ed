package engine

import (
	"math"
	"strings"
	"testing"
)

// The Delta source's rate options as Delta reads them: maxBytesPerTrigger is a size with
// a unit (powers of 1024), and alone it lifts the default file limit; bad values name
// the option.
func TestDeltaSourceRateOptions(t *testing.T) {
	tests := []struct {
		opts      map[string]string
		files     int
		bytes     int64
		errSubstr string
	}{
		{opts: map[string]string{}, files: 1000},
		{opts: map[string]string{"maxFilesPerTrigger": "2"}, files: 2},
		{opts: map[string]string{"maxBytesPerTrigger": "1b"}, files: math.MaxInt32 - 8, bytes: 1},
		{opts: map[string]string{"maxBytesPerTrigger": "10K"}, files: math.MaxInt32 - 8, bytes: 10 << 10},
		{opts: map[string]string{"maxbytespertrigger": "2g", "maxFilesPerTrigger": "3"}, files: 3, bytes: 2 << 30},
		{opts: map[string]string{"maxBytesPerTrigger": "lots"}, errSubstr: "Invalid value 'lots' for option 'maxBytesPerTrigger'"},
		{opts: map[string]string{"maxBytesPerTrigger": "0"}, errSubstr: "must be a size configuration"},
		{opts: map[string]string{"readChangeFeed": "true"}, errSubstr: "kafkalab does not read Delta's change data feed"},
	}
	for _, tc := range tests {
		o, err := parseDeltaSourceOptions(tc.opts)
		if tc.errSubstr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.errSubstr) {
				t.Errorf("%v: error %v, want %q", tc.opts, err, tc.errSubstr)
			}
			continue
		}
		if err != nil || o.maxFiles != tc.files || o.maxBytes != tc.bytes {
			t.Errorf("%v: files %d bytes %d (%v), want %d %d", tc.opts, o.maxFiles, o.maxBytes, err, tc.files, tc.bytes)
		}
	}
}
