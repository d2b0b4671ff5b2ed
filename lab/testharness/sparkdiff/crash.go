package sparkdiff

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/lessons"
)

// Real Spark has no fault-injection hook, so a lesson's crash directive is reproduced on
// the files: the Spark query runs to its end, then everything it wrote after the crash
// point of batch N is removed, which is the state a process killed at that point leaves
// (Spark writes offsets/N, then the sink's files, then the Delta commit, then commits/N, each
// atomically). The driver is then restarted, as a killed process would be, so no cached
// Delta snapshot or query survives. What the script would have printed is not reproduced:
// the command's output is not compared.

type checkpointState map[string]map[string]bool // checkpoint dir -> "offsets/3", "commits/3" present

func listCheckpoints(ws string) checkpointState {
	out := checkpointState{}
	filepath.Walk(ws, func(p string, info os.FileInfo, err error) error {
		if err != nil || !info.IsDir() || (info.Name() != "offsets" && info.Name() != "commits") {
			return nil
		}
		cp := filepath.Dir(p)
		if out[cp] == nil {
			out[cp] = map[string]bool{}
		}
		entries, _ := os.ReadDir(p)
		for _, e := range entries {
			if _, err := strconv.Atoi(e.Name()); err == nil {
				out[cp][info.Name()+"/"+e.Name()] = true
			}
		}
		return filepath.SkipDir
	})
	return out
}

// crashBatch is the batch the directive kills: its own batch, or the first batch the
// command started (the lowest new offsets file).
func crashBatch(before, after checkpointState, c *lessons.Crash) (string, int64, bool) {
	best, bestID := "", int64(-1)
	for cp, files := range after {
		for f := range files {
			id, ok := strings.CutPrefix(f, "offsets/")
			if !ok || before[cp][f] {
				continue
			}
			n, _ := strconv.ParseInt(id, 10, 64)
			if c.Batch >= 0 && n != c.Batch {
				continue
			}
			if bestID < 0 || n < bestID {
				best, bestID = cp, n
			}
		}
	}
	return best, bestID, bestID >= 0
}

var txnVersionRe = regexp.MustCompile(`"txn":\{"appId":"[^"]*","version":(\d+)`)
var stateFileRe = regexp.MustCompile(`^(\d+)\.(delta|snapshot)$`)
var addPathRe = regexp.MustCompile(`"add":\{"path":"([^"]+)"`)

// applyCrash removes what Spark wrote after the crash point in batch n of checkpoint cp,
// in every Delta table of the workspace whose txn names that batch or a later one.
func applyCrash(ws, cp string, n int64, point lessons.CrashPoint) {
	remove := func(p string) {
		os.Remove(p)
		os.Remove(filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".crc"))
	}
	files := listCheckpoints(ws)[cp]
	// Data files written after the crash would not exist, committed or not (task 0 writes
	// its file even with no rows, and no commit names that one): the crash came when
	// offsets/n was written (after-offsets) or, at the latest, when offsets/n+1 was.
	cutFile := filepath.Join(cp, "offsets", strconv.FormatInt(n+1, 10))
	if point == lessons.CrashAfterOffsets {
		cutFile = filepath.Join(cp, "offsets", strconv.FormatInt(n, 10))
	}
	var cut time.Time
	if fi, err := os.Stat(cutFile); err == nil {
		cut = fi.ModTime()
	}
	for f := range files {
		kind, id, _ := strings.Cut(f, "/")
		b, _ := strconv.ParseInt(id, 10, 64)
		if b > n || (kind == "commits" && b == n && point != lessons.CrashAfterCommit) {
			remove(filepath.Join(cp, f))
		}
	}
	// State store version v is batch v-1's, written by its tasks before the sink commits:
	// a crash after the offsets leaves none of batch n's, later points leave it whole.
	lastState := n + 1
	if point == lessons.CrashAfterOffsets {
		lastState = n
	}
	if point == lessons.CrashAfterOffsets && n == 0 {
		// The operators' metadata and schema files are written while batch 0 is planned,
		// after its offsets: a kill right after them leaves no state folder at all.
		os.RemoveAll(filepath.Join(cp, "state"))
	}
	states, _ := filepath.Glob(filepath.Join(cp, "state", "*", "*", "*"))
	for _, f := range states {
		if m := stateFileRe.FindStringSubmatch(filepath.Base(f)); m != nil {
			if v, _ := strconv.ParseInt(m[1], 10, 64); v > lastState {
				remove(f)
			}
		}
	}
	logs, _ := filepath.Glob(filepath.Join(ws, "spark-warehouse", "*", "_delta_log"))
	for _, log := range logs {
		versions, _ := filepath.Glob(filepath.Join(log, "*.json"))
		sort.Strings(versions)
		for _, v := range versions {
			data, err := os.ReadFile(v)
			if err != nil {
				continue
			}
			m := txnVersionRe.FindSubmatch(data)
			if m == nil {
				continue
			}
			b, _ := strconv.ParseInt(string(m[1]), 10, 64)
			dropCommit := b > n || (b == n && (point == lessons.CrashAfterOffsets || point == lessons.CrashMidWrite))
			if !dropCommit {
				continue
			}
			remove(v)
			remove(strings.TrimSuffix(v, ".json") + ".crc")
		}
		if cut.IsZero() {
			continue
		}
		parts, _ := filepath.Glob(filepath.Join(filepath.Dir(log), "part-*.parquet"))
		for _, p := range parts {
			if fi, err := os.Stat(p); err == nil && !fi.ModTime().Before(cut) {
				remove(p)
			}
		}
	}
}
