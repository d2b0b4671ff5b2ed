package delta

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The orders below are delta-spark 4.4's, read in the commit files it wrote for the corpus
// (lab/testharness/sparkdiff/testdata/corpus/golden): Scala's immutable HashMap iterates in
// the order of its keys' hashes, whatever order they were put in.
func TestScalaMapOrderMatchesDeltaSpark(t *testing.T) {
	tests := map[string][]string{
		"DELETE": {"numRemovedFiles", "numRemovedBytes", "numCopiedRows", "numDeletionVectorsAdded", "executionTimeMs",
			"numDeletionVectorsUpdated", "numAddedFiles", "numDeletionVectorsRemoved", "numAddedChangeFiles", "numDeletedRows",
			"scanTimeMs", "numAddedBytes", "rewriteTimeMs"},
		"UPDATE": {"numRemovedFiles", "numRemovedBytes", "numCopiedRows", "numDeletionVectorsAdded", "executionTimeMs",
			"numDeletionVectorsUpdated", "scanTimeMs", "numAddedFiles", "numUpdatedRows", "numDeletionVectorsRemoved",
			"numAddedChangeFiles", "numAddedBytes", "rewriteTimeMs"},
		"MERGE": {"numTargetRowsCopied", "numTargetRowsDeleted", "numTargetBytesRemoved", "numTargetDeletionVectorsAdded",
			"numTargetRowsMatchedUpdated", "numTargetRowsMatchedDeleted", "numTargetRowsUpdated", "numTargetChangeFilesAdded",
			"numTargetRowsNotMatchedBySourceDeleted", "rewriteTimeMs", "numTargetFilesAdded", "numTargetBytesAdded",
			"executionTimeMs", "materializeSourceTimeMs", "numTargetRowsInserted", "numTargetDeletionVectorsUpdated",
			"scanTimeMs", "numOutputRows", "numTargetDeletionVectorsRemoved", "numTargetRowsNotMatchedBySourceUpdated",
			"numSourceRows", "numTargetFilesRemoved"},
		"RESTORE": {"numRestoredFiles", "removedFilesSize", "numRemovedFiles", "restoredFilesSize", "numOfFilesAfterRestore",
			"tableSizeAfterRestore"},
		"WRITE overwrite": {"numFiles", "numRemovedFiles", "numRemovedBytes", "numOutputRows", "numOutputBytes"},
		// Up to four entries a Scala Map keeps its insertion order.
		"STREAMING UPDATE": {"numRemovedFiles", "numAddedFiles", "numOutputRows", "numOutputBytes"},
	}
	for op, want := range tests {
		for _, puts := range [][]string{sortedCopy(want), reversed(want)} {
			if len(want) <= 4 {
				puts = want
			}
			if got := scalaMapOrder(puts); !slices.Equal(got, want) {
				t.Errorf("%s: scalaMapOrder(%v)\n got %v\nwant %v", op, puts, got, want)
			}
		}
	}
}

func sortedCopy(s []string) []string { c := slices.Clone(s); sort.Strings(c); return c }
func reversed(s []string) []string   { c := slices.Clone(s); slices.Reverse(c); return c }

// setCommitTime sets the modification time of version v's commit file, which is the
// commit's time for history and time travel.
func setCommitTime(t *testing.T, table *Table, v int64, at time.Time) {
	t.Helper()
	if err := os.Chtimes(filepath.Join(table.Path(), "_delta_log", versionFileName(v)), at, at); err != nil {
		t.Fatal(err)
	}
}

