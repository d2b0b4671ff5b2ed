package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestTextCompression: the compression option of the text-based writers
// (docs/sql-data-sources-text.md, -csv.md, -json.md): on PySpark 4.2.0,
// df.write.text("out_gz", compression="gzip") leaves part-*.txt.gz files that
// spark.read.text reads back; deflate files end .deflate.
func TestTextCompression(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df, err := s.SQL(ctx, "SELECT * FROM VALUES ('x'), ('y') AS t(value)")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ format, codec, suffix, rows string }{
		{"text", "gzip", ".txt.gz", "[[x] [y]]"},
		{"csv", "gzip", ".csv.gz", "[[x] [y]]"},
		{"json", "deflate", ".json.deflate", "[[x] [y]]"},
		{"json", "none", ".json", "[[x] [y]]"},
	} {
		out := tc.format + "_" + tc.codec
		if err := df.Write().Format(tc.format).Option("compression", tc.codec).Save(ctx, out); err != nil {
			t.Fatalf("%s %s: %v", tc.format, tc.codec, err)
		}
		parts, _ := filepath.Glob(filepath.Join(s.WorkDir(), out, "part-*"))
		if len(parts) == 0 {
			t.Fatalf("%s: no part files", out)
		}
		for _, p := range parts {
			if !strings.HasSuffix(p, tc.suffix) || strings.HasSuffix(p, ".gz") != (tc.codec == "gzip") {
				t.Errorf("%s: part file %s, want suffix %s", out, filepath.Base(p), tc.suffix)
			}
			if tc.codec == "gzip" {
				data, _ := os.ReadFile(p)
				if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
					t.Errorf("%s is not gzip", p)
				}
			}
		}
		if got := readBackSorted(ctx, t, s, tc.format, out); got != tc.rows {
			t.Errorf("%s read back %s, want %s", out, got, tc.rows)
		}
	}
}

// TestTextCompressionUnknownCodec: PySpark 4.2.0,
// df.write.option("compression", "foo").csv("c1").
func TestTextCompressionUnknownCodec(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df, err := s.SQL(ctx, "SELECT 1 AS id")
	if err != nil {
		t.Fatal(err)
	}
	err = df.Write().Format("csv").Option("compression", "foo").Save(ctx, "c1")
	want := "[CODEC_NOT_AVAILABLE.WITH_AVAILABLE_CODECS_SUGGESTION] The codec foo is not available. Available codecs are bzip2, deflate, uncompressed, snappy, none, lz4, gzip."
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want %s", err, want)
	}
}

// readBackSorted reads path in format and returns its rows sorted by their text.
func readBackSorted(ctx context.Context, t *testing.T, s *Session, format, path string) string {
	t.Helper()
	back, err := s.Read().Format(format).Load(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := back.Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(rows, func(i, j int) bool { return fmt.Sprint(rows[i]) < fmt.Sprint(rows[j]) })
	return fmt.Sprint(rows)
}
