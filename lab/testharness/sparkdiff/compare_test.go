package sparkdiff

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

// twoKafkalabRuns runs lesson 04 twice with kafkalab on an embedded broker: two runs of the
// same engine must compare equal once ids, times and sizes are normalised, which is what
// makes a planted difference stand out.
func twoKafkalabRuns(t *testing.T) (*export.Plan, *sideRun, *sideRun) {
	t.Helper()
	ctx := context.Background()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	course, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := lessons.Find(course, "04")
	plan, err := export.NewPlan(course, l)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Bootstrap: b.Bootstrap()[0], Course: course}
	root := t.TempDir()
	a, err := runKafkalab(ctx, cfg, plan, filepath.Join(root, "a"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := runKafkalab(ctx, cfg, plan, filepath.Join(root, "b"))
	if err != nil {
		t.Fatal(err)
	}
	return plan, a, c
}

func allDiffs(reps []StepReport) string {
	var out []string
	for _, r := range reps {
		out = append(out, r.Diffs...)
	}
	return strings.Join(out, "\n")
}

func TestHarnessFindsAPlantedByte(t *testing.T) {
	plan, a, b := twoKafkalabRuns(t)
	if d := allDiffs(compareRuns(plan, a, b)); d != "" {
		t.Fatalf("two kafkalab runs of the same lesson differ after normalisation:\n%s", d)
	}
	last := len(plan.Steps) - 1
	snap := b.steps[last].snap
	tests := []struct {
		name  string
		plant func(t *testing.T)
		want  string // the diff names this
	}{
		{"offsets file", func(t *testing.T) {
			plantByte(t, filepath.Join(snap, "checkpoints/bronze_orders/offsets/1"), `"0":3`, `"0":4`)
		}, "checkpoints/bronze_orders/offsets/1 differs"},
		{"commit file", func(t *testing.T) {
			plantByte(t, filepath.Join(snap, "checkpoints/bronze_orders/commits/0"), `":0}`, `":1}`)
		}, "checkpoints/bronze_orders/commits/0 differs"},
		{"Delta log stats", func(t *testing.T) {
			plantByte(t, filepath.Join(snap, "spark-warehouse/bronze_orders/_delta_log/00000000000000000002.json"), `numRecords\":1`, `numRecords\":2`)
		}, "_delta_log/00000000000000000002.json differs"},
		{"printed output", func(t *testing.T) {
			// The last step that printed something: flip one byte of it.
			for i := last; i >= 0; i-- {
				if cs := b.steps[i].cmds; len(cs) > 0 && strings.Contains(cs[0].out, "C01") {
					cs[0].out = strings.Replace(cs[0].out, "C01", "C02", 1)
					return
				}
			}
			t.Fatal("no step printed C01")
		}, "printed differently"},
		{"table read back", func(t *testing.T) {
			b.steps[last].tables["bronze_orders"] = strings.Replace(b.steps[last].tables["bronze_orders"], "25.50", "25.51", 1)
		}, "table bronze_orders read back differently"},
		{"extra file", func(t *testing.T) {
			os.WriteFile(filepath.Join(snap, "checkpoints/bronze_orders/commits/9"), []byte("v1\n"), 0o644)
		}, "only kafkalab wrote: checkpoints/bronze_orders/commits/9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.plant(t)
			d := allDiffs(compareRuns(plan, a, b))
			if !strings.Contains(d, tc.want) {
				t.Fatalf("planted a difference in the %s; the harness said:\n%s", tc.name, d)
			}
		})
	}
}

// plantByte replaces old by new (same length: a one-byte change) in a file.
func plantByte(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %s:\n%s", path, old, data)
	}
	os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644)
}

func TestKnownDifferencesAreNotedNotHidden(t *testing.T) {
	saved := knownDiffs
	t.Cleanup(func() { knownDiffs = saved })
	// A known difference of the kind the harness had before kafkalab was fixed: Delta's
	// order of two metrics.
	knownDiffs = []knownDiff{{regexp.MustCompile(`"a":"\d+","b":"\d+"`), func(m string) string {
		p := strings.Split(m, ",")
		return p[1] + "," + p[0]
	}, "order of a and b"}}
	spark, ours := `{"m":{"a":"1","b":"2"}}`, `{"m":{"b":"2","a":"1"}}`
	a, b, notes := knownNotes(spark, ours)
	if a != b || len(notes) != 1 {
		t.Fatalf("a known difference: got %q vs %q, notes %v", a, b, notes)
	}
	// A different value is still a difference.
	if a, b, _ := knownNotes(spark, `{"m":{"b":"3","a":"1"}}`); a == b {
		t.Fatal("a different value was normalised away")
	}
}

func TestDiffTextShowsWhereLongLinesDiffer(t *testing.T) {
	long := strings.Repeat("x", 500)
	d := diffText("v1\n"+long+"A"+long+"\n", "v1\n"+long+"B"+long+"\n")
	if !strings.Contains(d, "[byte 500]") || !strings.Contains(d, "xA") || !strings.Contains(d, "xB") {
		t.Fatalf("diff of two long lines does not point at the byte:\n%s", d)
	}
	if diffText("same\n", "same\n") != "" {
		t.Fatal("equal texts give a diff")
	}
}

