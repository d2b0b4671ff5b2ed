package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// loadInto is the course's read script on a session whose warnings go to stderr.
func loadInto(t *testing.T, ctx context.Context, dir, bootstrap string, stderr *bytes.Buffer) int64 {
	t.Helper()
	s, err := NewSession(SessionConfig{WorkDir: dir, Stderr: stderr, Confine: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop(ctx)
	return load(t, ctx, s, bootstrap)
}

// A table that lost versions its query's checkpoint committed is noticed on restart: the
// warning names the missing batches and the offsets they held, and the query goes on as
// Spark's does (after the checkpoint's last batch: the rows stay missing).
func TestRestartWarnsOfBatchesTheTableLost(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	dir := t.TempDir()
	var quiet bytes.Buffer
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	if n := loadInto(t, ctx, dir, bootstrap, &quiet); n != 3 {
		t.Fatalf("batch 0 loaded %d", n)
	}
	send(t, ctx, s, bootstrap, []sqltypes.Row{
		{1001, "C01", "paid", 25.5, "2026-10-01T10:05:00Z"},
		{1004, "C01", "placed", 40.0, "2026-10-01T10:20:00Z"},
	})
	if n := loadInto(t, ctx, dir, bootstrap, &quiet); n != 2 {
		t.Fatalf("batch 1 loaded %d", n)
	}
	if quiet.Len() > 0 {
		t.Fatalf("a table in step with its checkpoint got a warning: %s", quiet.String())
	}
	log := filepath.Join(dir, "spark-warehouse", "bronze_orders", "_delta_log")
	for _, f := range []string{"00000000000000000002.json", "00000000000000000002.crc"} {
		if err := os.Remove(filepath.Join(log, f)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	var warn bytes.Buffer
	if n := loadInto(t, ctx, dir, bootstrap, &warn); n != 0 {
		t.Fatalf("the restart loaded %d rows; Spark loads none (batch 1 is committed)", n)
	}
	want := "kafkalab: warning: the checkpoint checkpoints/bronze_orders says batch 1 was written to the table spark-warehouse/bronze_orders, " +
		"but the table's log holds this query's batches only up to 0 (was a _delta_log version deleted, or the table made again?). " +
		"Spark does not run committed batches again, so their rows are missing from the table and this run goes on after them:\n" +
		"  batch 1: orders partition 0 offset 2, partition 1 offset 1\n" +
		"To load them again, start over cleanly: stop the query, drop the table (or write to a new one) and delete the checkpoint checkpoints/bronze_orders, then run it again from startingOffsets.\n"
	if warn.String() != want {
		t.Fatalf("warning:\n%s\nwant:\n%s", warn.String(), want)
	}

	// The whole log gone: toTable makes the table again, with none of the query's batches.
	if err := os.RemoveAll(log); err != nil {
		t.Fatal(err)
	}
	warn.Reset()
	loadInto(t, ctx, dir, bootstrap, &warn)
	for _, w := range []string{"says batches 0 and 1 were written", "the table's log holds none of this query's batches",
		"  batch 0: orders partition 0 offsets 0 to 1, partition 1 offset 0\n", "  batch 1: orders partition 0 offset 2, partition 1 offset 1\n"} {
		if !strings.Contains(warn.String(), w) {
			t.Errorf("the warning does not say %q:\n%s", w, warn.String())
		}
	}
}

// A checkpoint whose offsets folder was deleted or emptied fails as Spark's does (the run
// starts over at batch 0 and finds commits/0 already there), but says what happened: no
// other query is using the checkpoint.
func TestMissingOffsetsFolderIsNotAnotherQuery(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	dir := t.TempDir()
	var quiet bytes.Buffer
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	loadInto(t, ctx, dir, bootstrap, &quiet)
	cp := filepath.Join(dir, "checkpoints", "bronze_orders")
	for _, change := range []string{"deleted", "emptied"} {
		os.RemoveAll(filepath.Join(cp, "offsets"))
		if change == "emptied" {
			os.Mkdir(filepath.Join(cp, "offsets"), 0o755)
		}
		rs, err := NewSession(SessionConfig{WorkDir: dir, Confine: true})
		if err != nil {
			t.Fatal(err)
		}
		raw := must[*DataFrame](t)(rs.ReadStream().Format("kafka").Option("kafka.bootstrap.servers", bootstrap).
			Option("subscribe", "orders").Option("startingOffsets", "earliest").Load())
		q, err := raw.WriteStream().Format("delta").Option("checkpointLocation", "checkpoints/bronze_orders").
			Trigger(Trigger{AvailableNow: true}).ToTable(ctx, "bronze_orders")
		if err != nil {
			t.Fatal(err)
		}
		err = q.AwaitTermination(ctx)
		rs.Stop(ctx)
		if err == nil || strings.Contains(err.Error(), "another query is using") ||
			!strings.Contains(err.Error(), "commits/0 was already in the checkpoint "+cp+" when the query started, though offsets/ held no batch: the offsets folder was deleted, emptied or replaced") ||
			!strings.Contains(err.Error(), "drop the table") {
			t.Errorf("offsets folder %s: %v", change, err)
		}
	}
}
