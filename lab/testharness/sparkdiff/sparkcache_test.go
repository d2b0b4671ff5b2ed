package sparkdiff

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

func testCache(t *testing.T) *sparkCache {
	t.Helper()
	repo, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	return &sparkCache{dir: t.TempDir(), repo: repo, fresh: map[string]bool{}, log: t.Logf}
}

func testPlan() *export.Plan {
	return &export.Plan{Topics: []string{"orders"}, Steps: []export.Step{{
		Lesson: "04-read-to-table", Number: 1, Title: "Read",
		Writes:   []export.Write{{Name: "read.py", Content: "print(1)\n", Stored: "read.py"}},
		Commands: []lessons.Command{{Kind: lessons.CommandPython, Args: []string{"python", "read.py"}, Line: "python read.py", LessonLine: 10}},
	}}}
}

func TestSparkCacheKey(t *testing.T) {
	c := testCache(t)
	base, err := c.key(testPlan())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		edit   func(p *export.Plan)
		change bool
	}{
		{"a script's content", func(p *export.Plan) { p.Steps[0].Writes[0].Content = "print(2)\n" }, true},
		{"a command", func(p *export.Plan) { p.Steps[0].Commands[0].Args = append(p.Steps[0].Commands[0].Args, "2") }, true},
		{"a crash directive", func(p *export.Plan) { p.Steps[0].Crash = &lessons.Crash{Point: lessons.CrashMidWrite} }, true},
		{"the topics", func(p *export.Plan) { p.Topics = append(p.Topics, "more") }, true},
		{"prose", func(p *export.Plan) { p.Steps[0].Prose = "other words" }, false},
		{"line numbers", func(p *export.Plan) { p.Steps[0].Commands[0].LessonLine = 99 }, false},
		{"where the export stores a file", func(p *export.Plan) { p.Steps[0].Writes[0].Stored = "steps/x" }, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := testPlan()
			tc.edit(p)
			k, err := c.key(p)
			if err != nil {
				t.Fatal(err)
			}
			if (k != base) != tc.change {
				t.Errorf("key changed = %v, want %v", k != base, tc.change)
			}
		})
	}
}

func TestSparkCacheKeepsASide(t *testing.T) {
	c := testCache(t)
	root := t.TempDir()
	ws := filepath.Join(root, "spark", "ws")
	snap := filepath.Join(root, "spark", "snap", "0")
	if err := os.MkdirAll(filepath.Join(snap, "checkpoints", "commits"), 0o755); err != nil {
		t.Fatal(err)
	}
	when := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	commit := filepath.Join(snap, "checkpoints", "commits", "0")
	if err := os.WriteFile(commit, []byte("v1\n{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chtimes(commit, when, when)
	run := &sideRun{name: "spark", steps: []sideStep{{snap: snap, ws: ws, tables: map[string]string{"t": "+-+"},
		cmds: []cmdResult{{line: "python read.py", out: "ok\n", failed: true, dur: 1500 * time.Millisecond}}}}}

	key, err := c.key(testPlan())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := c.load("04-read-to-table", key, t.TempDir()); ok || err != nil {
		t.Fatalf("empty cache: ok=%v err=%v", ok, err)
	}
	if err := c.store("04-read-to-table", key, run); err != nil {
		t.Fatal(err)
	}
	root2 := t.TempDir()
	got, ok, err := c.load("04-read-to-table", key, root2)
	if err != nil || !ok {
		t.Fatalf("load after store: ok=%v err=%v", ok, err)
	}
	st := got.steps[0]
	if st.ws != ws || st.tables["t"] != "+-+" || len(st.cmds) != 1 || st.cmds[0].out != "ok\n" || !st.cmds[0].failed || st.cmds[0].dur != 1500*time.Millisecond {
		t.Errorf("kept step = %+v", st)
	}
	kept := filepath.Join(root2, "spark", "snap", "0", "checkpoints", "commits", "0")
	data, err := os.ReadFile(kept)
	if err != nil || string(data) != "v1\n{}" {
		t.Fatalf("kept snapshot file: %q, %v", data, err)
	}
	if info, _ := os.Stat(kept); !info.ModTime().Equal(when) {
		t.Errorf("kept snapshot time %v, want %v", info.ModTime(), when)
	}
	if _, ok, _ := c.load("04-read-to-table", "other", t.TempDir()); ok {
		t.Error("a kept side answered another key")
	}
	c.fresh["04-read-to-table"] = true
	if _, ok, _ := c.load("04-read-to-table", key, t.TempDir()); ok {
		t.Error("a lesson asked to run fresh came from the cache")
	}
	// A newer key replaces the lesson's older entry.
	if err := c.store("04-read-to-table", "newer", run); err != nil {
		t.Fatal(err)
	}
	entries, _ := filepath.Glob(filepath.Join(c.dir, "04-read-to-table-*"))
	if len(entries) != 1 || filepath.Base(entries[0]) != "04-read-to-table-newer" {
		t.Errorf("entries after a newer store: %v", entries)
	}
}
