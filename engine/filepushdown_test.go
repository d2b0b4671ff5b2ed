package engine

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A filter over a CSV or JSON file stream is evaluated by the scan, as Spark pushes it into
// its CSV and JSON readers: a batch's numInputRows counts only the rows that pass (corpus
// g51 on real Spark). Parquet and text scans do not filter rows, and a condition Spark
// cannot translate to a source filter (arithmetic on the column) is not pushed either.
func TestFileStreamPushedFilterCounts(t *testing.T) {
	ctx := context.Background()
	files := map[string]map[string]string{
		"csv":  {"a.csv": "name,age\nann,31\nben,12\n", "b.csv": "name,age\ncy,45\n"},
		"json": {"a.json": "{\"name\":\"ann\",\"age\":31}\n{\"name\":\"ben\",\"age\":12}\n", "b.json": "{\"name\":\"cy\",\"age\":45}\n"},
		"text": {"a.txt": "ann\nben\n", "b.txt": "cy\n"},
	}
	tests := []struct {
		format, cond string
		want         []int64 // numInputRows per batch
	}{
		{"csv", "age > 18", []int64{1, 1}},
		{"csv", "age > 18 AND name != 'ann'", []int64{0, 1}},
		{"csv", "age + 0 > 18", []int64{2, 1}},
		{"json", "age > 18", []int64{1, 1}},
		{"json", "name LIKE 'b%' OR age IS NULL", []int64{1, 0}},
		{"text", "value != 'ben'", []int64{2, 1}},
	}
	for _, tc := range tests {
		s, err := NewSession(SessionConfig{WorkDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(s.WorkDir(), "in")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range files[tc.format] {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r := s.ReadStream().Format(tc.format).Option("maxFilesPerTrigger", 1)
		switch tc.format {
		case "csv":
			r = r.Option("header", "true").SchemaDDL("name STRING, age INT")
		case "json":
			r = r.SchemaDDL("name STRING, age INT")
		}
		df := must[*DataFrame](t)(must[*DataFrame](t)(r.Load("in")).Where(tc.cond))
		q := must[*StreamingQuery](t)(df.WriteStream().Format("memory").QueryName("out").Trigger(Trigger{AvailableNow: true}).Start(ctx))
		if err := q.AwaitTermination(ctx); err != nil {
			t.Fatal(err)
		}
		var got []int64
		for _, p := range q.RecentProgress() {
			got = append(got, p.NumInputRows)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s where %s: numInputRows %v, want %v", tc.format, tc.cond, got, tc.want)
		}
	}
}
