package delta

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// A BeforeCommit error is a crash between the data files and the commit: the files stay,
// no version is made, and a rerun of the batch commits it once.
func TestBeforeCommitErrorLeavesFilesAndNoVersion(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	crash := errors.New("crash")
	b := batch(0, "append", bronzeBatch1())
	calls := 0
	b.BeforeCommit = func() error {
		calls++
		if files, _ := filepath.Glob(filepath.Join(table.Path(), "*.parquet")); len(files) == 0 {
			t.Error("BeforeCommit ran before the data files were written")
		}
		return crash
	}
	if _, _, err := table.WriteStreamingBatch(ctx, b); !errors.Is(err, crash) || calls != 1 {
		t.Fatalf("err = %v after %d calls, want the hook's error after 1", err, calls)
	}
	if ok, err := table.Exists(); err != nil || ok {
		t.Fatalf("the table has a version after the crash (exists=%v, err=%v)", ok, err)
	}
	b = batch(0, "append", bronzeBatch1()) // the rerun reads its rows again
	if written, v, err := table.WriteStreamingBatch(ctx, b); err != nil || !written || v != 0 {
		t.Fatalf("rerun: written=%v v=%d err=%v", written, v, err)
	}
	rows, _, err := table.ReadRows(ctx)
	if err != nil || len(rows) != 3 {
		t.Errorf("after the rerun: %d rows (err %v), want 3", len(rows), err)
	}
}
