package connect

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// TestRunnerFork holds a forked script to what `python SCRIPT ARGS` does with the same
// Python (the referee here): what it prints on stdout and stderr (tracebacks included), its
// exit status, its argv, __file__, __name__, sys.path[0], working folder and environment,
// atexit handlers and non-daemon threads at exit. make test-connect sets KAFKALAB_PYTHON.
func TestRunnerFork(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f, err := StartForker(context.Background(), python)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cases := []struct {
		name, script string
		stdin        string
	}{
		{name: "where it runs", script: `import os, sys
print(__name__, os.path.basename(__file__), sys.argv[1:], os.path.basename(os.getcwd()))
print(sys.path[0] == os.path.dirname(os.path.abspath(__file__)), os.environ["SPARK_REMOTE"], hasattr(sys, "ps1"))
`},
		{name: "traceback", script: "def f():\n    raise ValueError('bad value')\nprint('before')\nf()\n"},
		{name: "chained traceback", script: "try:\n    {}['k']\nexcept KeyError as e:\n    raise RuntimeError('wrapped') from e\n"},
		{name: "syntax error", script: "print('x'\n"},
		{name: "sys.exit code", script: "import sys\nprint('out')\nsys.exit(3)\n"},
		{name: "sys.exit message", script: "import sys\nsys.exit('it went wrong')\n"},
		{name: "exit at the end", script: "import atexit, threading, time\natexit.register(lambda: print('atexit'))\n" +
			"threading.Thread(target=lambda: (time.sleep(0.2), print('thread done'))).start()\nprint('main done')\n"},
		{name: "stdin", script: "import sys\nprint(sys.stdin.read().upper())\n", stdin: "some input"},
		{name: "pyspark's session", script: "from pyspark.sql import SparkSession\nprint(SparkSession.getActiveSession())\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A folder each: a script named like a module (traceback.py) is what its
			// neighbours' imports would find first.
			dir := t.TempDir()
			path := filepath.Join(dir, "case_"+strings.NewReplacer(" ", "_", "'", "").Replace(c.name)+".py")
			if err := os.WriteFile(path, []byte(c.script), 0o644); err != nil {
				t.Fatal(err)
			}
			run := func(fork *Forker) (string, string, int) {
				var stdout, stderr bytes.Buffer
				s := Script{Python: python, Path: path, Args: []string{"a", "b c"}, Dir: dir, Remote: "sc://127.0.0.1:1",
					Stdout: &stdout, Stderr: &stderr, Fork: fork}
				if c.stdin != "" {
					s.Stdin = strings.NewReader(c.stdin)
				}
				code, err := RunPython(context.Background(), s)
				if err != nil {
					t.Fatal(err)
				}
				return stdout.String(), stderr.String(), code
			}
			wantOut, wantErr, wantCode := run(nil)
			gotOut, gotErr, gotCode := run(f)
			if gotOut != wantOut || gotErr != wantErr || gotCode != wantCode {
				t.Errorf("forked: exit %d, stdout %q, stderr %q\npython:  exit %d, stdout %q, stderr %q", gotCode, gotOut, gotErr, wantCode, wantOut, wantErr)
			}
		})
	}
}

// TestRunnerForkConcurrentAndKilled runs scripts at once through one Forker, each getting
// its own output, and ends one whose context ends (130, as RunPython says of a run it
// stopped) without the others noticing.
func TestRunnerForkConcurrentAndKilled(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f, err := StartForker(context.Background(), python)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dir := t.TempDir()
	path := filepath.Join(dir, "echo.py")
	if err := os.WriteFile(path, []byte("import sys, time\ntime.sleep(0.3)\nprint(sys.argv[1])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for _, word := range []string{"one", "two", "three", "four"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out bytes.Buffer
			code, err := RunPython(context.Background(), Script{Path: path, Args: []string{word}, Dir: dir, Stdout: &out, Fork: f})
			if err != nil || code != 0 || out.String() != word+"\n" {
				t.Errorf("%s: exit %d, err %v, printed %q", word, code, err, out.String())
			}
		}()
	}
	hang := filepath.Join(dir, "hang.py")
	if err := os.WriteFile(hang, []byte("import time\nprint('waiting', flush=True)\ntime.sleep(600)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	var out bytes.Buffer
	code, err := RunPython(ctx, Script{Path: hang, Dir: dir, Stdout: &out, Fork: f})
	if err != nil || code != 130 || out.String() != "waiting\n" {
		t.Errorf("a stopped script: exit %d, err %v, printed %q; want 130 and what it printed", code, err, out.String())
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("stopping the script took %v", d)
	}
	wg.Wait()
}

// TestRunnerForkRunsScripts runs a pyspark script through Runner with and without a
// Forker against servers of their own: the same output.
func TestRunnerForkRunsScripts(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	f, err := StartForker(context.Background(), python)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var outs []string
	for _, fork := range []*Forker{nil, f} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "s.py"), []byte(streamScript), 0o644); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		in, err := Runner{Python: python, Fork: fork}.Open(pyrun.Config{Script: "s.py", WorkDir: dir, Stdout: &out})
		if err != nil {
			t.Fatal(err)
		}
		err = in.ExecFile(context.Background())
		in.Close()
		if err != nil {
			t.Fatalf("fork %v: %v", fork != nil, err)
		}
		outs = append(outs, out.String())
	}
	if outs[0] != outs[1] || outs[0] != "rows 2\n" {
		t.Errorf("python printed %q, the fork %q; want both %q", outs[0], outs[1], "rows 2\n")
	}
}

// TestLockedWriterDivert: while a run is diverted, the script's writes to its stdout file
// and the server's prints keep the order they were made in, and a silence (a crash
// directive) drops only what came after it.
func TestLockedWriterDivert(t *testing.T) {
	cases := []struct {
		name    string
		silence bool
		want    string
	}{
		{"in order", false, "client 1\nserver 1\nclient 2\nserver 2\n"},
		{"silenced after the first two", true, "client 1\nserver 1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var sink bytes.Buffer
			l := &lockedWriter{w: &sink}
			f, err := l.divert()
			if err != nil {
				t.Fatal(err)
			}
			// The script writes to its descriptor, not through l; the server through l.
			f.WriteString("client 1\n")
			l.Write([]byte("server 1\n"))
			if c.silence {
				l.silence()
			}
			f.WriteString("client 2\n")
			l.Write([]byte("server 2\n"))
			l.undivert()
			l.Write([]byte{}) // after undivert: straight to the writer (or dropped when silent)
			if sink.String() != c.want {
				t.Errorf("got %q, want %q", sink.String(), c.want)
			}
		})
	}
}