func TestHistoryAndTimeTravelByTimestamp(t *testing.T) {
	table := newTable(t)
	writeBatches(t, table, 3, "append") // versions 0..3
	base := time.Date(2026, 10, 1, 10, 0, 0, 0, time.UTC)
	// Version 2's file looks older than version 1's: Delta moves it to 1 ms after.
	for v, at := range []time.Time{base, base.Add(time.Second), base.Add(500 * time.Millisecond), base.Add(3 * time.Second)} {
		setCommitTime(t, table, int64(v), at)
	}
	hist, err := table.History()
	if err != nil {
		t.Fatal(err)
	}
	ms := base.UnixMilli()
	wantTimes := []int64{ms + 3000, ms + 1001, ms + 1000, ms}
	if len(hist) != 4 {
		t.Fatalf("history has %d commits, want 4", len(hist))
	}
	for i, c := range hist {
		if c.Version != int64(3-i) || c.Timestamp != wantTimes[i] {
			t.Errorf("history[%d] = version %d at %d, want version %d at %d", i, c.Version, c.Timestamp, 3-i, wantTimes[i])
		}
	}
	if hist[3].Operation != "CREATE TABLE" || hist[0].Operation != "STREAMING UPDATE" {
		t.Errorf("operations: %q ... %q", hist[3].Operation, hist[0].Operation)
	}
	at := func(d time.Duration) sqltypes.Timestamp { return sqltypes.Timestamp(base.Add(d).UnixMicro()) }
	for _, tc := range []struct {
		at   time.Duration
		want int64
	}{{0, 0}, {999 * time.Millisecond, 0}, {time.Second, 1}, {1001 * time.Millisecond, 2}, {2 * time.Second, 2}, {3 * time.Second, 3}} {
		if v, err := table.VersionAt(at(tc.at), time.UTC); err != nil || v != tc.want {
			t.Errorf("VersionAt(base+%v) = %d, %v; want %d", tc.at, v, err, tc.want)
		}
	}
	var tte *TimeTravelError
	_, err = table.VersionAt(at(-time.Millisecond), time.UTC)
	if !errors.As(err, &tte) || tte.Class != "DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION" ||
		!strings.Contains(err.Error(), "(2026-10-01 09:59:59.999) is before the earliest version available to\nthis table (2026-10-01 10:00:00.0). Please use a timestamp after 2026-10-01 10:00:00.") {
		t.Errorf("before the first commit: %v", err)
	}
	_, err = table.VersionAt(at(4*time.Second), time.UTC)
	if !errors.As(err, &tte) || tte.Class != "DELTA_TIMESTAMP_GREATER_THAN_COMMIT" ||
		!strings.Contains(err.Error(), "Timestamp 2026-10-01 10:00:04.0 is after the table's latest version (2026-10-01 10:00:03.0). Use a timestamp at or before 2026-10-01 10:00:03.") {
		t.Errorf("after the last commit: %v", err)
	}
}

func TestRestoreCommitsTheOldFilesAsOneLargeCommit(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	w := BatchWrite{Mode: "append", Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()), Now: t0, TimeZone: "UTC"}
	if _, _, err := table.Write(ctx, w); err != nil {
		t.Fatal(err)
	}
	w.Tasks = taskStreams(bronzeBatch2())
	if _, _, err := table.Write(ctx, w); err != nil {
		t.Fatal(err)
	}
	v0, _ := table.SnapshotAt(0)
	v1, _ := table.Snapshot()
	res, err := table.Restore(ctx, RestoreTarget{Version: 0}, t0)
	if err != nil {
		t.Fatal(err)
	}
	var size0 int64
	for _, f := range v0.Files {
		size0 += f.Add.Size
	}
	if res.Version != 2 || res.NumRestoredFiles != 0 || res.NumRemovedFiles != int64(len(v1.Files)-len(v0.Files)) ||
		res.NumOfFilesAfterRestore != int64(len(v0.Files)) || res.TableSizeAfterRestore != size0 {
		t.Errorf("restore result %+v", res)
	}
	lines := strings.Split(strings.TrimSuffix(string(readLog(t, table, 2)), "\n"), "\n")
	if !strings.HasPrefix(lines[0], `{"commitInfo":{"timestamp":`) ||
		!strings.Contains(lines[0], `"operation":"RESTORE","operationParameters":{"version":0,"timestamp":null},"readVersion":1,"isolationLevel":"Serializable","isBlindAppend":false,"operationMetrics":{"numRestoredFiles":"0","removedFilesSize":"`) ||
		!strings.HasPrefix(lines[1], `{"metaData":`) || lines[len(lines)-1] != `{"protocol":{"minReaderVersion":1,"minWriterVersion":2}}` {
		t.Errorf("restore commit lines:\n%s", strings.Join(lines, "\n"))
	}
	for _, l := range lines[2 : len(lines)-1] {
		if !strings.HasPrefix(l, `{"remove":`) || !strings.Contains(l, `"stats":"{\"numRecords\":`) {
			t.Errorf("restore line %s: want a remove with the file's stats", l)
		}
	}
	logDir := filepath.Join(table.Path(), "_delta_log")
	if _, err := os.Stat(filepath.Join(logDir, "00000000000000000002.checkpoint.parquet")); err != nil {
		t.Errorf("restore checkpoint: %v", err)
	}
	if _, err := os.Stat(filepath.Join(logDir, "00000000000000000002.crc")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("restore wrote a checksum file (%v); delta-spark's large commit does not", err)
	}
	rows, _, err := table.ReadRows(ctx)
	if want, _ := v0.ReadRows(ctx); err != nil || len(rows) != len(want) {
		t.Errorf("after restore: %d rows, %v; want %d", len(rows), err, len(want))
	}
	_, err = table.Restore(ctx, RestoreTarget{Version: 7}, t0)
	var tte *TimeTravelError
	if !errors.As(err, &tte) || err.Error() != "[DELTA_CANNOT_RESTORE_TABLE_VERSION] Cannot restore table to version 7. Available versions: [0, 2]." {
		t.Errorf("restore to a missing version: %v", err)
	}
}

