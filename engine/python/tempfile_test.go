package python

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tempfile makes its folders inside the working folder (.kafkalab-tmp) and removes them,
// and that folder, when the last TemporaryDirectory is cleaned up.
func TestTempfileStaysInTheWorkingFolder(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"a temporary directory", `import os, tempfile
with tempfile.TemporaryDirectory(prefix="inputFiles") as d:
    print(os.path.isdir(d), os.path.basename(d).startswith("inputFiles"), len(os.path.basename(d)))
    with open(os.path.join(d, "x.txt"), "w") as f:
        f.write("x")
    print(os.listdir(d))
print(os.path.exists(d), os.path.exists(".kafkalab-tmp"))`, "True True 18\n['x.txt']\nFalse False\n"},
		{"inside the working folder", `import os, tempfile
t = tempfile.TemporaryDirectory(suffix="-s")
print(t.name.startswith(os.path.join(os.getcwd(), ".kafkalab-tmp")), t.name.endswith("-s"), tempfile.gettempdir() == os.path.join(os.getcwd(), ".kafkalab-tmp"))
t.cleanup()
t.cleanup()
print(os.path.exists(t.name))`, "True True True\nFalse\n"},
		{"mkdtemp in a folder given", `import os, tempfile
os.mkdir("out")
d = tempfile.mkdtemp(dir="out")
print(os.path.dirname(d) == os.path.abspath("out"), os.path.basename(d)[:3], os.path.isdir(d))`, "True tmp True\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := runSnippet(t, tc.src, nil)
			if err != nil {
				t.Fatalf("%v\n%s", err, got)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	// A folder outside the working folder stays out of reach.
	outside := t.TempDir()
	got, err := runSnippet(t, "import tempfile\ntempfile.mkdtemp(dir="+quotePy(outside)+")", nil)
	if err == nil || !strings.Contains(err.Error(), "PermissionError") {
		t.Errorf("mkdtemp outside the working folder: %v %s", err, got)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 0 {
		t.Errorf("made %s in %s", ents[0].Name(), filepath.Base(outside))
	}
}

func quotePy(s string) string { return "'" + strings.ReplaceAll(s, "'", "\\'") + "'" }
