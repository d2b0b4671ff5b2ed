// Package testkit is what kafkalab's tests share: an in-process Kafka broker, free ports,
// kcat (a client that is not franz-go), the guard of the tests that need the real Apache
// Kafka the test-apache-kafka tier starts, and the course's session helper script and
// orders. Tests only: it lives under testharness/ so that no product code can import it,
// and under engine/ so that the engine's tests may (the lab's may too: lab imports engine).
package testkit

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// StartKafka starts an in-process Kafka broker (franz-go's kfake: one broker, a free
// port unless opts name one) for one test, closed when the test ends.
func StartKafka(t testing.TB, opts ...kfake.Opt) (addr string, c *kfake.Cluster) {
	t.Helper()
	c, err := kfake.NewCluster(append([]kfake.Opt{kfake.NumBrokers(1), kfake.Ports(0)}, opts...)...)
	if err != nil {
		t.Fatalf("start an in-process Kafka broker: %v", err)
	}
	t.Cleanup(c.Close)
	return c.ListenAddrs()[0], c
}

// CreateTopic creates a topic on the broker at addr.
func CreateTopic(t testing.TB, addr, topic string, partitions int32) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, partitions, 1, nil, topic); err != nil {
		t.Fatalf("create topic %s on %s: %v", topic, addr, err)
	}
}

// FreePort is a loopback port nothing listens on right now.
func FreePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// RestartablePort is a free loopback port below the kernel's ephemeral range, for a broker
// a test stops and starts again: while it is down, neither another test's port-0
// listener nor an outgoing connection can take the port it must come back on.
func RestartablePort(t testing.TB) int {
	t.Helper()
	low := 32768
	if raw, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(raw)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil && n > 12000 {
				low = n
			}
		}
	}
	for range 200 {
		port := 10000 + rand.IntN(low-10000)
		l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err == nil {
			l.Close()
			return port
		}
	}
	t.Fatalf("no free loopback port between 10000 and %d", low)
	return 0
}

// Kcat is kcat's path. The tiers that need it (test-kcat, test-broker-kcat) install it and
// set KAFKALAB_REQUIRE_KCAT=1: there a missing kcat fails the test; elsewhere the test is
// skipped when kcat is not installed.
func Kcat(t testing.TB) string {
	t.Helper()
	path, err := exec.LookPath("kcat")
	if err != nil {
		if os.Getenv("KAFKALAB_REQUIRE_KCAT") != "" {
			t.Fatalf("kcat is required (KAFKALAB_REQUIRE_KCAT is set) but not installed: apt-get install kcat")
		}
		t.Skip("kcat is not installed; `make test` installs it (apt-get install kcat)")
	}
	return path
}

// RunKcat runs kcat with stdin and returns what it printed; a failure fails the test.
func RunKcat(t testing.TB, ctx context.Context, kcat, stdin string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, kcat, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("kcat %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String()
}

// RealKafka is the real Apache Kafka the test-apache-kafka tier started: its bootstrap
// address (KAFKALAB_TEST_BOOTSTRAP) and the folder of its jars (KAFKALAB_KAFKA_LIBS), for
// Kafka's own Java tools. Without them the test fails: only that tier builds these tests
// (build tag apachekafka).
func RealKafka(t testing.TB) (bootstrap, libs string) {
	t.Helper()
	bootstrap, libs = os.Getenv("KAFKALAB_TEST_BOOTSTRAP"), os.Getenv("KAFKALAB_KAFKA_LIBS")
	if bootstrap == "" || libs == "" {
		t.Fatal("KAFKALAB_TEST_BOOTSTRAP and KAFKALAB_KAFKA_LIBS are not set: run these tests with make test-apache-kafka")
	}
	if _, err := exec.LookPath("java"); err != nil {
		t.Fatalf("java is needed to run Kafka's own tools: %v", err)
	}
	return bootstrap, libs
}

// KafkaToolCmd is a command running one of Kafka's own Java tools (class) from the jars in
// libs, logging through the log4j2 file log4j. Tests start dozens of these short-lived JVMs:
// the C1 compiler and the serial collector start fastest, which keeps a tier within its
// budget on a busy machine. The command is killed when ctx ends and gives up on its
// output pipes 5 s later.
func KafkaToolCmd(ctx context.Context, libs, log4j, class string, args ...string) *exec.Cmd {
	full := append([]string{"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", filepath.Join(libs, "*"),
		"-Dlog4j2.configurationFile=" + log4j, class}, args...)
	cmd := exec.CommandContext(ctx, "java", full...)
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// SessionHelper is the course's stream_session.py (lessons/files), the module every course
// script imports to get its Spark session. It is read from the module's tree, so tests run
// the same helper a learner does.
func SessionHelper(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ModuleRoot(t), "lessons", "files", "stream_session.py"))
	if err != nil {
		t.Fatalf("the course's session helper: %v", err)
	}
	return data
}

// WriteSessionHelper puts the course's session helper into dir.
func WriteSessionHelper(t testing.TB, dir string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, "stream_session.py"), SessionHelper(t), 0o644); err != nil {
		t.Fatal(err)
	}
}

// WriteCourseData puts the course's data set of orders (assets/data/orders.jsonl, which the
// course's send_orders.py reads) into dir.
func WriteCourseData(t testing.TB, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ModuleRoot(t), "assets", "data", "orders.jsonl"))
	if err != nil {
		t.Fatalf("the course's orders: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "orders.jsonl"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// ModuleRoot is the folder of the module's go.mod, found from the test's folder.
func ModuleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}
