package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExportCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lesson04")
	tests := []struct {
		name     string
		args     []string
		code     int
		out, err string
	}{
		{"exports a lesson", []string{"export", "04", dir}, 0, "Exported 04-read-to-table to " + dir, ""},
		{"refuses a used folder", []string{"export", "04", dir}, 1, "", "is not empty"},
		{"unknown lesson", []string{"export", "99", t.TempDir()}, 2, "", `no lesson "99"`},
		{"missing folder", []string{"export", "04"}, 2, "", "name a lesson and a folder"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
			if code := runCLI(context.Background(), env, tc.args); code != tc.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tc.code, errb.String())
			}
			if !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.err) {
				t.Fatalf("stdout %q stderr %q; want %q / %q", out.String(), errb.String(), tc.out, tc.err)
			}
		})
	}
	for _, f := range []string{"README.md", "requirements.txt", "stream_session.py", "send_orders.py", "orders.jsonl", "read_orders.py", "show_table.py", "audit_orders.py"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the export lacks %s: %v", f, err)
		}
	}
}