func TestChangeCommitLayout(t *testing.T) {
	ctx := context.Background()
	for _, removesFirst := range []bool{true, false} {
		table := newTable(t)
		w := BatchWrite{Mode: "append", Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()), Now: t0, TimeZone: "UTC"}
		if _, _, err := table.Write(ctx, w); err != nil {
			t.Fatal(err)
		}
		snap, _ := table.Snapshot()
		keep, err := snap.ReadFileRows(ctx, snap.Files[0])
		if err != nil {
			t.Fatal(err)
		}
		v, err := table.CommitChange(ctx, snap, Change{
			Operation: "DELETE", Parameters: []KV{{Key: "predicate", Value: PredicateList("(order_id#1 = 1)")}},
			Remove: snap.Files, Tasks: []Task{{ID: 0, Rows: rowiter.Slice(keep)}}, RemovesFirst: removesFirst, Now: t0, TimeZone: "UTC",
			Metrics: func(f ChangeFiles) []KV {
				return []KV{{Key: "numRemovedFiles", Value: itoa(f.RemovedFiles)}, {Key: "numAddedFiles", Value: itoa(f.AddedFiles)}}
			},
		})
		if err != nil || v != 1 {
			t.Fatalf("CommitChange: %d, %v", v, err)
		}
		lines := strings.Split(strings.TrimSuffix(string(readLog(t, table, 1)), "\n"), "\n")
		var kinds []string
		for _, l := range lines {
			kinds = append(kinds, l[2:strings.Index(l, `":`)])
		}
		want := []string{"commitInfo", "add", "remove", "remove"}
		if removesFirst {
			want = []string{"commitInfo", "remove", "remove", "add"}
		}
		if !slices.Equal(kinds, want) {
			t.Errorf("removesFirst=%v: lines %v, want %v", removesFirst, kinds, want)
		}
		if !strings.Contains(lines[0], `"operationParameters":{"predicate":"[\"(order_id#1 = 1)\"]"},"readVersion":0,"isolationLevel":"Serializable","isBlindAppend":false,"operationMetrics":{"numRemovedFiles":"2","numAddedFiles":"1"}`) {
			t.Errorf("commitInfo: %s", lines[0])
		}
		if _, err := table.CommitChange(ctx, snap, Change{Operation: "DELETE", Remove: snap.Files, Now: t0}); !errors.Is(err, ErrConcurrentChange) {
			t.Errorf("a change planned on an old snapshot: %v, want ErrConcurrentChange", err)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestPlanScanLargestFirst(t *testing.T) {
	f := func(path string, size int64) File { return File{Add: AddFile{Path: path, Size: size}} }
	files := []File{f("a", 100), f("b", 300), f("c", 200), f("d", 300)}
	got := PlanScan(files, 2)
	var names [][]string
	for _, task := range got {
		var n []string
		for _, x := range task {
			n = append(n, x.Add.Path)
		}
		names = append(names, n)
	}
	// total cost 900 + 4*4 MiB, split 8 MiB: two files of 4 MiB + size fill a task.
	want := [][]string{{"b", "d"}, {"c", "a"}}
	if !slices.EqualFunc(names, want, slices.Equal) {
		t.Errorf("PlanScan = %v, want %v", names, want)
	}
	if got := PlanScan(files, 1); len(got) != 1 {
		t.Errorf("one core: %d tasks, want 1", len(got))
	}
}
