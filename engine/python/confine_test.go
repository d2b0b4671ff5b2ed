package python

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfinementEscapes tries the usual ways out of the working folder and the process;
// each must fail with an error that says what is not allowed.
func TestConfinementEscapes(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("secret"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, src, wantErr string }{
		{"read /etc/passwd", "print(open('/etc/passwd').read())", "outside it"},
		{"read a file outside", "print(open(" + quote(outside) + ").read())", "outside it"},
		{"write ../x", "f = open('../x', 'w')\nf.write('x')", "outside it"},
		{"import os then system", "import os\nos.system('echo hi')", "does not support os.system"},
		{"os.remove", "import os\nos.remove('/tmp/x')", "PermissionError: kafkalab keeps scripts inside the workspace"},
		{"os.system", "import os\nos.system('ls')", "does not support os.system"},
		{"import subprocess", "import subprocess", "module 'subprocess' is not available"},
		{"import socket", "import socket", "module 'socket' is not available"},
		{"__import__ trick", "__import__('subprocess')", "module 'subprocess' is not available"},
		{"exec import", "exec('import socket')", "module 'socket' is not available"},
		{"eval import", "eval(\"__import__('pathlib')\")", "module 'pathlib' is not available"},
		{"builtins module", "import builtins", "module 'builtins' is not available"},
		{"relative import", "from . import x", "relative imports"},
		{"path traversal module", "__import__('..etc')", "No module named"},
		{"ctypes", "import ctypes", "not available"},
		{"importlib", "import importlib", "not available"},
		{"sys has no modules", "import sys\nsys.modules['os']", "has no attribute"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := runSnippet(t, c.src, nil)
			if err == nil {
				t.Fatalf("escape succeeded")
			}
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("want a Python error, got %T %v", err, err)
			}
			if !strings.Contains(err.Error(), c.wantErr) {
				t.Fatalf("error %q does not mention %q", err, c.wantErr)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(t.TempDir()), "x")); err == nil {
		t.Fatal("../x was written")
	}
}

func TestConfinementAllowsWorkingFolder(t *testing.T) {
	got, err := runSnippet(t, "f = open('notes.txt', 'w')\nf.write('hello')\nf.close()\nprint(open('notes.txt').read())\nimport os\nprint(os.path.exists('notes.txt'), os.path.join('a', 'b'), os.listdir('.'))\n"+
		"with open('lines.txt', 'w') as f:\n    f.write('a\\nb\\n')\nwith open('lines.txt') as f:\n    print([l.strip() for l in f], f.closed)\nprint(open('lines.txt').readlines(), open('lines.txt', 'rb').read())\ntry:\n    open('missing.txt')\nexcept FileNotFoundError as e:\n    print(e)", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got != "hello\nTrue a/b ['notes.txt']\n['a', 'b'] False\n['a\\n', 'b\\n'] b'a\\nb\\n'\n[Errno 2] No such file or directory: 'missing.txt'\n" {
		t.Fatalf("got %q", got)
	}
}

// Links out of the working folder, dangling or not, are refused by open() and the os
// functions, for reading and for writing; links inside work.
func TestConfinementSymlinks(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "s.txt"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"link": outside, "dangling": filepath.Join(outside, "new.txt"), "inside": "sub"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symlinks here")
		}
	}
	in, err := New(Config{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	for _, src := range []string{
		"open('link/s.txt').read()",
		"open('dangling', 'w').write('x')",
		"open('dangling', 'a')",
		"import os\nos.listdir('link')",
		"import os\nos.remove('link/s.txt')",
		"import os\nos.makedirs('link/d')",
		"import os\nos.rename('link/s.txt', 'stolen.txt')",
	} {
		err := in.Exec(context.Background(), "x.py", src)
		if err == nil || !strings.Contains(err.Error(), "PermissionError: kafkalab keeps scripts inside the workspace") {
			t.Errorf("%s: want a refusal, got %v", src, err)
		}
	}
	if err := in.Exec(context.Background(), "x.py", "open('inside/f.txt', 'w').write('ok')\nassert open('sub/f.txt').read() == 'ok'"); err != nil {
		t.Fatalf("a link inside the working folder: %v", err)
	}
	ents, _ := os.ReadDir(outside)
	if len(ents) != 1 {
		t.Fatalf("the folder outside changed: %v", ents)
	}
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "\\'") + "'" }

// A module that is nowhere is Python's ModuleNotFoundError, a kind of ImportError: CPython
// (and real PySpark's Python) print "ModuleNotFoundError True" for this script.
func TestMissingModuleIsModuleNotFoundError(t *testing.T) {
	out, err := runSnippet(t, "try:\n    import pandas\nexcept ImportError as e:\n    print(type(e).__name__, isinstance(e, ModuleNotFoundError))\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	if out != "ModuleNotFoundError True\n" {
		t.Errorf("got %q", out)
	}
}
