package delta

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// sameSnapshot compares two snapshots of one table read by different Table values.
func sameSnapshot(t *testing.T, step string, got, want *Snapshot) {
	t.Helper()
	g, w := *got, *want
	g.Table, w.Table = nil, nil
	if !reflect.DeepEqual(g, w) {
		t.Fatalf("%s: the snapshot continued from the kept state (version %d, %d files) differs from a fresh read (version %d, %d files)",
			step, g.Version, len(g.Files), w.Version, len(w.Files))
	}
}

// TestSnapshotContinuesFromKeptState: a Table that wrote batch after batch (appends,
// complete-mode rewrites, a property change, checkpoints every 10 versions) gives, at every
// version, the snapshot a fresh reader rebuilds from the checkpoint and the commits; the
// replay did continue from the kept state; and a table deleted and made again at the same
// path is read afresh.
func TestSnapshotContinuesFromKeptState(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	for id := int64(0); id < 24; id++ {
		mode := "append"
		if id%7 == 5 {
			mode = "complete"
		}
		tasks := bronzeBatch1()
		if id%2 == 1 {
			tasks = bronzeBatch2()
		}
		if _, _, err := table.WriteStreamingBatch(ctx, batch(id, mode, tasks)); err != nil {
			t.Fatal(err)
		}
		if id == 12 {
			if _, err := table.SetProperties(ctx, []KV{{Key: "delta.appendOnly", Value: "false"}}, t0); err != nil {
				t.Fatal(err)
			}
		}
		got, err := table.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := Open(table.Path())
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.Snapshot()
		if err != nil {
			t.Fatal(err)
		}
		sameSnapshot(t, fmt.Sprint("batch ", id), got, want)
		if kept := table.replayed.r; kept == nil || kept.s.Version != got.Version {
			t.Fatalf("batch %d: no state kept for version %d", id, got.Version)
		}
	}
	// 24 batches and a property change: 25 versions, checkpoints at 10 and 20; each
	// batch's write and the check above take a snapshot, so most continue.
	if hits := table.replayed.hits; hits < 30 {
		t.Errorf("%d snapshots continued from the kept state, want at least 30", hits)
	}

	// The latest commit file replaced by a copy (another file, same bytes): read afresh.
	latest := filepath.Join(table.logDir(), versionFileName(24))
	data, err := os.ReadFile(latest)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(latest); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(latest, data, 0o644); err != nil {
		t.Fatal(err)
	}
	vs, _ := table.versions()
	cpv, ok := table.lastCheckpointVersion()
	if _, cont := table.replayed.continueFrom(table, -1, vs, cpv, ok); cont {
		t.Error("the kept state was used although the latest commit file is another file")
	}

	// Made again at the same path: new commit files, another history.
	if err := os.RemoveAll(table.Path()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := table.WriteStreamingBatch(ctx, batch(0, "append", bronzeBatch2())); err != nil {
		t.Fatal(err)
	}
	got, err := table.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	if got.Version != 0 || len(got.Files) != 2 || got.Txns[queryID] != 0 {
		t.Fatalf("after the table was made again: version %d, %d files, txn %d; want version 0, 2 files, txn 0",
			got.Version, len(got.Files), got.Txns[queryID])
	}
	if _, err := os.Stat(filepath.Join(table.logDir(), versionFileName(0))); err != nil {
		t.Fatal(err)
	}
}
