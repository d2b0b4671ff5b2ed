package pyspark

import (
	"context"
	"errors"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// fuzzMemory is the fuzz's memory cap: single allocations past it are refused before they
// are made (py.SetMaxAlloc), and a heap watcher raises MemoryError once the heap grows
// past it, as kafkalab's script children do.
const fuzzMemory = 128 << 20

// watchHeap raises MemoryError in in's script while the heap is past fuzzMemory, until
// stop is closed.
func watchHeap(in *Interpreter, stop <-chan struct{}) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
			metrics.Read(s)
			if s[0].Value.Uint64() > fuzzMemory {
				runtime.GC()
				metrics.Read(s)
				if s[0].Value.Uint64() > fuzzMemory {
					in.Limits().RaiseMemoryError()
				}
			}
		}
	}
}

// FuzzExec feeds arbitrary source to the interpreter, loops, memory growth and bombs
// included: whatever the text, Exec returns (an error or nil) within a few seconds of its
// context's deadline, no Go panic escapes, and memory stays bounded.
func FuzzExec(f *testing.F) {
	seeds := []string{
		sessionPrelude + "df.select(F.to_json(F.struct('*')).alias('v')).show(truncate=False)",
		sessionPrelude + "df.groupBy('status').agg(F.count('*').alias('n')).orderBy(*df.columns[:1]).collect()",
		sessionPrelude + "df.filter(~(F.col('amount') > 1) | F.col('status').isNull()).toPandas()",
		"import sys\nprint(sys.argv[1], f'{1:>3}', sep='|')\n",
		"def f(a: int = 1, *b, **c) -> int:\n    '''doc'''\n    return a\nprint(f(*[1], **{'x': 2}))",
		"class A:\n    def __init__(self):\n        self.x = [(1, 'a')]\nprint(sum(len(t) for t in A().x))",
		"x = {'1': [(1, 2)], '2': []}\nprint(sorted(x.items()))",
		"from pyspark.sql.types import *\nStructType([StructField('a', DecimalType(10, 2))]).simpleString()",
		"import os\nos.path.join('a', 'b')\nopen('/etc/passwd')",
		"try:\n    raise ValueError('x')\nexcept Exception as e:\n    print(e)\nfinally:\n    pass",
		"print(f'{\"a\"!r:^9}' f\"{{}}\")",
		"(lambda: (yield))()",
		"@property\ndef p(): pass",
		"import json\njson.loads('[1, {\"a\": null}]')",
		"while True:\n    pass",
		"d = {}\nfor i in range(10):\n    d[(i, str(i))] = {i: d}\nprint(d)",
		"i = 0\nwhile True:\n    i += 1",
		"while True:\n    try:\n        pass\n    except BaseException:\n        pass",
		"l = []\nwhile True:\n    l.append('x' * 10000)",
		"l = []\nl.append(l)\nprint(l, l == l, str(l))",
		"s = 'x'\nwhile True:\n    s = s + s",
		"'x' * 10**10",
		"[0] * 10**9",
		"2 ** (2 ** 40)",
		"10**10**8",
		"def f(n):\n    return f(n + 1)\nf(0)",
		"x = []\nfor i in range(100000):\n    x = [x]\nprint(x)",
		"d = {}\ni = 0\nwhile True:\n    d[i] = [i] * 1000\n    i += 1",
		"import time\nwhile True:\n    time.sleep(0.01)",
		sessionPrelude + "while True:\n    df = df.union(df)",
	}
	for _, s := range seeds {
		f.Add(s)
	}
	dir := f.TempDir()
	prev := py.SetMaxAlloc(fuzzMemory)
	f.Cleanup(func() { py.SetMaxAlloc(prev) })
	f.Fuzz(func(t *testing.T, src string) {
		in, err := NewInterpreter(Config{WorkDir: dir, Args: []string{"1"}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		stop := make(chan struct{})
		defer close(stop)
		go watchHeap(in, stop)
		done := make(chan error, 1)
		go func() { done <- in.Exec(ctx, "fuzz.py", src) }()
		select {
		case err = <-done:
		case <-time.After(4 * time.Second):
			if p := os.Getenv("FUZZ_HANG_FILE"); p != "" {
				_ = os.WriteFile(p, []byte(src), 0o644)
			}
			t.Fatalf("the script ran 3 s past its context's deadline:\n%s", src)
		}
		in.Close()
		var pe *python.Error
		if errors.As(err, &pe) && pe.Kind == "InternalError" {
			t.Fatalf("panic escaped into an internal error: %v", err)
		}
		if err != nil && strings.Contains(err.Error(), "goroutine ") {
			t.Fatalf("Go stack trace in error: %v", err)
		}
	})
}
