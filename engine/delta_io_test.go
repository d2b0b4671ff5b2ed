package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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

// A session is one Spark driver: its next commit to a table continues from its own last
// one, while a new session (a new `python script.py`) takes the previous state from the
// .crc on disk, whose entries then carry "tags":{} as delta-spark writes them.
func TestEachSessionIsADriverForDeltaChecksums(t *testing.T) {
	ctx := context.Background()
	first := newTestSession(t)
	df := must[*DataFrame](t)(first.CreateDataFrameDDL(courseEvents, sendDDL))
	crc := func(v int) string {
		t.Helper()
		data, err := os.ReadFile(filepath.Join(first.WorkDir(), "spark-warehouse", "events", "_delta_log", fmt.Sprintf("%020d.crc", v)))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if err := df.Write().Format("delta").SaveAsTable(ctx, "events"); err != nil {
		t.Fatal(err)
	}
	if err := df.Write().Format("delta").Mode("append").SaveAsTable(ctx, "events"); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(crc(1), `"tags":{}`); n != 0 {
		t.Errorf("the same session's second commit lists %d entries with empty tags, want none:\n%s", n, crc(1))
	}
	second, err := NewSession(SessionConfig{WorkDir: first.WorkDir()})
	if err != nil {
		t.Fatal(err)
	}
	again := must[*DataFrame](t)(second.CreateDataFrameDDL(courseEvents, sendDDL))
	if err := again.Write().Format("delta").Mode("append").SaveAsTable(ctx, "events"); err != nil {
		t.Fatal(err)
	}
	earlier := strings.Count(crc(1), `"dataChange":false`) // the files before version 2
	if n := strings.Count(crc(2), `"tags":{}`); earlier == 0 || n != earlier {
		t.Errorf("a new session's first commit: %d entries with empty tags, want the %d earlier files':\n%s", n, earlier, crc(2))
	}
}

// A batch write of a Delta read keeps the read's scan tasks, one file each: Spark packs the
// files of the version read by size for the session's default parallelism (local[4]: one
// small file per task; local[1]: all in one task), and time travel reads the same way.
func TestDeltaReadWritesOneFilePerScanTask(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		master string
		want   int
	}{{"local[4]", 2}, {"local[1]", 1}} {
		t.Run(tc.master, func(t *testing.T) {
			s := newTestSession(t)
			if err := s.Conf().Set("spark.master", tc.master); err != nil {
				t.Fatal(err)
			}
			df := must[*DataFrame](t)(s.CreateDataFrameDDL(courseEvents, sendDDL))
			one := must[*DataFrame](t)(df.Coalesce(1))
			for i := 0; i < 2; i++ {
				if err := one.Write().Format("delta").Mode("append").SaveAsTable(ctx, "events"); err != nil {
					t.Fatal(err)
				}
			}
			if err := one.Write().Format("delta").Mode("append").SaveAsTable(ctx, "events"); err != nil {
				t.Fatal(err)
			}
			// Version 1 holds two files; version 2 three.
			old := must[*DataFrame](t)(s.Read().Format("delta").Option("versionAsOf", 1).Table(ctx, "events"))
			if err := old.Write().Format("delta").SaveAsTable(ctx, "snapshot"); err != nil {
				t.Fatal(err)
			}
			files, _ := filepath.Glob(filepath.Join(s.WorkDir(), "spark-warehouse", "snapshot", "*.parquet"))
			if len(files) != tc.want {
				t.Errorf("snapshot has %d data files, want %d", len(files), tc.want)
			}
			back := must[*DataFrame](t)(s.Table(ctx, "snapshot"))
			if n := must[int64](t)(back.Count(ctx)); n != 6 {
				t.Errorf("snapshot holds %d rows, want 6", n)
			}
		})
	}
}
