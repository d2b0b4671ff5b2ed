package sparkdiff

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A wall-clock instant in a side's output or files (current_timestamp(), Kafka's append
// time) is the day the side ran plus a time of day. Real Spark's side may come from a cache
// recorded days ago, and a run may cross midnight, so "today" alone is not enough: the days
// are today, yesterday, and every day a side's own files say it ran on (the batch
// timestamps of its offset logs, the commit timestamps of its Delta logs). Fixture data
// (event times of 2026-10-01 and the like) stays compared, as no run happened on its day.
type dayRegistry struct {
	mu   sync.Mutex
	days map[string]bool
	re   *regexp.Regexp
}

var runDays = newDayRegistry(time.Now().UTC())

func newDayRegistry(now time.Time) *dayRegistry {
	r := &dayRegistry{days: map[string]bool{}}
	r.add(now)
	r.add(now.Add(-24 * time.Hour))
	return r
}

func (r *dayRegistry) add(t time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	day := t.UTC().Format("2006-01-02")
	if !r.days[day] {
		r.days[day] = true
		r.re = nil
	}
}

// instants matches a timestamp, as Spark or kafkalab print it, on one of the run days.
func (r *dayRegistry) instants() *regexp.Regexp {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.re == nil {
		days := make([]string, 0, len(r.days))
		for d := range r.days {
			days = append(days, regexp.QuoteMeta(d))
		}
		sort.Strings(days)
		r.re = regexp.MustCompile(`(?:` + strings.Join(days, "|") + `)[ T]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)?`)
	}
	return r.re
}

// runClockRe finds the epoch milliseconds a streaming query or a Delta commit stamped its
// own files with.
var runClockRe = regexp.MustCompile(`"(?:batchTimestampMs|timestamp)":(\d{13})\b`)

// noteRunDays adds the days side's files were written on to runDays.
func noteRunDays(side *sideRun) {
	if side == nil {
		return
	}
	for _, st := range side.steps {
		if st.snap != "" {
			for _, t := range clocksIn(st.snap) {
				runDays.add(t)
			}
		}
	}
}

// clocksIn returns the instants of the offset and Delta log files under dir.
func clocksIn(dir string) []time.Time {
	var out []time.Time
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		slash := filepath.ToSlash(p)
		if !strings.Contains(slash, "/offsets/") && !strings.Contains(slash, "/_delta_log/") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		for _, m := range runClockRe.FindAllSubmatch(b, -1) {
			if ms, err := strconv.ParseInt(string(m[1]), 10, 64); err == nil {
				out = append(out, time.UnixMilli(ms))
			}
		}
		return nil
	})
	return out
}
