package delta

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Commit times as Delta tells them: without in-commit timestamps (off by default), a
// version's time is the modification time of its commit file, not commitInfo.timestamp;
// DESCRIBE HISTORY shows it and time travel by timestamp searches it. Clocks can make a
// later file look older, so the times are first made strictly increasing: a commit not
// after the one before it is moved to 1 ms after it.

// commitTimes returns the adjusted time (ms) of each version in vs (ascending).
func (t *Table) commitTimes(vs []int64) ([]int64, error) {
	out := make([]int64, len(vs))
	for i, v := range vs {
		st, err := os.Stat(filepath.Join(t.logDir(), versionFileName(v)))
		if err != nil {
			return nil, fmt.Errorf("delta table %s: %w", t.path, err)
		}
		out[i] = modTimeMs(st)
		if i > 0 && out[i] <= out[i-1] {
			out[i] = out[i-1] + 1
		}
	}
	return out, nil
}

// History lists the table's commits, newest first (DeltaTable.history()), each with its
// version and its commit time (CommitInfo.Timestamp holds the adjusted file time).
func (t *Table) History() ([]CommitInfo, error) {
	vs, err := t.versions()
	if err != nil {
		return nil, err
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return nil, err
	}
	out := make([]CommitInfo, 0, len(vs))
	for i := len(vs) - 1; i >= 0; i-- {
		actions, err := t.readCommit(vs[i])
		if err != nil {
			return nil, err
		}
		ci := CommitInfo{Version: vs[i]}
		for _, a := range actions {
			if a.CommitInfo != nil {
				ci = *a.CommitInfo
				ci.Version = vs[i]
				break
			}
		}
		ci.Timestamp = times[i]
		out = append(out, ci)
	}
	return out, nil
}

// VersionAt is the version a read "as of" ts sees: the last commit made at or before it.
// Times before the first commit or after the last one are Delta's errors.
func (t *Table) VersionAt(ts sqltypes.Timestamp, loc *time.Location) (int64, error) {
	vs, err := t.versions()
	if err != nil {
		return -1, err
	}
	if len(vs) == 0 {
		return -1, fmt.Errorf("%s is not a Delta table (no _delta_log commits)", t.path)
	}
	times, err := t.commitTimes(vs)
	if err != nil {
		return -1, err
	}
	ms := int64(ts) / 1000
	if int64(ts)%1000 != 0 && ts < 0 {
		ms--
	}
	if ms < times[0] {
		return -1, &TimeTravelError{Class: "DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION", Message: fmt.Sprintf(
			"The provided timestamp (%s) is before the earliest version available to\nthis table (%s). Please use a timestamp after %s.",
			javaTimestamp(int64(ts), loc), javaTimestamp(times[0]*1000, loc), secondsText(times[0], loc))}
	}
	last := times[len(times)-1]
	if ms > last {
		return -1, &TimeTravelError{Class: "DELTA_TIMESTAMP_GREATER_THAN_COMMIT", Message: fmt.Sprintf(
			"Timestamp %s is after the table's latest version (%s). Use a timestamp at or before %s.",
			javaTimestamp(int64(ts), loc), javaTimestamp(last*1000, loc), secondsText(last, loc))}
	}
	i := sort.Search(len(times), func(i int) bool { return times[i] > ms }) - 1
	return vs[i], nil
}

// TimeTravelError is an error of a read as of a version or time that the table cannot
// give (Spark raises these as AnalysisException).
type TimeTravelError struct {
	Class   string
	Message string
}

func (e *TimeTravelError) Error() string { return "[" + e.Class + "] " + e.Message }

// javaTimestamp is java.sql.Timestamp.toString: yyyy-mm-dd hh:mm:ss.f, the fraction
// without trailing zeros but at least one digit.
func javaTimestamp(micros int64, loc *time.Location) string {
	tm := time.UnixMicro(micros).In(loc)
	frac := fmt.Sprintf("%09d", tm.Nanosecond())
	frac = strings.TrimRight(frac, "0")
	if frac == "" {
		frac = "0"
	}
	return tm.Format("2006-01-02 15:04:05") + "." + frac
}

// secondsText is the time of a commit in whole seconds, as Delta's hints print it.
func secondsText(ms int64, loc *time.Location) string {
	return time.UnixMilli(ms).In(loc).Format("2006-01-02 15:04:05")
}
