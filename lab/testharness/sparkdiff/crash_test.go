package sparkdiff

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

const crashWindowsPy = `from pyspark.sql import SparkSession
from pyspark.sql import functions as F

spark = SparkSession.builder.config("spark.sql.shuffle.partitions", "2").getOrCreate()
events = (
    spark.readStream.format("kafka")
    .option("kafka.bootstrap.servers", "localhost:9092")
    .option("subscribe", "crash-windows")
    .option("startingOffsets", "earliest")
    .load()
    .select(F.from_json(F.col("value").cast("string"), "id INT, event_time TIMESTAMP").alias("e"))
    .select("e.*")
)
counts = events.withWatermark("event_time", "10 minutes").groupBy(F.window("event_time", "5 minutes")).count()
query = (
    counts.writeStream.format("delta")
    .option("checkpointLocation", "checkpoints/w")
    .trigger(processingTime="1 second")
    .toTable("w")
)
while query.isActive and not any(p.batchId == 1 for p in query.recentProgress):
    query.awaitTermination(0.1)
query.stop()
`

// crashWindowsLesson sends five events and runs a windowed count once (batch 0 reads
// them, the no-data batch 1 writes the closed windows), under a crash directive or not.
// The one-second trigger puts a second between the batches, as a Spark batch takes: the
// stand-in tells the files of two batches apart by their modification times.
func crashWindowsLesson(t *testing.T, directive string) []*lessons.Lesson {
	t.Helper()
	run := "python w.py"
	if directive != "" {
		run = "! " + run
	}
	src := "---\nid: 01-crash-windows\ntitle: Crash\ngoal: Crash a windowed query.\ntopics: crash-windows\n---\n" +
		"## Send\n```python file=w.py\n" + crashWindowsPy + "```\n" +
		"```sh run\nkafka-topics.sh --bootstrap-server localhost:9092 --create --topic crash-windows --partitions 2 --replication-factor 1\n" +
		"kafka-console-producer.sh --bootstrap-server localhost:9092 --topic crash-windows --property parse.key=true --property key.separator=: <<EOF\n" +
		`1:{"id":1,"event_time":"2026-10-01T09:15:00Z"}` + "\n" + `2:{"id":2,"event_time":"2026-10-01T09:40:00Z"}` + "\n" +
		`3:{"id":3,"event_time":"2026-10-01T09:55:00Z"}` + "\n" + `4:{"id":4,"event_time":"2026-10-01T10:05:00Z"}` + "\n" +
		`5:{"id":5,"event_time":"2026-10-01T10:20:00Z"}` + "\nEOF\n```\n" +
		"## Count\n" + directive + "\n```sh run\n" + run + "\n```\n"
	l, err := lessons.Parse("01-crash-windows.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return []*lessons.Lesson{l}
}

// TestCrashOnFilesEqualsARealCrash checks the harness's stand-in for a killed Spark
// (applyCrash: run the query to its end, then remove what it wrote after the crash point)
// against kafkalab's own fault injection, which really stops the query there: for a
// windowed query, at every point of both batches, both leave the same files behind
// (checkpoint, state store versions, Delta log, leftover data files).
func TestCrashOnFilesEqualsARealCrash(t *testing.T) {
	ctx := context.Background()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	root := t.TempDir()
	cfg := Config{Bootstrap: b.Bootstrap()[0]}
	run := func(course []*lessons.Lesson, dir string) *sideRun {
		t.Helper()
		plan, err := export.NewPlan(course, course[0])
		if err != nil {
			t.Fatal(err)
		}
		cfg.Course = course
		r, err := runKafkalab(ctx, cfg, plan, filepath.Join(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// The stand-in needs a pause between the batches to tell their files apart; a batch 0
	// that overran its trigger (a loaded machine) starts batch 1 at once, so run again.
	var full *sideRun
	for attempt := 1; ; attempt++ {
		full = run(crashWindowsLesson(t, ""), fmt.Sprintf("full-%d", attempt))
		gap, err := batchGap(filepath.Join(full.steps[1].snap, "checkpoints", "w"))
		if err != nil {
			t.Fatal(err)
		}
		if gap >= minBatchGap {
			break
		}
		if attempt == 3 {
			t.Fatalf("batch 1 began %v after batch 0 committed in each of %d runs; the crash stand-in needs %v to tell their files apart", gap, attempt, minBatchGap)
		}
		t.Logf("run %d: batch 1 began %v after batch 0 committed (under %v): running again", attempt, gap, minBatchGap)
	}
	points := []lessons.CrashPoint{lessons.CrashAfterOffsets, lessons.CrashMidWrite, lessons.CrashAfterSinkCommit, lessons.CrashAfterCommit}
	for _, batch := range []int64{0, 1} {
		for _, point := range points {
			name := fmt.Sprintf("%s batch=%d", point, batch)
			t.Run(name, func(t *testing.T) {
				dir := strings.NewReplacer(" ", "-", "=", "").Replace(name)
				crashed := run(crashWindowsLesson(t, fmt.Sprintf("<!-- crash: %s -->", name)), dir)
				if c := crashed.steps[1].cmds[0]; !c.crashed {
					t.Fatalf("the directive did not kill the query: %q", c.out)
				}
				emulated, err := snapshot(full.steps[1].snap, filepath.Join(root, dir+"-emulated"))
				if err != nil {
					t.Fatal(err)
				}
				applyCrash(emulated, filepath.Join(emulated, "checkpoints", "w"), batch, point)
				diffs, known := CompareDirs(emulated, crashed.steps[1].snap)
				// Both sides are kafkalab here: not even a known difference is allowed.
				diffs = append(diffs, known...)
				if len(diffs) > 0 {
					t.Fatalf("a finished run cut back to %s differs from a query killed there (- cut back, + killed):\n%s", name, strings.Join(diffs, "\n"))
				}
			})
		}
	}
}

// minBatchGap is the pause between two batches' files that modification times resolve
// with room to spare (file systems stamp with a clock of a few milliseconds' grain).
const minBatchGap = 100 * time.Millisecond

// batchGap is how long after batch 0's commit file batch 1's offsets file was written.
func batchGap(cp string) (time.Duration, error) {
	var stamps [2]time.Time
	for i, f := range []string{filepath.Join(cp, "commits", "0"), filepath.Join(cp, "offsets", "1")} {
		fi, err := os.Stat(f)
		if err != nil {
			return 0, fmt.Errorf("the uncrashed run: %w", err)
		}
		stamps[i] = fi.ModTime()
	}
	return stamps[1].Sub(stamps[0]), nil
}
