package conformance

import (
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// FuzzExec runs arbitrary source, loops and growth included: whatever the text, the
// run ends (Stop after 200 ms, allocations capped at 64 MiB) in a result or a Python
// exception, never a Go panic, a hang or a Go stack trace.
func FuzzExec(f *testing.F) {
	for _, s := range []string{
		"while True:\n    pass",
		"l = []\nwhile True:\n    l.append(l)",
		"s = 'x'\nwhile True:\n    s += s",
		"def f(n):\n    return f(n + 1) + [f]\nf(0)",
		"d = {}\nfor i in range(10 ** 9):\n    d[i] = str(i) * i",
		"x = []\nfor i in range(10 ** 6):\n    x = [x, {i: x}]\nprint(x)",
		"class A:\n    def __repr__(self):\n        return repr(self)\nprint(A())",
		"print('%s %r %d' % (None, [1], 2), '{:>{w}}'.format('a', w=5))",
		"a = {1: [1, (2, {3})], 'b': frozenset({1})}\nprint(sorted(a.items(), key=repr), a == a)",
		"try:\n    raise ValueError('x') from KeyError()\nexcept Exception as e:\n    print(repr(e), e.__cause__)",
		"print(10 ** 10 ** 10)",
		"print([0] * 10 ** 8)",
		"g = (i for i in iter(int, 1))\nprint(sum(g))",
	} {
		f.Add(s)
	}
	prev := py.SetMaxAlloc(64 << 20)
	f.Cleanup(func() { py.SetMaxAlloc(prev) })
	f.Fuzz(func(t *testing.T, src string) {
		ctx := py.NewContext(py.DefaultContextOpts())
		defer ctx.Close()
		sys, err := ctx.GetModule("sys")
		if err != nil {
			t.Fatal(err)
		}
		sys.Globals["stdout"] = &capture{}
		code, err := py.Compile(src, "<fuzz>", py.ExecMode, 0, true)
		if err != nil {
			return
		}
		timer := time.AfterFunc(200*time.Millisecond, ctx.Limits().Stop)
		defer timer.Stop()
		done := make(chan error, 1)
		go func() {
			_, err := py.RunCode(ctx, code, "<fuzz>", nil)
			done <- err
		}()
		select {
		case err = <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("the script ran 10 s past Stop:\n%s", src)
		}
		if err != nil {
			msg := lastLine(err)
			if strings.HasPrefix(msg, "GoError") || strings.Contains(msg, "goroutine ") {
				t.Fatalf("not a Python exception: %s", msg)
			}
		}
	})
}