// TestCommittedAndLeftoverDataFilesCountApart: a failed Spark job's leftover part files
// are a note, but only when the committed files agree; the uuids decide the walk order, so
// a leftover may sort before the committed file of the same task.
func TestCommittedAndLeftoverDataFilesCountApart(t *testing.T) {
	const (
		early = "part-00000-00000000-0000-4000-8000-000000000000-c000.snappy.parquet"
		late  = "part-00000-ffffffff-0000-4000-8000-000000000000-c000.snappy.parquet"
		other = "part-00000-77777777-0000-4000-8000-000000000000-c000.snappy.parquet"
	)
	commit := func(paths ...string) string {
		var b strings.Builder
		for _, p := range paths {
			fmt.Fprintf(&b, `{"add":{"path":"%s","partitionValues":{},"size":1}}`+"\n", p)
		}
		return b.String()
	}
	tests := []struct {
		name        string
		spark, ours map[string]string // file -> content, under the table folder
		wantDiff    string            // "" = no difference
		wantKnown   bool
	}{
		{"spark leftover sorts first", map[string]string{early: "x", late: "x", "_delta_log/00000000000000000001.json": commit(late)},
			map[string]string{other: "x", "_delta_log/00000000000000000001.json": commit(other)}, "", true},
		{"spark leftover sorts last", map[string]string{early: "x", late: "x", "_delta_log/00000000000000000001.json": commit(early)},
			map[string]string{other: "x", "_delta_log/00000000000000000001.json": commit(other)}, "", true},
		{"kafkalab misses a committed file", map[string]string{early: "x", late: "x", "_delta_log/00000000000000000001.json": commit(early, late)},
			map[string]string{other: "x", "_delta_log/00000000000000000001.json": commit(other)}, "only real Spark wrote", false},
		{"kafkalab leaves a leftover", map[string]string{early: "x", "_delta_log/00000000000000000001.json": commit(early)},
			map[string]string{other: "x", late: "x", "_delta_log/00000000000000000001.json": commit(other)}, "only kafkalab wrote", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for side, files := range map[string]map[string]string{"spark": tc.spark, "ours": tc.ours} {
				for name, content := range files {
					p := filepath.Join(root, side, "spark-warehouse", "t", name)
					os.MkdirAll(filepath.Dir(p), 0o755)
					if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			diffs, known := CompareDirs(filepath.Join(root, "spark"), filepath.Join(root, "ours"))
			got := strings.Join(diffs, "\n")
			switch {
			case tc.wantDiff == "" && got != "":
				t.Fatalf("want no difference, got:\n%s", got)
			case tc.wantDiff != "" && !strings.Contains(got, tc.wantDiff):
				t.Fatalf("want a difference naming %q, got:\n%s", tc.wantDiff, got)
			}
			if gotKnown := strings.Contains(strings.Join(known, "\n"), "uncommitted data files"); gotKnown != tc.wantKnown {
				t.Fatalf("known note about leftovers: got %v, want %v (%v)", gotKnown, tc.wantKnown, known)
			}
		})
	}
}

func TestChecksumNormalisation(t *testing.T) {
	a := `{"txnId":"x","fileSizeHistogram":{"sortedBinBoundaries":[0,8192],"fileCounts":[2,0],"totalBytes":[4128,0]},"allFiles":[{"path":"b","stats":"{\"n\":1}"},{"path":"a","size":1}]}` + "\n"
	b := `{"txnId":"x","fileSizeHistogram":{"sortedBinBoundaries":[0,8192],"fileCounts":[2,0],"totalBytes":[5001,0]},"allFiles":[{"path":"a","size":1},{"path":"b","stats":"{\"n\":1}"}]}` + "\n"
	if na, nb := normChecksum(a), normChecksum(b); na != nb {
		t.Fatalf("same table, other byte counts and file order:\n%s\n%s", na, nb)
	}
	moved := strings.Replace(b, `"fileCounts":[2,0]`, `"fileCounts":[1,1]`, 1)
	if normChecksum(a) == normChecksum(moved) {
		t.Fatal("a file in another size bin was normalised away")
	}
	// An entry ending in a nested object keeps its braces wherever it sorts.
	withTags := strings.Replace(a, `"stats":"{\"n\":1}"}`, `"stats":"{\"n\":1}","tags":{}}`, 1)
	withTagsSwapped := strings.Replace(b, `"stats":"{\"n\":1}"}`, `"stats":"{\"n\":1}","tags":{}}`, 1)
	if normChecksum(withTags) != normChecksum(withTagsSwapped) || !strings.Contains(normChecksum(withTags), `"tags":{}}`) {
		t.Fatalf("entries with tags, two orders:\n%s\n%s", normChecksum(withTags), normChecksum(withTagsSwapped))
	}
	lost := strings.Replace(b, `{"path":"a","size":1},`, ``, 1)
	if normChecksum(a) == normChecksum(lost) {
		t.Fatal("a missing file was normalised away")
	}
}

func TestWallClockColumnsIgnoreTheirWidth(t *testing.T) {
	spark := "+--------+-----------------------+\n|order_id|sent_at                |\n+--------+-----------------------+\n|1001    |<now> |\n|1002    |<now>|\n+--------+-----------------------+\n"
	ours := "+--------+----------------------+\n|order_id|sent_at               |\n+--------+----------------------+\n|1001    |<now>|\n|1002    |<now>|\n+--------+----------------------+\n"
	if a, b := normNowColumns(spark), normNowColumns(ours); a != b {
		t.Fatalf("tables that differ only in a wall-clock column's width:\n%s\n%s", a, b)
	}
	other := strings.Replace(ours, "|1002    |", "|1003    |", 1)
	if normNowColumns(spark) == normNowColumns(other) {
		t.Fatal("a different value in another column was normalised away")
	}
	narrow := strings.ReplaceAll(strings.ReplaceAll(ours, "|1001    |", "|1001   |"), "+--------+", "+-------+")
	if normNowColumns(spark) == normNowColumns(narrow) {
		t.Fatal("another column's width was normalised away")
	}
}

func TestSetTransactionsCompareAsASet(t *testing.T) {
	a := `{"setTransactions":[{"appId":"<uuid>","version":2,"lastUpdated":<ms>},{"appId":"<uuid>","version":0,"lastUpdated":<ms>}],"domainMetadata":[]}`
	b := `{"setTransactions":[{"appId":"<uuid>","version":0,"lastUpdated":<ms>},{"appId":"<uuid>","version":2,"lastUpdated":<ms>}],"domainMetadata":[]}`
	if normChecksum(a) != normChecksum(b) {
		t.Fatalf("two orders of the same transactions:\n%s\n%s", normChecksum(a), normChecksum(b))
	}
	if normChecksum(a) == normChecksum(strings.Replace(b, `"version":2`, `"version":3`, 1)) {
		t.Fatal("a different version was normalised away")
	}
}

func TestDeltaOperationNormalisation(t *testing.T) {
	const name = "spark-warehouse/t/_delta_log/00000000000000000001.json"
	cases := []struct {
		name        string
		spark, ours string
		same        bool
	}{
		{"expression ids", `{"predicate":"[\"(customer_id#4153 = C01)\"]"}`, `{"predicate":"[\"(customer_id#100 = C01)\"]"}`, true},
		{"a different column", `{"predicate":"[\"(customer_id#4153 = C01)\"]"}`, `{"predicate":"[\"(order_id#100 = C01)\"]"}`, false},
		{"a different literal", `{"predicate":"[\"(customer_id#4153 = C01)\"]"}`, `{"predicate":"[\"(customer_id#100 = C02)\"]"}`, false},
		{"file bytes", `{"numRemovedBytes":"976","numAddedBytes":"1200"}`, `{"numRemovedBytes":"1019","numAddedBytes":"1180"}`, true},
		{"bytes against none", `{"numRemovedBytes":"976"}`, `{"numRemovedBytes":"0"}`, false},
		{"restored sizes", `{"numRestoredFiles":"0","removedFilesSize":"6179","numRemovedFiles":"3","restoredFilesSize":"0","tableSizeAfterRestore":"8220"}`, `{"numRestoredFiles":"0","removedFilesSize":"6801","numRemovedFiles":"3","restoredFilesSize":"0","tableSizeAfterRestore":"9088"}`, true},
		{"restored files", `{"numRestoredFiles":"0","removedFilesSize":"6179","numRemovedFiles":"3"}`, `{"numRestoredFiles":"0","removedFilesSize":"6801","numRemovedFiles":"2"}`, false},
		{"a file count", `{"numRemovedFiles":"1"}`, `{"numRemovedFiles":"2"}`, false},
		{"phase durations", `{"executionTimeMs":"2210","materializeSourceTimeMs":"563","scanTimeMs":"0"}`, `{"executionTimeMs":"3","materializeSourceTimeMs":"0","scanTimeMs":"1"}`, true},
		{"rows beside a duration", `{"materializeSourceTimeMs":"563","numTargetRowsInserted":"1"}`, `{"materializeSourceTimeMs":"0","numTargetRowsInserted":"2"}`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, b := normFile(name, c.spark, "/ws"), normFile(name, c.ours, "/ws")
			if (a == b) != c.same {
				t.Fatalf("same=%v, want %v:\n%s\n%s", a == b, c.same, a, b)
			}
		})
	}
}

func TestNormBrokerIgnoresThePort(t *testing.T) {
	a := "billing         127.0.0.1:35827  (1)      range\n"
	b := "billing         127.0.0.1:9092  (1)      range\n"
	if normBroker(a) != normBroker(b) {
		t.Errorf("%q and %q differ after normBroker: %q, %q", a, b, normBroker(a), normBroker(b))
	}
}
