package python

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"testing"
)

// TestOSFilesAsCPython runs testdata/osfiles.py (os.makedirs, listdir, walk, utime,
// os.path, shutil...) in the confined runtime: its output is CPython 3.11's, recorded in
// osfiles.golden; where python3 is installed the golden is checked against it too.
func TestOSFilesAsCPython(t *testing.T) {
	src, err := os.ReadFile("testdata/osfiles.py")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/osfiles.golden")
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
			t.Fatalf("osfiles.golden is not what python3 prints:\n%s", out)
		}
	}
	var out bytes.Buffer
	in, err := New(Config{WorkDir: t.TempDir(), Stdout: &out, Stderr: &out, ScriptPath: "osfiles.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := in.Exec(context.Background(), "osfiles.py", string(src)); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if got := out.String(); got != string(want) {
		t.Errorf("kafkalab prints:\n%s\nCPython prints:\n%s", got, want)
	}
}
