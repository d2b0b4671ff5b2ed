//go:build containertest

// These tests need a container engine and a Kafka image: mk/40-container.mk runs them with
// -tags containertest, DOCKER_HOST pointing at a podman service it started, and
// KAFKALAB_TEST_IMAGE=localhost/kafkalab-kafka:4.3.1 built by scripts/podman/build-image.sh.

package container

import (
	"context"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/testcontainers/testcontainers-go"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func testImage(t *testing.T) string {
	t.Helper()
	img := os.Getenv("KAFKALAB_TEST_IMAGE")
	if img == "" {
		t.Fatal("KAFKALAB_TEST_IMAGE is not set: run these tests through `make test-container` (it builds the image and starts podman)")
	}
	if os.Getenv("DOCKER_HOST") == "" {
		t.Fatal("DOCKER_HOST is not set: run these tests through `make test-container`")
	}
	return img
}

// managedBy lists the kafkalab containers that carry pid's label.
func managedBy(t *testing.T, ctx context.Context, pid int) []Managed {
	t.Helper()
	all, err := ListManaged(ctx)
	if err != nil {
		t.Fatalf("list managed containers: %v", err)
	}
	var mine []Managed
	for _, m := range all {
		if m.PID == pid {
			mine = append(mine, m)
		}
	}
	return mine
}

func TestContainerBrokerRunsReferenceScenario(t *testing.T) {
	img := testImage(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()

	t0 := time.Now()
	b, err := Start(ctx, Config{Image: img, Env: map[string]string{"KAFKA_LOG_RETENTION_CHECK_INTERVAL_MS": "12345"}})
	if err != nil {
		t.Fatalf("Start(%s): %v", img, err)
	}
	t.Logf("container broker %s from %s answered at %v after %.1fs", shortID(b.ContainerID()), img, b.Bootstrap(), time.Since(t0).Seconds())
	closed := false
	defer func() {
		if !closed {
			_ = b.Close(context.Background())
		}
	}()

	if b.Kind() != "container" || len(b.Bootstrap()) != 1 {
		t.Fatalf("Kind() = %q, Bootstrap() = %v; want container and one address", b.Kind(), b.Bootstrap())
	}
	// Clients reach the broker on loopback, through a port published on the engine host's
	// 127.0.0.1 only (not the engine's bridge address, not every interface).
	host, _, err := net.SplitHostPort(b.Bootstrap()[0])
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		t.Fatalf("Bootstrap() = %v: want a loopback address", b.Bootstrap())
	}
	ins, err := b.ctr.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var published []string
	for port, bindings := range ins.NetworkSettings.Ports {
		for _, pb := range bindings {
			published = append(published, pb.HostIP.String()+":"+pb.HostPort+"->"+port.String())
		}
	}
	if len(published) != 1 || !strings.HasPrefix(published[0], "127.0.0.1:") {
		t.Fatalf("published ports %v: want the client port on 127.0.0.1 only", published)
	}
	if got := managedBy(t, ctx, os.Getpid()); len(got) != 1 || got[0].ID != b.ContainerID() {
		t.Fatalf("labelled containers of this process = %+v, want exactly %s", got, b.ContainerID())
	}

	runReferenceScenario(t, ctx, b.Bootstrap(), "orders")

	// Config.Env reaches the broker.
	cl, err := kgo.NewClient(kgo.SeedBrokers(b.Bootstrap()...))
	if err != nil {
		t.Fatal(err)
	}
	cfgs, err := kadm.NewClient(cl).DescribeBrokerConfigs(ctx, 1) // node id 1, set by kraftEnv
	cl.Close()
	if err != nil {
		t.Fatalf("describe broker configs: %v", err)
	}
	found := ""
	for _, rc := range cfgs {
		for _, c := range rc.Configs {
			if c.Key == "log.retention.check.interval.ms" {
				found = c.MaybeValue()
			}
		}
	}
	if found != "12345" {
		t.Errorf("log.retention.check.interval.ms = %q, want 12345 from Config.Env", found)
	}

	t1 := time.Now()
	if err := b.Close(ctx); err != nil {
		t.Fatalf("Close: %v", err)
	}
	closed = true
	t.Logf("Close took %.1fs", time.Since(t1).Seconds())
	if err := b.Close(ctx); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if left := managedBy(t, ctx, os.Getpid()); len(left) != 0 {
		t.Errorf("containers left after Close: %+v", left)
	}
}

