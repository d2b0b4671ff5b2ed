package engine

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A checksum file that cannot be written does not fail a Delta write whose version is
// committed (delta-spark only logs it): saveAsTable and an append both go through.
func TestDeltaWriteOutlivesAFailedChecksum(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
	logDir := filepath.Join(s.WorkDir(), "spark-warehouse", "events", "_delta_log")
	// A folder where each version's .crc goes makes every checksum write fail.
	for _, name := range []string{"00000000000000000000.crc", "00000000000000000001.crc"} {
		if err := os.MkdirAll(filepath.Join(logDir, name, "x"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := df.Write().Format("delta").SaveAsTable(ctx, "events"); err != nil {
		t.Fatalf("saveAsTable: %v", err)
	}
	if err := df.Write().Format("delta").Mode("append").SaveAsTable(ctx, "events"); err != nil {
		t.Fatalf("append: %v", err)
	}
	rows := must[*DataFrame](t)(s.Read().Format("delta").Table(ctx, "events"))
	if n := must[int64](t)(rows.Count(ctx)); n != 6 {
		t.Errorf("rows = %d, want 6", n)
	}
}
