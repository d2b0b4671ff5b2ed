package python

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// runSnippet runs src in a fresh interpreter rooted at a temp folder and returns stdout.
func runSnippet(t *testing.T, src string, files map[string]string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out bytes.Buffer
	in, err := New(Config{WorkDir: dir, Stdout: &out, Stderr: &out, Args: []string{"1"}, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "script.py", src)
	return out.String(), err
}

func TestLanguageSurface(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"print sep end", `print("a", 1, 2.5, None, True, sep="|", end="!\n")`, "a|1|2.5|None|True!\n"},
		{"generator sum", "class P:\n    def __init__(self, n):\n        self.numInputRows = n\nps = [P(3), P(2)]\nprint(sum(p.numInputRows for p in ps))", "5\n"},
		{"star args kwargs", "def f(*a, **k):\n    return len(a), sorted(k.keys())\nprint(f(1, *[2, 3], x=1, **{'y': 2}))", "(3, ['x', 'y'])\n"},
		{"typed default", "def get(app_name: str = 'x') -> str:\n    \"\"\"Doc.\"\"\"\n    return app_name\nprint(get(), get('y'))", "x y\n"},
		{"comments in chain", "x = (\n    'Abc'  # first\n    .lower()  # second\n    .upper()\n)\nprint(x)", "ABC\n"},
		{"main guard", "if __name__ == '__main__':\n    print('main')", "main\n"},
		{"dict of lists of tuples", "B = {'1': [(1001, 'C01', 25.5)], '2': [(1004, 'C01', 40.0), (1, 'x', 1.0)]}\nprint(len(B['2']), B['1'][0][1])", "2 C01\n"},
		{"sys argv", "import sys\nprint(sys.argv[1], len(sys.argv))", "1 2\n"},
		{"f-strings", "n = 3\nt = 'orders'\nprint(f'Sent {n} events to {t!r}', f\"{n:>4}|{2.5:.2f}|{n*2}\", f'{{x}}')", "Sent 3 events to 'orders'    3|2.50|6 {x}\n"},
		{"f-strings in exec and eval", "n = 2\nexec(\"print(f'{n} events')\")\nprint(eval(\"f'{n + 1}'\"))", "2 events\n3\n"},
		{"f-string implicit concat", "n = 1\nprint('a' f'{n}' 'b')", "a1b\n"},
		{"str methods", "print(','.join(['a', 'b']), 'Ab'.upper(), 'Ab'.lower(), '{} and {x}'.format(1, x=2), 'a b'.title(), '7'.zfill(3), 'x'.ljust(3, '.'))", "a,b AB ab 1 and 2 A B 007 x..\n"},
		{"format spec", "print('{:,}'.format(1234567), '{:08.3f}'.format(3.14159), '{:^7}'.format('mid'), format(0.25, '.0%'))", "1,234,567 0003.142   mid   25%\n"},
		{"list dict methods", "l = [3, 1, 2]\nl.insert(0, 9)\nl.pop()\nd = {'a': 1}\nd.update(b=2)\nd.setdefault('c', 3)\nprint(l, l.index(1), sorted(d.items()), d.pop('a'))", "[9, 3, 1] 2 [('a', 1), ('b', 2), ('c', 3)] 1\n"},
		{"try except finally", "try:\n    x = undefined\nexcept NameError as e:\n    print('caught')\nfinally:\n    print('done')", "caught\ndone\n"},
		{"reversed callable bool", "print(list(reversed([1, 2])), callable(len), bool([]), bool(1))", "[2, 1] True False True\n"},
		{"json", "import json\nprint(json.dumps({'a': [1, 2.5, None]}), json.loads('{\"x\": [1, true]}')['x'])", "{\"a\": [1, 2.5, null]} [1, True]\n"},
		// str(bytes, encoding) decodes like bytes.decode: how scripts read a Kafka value.
		{"str decodes bytes", "print(str(b'ab', 'utf-8'), str(b'\\xff', 'utf-8', 'replace') == '\\ufffd', str(b'x', encoding='ascii'), str(b'q'))", "ab True x b'q'\n"},
		{"str decoding a str", "try:\n    str('x', 'utf-8')\nexcept TypeError as e:\n    print(e)", "decoding str is not supported\n"},
		{"property", "class A:\n    @property\n    def p(self):\n        return 3\nprint(A().p)", "3\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := runSnippet(t, c.src, nil)
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			if got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestLocalImportsAndMain(t *testing.T) {
	files := map[string]string{
		"helper.py":       "print('helper', __name__)\nVALUE = 42\ndef twice(x: int = 1) -> int:\n    return 2 * x\n",
		"pkg/__init__.py": "NAME = 'pkg'\n",
	}
	got, err := runSnippet(t, "from helper import twice, VALUE\nimport helper\nimport pkg\nprint(twice(VALUE), pkg.NAME, __name__)", files)
	if err != nil {
		t.Fatal(err)
	}
	if want := "helper helper\n84 pkg __main__\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestSyntaxErrorHasCaret(t *testing.T) {
	_, err := runSnippet(t, "x = 1\nprint('a' +)\n", nil)
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("want *Error, got %T %v", err, err)
	}
	if pe.Kind != "SyntaxError" || pe.Line != 2 || !strings.Contains(err.Error(), "^") || !strings.Contains(err.Error(), "print('a' +)") {
		t.Fatalf("bad syntax error: %+v\n%s", pe, err)
	}
}

func TestRuntimeErrorNamesLine(t *testing.T) {
	_, err := runSnippet(t, "x = 1\n\ny = x + undefined_name\n", nil)
	var pe *Error
	if !errors.As(err, &pe) || pe.Kind != "NameError" || pe.Line != 3 || pe.File != "script.py" {
		t.Fatalf("got %#v", err)
	}
	if !strings.Contains(err.Error(), "y = x + undefined_name") {
		t.Fatalf("no source line in %q", err)
	}
}

func TestSysExit(t *testing.T) {
	if _, err := runSnippet(t, "import sys\nsys.exit(0)\nprint('not here')", nil); err != nil {
		t.Fatalf("exit(0) should be success, got %v", err)
	}
	_, err := runSnippet(t, "import sys\nsys.exit(3)", nil)
	var pe *Error
	if !errors.As(err, &pe) || !pe.Exit || pe.Code != 3 {
		t.Fatalf("got %v", err)
	}
}

func TestGlobalsPersistBetweenExec(t *testing.T) {
	var out bytes.Buffer
	in, err := New(Config{WorkDir: t.TempDir(), Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx := context.Background()
	if err := in.Exec(ctx, "", "x = 41"); err != nil {
		t.Fatal(err)
	}
	if err := in.Exec(ctx, "", "print(x + 1)"); err != nil {
		t.Fatal(err)
	}
	if out.String() != "42\n" {
		t.Fatalf("got %q", out.String())
	}
}

func TestRecursionLimit(t *testing.T) {
	_, err := runSnippet(t, "def f(n):\n    return f(n + 1)\nf(0)\n", nil)
	var pe *Error
	if !errors.As(err, &pe) || pe.Kind != "RecursionError" {
		t.Fatalf("got %v", err)
	}
}

func TestCancelStopsScript(t *testing.T) {
	in, err := New(Config{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	for _, src := range []string{
		"def spin():\n    pass\nwhile True:\n    spin()\n",
		"import time\ntime.sleep(60)\n",
		"while True:\n    print('x')\n",
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		err = in.Exec(ctx, "loop.py", src)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%q: got %v, want the context's error", src, err)
		}
		if time.Since(start) > 5*time.Second {
			t.Fatalf("%q: took %v to stop", src, time.Since(start))
		}
	}
}

func TestCPythonSpellings(t *testing.T) {
	cases := []struct{ src, want string }{
		{"print(123456789.5, str(123456789.5), [0.1 + 0.2], (1,), {'a': 2.0})", "123456789.5 123456789.5 [0.30000000000000004] (1,) {'a': 2.0}\n"},
		{"print(round(2.675, 2), round(2.5), round(3.5), round(7, -1), round(1234.5678, -2))", "2.67 2 4 10 1200.0\n"},
		{"print(type(3).__name__, type('x').__name__)\ntry:\n    int('x')\nexcept ValueError as e:\n    print(type(e).__name__, e.__class__.__name__)", "int str\nValueError ValueError\n"},
		{"try:\n    raise ValueError('bad', 2)\nexcept ValueError as e:\n    print(repr(e), [e])", "ValueError('bad', 2) [ValueError('bad', 2)]\n"},
		{"class A:\n    @staticmethod\n    def s(x):\n        return x * 2\nprint(A.s(2), A().s(3))", "4 6\n"},
		{"print(f'{2.5}', f'{123456789.5}', '{}'.format(0.1))", "2.5 123456789.5 0.1\n"},
	}
	for _, c := range cases {
		got, err := runSnippet(t, c.src, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
	got, err := runSnippet(t, "class A:\n    def __init__(self, x):\n        self.x = x\nclass B(A):\n    def __init__(self):\n        super().__init__(7)\nprint(B().x)", nil)
	if err != nil || got != "7\n" {
		t.Fatalf("super: %q %v", got, err)
	}
}

func TestFStringSyntaxError(t *testing.T) {
	_, err := runSnippet(t, "name = 'x'\nprint(f\"hello {name\")\n", nil)
	var pe *Error
	if !errors.As(err, &pe) || pe.Kind != "SyntaxError" || pe.Line != 2 || pe.Message != "f-string: expecting '}'" {
		t.Fatalf("got %#v", err)
	}
}

func TestExecInteractive(t *testing.T) {
	var out bytes.Buffer
	in, err := New(Config{WorkDir: t.TempDir(), Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx := context.Background()
	for _, src := range []string{"x = [1.5, (2,)]", "x", "None", "len(x) + 1", "for i in x:\n    print(i)", "f'{x[0]}'"} {
		if err := in.ExecInteractive(ctx, "", src); err != nil {
			t.Fatalf("%q: %v", src, err)
		}
	}
	if want := "[1.5, (2,)]\n3\n1.5\n(2,)\n'1.5'\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	if err := in.ExecInteractive(ctx, "", "undefined_thing"); err == nil || !strings.Contains(err.Error(), "NameError") {
		t.Fatalf("got %v", err)
	}
}

func TestScriptInSubfolderImportsBesideIt(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lab"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile := func(p, body string) {
		if err := os.WriteFile(filepath.Join(dir, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile("lab/helper.py", "WHERE = 'lab'\n")
	writeFile("lab/main.py", "from helper import WHERE\nprint(WHERE)\nx = 1 / 0\n")
	var out bytes.Buffer
	in, err := New(Config{ScriptPath: "lab/main.py", WorkDir: dir, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.ExecFile(context.Background(), "lab/main.py")
	var pe *Error
	if out.String() != "lab\n" || !errors.As(err, &pe) || pe.File != "lab/main.py" || pe.Line != 3 {
		t.Fatalf("out %q err %v", out.String(), err)
	}
}

// A script the caller names outside the working folder runs, as `python /elsewhere/x.py`
// does, labelled with its path as given; what it opens stays confined to the working folder.
func TestScriptOutsideWorkDirRunsConfined(t *testing.T) {
	ws, elsewhere := t.TempDir(), t.TempDir()
	script := filepath.Join(elsewhere, "x.py")
	body := "import sys\nprint(sys.argv[0] == __file__)\nopen('note.txt', 'w').write('kept')\nopen(" + fmt.Sprintf("%q", filepath.Join(elsewhere, "leak.txt")) + ", 'w')\n"
	if err := os.WriteFile(script, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	in, err := New(Config{ScriptPath: script, WorkDir: ws, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.ExecFile(context.Background(), script)
	var pe *Error
	if !errors.As(err, &pe) || pe.File != script || pe.Line != 4 || !strings.Contains(pe.Error(), "PermissionError") {
		t.Fatalf("err %v", err)
	}
	if out.String() != "True\n" {
		t.Fatalf("out %q", out.String())
	}
	if b, err := os.ReadFile(filepath.Join(ws, "note.txt")); err != nil || string(b) != "kept" {
		t.Fatalf("note.txt %q %v", b, err)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "leak.txt")); err == nil {
		t.Fatal("the script wrote outside the working folder")
	}
}

// Dict keys of any hashable type work, in insertion order, as in CPython.
func TestDictKeysInOrder(t *testing.T) {
	got, err := runSnippet(t, "batches = {2: [(1001, 'C01')], 1: []}\nprint(batches, batches[2][0][1])\n", nil)
	if err != nil || got != "{2: [(1001, 'C01')], 1: []} C01\n" {
		t.Fatalf("got %q %v", got, err)
	}
}

// A cancelled context stops a loop that calls nothing within a second.
func TestCancelStopsTightLoop(t *testing.T) {
	in, err := New(Config{WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- in.Exec(ctx, "loop.py", "i = 0\nwhile True:\n    i += 1\n") }()
	time.Sleep(100 * time.Millisecond)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		t.Logf("stopped %v after the cancel", time.Since(start))
	case <-time.After(time.Second):
		t.Fatal("the loop ran on for a second after the cancel")
	}
}
