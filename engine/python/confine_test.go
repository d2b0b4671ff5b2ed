package python

import (
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
		{"read /etc/passwd", "print(open('/etc/passwd').read())", "outside the working folder"},
		{"read a file outside", "print(open(" + quote(outside) + ").read())", "outside the working folder"},
		{"write ../x", "f = open('../x', 'w')\nf.write('x')", "outside the working folder"},
		{"import os then system", "import os\nos.system('echo hi')", "does not support os.system"},
		{"os.remove", "import os\nos.remove('/tmp/x')", "does not support os.remove"},
		{"import subprocess", "import subprocess", "module 'subprocess' is not available"},
		{"import socket", "import socket", "module 'socket' is not available"},
		{"__import__ trick", "__import__('subprocess')", "module 'subprocess' is not available"},
		{"exec import", "exec('import socket')", "module 'socket' is not available"},
		{"eval import", "eval(\"__import__('shutil')\")", "module 'shutil' is not available"},
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

func TestConfinementSymlinkOut(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "s.txt"), []byte("s"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link")); err != nil {
		t.Skip("no symlinks here")
	}
	in, err := New(Config{WorkDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if _, err := in.Confine("link/s.txt"); err == nil {
		t.Fatal("a symlink out of the working folder was followed")
	}
	if _, err := in.Confine("checkpoints/new/dir"); err != nil {
		t.Fatalf("a new path inside was refused: %v", err)
	}
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "\\'") + "'" }
