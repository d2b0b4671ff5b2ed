package python

import (
	"os"
	"os/exec"
	"testing"
)

// TestJSONMatchesCPython runs testdata/json_cases.py (json.dumps and json.loads
// options, escapes, errors and their positions) and compares its output with CPython
// 3.11's, recorded by: python3 -B testdata/json_cases.py > testdata/json_cases.golden
func TestJSONMatchesCPython(t *testing.T) {
	src, err := os.ReadFile("testdata/json_cases.py")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/json_cases.golden")
	if err != nil {
		t.Fatal(err)
	}
	got, err := runSnippet(t, string(src), nil)
	if err != nil {
		t.Fatalf("json_cases.py: %v\noutput so far:\n%s", err, got)
	}
	if got != string(want) {
		t.Errorf("json_cases.py prints\n%s\nCPython printed\n%s", got, want)
	}
}

// TestJSONGoldenIsFresh re-runs CPython when it is installed, so an edit of
// json_cases.py without a new golden file fails.
func TestJSONGoldenIsFresh(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not installed")
	}
	out, err := exec.Command(python, "-B", "testdata/json_cases.py").Output()
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/json_cases.golden")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Fatal("testdata/json_cases.golden is stale: python3 -B testdata/json_cases.py > testdata/json_cases.golden")
	}
}
