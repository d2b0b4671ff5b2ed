package pyspark

import (
	"context"
	"errors"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/python"
)

// hugeWork matches sources whose single operations would allocate up to the
// interpreter's 1 GiB cap (giant repetitions and powers); loops, sleeps and growth
// are fuzzed, the run's context stops them.
var hugeWork = regexp.MustCompile(`\*\*|\d{6,}|<<`)

// FuzzExec feeds arbitrary source to the interpreter: whatever the text, Exec returns
// (an error or nil) and no Go panic escapes.
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
	}
	for _, s := range seeds {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src string) {
		if hugeWork.MatchString(src) || strings.Count(src, "*") > 8 {
			t.Skip()
		}
		in, err := NewInterpreter(Config{WorkDir: dir, Args: []string{"1"}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- in.Exec(ctx, "fuzz.py", src) }()
		select {
		case err = <-done:
		case <-time.After(5 * time.Second):
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