// A container labelled by a kafkalab process that has died is removed by the next Start's
// sweep; one labelled by a live process is not.
func TestLeftoversOfDeadProcessesAreRemoved(t *testing.T) {
	img := testImage(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	quietTestcontainers()

	// A PID that certainly belonged to a process that is gone now.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	deadPID := dead.Process.Pid

	run := func(pid int) *testcontainers.DockerContainer {
		c, err := testcontainers.Run(ctx, img,
			testcontainers.WithEntrypoint("sh", "-c", "sleep 600"),
			testcontainers.WithLabels(map[string]string{
				LabelManaged: "true",
				LabelPID:     strconv.Itoa(pid),
				LabelHost:    hostname(),
			}))
		if err != nil {
			t.Fatalf("start a labelled container: %v", err)
		}
		return c
	}
	orphaned := run(deadPID)
	live := run(os.Getpid())
	defer func() { _ = live.Terminate(context.Background(), testcontainers.StopTimeout(0)) }()
	defer func() { _ = orphaned.Terminate(context.Background(), testcontainers.StopTimeout(0)) }()

	removed, err := removeOrphans(ctx)
	if err != nil {
		t.Fatalf("removeOrphans: %v", err)
	}
	if len(removed) != 1 || removed[0] != orphaned.GetContainerID() {
		t.Errorf("removed %v, want only the dead process's container %s", removed, orphaned.GetContainerID())
	}
	if left := managedBy(t, ctx, deadPID); len(left) != 0 {
		t.Errorf("the dead process's container is still there: %+v", left)
	}
	if left := managedBy(t, ctx, os.Getpid()); len(left) != 1 {
		t.Errorf("the live process's container should stay, found %+v", left)
	}
}

// A start that fails (an image that is not there) or is cancelled (Ctrl-C while Kafka
// boots) returns an error naming the cause and leaves no container behind.
func TestFailedOrCancelledStartLeavesNothing(t *testing.T) {
	img := testImage(t)
	cases := []struct {
		name     string
		image    string
		cancelIn time.Duration
		want     []string
	}{
		{"missing image", "localhost/kafkalab-no-such-image:0", 0, []string{"localhost/kafkalab-no-such-image:0", "--image"}},
		{"cancelled while creating", img, 300 * time.Millisecond, []string{"context canceled"}},
		{"cancelled while booting", img, 2500 * time.Millisecond, []string{"context canceled"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			startCtx, stop := context.WithCancel(ctx)
			defer stop()
			if tc.cancelIn > 0 {
				time.AfterFunc(tc.cancelIn, stop)
			}
			b, err := Start(startCtx, Config{Image: tc.image})
			if err == nil {
				_ = b.Close(ctx)
				t.Fatalf("Start(%s) succeeded, want an error", tc.image)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			// Normally gone when Start returns; on an engine slower than abandonWait the
			// removal finishes in the background, so allow it that long again.
			deadline := time.Now().Add(abandonWait)
			for {
				left := managedBy(t, ctx, os.Getpid())
				if len(left) == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("containers left after the failed start: %+v", left)
				}
				time.Sleep(500 * time.Millisecond)
			}
		})
	}
}

// BenchmarkStartClose measures a full container broker start (until it answers Metadata)
// and removal: go test -tags containertest -run '^$' -bench StartClose -benchtime 1x.
func BenchmarkStartClose(b *testing.B) {
	img := os.Getenv("KAFKALAB_TEST_IMAGE")
	if img == "" || os.Getenv("DOCKER_HOST") == "" {
		b.Fatal("KAFKALAB_TEST_IMAGE and DOCKER_HOST must be set (see mk/40-container.mk)")
	}
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		br, err := Start(ctx, Config{Image: img})
		if err != nil {
			b.Fatal(err)
		}
		if err := br.Close(ctx); err != nil {
			b.Fatal(err)
		}
	}
}
