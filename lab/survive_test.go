package lab

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lessons"
)

// The sandbox and the course's prompt run learner code through the lab's runner (a child
// process per interpreter): whatever an entry does, the console answers with the Python
// error it stands for, no Go stack reaches the learner, and the next entry runs.
func TestConsoleSurvivesLearnerCrashes(t *testing.T) {
	var mu sync.Mutex
	var out strings.Builder
	lb := newTestLabWith(t, nil, Options{Runner: childRunner(t), Observe: func(e Event) {
		if e.Kind == OutputLine && e.Console {
			mu.Lock()
			out.WriteString(e.Line + "\n")
			mu.Unlock()
		}
	}})
	c := lb.Console(t.TempDir())
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cases := []struct{ name, entry, want string }{
		{"self-referential list", "l = []; l.append(l); print(l, str(l), f'{l}', l in l)", ""},
		{"self-reference to json", "import json; l = []; l.append(l); json.dumps(l)", "ValueError: Circular reference detected"},
		{"self-references compared", "a = []; a.append(a); b = []; b.append(b); a == b", "RecursionError"},
		{"self-references sorted", "a = []; a.append(a); b = []; b.append(b); sorted([a, b])", "RecursionError"},
		{"deep nesting", "x = []\nfor i in range(100000):\n    x = [x]\nprint(x)", "RecursionError"},
		{"string bomb", "'x' * 10**10", "MemoryError"},
		{"list bomb", "[0] * 10**9", "MemoryError"},
		{"power bomb", "2 ** (2 ** 40)", "MemoryError"},
		{"power tower", "10**10**8", "MemoryError"},
		{"endless append", "l = []\nwhile True:\n    l.append('x' * 10000)", "MemoryError"},
		{"runaway recursion", "def f(n):\n    return f(n + 1)\nf(0)", "RecursionError"},
		{"deep nesting compiled", "eval('-' * 300000 + '1')", "MemoryError"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
			defer cancel()
			err := c.Run(rctx, tc.entry)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("want no error, got %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("want %q, got %v", tc.want, err)
			}
			if err := c.Run(rctx, "print('still ' + 'here')"); err != nil {
				t.Fatalf("the next entry failed: %v", err)
			}
			mu.Lock()
			got := out.String()
			out.Reset()
			mu.Unlock()
			if !strings.Contains(got, "still here\n") {
				t.Errorf("the next entry printed %q", got)
			}
			if strings.Contains(got, "goroutine ") || (err != nil && strings.Contains(err.Error(), "goroutine ")) {
				t.Errorf("a Go stack trace reached the learner:\n%s%v", got, err)
			}
		})
	}
	// Ctrl-C at the prompt stops a loop that calls nothing.
	rctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- c.Run(rctx, "while True:\n    pass") }()
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case <-done:
		t.Logf("Ctrl-C stopped the loop in %v", time.Since(start).Round(time.Millisecond))
	case <-time.After(5 * time.Second):
		t.Fatal("the loop ran on 5 s after Ctrl-C")
	}
	if err := c.Run(ctx, "print('after Ctrl-C')"); err != nil {
		t.Fatalf("the prompt after Ctrl-C: %v", err)
	}
}

// kafkalab check stops a step that loops at its time limit, says so, and goes on to the
// next step.
func TestCheckStopsARunawayStepAtItsTimeout(t *testing.T) {
	src := "---\nid: 99-loop\ntitle: Loop\ngoal: Loop.\n---\n" +
		"## Spin\n```python run\nwhile True:\n    pass\n```\n" +
		"## Grow\n```python run\ni = 0\nwhile True:\n    i += 1\n```\n" +
		"## After\n```python run\nprint('after')\n```\n\nExpected output:\n```\nafter\n```\n"
	lesson, err := lessons.Parse("99-loop.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	const limit = 2 * time.Second
	lb := newTestLabWith(t, []*lessons.Lesson{lesson}, Options{Runner: childRunner(t), StepTimeout: limit})
	var out bytes.Buffer
	start := time.Now()
	rep := lb.Check(context.Background(), []*lessons.Lesson{lesson}, &out)
	took := time.Since(start)
	t.Logf("check took %v for two runaway steps of %v each\n%s", took.Round(time.Millisecond), limit, out.String())
	if rep.Passed != 1 || rep.Failed != 2 {
		t.Fatalf("want 1 passed, 2 failed, got %+v", rep)
	}
	if n := strings.Count(out.String(), "(the step's time limit of 2s)"); n != 2 {
		t.Errorf("want both runaway steps stopped at the time limit, found %d:\n%s", n, out.String())
	}
	if took > 2*limit+8*time.Second {
		t.Errorf("the check took %v: the steps ran past their time limit", took)
	}
}
