package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func dataFileCount(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".parquet") {
			n++
		}
	}
	return n
}

// VACUUM keeps every file within the retention (7 days by default), refuses a shorter one
// while the retention check is on, lists on a dry run what it would delete, then deletes
// the files the current version no longer references and logs VACUUM START and END.
func TestVacuum(t *testing.T) {
	ctx := context.Background()
	var out strings.Builder
	s, err := NewSession(SessionConfig{WorkDir: t.TempDir(), Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	for i, mode := range []string{"errorifexists", "append", "overwrite"} {
		df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(i)}}, "id INT"))
		if err := must[*DataFrame](t)(df.Coalesce(1)).Write().Format("delta").Mode(mode).Save(ctx, "tables/v"); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(s.WorkDir(), "tables/v")
	dt := must[*DeltaTable](t)(s.DeltaTableForPath(ctx, "tables/v"))
	if rows := must[[]sqltypes.Row](t)(must[*DataFrame](t)(dt.Vacuum(ctx, nil)).Collect(ctx)); len(rows) != 0 {
		t.Errorf("deltaTable.vacuum() returned %v, want delta-spark 4.4's empty DataFrame", rows)
	}
	if n := dataFileCount(t, dir); n != 3 {
		t.Errorf("the default retention deleted files: %d left, want 3", n)
	}
	zero := 0.0
	_, err = dt.Vacuum(ctx, &zero)
	if err == nil || !strings.HasPrefix(err.Error(), "[DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT] The specified VACUUM retention period is too low") ||
		!strings.Contains(err.Error(), "use a retention period of at least 168 hours.") {
		t.Fatalf("vacuum(0) with the check on: %v", err)
	}
	if err := s.Conf().Set(ConfRetentionDurationCheck, "false"); err != nil {
		t.Fatal(err)
	}
	// delta.`path` takes an absolute path; a relative one names a table, which is missing.
	if _, err := s.SQL(ctx, "VACUUM delta.`tables/v` RETAIN 0 HOURS DRY RUN"); err == nil || !strings.Contains(err.Error(), "TABLE_OR_VIEW_NOT_FOUND") {
		t.Errorf("VACUUM of a relative delta.`path`: %v, want TABLE_OR_VIEW_NOT_FOUND", err)
	}
	dry := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "VACUUM delta.`"+dir+"` RETAIN 0 HOURS DRY RUN")).Collect(ctx))
	if len(dry) != 2 || dataFileCount(t, dir) != 3 {
		t.Errorf("dry run: %v, %d files left; want the 2 overwritten files listed and none deleted", dry, dataFileCount(t, dir))
	}
	for _, r := range dry {
		if p := r[0].(string); !strings.HasPrefix(p, "file:/") || !strings.HasSuffix(p, ".parquet") {
			t.Errorf("dry run path %q, want a file: URI of a data file", p)
		}
	}
	res := must[[]sqltypes.Row](t)(must[*DataFrame](t)(s.SQL(ctx, "VACUUM delta.`"+dir+"` RETAIN 0 HOURS")).Collect(ctx))
	if len(res) != 1 || !strings.HasSuffix(res[0][0].(string), "/tables/v") {
		t.Errorf("VACUUM's result %v, want the table's location", res)
	}
	if n := dataFileCount(t, dir); n != 1 {
		t.Errorf("%d data files after vacuum(0), want the current version's 1", n)
	}
	if got := tableRows(t, dt); len(got) != 1 || got[0] != "2" {
		t.Errorf("table after vacuum: %v", got)
	}
	if got := out.String(); got != "Deleted 0 files and directories in a total of 1 directories.\nDeleted 2 files and directories in a total of 1 directories.\n" {
		t.Errorf("console: %q, want Delta's line after each vacuum", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "_delta_log", "_last_vacuum_info")); err != nil || string(b) != "{}\n" {
		t.Errorf("_last_vacuum_info: %q %v, want a full vacuum's {}", b, err)
	}
	// Versions 3-4 and 5-6 are the two vacuums' START and END, as delta-spark 4.4 writes them.
	for v, want := range map[int]string{
		3: `"operation":"VACUUM START","operationParameters":{"retentionCheckEnabled":true,"defaultRetentionMillis":604800000},"readVersion":2,"isolationLevel":"SnapshotIsolation","isBlindAppend":true,"operationMetrics":{"numFilesToDelete":"0","sizeOfDataToDelete":"0"}`,
		4: `"operation":"VACUUM END","operationParameters":{"status":"COMPLETED"},"readVersion":3,"isolationLevel":"SnapshotIsolation","isBlindAppend":true,"operationMetrics":{"numDeletedFiles":"0","numVacuumedDirectories":"1"}`,
		5: `"operationParameters":{"retentionCheckEnabled":false,"specifiedRetentionMillis":0,"defaultRetentionMillis":604800000},"readVersion":4,"isolationLevel":"SnapshotIsolation","isBlindAppend":true,"operationMetrics":{"numFilesToDelete":"2","sizeOfDataToDelete":"`,
		6: `"operationMetrics":{"numDeletedFiles":"2","numVacuumedDirectories":"1"}`} {
		if log := deltaLog(t, dir, v); !strings.Contains(log, want) {
			t.Errorf("version %d: %s, want %s", v, log, want)
		}
	}
}
