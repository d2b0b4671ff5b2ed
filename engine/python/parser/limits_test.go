package parser

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// TestNestingLimits checks where deeply nested sources stop compiling. The first
// failing sizes are CPython 3.11's, measured with compile(src, 's', 'exec') at the top
// level: its tokenizer refuses the 201st open bracket and the 100th indentation level,
// its parser runs out of stack (MemoryError) and its compiler refuses a deep tree
// (RecursionError).
func TestNestingLimits(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   func(n int) string
		fails int // the smallest n that fails
		want  *py.Type
	}{
		{"brackets", func(n int) string { return strings.Repeat("(", n) + "1" + strings.Repeat(")", n) }, 201, py.SyntaxError},
		{"indentation", func(n int) string {
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteString(strings.Repeat(" ", i) + "if 1:\n")
			}
			return b.String() + strings.Repeat(" ", n) + "pass\n"
		}, 100, py.IndentationError},
		{"operator chain", func(n int) string { return "1" + strings.Repeat("+1", n) }, 2990, py.RecursionError},
		{"attribute chain", func(n int) string { return "a" + strings.Repeat(".b", n) }, 2990, py.RecursionError},
		{"call chain", func(n int) string { return "f" + strings.Repeat("()", n) }, 2990, py.RecursionError},
		{"unary minus tree", func(n int) string { return strings.Repeat("-", n) + "1" }, 2990, py.RecursionError},
		{"unary minus parse", func(n int) string { return strings.Repeat("-", n) + "1" }, 5970, py.MemoryError},
		{"not parse", func(n int) string { return strings.Repeat("not ", n) + "1" }, 5970, py.MemoryError},
		{"conditional parse", func(n int) string { return strings.Repeat("1 if x else ", n) + "1" }, 5970, py.MemoryError},
		{"lambdas", func(n int) string { return strings.Repeat("lambda:", n) + "1" }, 2985, py.MemoryError},
		{"powers", func(n int) string { return "2" + strings.Repeat("**2", n) }, 2985, py.MemoryError},
		{"elif tree", func(n int) string { return "if a: pass\n" + strings.Repeat("elif a: pass\n", n) }, 2990, py.RecursionError},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ParseSource(tc.src(tc.fails-1), "s", py.ExecMode); err != nil && errType(err) == tc.want {
				t.Fatalf("size %d: %v, want it to compile this far", tc.fails-1, err)
			}
			_, err := ParseSource(tc.src(tc.fails), "s", py.ExecMode)
			if got := errType(err); got != tc.want {
				t.Fatalf("size %d: got %v, want %s", tc.fails, err, tc.want.Name)
			}
			if _, err := ParseSource(tc.src(tc.fails*40), "s", py.ExecMode); err == nil {
				t.Fatalf("size %d compiled", tc.fails*40)
			}
		})
	}
}

func errType(err error) *py.Type {
	if e, ok := err.(*py.Exception); ok {
		return e.Type()
	}
	return nil
}
