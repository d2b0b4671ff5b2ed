package python

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"
)

// TestScriptsAsCPython runs scripts of testdata in the confined runtime: osfiles.py
// (os.makedirs, listdir, walk, utime, os.path, shutil...), recursionlimit.py
// (sys.setrecursionlimit), stdlib.py, and learnergaps.py (super(), non-string dict keys,
// exceptions, __future__: what learners' scripts lean on) and filelibs.py (csv, glob, fnmatch, base64). Each output is CPython 3.11's,
// recorded in NAME.golden; where python3 is installed the golden is checked against it too.
func TestScriptsAsCPython(t *testing.T) {
	for _, name := range []string{"osfiles", "recursionlimit", "stdlib", "learnergaps", "filelibs"} {
		t.Run(name, func(t *testing.T) { runAsCPython(t, name) })
	}
}

func runAsCPython(t *testing.T, name string) {
	src, err := os.ReadFile("testdata/" + name + ".py")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/" + name + ".golden")
	if err != nil {
		t.Fatal(err)
	}
	if py, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command(py, "-")
		cmd.Dir = t.TempDir()
		cmd.Stdin = bytes.NewReader(src)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("python3: %v\n%s", err, out)
		}
		if !bytes.Equal(out, want) {
			t.Fatalf("%s.golden is not what python3 prints:\n%s", name, out)
		}
	}
	var out bytes.Buffer
	in, err := New(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out, ScriptPath: name + ".py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := in.Exec(context.Background(), name+".py", string(src)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if got := out.String(); got != string(want) {
		t.Errorf("kafkalab prints:\n%s\nCPython prints:\n%s", got, want)
	}
}
