package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCourseResetProgress(t *testing.T) {
	home := t.TempDir()
	t.Setenv("KAFKALAB_HOME", home)
	path := filepath.Join(home, "state", "progress.txt")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte("current 03-send-events 2\ndone 01-topics-partitions-offsets 1 2\n"), 0o644)
	code, out, errs := runForTest(t, "course", "--reset-progress")
	if code != 0 || !strings.Contains(out, "progress reset") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "done") || strings.Contains(string(data), "current") {
		t.Fatalf("progress still there:\n%s", data)
	}
}

func TestCourseFlagErrors(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"course", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"course", "--lessons", "/no/such/folder"}, 1, "/no/such/folder"},
		{[]string{"course", "--help"}, 0, "Usage: kafkalab [course]"},
		{[]string{"sandbox", "--help"}, 0, "Usage: kafkalab sandbox"},
	} {
		code, _, errs := runForTest(t, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
	// A bad progress file is a one-line error naming the file and the fix.
	home := os.Getenv("KAFKALAB_HOME")
	os.MkdirAll(filepath.Join(home, "state"), 0o755)
	os.WriteFile(filepath.Join(home, "state", "progress.txt"), []byte("bogus\n"), 0o644)
	code, _, errs := runForTest(t, "course")
	if code != 1 || !strings.Contains(errs, "progress.txt:1") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Errorf("bad progress file: exit %d, %q", code, errs)
	}
}
