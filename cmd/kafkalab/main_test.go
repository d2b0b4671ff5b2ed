package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// TestMain lets the test binary serve as the scripts' child, as kafkalab does: commands
// that run scripts start os.Executable() with __pyrun.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == pyrun.ChildCommand {
		os.Exit(pyrun.ServeChild(os.Args[2:]))
	}
	os.Exit(m.Run())
}

func runForTest(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code = runCLI(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := runForTest(t, "--help")
	if code != 0 {
		t.Fatalf("--help exit code = %d, want 0", code)
	}
	for name, c := range commands {
		if c.hidden {
			continue
		}
		if !strings.Contains(out, name) || !strings.Contains(out, c.summary) {
			t.Errorf("--help does not list %q with its summary %q", name, c.summary)
		}
	}
}

func TestVersion(t *testing.T) {
	code, out, _ := runForTest(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "kafkalab ") {
		t.Fatalf("--version = %d %q", code, out)
	}
}

func TestUnknownCommand(t *testing.T) {
	code, _, errOut := runForTest(t, "frobnicate")
	if code == 0 || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Fatalf("unknown command: code %d, stderr %q", code, errOut)
	}
}
