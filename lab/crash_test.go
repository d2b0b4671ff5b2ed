package lab

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lessons"
)

const crashSendPy = `from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
rows = [("1", "a"), ("2", "b"), ("3", "c")]
(
    spark.createDataFrame(rows, "key STRING, value STRING")
    .write.format("kafka")
    .option("kafka.bootstrap.servers", "localhost:9092")
    .option("topic", "crashy")
    .save()
)
`

const crashReadPy = `from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
query = (
    spark.readStream.format("kafka")
    .option("kafka.bootstrap.servers", "localhost:9092")
    .option("subscribe", "crashy")
    .option("startingOffsets", "earliest")
    .option("maxOffsetsPerTrigger", 2)
    .load()
    .selectExpr("CAST(value AS STRING) AS v", "partition", "offset")
    .writeStream.format("delta")
    .option("checkpointLocation", "cp")
    .trigger(availableNow=True)
    .toTable("t")
)
try:
    query.awaitTermination()
finally:
    print("the script went on after its query")
`

// crashLesson is a two-step lesson: send three events to a one-partition topic, then read
// them in batches of two (batch 0: offsets 0-1, batch 1: offset 2) under a crash directive.
func crashLesson(t *testing.T, directive, run string) *lessons.Lesson {
	t.Helper()
	src := "---\nid: 09-crash\ntitle: Crash\ngoal: Crash a query.\ntopics: crashy\n---\n" +
		"## Send\n```python file=send.py\n" + crashSendPy + "```\n```python file=read.py\n" + crashReadPy + "```\n" +
		"```sh run\nkafka-topics.sh --bootstrap-server localhost:9092 --create --topic crashy --partitions 1 --replication-factor 1\npython send.py\n```\n" +
		"## Crash\n" + directive + "\n```sh run\n" + run + "\n```\n"
	l, err := lessons.Parse("09-crash.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestCrashDirectiveKillsAtThePoint runs a query under each crash point and reads what the
// crash left on disk: the checkpoint's offsets and commits, and the Delta table's log and
// data files.
func TestCrashDirectiveKillsAtThePoint(t *testing.T) {
	tests := []struct {
		directive string
		batch     int
		where     string
		commit    bool // commits/<batch> exists
		version   bool // the Delta version of the batch exists (CREATE TABLE is 0, batch N is N+1)
		strays    bool // parquet files that no commit names
	}{
		{"<!-- crash: after-offsets -->", 0, "after writing offsets/0, before reading the batch", false, false, false},
		{"<!-- crash: mid-write -->", 0, "while writing the table's data files, before the table commit", false, false, true},
		{"<!-- crash: after-sink-commit -->", 0, "after the table commit, before commits/0", false, true, false},
		{"<!-- crash: after-commit -->", 0, "after writing commits/0", true, true, false},
		{"<!-- crash: after-sink-commit batch=1 -->", 1, "after the table commit, before commits/1", false, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.directive, func(t *testing.T) {
			lesson := crashLesson(t, tc.directive, "! python read.py")
			lb := newTestLab(t, []*lessons.Lesson{lesson})
			ctx := context.Background()
			if err := lb.StartLesson(ctx, lesson); err != nil {
				t.Fatal(err)
			}
			if res := lb.RunStep(ctx, lesson, lesson.Steps[0], nil); !res.Passed {
				t.Fatalf("setup: %+v\n%s", res.Failures, res.Output)
			}
			res := lb.RunStep(ctx, lesson, lesson.Steps[1], nil)
			if !res.Passed {
				t.Fatalf("crash step failed: %+v\n%s", res.Failures, res.Output)
			}
			wantOut := fmt.Sprintf("Killed: python read.py died in batch %d, %s\n", tc.batch, tc.where)
			if res.Output != wantOut {
				t.Errorf("output = %q, want %q (a killed script prints nothing more)", res.Output, wantOut)
			}
			ws := lb.Workspace(lesson.ID)
			exists := func(rel string) bool {
				_, err := os.Stat(filepath.Join(ws, filepath.FromSlash(rel)))
				return err == nil
			}
			b := tc.batch
			if !exists(fmt.Sprintf("cp/offsets/%d", b)) || exists(fmt.Sprintf("cp/offsets/%d", b+1)) {
				t.Errorf("offsets/%d must exist and offsets/%d must not", b, b+1)
			}
			if got := exists(fmt.Sprintf("cp/commits/%d", b)); got != tc.commit {
				t.Errorf("commits/%d exists = %v, want %v", b, got, tc.commit)
			}
			if b > 0 && !exists(fmt.Sprintf("cp/commits/%d", b-1)) {
				t.Errorf("commits/%d of the batch before the crash is missing", b-1)
			}
			version := fmt.Sprintf("spark-warehouse/t/_delta_log/%020d.json", b+1)
			if got := exists(version); got != tc.version {
				t.Errorf("%s exists = %v, want %v", version, got, tc.version)
			}
			if tc.version {
				data, _ := os.ReadFile(filepath.Join(ws, version))
				if !strings.Contains(string(data), `{"txn":{"appId":"`) || !strings.Contains(string(data), fmt.Sprintf(`","version":%d,"lastUpdated":`, b)) {
					t.Errorf("version %d has no txn action for batch %d:\n%s", b+1, b, data)
				}
			}
			files, _ := filepath.Glob(filepath.Join(ws, "spark-warehouse", "t", "*.parquet"))
			named := b // one file per committed batch (one partition)
			if tc.version {
				named++
			}
			if strays := len(files) > named; strays != tc.strays || len(files) < named {
				t.Errorf("%d parquet files for %d committed batches; strays expected: %v", len(files), named, tc.strays)
			}
		})
	}
}

// The crash fires once per run of a step: a restart in the same block finishes the job,
// and the table has every event once.
func TestCrashOncePerStepThenRestart(t *testing.T) {
	lesson := crashLesson(t, "<!-- crash: after-sink-commit -->", "! python read.py\npython read.py")
	lesson.Steps[1].Expect = []lessons.Expectation{{Kind: lessons.ExpectCount, Table: "t", Want: "3"}}
	lb := newTestLab(t, []*lessons.Lesson{lesson})
	ctx := context.Background()
	if err := lb.StartLesson(ctx, lesson); err != nil {
		t.Fatal(err)
	}
	lb.RunStep(ctx, lesson, lesson.Steps[0], nil)
	res := lb.RunStep(ctx, lesson, lesson.Steps[1], nil)
	if !res.Passed {
		t.Fatalf("crash + restart failed: %+v\n%s", res.Failures, res.Output)
	}
	want := "Killed: python read.py died in batch 0, after the table commit, before commits/0\nthe script went on after its query\n"
	if res.Output != want {
		t.Errorf("output = %q, want %q", res.Output, want)
	}
	if _, err := os.Stat(filepath.Join(lb.Workspace(lesson.ID), "cp", "commits", "1")); err != nil {
		t.Errorf("the restart did not finish the job: %v", err)
	}
	// The killed process's Delta state died with it: the restart's commit (version 2, batch
	// 1) took the state of version 1 from its .crc file, so it lists version 1's file with
	// "tags":{}, as a restarted Spark driver does, and its own file without.
	crc, err := os.ReadFile(filepath.Join(lb.Workspace(lesson.ID), "spark-warehouse", "t", "_delta_log", "00000000000000000002.crc"))
	if err != nil || strings.Count(string(crc), `"tags":{}`) != 1 || strings.Count(string(crc), `"dataChange":false`) != 2 {
		t.Errorf("version 2's checksum file (err %v):\n%s\nwant two files, one with \"tags\":{}", err, crc)
	}
}

// A crashed command fails: without "! " the step fails; and a directive that no query
// reaches fails the step, naming the directive's line.
func TestCrashDirectiveFailures(t *testing.T) {
	tests := []struct {
		name, directive, run, want string
	}{
		{"crash without !", "<!-- crash: after-offsets -->", "python read.py", "exit status 137"},
		{"point never reached", "<!-- crash: after-offsets batch=7 -->", "python read.py", "no streaming query reached it"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lesson := crashLesson(t, tc.directive, tc.run)
			lb := newTestLab(t, []*lessons.Lesson{lesson})
			ctx := context.Background()
			if err := lb.StartLesson(ctx, lesson); err != nil {
				t.Fatal(err)
			}
			lb.RunStep(ctx, lesson, lesson.Steps[0], nil)
			res := lb.RunStep(ctx, lesson, lesson.Steps[1], nil)
			if res.Passed {
				t.Fatalf("the step passed:\n%s", res.Output)
			}
			got := res.Error
			for _, f := range res.Failures {
				got += fmt.Sprintf("\n%s: %s (line %d)", f.Check, f.Got, f.Line)
			}
			if !strings.Contains(got, tc.want) {
				t.Errorf("failure %q does not say %q", got, tc.want)
			}
		})
	}
}

func TestRemovePaths(t *testing.T) {
	tests := []struct {
		args     []string
		ok       bool
		out      string
		leftFile bool // ws/cp/offsets/0 still there
	}{
		{[]string{"-r", "cp"}, true, "", false},
		{[]string{"-rf", "cp", "nothing"}, true, "", false},
		{[]string{"cp"}, false, "rm: cannot remove 'cp': Is a directory\n", true},
		{[]string{"nothing"}, false, "rm: cannot remove 'nothing': No such file or directory\n", true},
		{[]string{"cp/offsets/0"}, true, "", false},
		{[]string{"-r", "."}, false, "rm: refusing to remove '.': it is the lesson's workspace\n", true},
		{[]string{"-x", "cp"}, false, "rm: invalid option -- 'x'\n", true},
		{nil, false, "rm: missing operand\n", true},
	}
	for _, tc := range tests {
		ws := t.TempDir()
		os.MkdirAll(filepath.Join(ws, "cp", "offsets"), 0o755)
		os.WriteFile(filepath.Join(ws, "cp", "offsets", "0"), []byte("v1"), 0o644)
		var out strings.Builder
		err := removePaths(ws, tc.args, &out)
		if (err == nil) != tc.ok || out.String() != tc.out {
			t.Errorf("rm %v: err %v, output %q; want ok=%v, output %q", tc.args, err, out.String(), tc.ok, tc.out)
		}
		if _, err := os.Stat(filepath.Join(ws, "cp", "offsets", "0")); (err == nil) != tc.leftFile {
			t.Errorf("rm %v: file left = %v, want %v", tc.args, err == nil, tc.leftFile)
		}
	}
	var out strings.Builder
	ws := t.TempDir()
	if err := removePaths(ws, []string{"-r", "../x"}, &out); err == nil ||
		out.String() != "rm: kafkalab keeps commands inside the workspace "+ws+": '../x' resolves to "+filepath.Join(filepath.Dir(ws), "x")+", outside it\n" {
		t.Errorf("rm outside the workspace: %v, %q", err, out.String())
	}
}

// Inline `python run` code and every attempt at an exercise crash too, each run once; there
// the crash is expected (no "! " to say so) and does not fail the step.
func TestCrashInPythonRunAndExercise(t *testing.T) {
	lesson := crashLesson(t, "<!-- crash: after-offsets -->", "python read.py")
	inline := *lesson.Steps[1]
	inline.Run = &lessons.Code{Lang: "python", Source: crashReadPy}
	exercise := *lesson.Steps[1]
	exercise.Number, exercise.Run = 3, nil
	exercise.Starter = &lessons.Code{Lang: "python", File: "attempt.py", Source: crashReadPy}
	exercise.Solution = exercise.Starter
	exercise.Expect = []lessons.Expectation{{Kind: lessons.ExpectMissing, Path: "cp/commits/0"}}
	lesson.Steps = []*lessons.Step{lesson.Steps[0], &inline, &exercise}
	lb := newTestLab(t, []*lessons.Lesson{lesson})
	ctx := context.Background()
	if err := lb.StartLesson(ctx, lesson); err != nil {
		t.Fatal(err)
	}
	lb.RunStep(ctx, lesson, lesson.Steps[0], nil)
	res := lb.RunStep(ctx, lesson, &inline, nil)
	if want := "Killed: python step2.py died in batch 0, after writing offsets/0, before reading the batch\n"; res.Output != want || !res.Passed {
		t.Errorf("inline run: output %q, failures %+v; want %q and a pass (a python block's crash is expected)", res.Output, res.Failures, want)
	}
	// The inline crash left offsets/0 without commits/0; each exercise attempt starts from
	// there, re-runs batch 0 and dies again at the same point.
	for attempt := 1; attempt <= 2; attempt++ {
		res := lb.RunStep(ctx, lesson, &exercise, nil)
		if want := "Killed: python attempt.py died in batch 0, after writing offsets/0, before reading the batch\n"; res.Output != want {
			t.Errorf("attempt %d: output %q, want %q", attempt, res.Output, want)
		}
		if len(res.Failures) != 0 {
			t.Errorf("attempt %d: failures %+v", attempt, res.Failures)
		}
	}
}
