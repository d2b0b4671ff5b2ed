package filesource

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func lineReader(_ context.Context, file string, fn func(sqltypes.Row) error) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if err := fn(sqltypes.Row{l}); err != nil {
			return err
		}
	}
	return nil
}

var valueSchema = &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "value", Type: sqltypes.String, Nullable: true}}}

// writeFiles writes name -> content with modification times one second apart, in order.
func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	base := time.Unix(1700000000, 0)
	for i, n := range names {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte(n+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		at := base.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
}

func newSource(t *testing.T, in string, opts map[string]string, interval int64) (*Source, string) {
	t.Helper()
	o, err := ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Config{Path: in, Schema: valueSchema, Options: o, Read: lineReader, CompactInterval: interval})
	if err != nil {
		t.Fatal(err)
	}
	cp := filepath.Join(t.TempDir(), "sources", "0")
	if err := s.OpenMetadata(cp); err != nil {
		t.Fatal(err)
	}
	return s, cp
}

// batches drains the source batch by batch and returns the values each batch read.
func batches(t *testing.T, s *Source) [][]string {
	t.Helper()
	ctx := context.Background()
	start, _ := s.InitialOffsets(ctx)
	var out [][]string
	for i := 0; i < 100; i++ {
		end, err := s.LatestOffsets(ctx, start)
		if err != nil {
			t.Fatal(err)
		}
		if end == "" || end == start {
			return out
		}
		tasks, err := s.PlanTasks(ctx, start, end)
		if err != nil {
			t.Fatal(err)
		}
		var vals []string
		for _, tk := range tasks {
			rows, err := rowiter.Collect(ctx, tk.Open(3))
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rows {
				vals = append(vals, r[0].(string))
			}
		}
		out = append(out, vals)
		start = end
	}
	t.Fatal("the source never ran dry")
	return nil
}

func TestBatchesFollowOptions(t *testing.T) {
	cases := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"all at once", nil, "[a b c d e]"},
		{"two files a trigger", map[string]string{"maxFilesPerTrigger": "2"}, "[a b] [c d] [e]"},
		{"newest first", map[string]string{"maxFilesPerTrigger": "2", "latestFirst": "true"}, "[e d] [c b] [a]"},
		{"bytes", map[string]string{"maxBytesPerTrigger": "4"}, "[a b] [c d] [e]"},
		{"glob filter", map[string]string{"pathGlobFilter": "[ace]"}, "[a c e]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := filepath.Join(t.TempDir(), "in")
			writeFiles(t, in, "a", "b", "c", "d", "e")
			s, _ := newSource(t, in, c.opts, 10)
			var got []string
			for _, b := range batches(t, s) {
				got = append(got, "["+strings.Join(b, " ")+"]")
			}
			if g := strings.Join(got, " "); g != c.want {
				t.Errorf("batches %s, want %s", g, c.want)
			}
		})
	}
}

func TestLogIsSparksFormat(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	writeFiles(t, in, "a", "b", "c")
	s, cp := newSource(t, in, map[string]string{"maxFilesPerTrigger": "1"}, 2)
	if got := len(batches(t, s)); got != 3 {
		t.Fatalf("%d batches, want 3", got)
	}
	zero, err := os.ReadFile(filepath.Join(cp, "0"))
	if err != nil {
		t.Fatal(err)
	}
	want := "v1\n" + `{"path":"` + fileURI(filepath.Join(in, "a")) + `","timestamp":1700000000000,"batchId":0}`
	if string(zero) != want {
		t.Errorf("sources/0/0 is\n%s\nwant\n%s", zero, want)
	}
	// compactInterval 2: batch 1 is a compact file holding batches 0 and 1.
	compact, err := os.ReadFile(filepath.Join(cp, "1.compact"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(string(compact), "\n"); len(lines) != 3 || !strings.Contains(lines[2], `"batchId":1`) {
		t.Errorf("1.compact is %q", compact)
	}
	if _, err := os.Stat(filepath.Join(cp, "2")); err != nil {
		t.Errorf("batch 2 is a plain file: %v", err)
	}
	// A new run over the same log sees every file as taken.
	s2, err := New(Config{Path: in, Schema: valueSchema, Read: lineReader, CompactInterval: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := s2.OpenMetadata(cp); err != nil {
		t.Fatal(err)
	}
	end, err := s2.LatestOffsets(context.Background(), `{"logOffset":2}`)
	if err != nil || end != `{"logOffset":2}` {
		t.Errorf("restart: offset %q (%v), want logOffset 2 with no new file", end, err)
	}
}

func TestCleanSource(t *testing.T) {
	root := t.TempDir()
	in := filepath.Join(root, "in")
	writeFiles(t, in, "a", "b")
	archive := filepath.Join(root, "archive")
	s, _ := newSource(t, in, map[string]string{"maxFilesPerTrigger": "1", "cleanSource": "archive", "sourceArchiveDir": archive}, 10)
	batches(t, s)
	if err := s.Commit(`{"logOffset":0}`); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(in, "a")); !os.IsNotExist(err) {
		t.Errorf("a is still in the source folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(archive, in, "a")); err != nil {
		t.Errorf("a was not archived under its full path: %v", err)
	}
	if _, err := os.Stat(filepath.Join(in, "b")); err != nil {
		t.Errorf("b (batch 1, not committed) was moved: %v", err)
	}
}

func TestOptionErrors(t *testing.T) {
	cases := []struct {
		opts map[string]string
		want string
	}{
		{map[string]string{"maxFilesPerTrigger": "0"}, "Invalid value '0' for option 'maxFilesPerTrigger', must be a positive integer"},
		{map[string]string{"latestFirst": "yes"}, "Invalid value 'yes' for option 'latestFirst', must be 'true' or 'false'"},
		{map[string]string{"cleanSource": "foo"}, "Invalid mode for clean source option Some(foo). Must be one of ARCHIVE,DELETE,OFF"},
		{map[string]string{"cleanSource": "archive"}, "Archive mode must be used with 'sourceArchiveDir' option."},
		{map[string]string{"maxFilesPerTrigger": "1", "maxBytesPerTrigger": "1"}, "Options 'maxFilesPerTrigger' and 'maxBytesPerTrigger' can't be both set at the same time"},
	}
	for _, c := range cases {
		_, err := ParseOptions(c.opts)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want %q", c.opts, err, c.want)
		}
	}
}
