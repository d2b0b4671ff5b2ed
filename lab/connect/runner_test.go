package connect

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// A Delta table streamed to JSON files, so the runner's checks need no broker.
const streamScript = `from pyspark.sql import SparkSession
spark = SparkSession.builder.getOrCreate()
spark.range(2).write.format("delta").save("src")
q = (spark.readStream.format("delta").load("src")
     .writeStream.format("parquet").option("checkpointLocation", "cp").option("path", "out")
     .trigger(availableNow=True).start())
q.awaitTermination()
print("rows", spark.read.parquet("out").count())
`

// TestRunner runs scripts with real CPython through the runner (make test-connect sets
// KAFKALAB_PYTHON): output, Python's exceptions, sys.exit, query events and a crash
// directive come back as the embedded runner gives them.
func TestRunner(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, script string
		crash        *pyrun.Crash
		wantOut      string
		check        func(t *testing.T, err error)
		wantEvents   bool
	}{
		{name: "stream", script: streamScript, wantOut: "rows 2\n", wantEvents: true,
			check: func(t *testing.T, err error) {
				if err != nil {
					t.Fatalf("the script failed: %v", err)
				}
			}},
		{name: "analysis error", script: "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\nspark.range(1).select('nope').collect()\n",
			check: func(t *testing.T, err error) {
				var pe *pyrun.Error
				if !errors.As(err, &pe) || pe.Kind != "AnalysisException" || !strings.Contains(pe.Text, "UNRESOLVED_COLUMN") {
					t.Fatalf("got %#v, want an AnalysisException naming UNRESOLVED_COLUMN", err)
				}
			}},
		{name: "sys.exit", script: "import sys\nsys.exit(3)\n",
			check: func(t *testing.T, err error) {
				var pe *pyrun.Error
				if !errors.As(err, &pe) || !pe.Exit || pe.Code != 3 {
					t.Fatalf("got %#v, want exit status 3", err)
				}
			}},
		{name: "crash after commit", script: streamScript, crash: &pyrun.Crash{Point: pyrun.CrashAfterCommit, Batch: 0}, wantEvents: true,
			check: func(t *testing.T, err error) {
				var k *pyrun.Killed
				if !errors.As(err, &k) || k.Batch != 0 || k.Point != pyrun.CrashAfterCommit {
					t.Fatalf("got %#v, want killed in batch 0 after its commit", err)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := t.TempDir()
			os.WriteFile(filepath.Join(ws, "s.py"), []byte(c.script), 0o644)
			var out bytes.Buffer
			var mu sync.Mutex
			var events []pyrun.QueryEvent
			in, err := Runner{Python: python}.Open(pyrun.Config{WorkDir: ws, Script: "s.py", Stdout: &out, Stderr: &out, Crash: c.crash,
				OnEvent: func(e pyrun.QueryEvent) { mu.Lock(); events = append(events, e); mu.Unlock() }})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			c.check(t, in.ExecFile(ctx))
			if c.wantOut != "" && out.String() != c.wantOut {
				t.Errorf("printed %q, want %q", out.String(), c.wantOut)
			}
			mu.Lock()
			defer mu.Unlock()
			if c.wantEvents && len(events) == 0 {
				t.Error("no query events reached OnEvent")
			}
			if c.crash != nil {
				if _, err := os.Stat(filepath.Join(ws, "cp", "commits", "0")); err != nil {
					t.Errorf("the crash came after the commit, but commits/0 is missing: %v", err)
				}
				if strings.Contains(out.String(), "rows") {
					t.Errorf("a killed run printed on: %q", out.String())
				}
			}
		})
	}
}

func TestRunnerWithoutPython(t *testing.T) {
	if _, err := (Runner{}).Open(pyrun.Config{}); !errors.Is(err, ErrNoPython) {
		t.Fatalf("got %v, want ErrNoPython", err)
	}
}

// TestRunnerPrompt: entries share one CPython's globals, an expression's value is echoed as
// at Python's prompt, a failed entry raises Python's exception and the next one still runs,
// and the queries an entry starts are listed and stopped through the server.
func TestRunnerPrompt(t *testing.T) {
	if os.Getenv("KAFKALAB_PYTHON") == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	python, err := FindPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	ws := t.TempDir()
	var out bytes.Buffer
	in, err := Runner{Python: python}.Open(pyrun.Config{WorkDir: ws, Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	steps := []struct {
		src, wantOut, wantKind string
	}{
		{src: "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\n"},
		{src: "n = spark.range(3).count()\nn * 2\n", wantOut: "6\n"},
		{src: "undefined_name", wantKind: "NameError"},
		{src: "q = spark.readStream.format('rate').load().writeStream.format('memory').queryName('r').start()\nq.isActive", wantOut: "True\n"},
	}
	for _, s := range steps {
		out.Reset()
		err := in.ExecInteractive(ctx, "<sandbox>", s.src)
		var pe *pyrun.Error
		switch {
		case s.wantKind == "" && err != nil:
			t.Fatalf("%q: %v", s.src, err)
		case s.wantKind != "" && (!errors.As(err, &pe) || pe.Kind != s.wantKind):
			t.Fatalf("%q: got %#v, want %s", s.src, err, s.wantKind)
		}
		if out.String() != s.wantOut {
			t.Errorf("%q printed %q, want %q", s.src, out.String(), s.wantOut)
		}
	}
	qs := in.Queries()
	if len(qs) != 1 || qs[0].Name != "r" {
		t.Fatalf("queries %+v, want the rate query r", qs)
	}
	in.StopQueries()
	if qs := in.Queries(); len(qs) != 0 {
		t.Errorf("still running after StopQueries: %+v", qs)
	}
}

// A Ctrl-C that arrives after its entry finished (the entry's context ended just then) is
// dropped: the prompt's process and its globals live on for the next entry.
func TestREPLLateInterrupt(t *testing.T) {
	python := os.Getenv("KAFKALAB_PYTHON")
	if python == "" {
		t.Skip("needs KAFKALAB_PYTHON with pyspark-client (make test-connect)")
	}
	var out strings.Builder
	r, err := startREPL(python, t.TempDir(), "sc://127.0.0.1:1", &lockedWriter{w: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer r.close()
	ctx := context.Background()
	if status, text, err := r.run(ctx, true, "<stdin>", "x = 41"); err != nil || status != 0 {
		t.Fatalf("first entry: status %d %q %v", status, text, err)
	}
	for i := 0; i < 3; i++ {
		if err := r.cmd.Process.Signal(syscall.SIGINT); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(200 * time.Millisecond)
	status, text, err := r.run(ctx, true, "<stdin>", "x + 1")
	if err != nil || status != 0 {
		t.Fatalf("the entry after a late Ctrl-C: status %d %q %v", status, text, err)
	}
	if !strings.Contains(out.String(), "42") {
		t.Errorf("printed %q, want 42", out.String())
	}
}
