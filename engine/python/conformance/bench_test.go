package conformance

import (
	"testing"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

func benchScript(b *testing.B, src string) {
	code, err := py.Compile(src, "<bench>", py.ExecMode, 0, true)
	if err != nil {
		b.Fatal(err)
	}
	ctx := py.NewContext(py.DefaultContextOpts())
	defer ctx.Close()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := py.RunCode(ctx, code, "<bench>", nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLoop is a loop that calls nothing: the cost of the interrupt check on
// every backward jump shows here.
func BenchmarkLoop(b *testing.B) {
	benchScript(b, "i = 0\nwhile i < 100000:\n    i += 1\n")
}

// BenchmarkForRange iterates a range and sums.
func BenchmarkForRange(b *testing.B) {
	benchScript(b, "t = 0\nfor i in range(100000):\n    t += i\n")
}

// BenchmarkDictInsert fills a dict with str keys (the namespace-like fast path) and
// int keys (hashed).
func BenchmarkDictInsert(b *testing.B) {
	benchScript(b, "d = {}\nfor i in range(10000):\n    d['k' + str(i)] = i\n    d[i] = i\n")
}

// BenchmarkCalls is Python function calls (frame entry checks the depth and signals).
func BenchmarkCalls(b *testing.B) {
	benchScript(b, "def f(x):\n    return x + 1\ni = 0\nwhile i < 20000:\n    i = f(i)\n")
}
