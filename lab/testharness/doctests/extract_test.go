package doctests

import (
	"encoding/json"
	"os"
	"os/exec"
	"testing"
)

// extract.py writes an example as doctest runs it in interactive mode: an expression's
// value is printed unless None, also when the expression is a statement inside a compound
// statement (the last line of a with block), but not inside a function's body.
func TestExampleCodeShowsValuesAsInteractiveMode(t *testing.T) {
	python := os.Getenv("KAFKALAB_DOCTEST_PYTHON")
	if python == "" {
		t.Skip("KAFKALAB_DOCTEST_PYTHON not set; `make test-doctests` runs this with the pinned PySpark")
	}
	tests := []struct {
		source, want string
	}{
		{"df.count()\n", "_value = (df.count()\n)\nif _value is not None:\n    print(repr(_value))\n"},
		{"x = 1\n", "x = 1\n"},
		{"with open('f') as f:\n    # read\n    len(f.read())\n",
			"with open('f') as f:\n    _value = len(f.read())\n    if _value is not None:\n        print(repr(_value))\n"},
		{"def f():\n    g()\n", "def f():\n    g()\n"},
		{"for i in range(2):\n    i\n",
			"for i in range(2):\n    _value = i\n    if _value is not None:\n        print(repr(_value))\n"},
	}
	for _, tc := range tests {
		src, _ := json.Marshal(tc.source)
		cmd := exec.Command(python, "-c", "import doctest, extract, sys; sys.stdout.write(extract.example_code(doctest.Example("+string(src)+", '')))")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%q: %v\n%s", tc.source, err, out)
		}
		if string(out) != tc.want {
			t.Errorf("example_code(%q) =\n%s\nwant\n%s", tc.source, out, tc.want)
		}
	}
}
