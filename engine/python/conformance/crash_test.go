package conformance

import (
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// exec runs src in a fresh interpreter and returns the exception's last line ("" when
// the script ended normally) and what it printed.
func execScript(t *testing.T, ctx py.Context, src string) (exc string, out string) {
	t.Helper()
	c := &capture{}
	sys, err := ctx.GetModule("sys")
	if err != nil {
		t.Fatal(err)
	}
	sys.Globals["stdout"] = c
	code, err := py.Compile(src, "<crash>", py.ExecMode, 0, true)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	_, err = py.RunCode(ctx, code, "<crash>", nil)
	if err != nil {
		return lastLine(err), c.b.String()
	}
	return "", c.b.String()
}

// TestCrashCorpus runs scripts that would take a process down (self-reference, deep
// nesting, memory bombs, runaway recursion) and checks each ends in the Python error
// CPython gives, while this test process lives on.
func TestCrashCorpus(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"self-referential list repr", "l = [1]\nl.append(l)\nprint(l)", ""},
		{"self-referential dict str", "d = {}\nd['d'] = d\nprint(str(d))", ""},
		{"self-reference equals itself", "l = []\nl.append(l)\nprint(l == l, l in l)", ""},
		{"two self-references compare", "a = []\na.append(a)\nb = []\nb.append(b)\nprint(a == b)", "RecursionError: maximum recursion depth exceeded in comparison"},
		{"sorted self-references", "a = []\na.append(a)\nb = []\nb.append(b)\nsorted([a, b])", "RecursionError: maximum recursion depth exceeded in comparison"},
		{"deep list repr", "x = []\nfor i in range(100000):\n    x = [x]\nrepr(x)", "RecursionError: maximum recursion depth exceeded while getting the repr of an object"},
		{"deep dict str", "x = {}\nfor i in range(100000):\n    x = {'k': x}\nstr(x)", "RecursionError: maximum recursion depth exceeded while getting the repr of an object"},
		{"deep list equality", "x = []\ny = []\nfor i in range(100000):\n    x = [x]\n    y = [y]\nx == y", "RecursionError: maximum recursion depth exceeded in comparison"},
		{"deep list order", "x = []\ny = []\nfor i in range(100000):\n    x = [x]\n    y = [y]\nx < y", "RecursionError: maximum recursion depth exceeded in comparison"},
		{"deep tuple hash", "x = ()\nfor i in range(200000):\n    x = (x,)\nhash(x)", "RecursionError: maximum recursion depth exceeded while hashing"},
		{"deep list in", "x = []\nfor i in range(100000):\n    x = [x]\ny = []\nfor i in range(100000):\n    y = [y]\n[y].__contains__(x) if False else (x in [y])", "RecursionError: maximum recursion depth exceeded in comparison"},
		{"runaway recursion", "def f():\n    return f()\nf()", "RecursionError: maximum recursion depth exceeded"},
		{"mutual recursion in __repr__", "class A:\n    def __repr__(self):\n        return repr([self])\nrepr(A())", "RecursionError: maximum recursion depth exceeded"},
		{"string bomb", "'x' * (10 ** 10)", "MemoryError"},
		{"list bomb", "[0] * (10 ** 9)", "MemoryError"},
		{"tuple bomb", "(0,) * (10 ** 9)", "MemoryError"},
		{"bytes bomb", "bytes(10 ** 12)", "MemoryError"},
		{"power bomb", "2 ** (2 ** 40)", "MemoryError"},
		{"power tower", "10 ** 10 ** 8", "MemoryError"},
		{"shift bomb", "1 << (10 ** 12)", "MemoryError"},
		{"range to list", "list(range(10 ** 11))", "MemoryError"},
		{"ljust bomb", "'a'.ljust(10 ** 11)", "MemoryError"},
		{"format width bomb", "format(1, '99999999999')", "MemoryError"},
		{"percent width bomb", "'%*d' % (10 ** 11, 1)", "MemoryError"},
		{"doubling string", "s = 'x' * 1000\nwhile True:\n    s = s + s", "MemoryError"},
		{"join bomb", "s = 'x' * (10 ** 6)\n''.join([s] * 10000)", "MemoryError"},
		{"unhashable key", "{[1]: 2}", "TypeError: unhashable type: 'list'"},
		{"recursion limit past the Go stack", "import sys\nsys.setrecursionlimit(10 ** 9)\ndef f():\n    return f()\nf()", "RecursionError: maximum recursion depth exceeded"},
		{"__getattr__ recursion past the Go stack", "import sys\nsys.setrecursionlimit(10 ** 9)\nclass A:\n    def __getattr__(self, name):\n        return getattr(A(), name)\nA().x", "RecursionError: maximum recursion depth exceeded"},
		{"deep brackets", "eval('[' * 100000)", "SyntaxError: too many nested parentheses"},
		{"deep unary minus", "eval('-' * 1000000 + '1')", "MemoryError"},
		{"long operator chain", "eval('1' + '+1' * 100000)", "RecursionError: maximum recursion depth exceeded during compilation"},
		{"long attribute chain", "eval('a' + '.b' * 100000)", "RecursionError: maximum recursion depth exceeded during compilation"},
		{"nested lambdas", "eval('lambda:' * 100000 + '1')", "MemoryError"},
		{"long elif chain", "exec('if a: pass\\n' + 'elif a: pass\\n' * 100000)", "MemoryError"},
		{"deep indentation", "exec(''.join(' ' * i + 'if 1:\\n' for i in range(1000)) + ' ' * 1000 + 'pass')", "IndentationError: too many levels of indentation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := py.NewContext(py.DefaultContextOpts())
			defer ctx.Close()
			got, _ := execScript(t, ctx, tc.src)
			if !strings.HasPrefix(got, tc.want) || (tc.want == "" && got != "") {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestInterruptStopsTightLoops checks that loops that call nothing stop within a
// second of Interrupt, with KeyboardInterrupt.
func TestInterruptStopsTightLoops(t *testing.T) {
	for _, src := range []string{
		"while True:\n    pass",
		"i = 0\nwhile True:\n    i += 1",
		"for i in range(10 ** 12):\n    pass",
		"[x for x in range(10 ** 12) if x < 0]",
		"def f():\n    while 1:\n        pass\nf()",
		"while True:\n    try:\n        pass\n    finally:\n        pass",
		"i = 0\nwhile True:\n    if i > 0:\n        continue\n    i += 1",
	} {
		t.Run(strings.SplitN(src, "\n", 2)[0], func(t *testing.T) {
			ctx := py.NewContext(py.DefaultContextOpts())
			defer ctx.Close()
			done := make(chan string, 1)
			go func() {
				got, _ := execScript(t, ctx, src)
				done <- got
			}()
			time.Sleep(50 * time.Millisecond)
			start := time.Now()
			ctx.Limits().Interrupt()
			select {
			case got := <-done:
				if got != "KeyboardInterrupt" {
					t.Fatalf("got %q, want KeyboardInterrupt", got)
				}
				t.Logf("stopped %v after the interrupt", time.Since(start))
			case <-time.After(time.Second):
				ctx.Limits().Stop()
				t.Fatal("the loop ran on for a second after the interrupt")
			}
		})
	}
}

// TestStopEndsScriptsThatCatchInterrupts: Stop keeps raising, so a script that
// swallows KeyboardInterrupt still ends.
func TestStopEndsScriptsThatCatchInterrupts(t *testing.T) {
	ctx := py.NewContext(py.DefaultContextOpts())
	defer ctx.Close()
	done := make(chan string, 1)
	go func() {
		got, _ := execScript(t, ctx, "while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n        pass")
		done <- got
	}()
	time.Sleep(50 * time.Millisecond)
	ctx.Limits().Stop()
	select {
	case got := <-done:
		if got != "KeyboardInterrupt" {
			t.Fatalf("got %q", got)
		}
	case <-time.After(time.Second):
		t.Fatal("Stop did not end the script")
	}
}

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestMemoryWatcherStopsGrowth: a script that grows without bound ends in MemoryError
// once a watcher (here: polling the Go heap every 10 ms against a 256 MiB cap) calls
// RaiseMemoryError, and the memory is given back.
func TestMemoryWatcherStopsGrowth(t *testing.T) {
	const cap = 256 << 20
	ctx := py.NewContext(py.DefaultContextOpts())
	defer ctx.Close()
	base := heapBytes()
	stop := make(chan struct{})
	var peak uint64
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				h := heapBytes()
				if h > peak {
					peak = h
				}
				if h > base+cap {
					ctx.Limits().RaiseMemoryError()
				}
			}
		}
	}()
	got, _ := execScript(t, ctx, "l = []\nwhile True:\n    l.append('x' * 10000)")
	close(stop)
	if got != "MemoryError: the script's memory use passed the interpreter's limit" {
		t.Fatalf("got %q", got)
	}
	runtime.GC()
	t.Logf("heap peaked %d MiB above its start (cap %d MiB); %d MiB in use after the script ended", (peak-base)>>20, cap>>20, heapBytes()>>20)
	if peak-base > 4*cap {
		t.Fatalf("the heap grew to %d MiB before the script stopped", (peak-base)>>20)
	}
}
