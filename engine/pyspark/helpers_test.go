package pyspark

import (
	"bytes"
	"context"
	"testing"
)

// runSnippet runs src in a fresh interpreter rooted at a temp folder and returns stdout.
func runSnippet(t *testing.T, src string, files map[string]string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Stderr: &out, Args: []string{"1"}, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "script.py", src)
	return out.String(), err
}
