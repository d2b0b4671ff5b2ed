package delta

import (
	"context"
	"strings"
	"testing"
)

func TestIdempotentBatchWrites(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	write := func(app string, version int64) (bool, int64) {
		t.Helper()
		written, v, err := table.Write(ctx, BatchWrite{Mode: "append", Schema: bronzeSchema, Tasks: taskStreams(bronzeBatch1()),
			Txn: &Txn{AppID: app, Version: version}})
		if err != nil {
			t.Fatal(err)
		}
		return written, v
	}
	steps := []struct {
		app     string
		version int64
		written bool
		tableV  int64
	}{
		{"writer", 0, true, 0},
		{"writer", 0, false, 0}, // the same batch again: skipped
		{"writer", 1, true, 1},
		{"other", 0, true, 2}, // each app id has its own versions
		{"writer", 1, false, 2},
		{"writer", 0, false, 2}, // an older version is skipped too
	}
	for i, s := range steps {
		if w, v := write(s.app, s.version); w != s.written || v != s.tableV {
			t.Fatalf("step %d (%s v%d): written %v at version %d, want %v at %d", i, s.app, s.version, w, v, s.written, s.tableV)
		}
	}
	log := string(readLog(t, table, 1))
	lines := strings.Split(strings.TrimSpace(log), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[1], `{"txn":{"appId":"writer","version":1,"lastUpdated":`) {
		t.Fatalf("the txn action should follow commitInfo:\n%s", log)
	}
	snap, err := table.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if snap.Txns["writer"] != 1 || snap.Txns["other"] != 0 {
		t.Fatalf("txns %v", snap.Txns)
	}
}
