package lab

import (
	"os"
	"testing"

	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// TestMain lets the test binary be the scripts' child process, as kafkalab re-executes
// itself with __pyrun: the lab's tests run scripts the way the product does.
func TestMain(m *testing.M) {
	if os.Getenv("KAFKALAB_PYRUN_CHILD") == "1" {
		os.Exit(pyrun.ServeChild(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// childRunner runs scripts in children of this test binary, one started ahead.
func childRunner(t testing.TB) *pyrun.Subprocess {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	r := &pyrun.Subprocess{Path: exe, Env: append(os.Environ(), "KAFKALAB_PYRUN_CHILD=1"), Prewarm: true}
	t.Cleanup(func() { r.Close() })
	return r
}
