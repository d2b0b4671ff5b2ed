package containerproc

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Without a helper anywhere, Start says where it looked and how to build it.
func TestStartWithoutHelper(t *testing.T) {
	t.Setenv(HelperEnv, "")
	t.Setenv("PATH", t.TempDir())
	_, err := Start(context.Background(), "")
	if err == nil {
		t.Fatal("Start found a helper in an empty PATH")
	}
	for _, want := range []string{HelperName, "./cmd/kafkalab-container", HelperEnv} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

// The real helper, with no container engine to talk to, hands back the container
// package's one-sentence error and ends: nothing is left running.
func TestHelperReportsNoEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cmd/kafkalab-container")
	}
	dir := t.TempDir()
	helper := filepath.Join(dir, HelperName)
	build := exec.Command("go", "build", "-o", helper, "../../../cmd/kafkalab-container")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Setenv(HelperEnv, helper)
	t.Setenv("DOCKER_HOST", "unix://"+filepath.Join(dir, "no-engine.sock"))
	t.Setenv("HOME", dir) // no ~/.testcontainers.properties pointing elsewhere
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	b, err := Start(ctx, "")
	if err == nil {
		b.Close(ctx)
		t.Fatal("Start succeeded without a container engine")
	}
	if !strings.Contains(err.Error(), "no container engine answers") || !strings.Contains(err.Error(), "no-engine.sock") {
		t.Fatalf("error %q, want the container package's no-engine sentence naming the socket", err)
	}
}
