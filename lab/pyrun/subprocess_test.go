package pyrun

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMain lets the test binary be its own child: Subprocess re-executes it with
// KAFKALAB_PYRUN_CHILD=1, as kafkalab re-executes itself with __pyrun.
func TestMain(m *testing.M) {
	if os.Getenv("KAFKALAB_PYRUN_CHILD") == "1" {
		crashHook = overflowOn
		os.Exit(ServeChild(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// overflowSource is a script the test child answers with a real Go stack overflow (Go's
// fatal error, hundreds of lines of stack on stderr): the runtime has no Python script
// left that does so, and the parent must survive one all the same.
// The overflow comes while the script sleeps, after what it printed reached the parent.
const overflowSource = "print('before')\n# kafkalab test: overflow the Go stack\nimport time\ntime.sleep(30)\n"

func overflowOn(src string) {
	if strings.Contains(src, "# kafkalab test: overflow the Go stack") {
		go func() {
			time.Sleep(300 * time.Millisecond)
			overflow(0)
		}()
	}
}

//go:noinline
func overflow(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	return overflow(n+1) + int(pad[(n+1)%256])
}

// testRunner is a Subprocess on this test binary with a memory cap (0: the default).
func testRunner(t *testing.T, memory int64) *Subprocess {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	s := &Subprocess{Path: exe, Env: append(os.Environ(), "KAFKALAB_PYRUN_CHILD=1"), MemoryLimit: memory}
	t.Cleanup(func() { s.Close() })
	return s
}

// syncBuffer is a strings.Builder safe for the reader goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// The same interpreter behaviour through either runner: output, globals kept between
// runs, the prompt's expression values, Python errors and sys.exit as plain data.
func TestRunnersAgree(t *testing.T) {
	for _, tc := range []struct {
		name   string
		runner Runner
	}{{"in-process", InProcess{}}, {"subprocess", testRunner(t, 0)}} {
		t.Run(tc.name, func(t *testing.T) {
			ws := t.TempDir()
			if err := os.WriteFile(filepath.Join(ws, "s.py"), []byte("import sys\nprint('args', sys.argv)\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var out syncBuffer
			in, err := tc.runner.Open(Config{WorkDir: ws, Script: "s.py", Args: []string{"a"}, Stdout: &out, Stderr: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx := context.Background()
			if err := in.Exec(ctx, "a.py", "x = 6\nprint('x is', x)\n"); err != nil {
				t.Fatal(err)
			}
			if err := in.ExecInteractive(ctx, "<sandbox>", "x * 7"); err != nil {
				t.Fatal(err)
			}
			if err := in.ExecFile(ctx); err != nil {
				t.Fatal(err)
			}
			var pe *Error
			if err := in.Exec(ctx, "b.py", "spark.read"); !errors.As(err, &pe) || pe.Kind != "NameError" || !strings.Contains(pe.Text, `File "b.py", line 1`) {
				t.Errorf("a NameError: %#v", err)
			}
			if err := in.Exec(ctx, "c.py", "import sys\nsys.exit(4)"); !errors.As(err, &pe) || !pe.Exit || pe.Code != 4 {
				t.Errorf("sys.exit(4): %#v", err)
			}
			if got, want := out.String(), "x is 6\n42\nargs ['s.py', 'a']\n"; got != want {
				t.Errorf("printed %q, want %q", got, want)
			}
			if err := in.Ended(); err != nil {
				t.Errorf("ended: %v", err)
			}
			if q := in.Queries(); len(q) != 0 {
				t.Errorf("queries %v", q)
			}
			in.Close()
			if err := in.Ended(); !errors.Is(err, ErrEnded) {
				t.Errorf("after Close, Ended = %v", err)
			}
		})
	}
}

func TestSubprocessOpenErrors(t *testing.T) {
	r := testRunner(t, 0)
	if _, err := r.Open(Config{WorkDir: filepath.Join(t.TempDir(), "missing")}); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing folder: %v", err)
	}
	if _, err := r.Open(Config{WorkDir: t.TempDir(), Crash: &Crash{Point: "mid-lunch"}}); err == nil || !strings.Contains(err.Error(), "mid-lunch") {
		t.Errorf("an unknown crash point: %v", err)
	}
	bad := &Subprocess{Path: filepath.Join(t.TempDir(), "no-such-kafkalab")}
	if _, err := bad.Open(Config{WorkDir: t.TempDir()}); err == nil {
		t.Error("a missing binary started")
	}
}

// A prewarmed runner hands out a child that is already running, and replaces it.
func TestSubprocessPrewarm(t *testing.T) {
	r := testRunner(t, 0)
	r.Prewarm = true
	ws := t.TempDir()
	for i := range 3 {
		var out syncBuffer
		in, err := r.Open(Config{WorkDir: ws, Stdout: &out})
		if err != nil {
			t.Fatal(err)
		}
		if err := in.Exec(context.Background(), "x.py", fmt.Sprintf("print(%d)", i)); err != nil {
			t.Fatal(err)
		}
		in.Close()
		if out.String() != fmt.Sprintf("%d\n", i) {
			t.Fatalf("printed %q", out.String())
		}
	}
}

// crashCase is one script that would take a process down, and how it must end.
type crashCase struct {
	name, src string
	want      string // in the error's text ("" = the script ends without one)
	ended     bool   // the interpreter ends with it (errors.Is ErrEnded)
}

// TestCrashCorpus runs scripts that would end an interpreter's process (self-reference,
// deep nesting, memory bombs, runaway recursion, a Go stack overflow in the compiler)
// in a child each: every one ends in the Python error CPython gives, the child's cap is
// what the message names, and this process lives on to run the next.
func TestCrashCorpus(t *testing.T) {
	const memory = 256 << 20
	r := testRunner(t, memory)
	cases := []crashCase{
		{"self-referential list", "l = []\nl.append(l)\nprint(l)", "", false},
		{"self-referential dict in an f-string", "d = {}\nd['d'] = d\nprint(f'{d}')", "", false},
		{"self-reference to json", "import json\nl = []\nl.append(l)\njson.dumps(l)", "ValueError: Circular reference detected", false},
		{"self-references compared", "a = []\na.append(a)\nb = []\nb.append(b)\nprint(a == b)", "RecursionError: maximum recursion depth exceeded in comparison", false},
		{"self-references sorted", "a = []\na.append(a)\nb = []\nb.append(b)\nsorted([a, b])", "RecursionError", false},
		{"self-reference in itself", "l = []\nl.append(l)\nprint(l in l, str(l))", "", false},
		{"deep nesting printed", "x = []\nfor i in range(100000):\n    x = [x]\nprint(x)", "RecursionError: maximum recursion depth exceeded while getting the repr of an object", false},
		{"deep nesting compared", "x = []\ny = []\nfor i in range(100000):\n    x = [x]\n    y = [y]\nx == y", "RecursionError", false},
		{"string bomb", "'x' * 10**10", "MemoryError", false},
		{"list bomb", "[0] * 10**9", "MemoryError", false},
		{"power bomb", "2 ** (2 ** 40)", "MemoryError", false},
		{"power tower", "10**10**8", "MemoryError", false},
		{"endless append in a function", "def grow():\n    l = []\n    while True:\n        l.append('x' * 10000)\ngrow()", "MemoryError: the script's memory use passed kafkalab's limit of 256 MiB for a script", false},
		{"endless append kept", "l = []\nwhile True:\n    l.append('x' * 10000)", "MemoryError: the script's memory use passed kafkalab's limit of 256 MiB", true},
		{"runaway recursion", "def f(n):\n    return f(n + 1)\nf(0)", "RecursionError: maximum recursion depth exceeded", false},
		{"recursion in __repr__", "class A:\n    def __repr__(self):\n        return repr([self])\nprint(A())", "RecursionError", false},
		{"deep nesting compiled", "eval('-' * 300000 + '1')", "MemoryError", false},
		{"a Go stack overflow in the child", overflowSource, "RecursionError: maximum recursion depth exceeded", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out syncBuffer
			in, err := r.Open(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			err = in.Exec(ctx, "crash.py", tc.src)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("want no error, got %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("want %q, got %v", tc.want, err)
			case errors.Is(err, ErrEnded) != tc.ended:
				t.Fatalf("ended = %v, want %v (%v)", errors.Is(err, ErrEnded), tc.ended, err)
			}
			if strings.Contains(out.String()+fmt.Sprint(err), "goroutine ") {
				t.Fatalf("a Go stack trace reached the script's output:\n%s", out.String())
			}
			if !tc.ended {
				if err := in.Exec(ctx, "after.py", "print('still here')"); err != nil || !strings.HasSuffix(out.String(), "still here\n") {
					t.Fatalf("the interpreter did not run on: %v, %q", err, out.String())
				}
			}
		})
	}
	t.Logf("%d crashes tried, %d survived by this process", len(cases), len(cases))
}

// The parent kills a child whose resident memory goes far past the cap, when the child's
// own watcher does not stop it (here it is turned off).
func TestParentKillsChildPastMemoryCap(t *testing.T) {
	r := testRunner(t, 128<<20)
	none := int64(0)
	r.childMemory = &none
	in, err := r.Open(Config{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "grow.py", "l = []\nwhile True:\n    l.append('x' * 100000)")
	var pe *Error
	if !errors.As(err, &pe) || pe.Kind != "MemoryError" || !errors.Is(err, ErrEnded) ||
		!strings.Contains(pe.Text, "far past kafkalab's limit of 128 MiB for a script") {
		t.Fatalf("want MemoryError past 128 MiB, got %#v", err)
	}
	t.Logf("%s", pe.Text)
}

// stopCase is a loop a learner cannot stop by waiting.
var stopCases = []struct{ name, src string }{
	{"while True: pass", "while True:\n    pass"},
	{"i += 1", "i = 0\nwhile True:\n    i += 1"},
	{"a loop that swallows KeyboardInterrupt", "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass"},
	{"a Go operation that takes seconds", "while True:\n    x = 3 ** (10 ** 7)"},
	{"sleep", "import time\ntime.sleep(3600)"},
}

// Ctrl-C (the run's context cancelled) stops any script within a second: the script gets
// KeyboardInterrupt (the run ends with the context's error, as in this process), or, when
// it cannot get one in time (a single Go operation that runs for seconds), its child is
// killed.
func TestCtrlCStopsWithinASecond(t *testing.T) {
	r := testRunner(t, 0)
	for _, tc := range stopCases {
		t.Run(tc.name, func(t *testing.T) {
			in, err := r.Open(Config{WorkDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() { done <- in.Exec(ctx, "loop.py", tc.src) }()
			time.Sleep(300 * time.Millisecond)
			start := time.Now()
			cancel()
			select {
			case err := <-done:
				took := time.Since(start)
				t.Logf("stopped %v after Ctrl-C: %v", took.Round(time.Millisecond), firstLine(err))
				var st *Stopped
				switch {
				case errors.As(err, &st):
					if !st.Killed || st.Reason != "Ctrl-C" {
						t.Errorf("stopped: %+v", st)
					}
				case !errors.Is(err, context.Canceled):
					t.Errorf("want the run cancelled, got %#v", err)
				}
				if took > 2*time.Second {
					t.Errorf("took %v to stop", took)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the script ran on 10 s after Ctrl-C")
			}
		})
	}
}

// A time limit (the step timeout of kafkalab check) stops any script within a second
// of its deadline, and says so.
func TestTimeLimitStopsWithinASecond(t *testing.T) {
	r := testRunner(t, 0)
	for _, tc := range stopCases {
		t.Run(tc.name, func(t *testing.T) {
			in, err := r.Open(Config{WorkDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			ctx, cancel := context.WithTimeoutCause(context.Background(), 500*time.Millisecond, errors.New("the step's time limit of 0.5 s"))
			defer cancel()
			deadline, _ := ctx.Deadline()
			err = in.Exec(ctx, "loop.py", tc.src)
			late := time.Since(deadline)
			t.Logf("stopped %v after the deadline: %v", late.Round(time.Millisecond), err)
			var st *Stopped
			if !errors.As(err, &st) || !strings.HasPrefix(err.Error(), "stopped after ") || !strings.Contains(err.Error(), "(the step's time limit of 0.5 s)") {
				t.Errorf("want a stop at the time limit, got %#v", err)
			}
			if late > 2*time.Second {
				t.Errorf("ran %v past the deadline", late)
			}
		})
	}
}

// A child that dies of a Go stack overflow prints hundreds of lines of Go stack on its
// stderr: none of it reaches the script's output, the run ends in the RecursionError it
// stands for, what the script printed before is kept, and the interpreter is over.
func TestStderrOfAChildNeverReachesTheScript(t *testing.T) {
	r := testRunner(t, 0)
	var out syncBuffer
	in, err := r.Open(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "so.py", overflowSource)
	if err == nil || err.Error() != "RecursionError: maximum recursion depth exceeded" {
		t.Fatalf("got %v", err)
	}
	if out.String() != "before\n" {
		t.Fatalf("printed %q", out.String())
	}
	if err := in.Exec(context.Background(), "x.py", "print(1)"); !errors.Is(err, ErrEnded) {
		t.Fatalf("an ended interpreter ran code: %v", err)
	}
}

func firstLine(err error) string {
	if err == nil {
		return "<nil>"
	}
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// A child whose interpreter closed cleanly serves the next interpreter, which starts
// fresh: nothing of the first (globals, files it opened) is left in it. Closing an
// interpreter whose script still runs stops the script; whichever child serves the next
// interpreter, nothing of the loop runs on in it.
func TestChildServesTheNextInterpreter(t *testing.T) {
	r := testRunner(t, 0)
	ws := t.TempDir()
	pid := func(in Interpreter) int { return in.(*remote).p.cmd.Process.Pid }
	first, err := r.Open(Config{WorkDir: ws})
	if err != nil {
		t.Fatal(err)
	}
	if err := first.Exec(context.Background(), "a.py", "secret = 42\nf = open('kept.txt', 'w')"); err != nil {
		t.Fatal(err)
	}
	firstPid := pid(first)
	first.Close()
	second, err := r.Open(Config{WorkDir: ws})
	if err != nil {
		t.Fatal(err)
	}
	if pid(second) != firstPid {
		t.Errorf("a cleanly closed child was not reused (pid %d, then %d)", firstPid, pid(second))
	}
	var pe *Error
	if err := second.Exec(context.Background(), "b.py", "print(secret)"); !errors.As(err, &pe) || pe.Kind != "NameError" {
		t.Errorf("the first interpreter's globals leaked into the second: %v", err)
	}
	// Closed while a script runs: the child ends with it.
	done := make(chan error, 1)
	go func() { done <- second.Exec(context.Background(), "loop.py", "while True:\n    pass") }()
	time.Sleep(200 * time.Millisecond)
	second.Close()
	if err := <-done; err == nil {
		t.Error("the loop ended without an error")
	}
	var out syncBuffer
	third, err := r.Open(Config{WorkDir: ws, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	start := time.Now()
	if err := third.Exec(context.Background(), "c.py", "s = 0\nfor i in range(100000):\n    s += i\nprint(s)"); err != nil || out.String() != "4999950000\n" {
		t.Errorf("the third interpreter: %v, %q", err, out.String())
	}
	t.Logf("a loop of 100000 took %v after the child's previous script was stopped", time.Since(start))
}
