package pyspark

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Whole checkpoints real Spark 4.2 wrote (engine/stateful/testdata/interchange, see its
// README) resume on kafkalab: the recording script's second phase runs in kafkalab's
// engine on each operator's checkpoint as Spark left it after the first phase (offsets,
// commits, file source log, state) and must print what Spark's own second phase printed.
// The checkpoints moved folder, so their file source logs are pointed at this test's
// copy of the input files.
func TestSparkCheckpointsResumeOnKafkalab(t *testing.T) {
	data := filepath.Join("..", "stateful", "testdata", "interchange")
	script, err := os.ReadFile(filepath.Join(data, "interchange.py"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	f, err := os.Open(filepath.Join(data, "spark-second.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		op, _, _ := strings.Cut(sc.Text(), " ")
		want[op] = append(want[op], sc.Text())
	}
	f.Close()
	sourcePath := regexp.MustCompile(`file://[^"]*/in/`)
	for _, op := range []string{"agg", "window", "dedup", "dedupwm", "limit", "join", "session", "collect"} {
		t.Run(op, func(t *testing.T) {
			ws := t.TempDir()
			if err := os.WriteFile(filepath.Join(ws, "interchange.py"), script, 0o644); err != nil {
				t.Fatal(err)
			}
			ckpt := filepath.Join(ws, "ckpt", op)
			if err := os.CopyFS(ckpt, os.DirFS(filepath.Join(data, "spark-first", op))); err != nil {
				t.Fatal(err)
			}
			err := filepath.WalkDir(filepath.Join(ckpt, "sources"), func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				return os.WriteFile(path, sourcePath.ReplaceAll(b, []byte("file://"+ws+"/in/")), 0o644)
			})
			if err != nil {
				t.Fatal(err)
			}
			// The first phase's input files, with the modification times the script gives them.
			for i, name := range []string{"b0.json", "b1.json"} {
				b, err := os.ReadFile(filepath.Join(data, name))
				if err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(ws, "in", op, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
				stamp := time.Unix(1790000000+10*int64(i), 0)
				if err := os.Chtimes(path, stamp, stamp); err != nil {
					t.Fatal(err)
				}
			}
			var out, errOut bytes.Buffer
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			in, err := NewInterpreter(Config{ScriptPath: "interchange.py", Args: []string{"second", op}, WorkDir: ws, Stdout: &out, Stderr: &errOut})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			if err := in.ExecFile(ctx, "interchange.py"); err != nil {
				t.Fatalf("resuming Spark's %s checkpoint: %v\n%s%s", op, err, out.String(), errOut.String())
			}
			got := strings.TrimSpace(out.String())
			if w := strings.Join(want[op], "\n"); got != w {
				t.Errorf("kafkalab resuming Spark's %s checkpoint printed\n%s\nSpark printed\n%s", op, got, w)
			}
		})
	}
}

// Both phases of the recording script on kafkalab alone give the rows of both phases on
// Spark alone: kafkalab resumes the Spark-layout state it wrote itself (a join's eviction
// moves rows down their key's indexes, and the files must say which index went).
func TestOwnCheckpointsResumeLikeSpark(t *testing.T) {
	data := filepath.Join("..", "stateful", "testdata", "interchange")
	script, err := os.ReadFile(filepath.Join(data, "interchange.py"))
	if err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	if err := os.WriteFile(filepath.Join(ws, "interchange.py"), script, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, phase := range []string{"first", "second"} {
		want, err := os.ReadFile(filepath.Join(data, "spark-"+phase+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		in, err := NewInterpreter(Config{ScriptPath: "interchange.py", Args: []string{phase}, WorkDir: ws, Stdout: &out, Stderr: &errOut})
		if err != nil {
			cancel()
			t.Fatal(err)
		}
		err = in.ExecFile(ctx, "interchange.py")
		in.Close()
		cancel()
		if err != nil {
			t.Fatalf("%s phase: %v\n%s%s", phase, err, out.String(), errOut.String())
		}
		if got := strings.TrimSpace(out.String()); got != strings.TrimSpace(string(want)) {
			t.Errorf("kafkalab's %s phase printed\n%s\nSpark's printed\n%s", phase, got, want)
		}
	}
}
