package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/paths"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

func freeTCPPort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func TestBrokerCommandBadInput(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	busyPort := busy.Addr().(*net.TCPAddr).Port
	aFile := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(aFile, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{"help", []string{"broker", "--help"}, 0, "Usage: kafkalab broker [--port N] [--data DIR]"},
		{"unknown flag", []string{"broker", "--bogus"}, 2, "flag provided but not defined: -bogus"},
		{"extra argument", []string{"broker", "now"}, 2, `unexpected argument "now"`},
		{"port out of range", []string{"broker", "--port", "70000"}, 2, "--port 70000 is not a TCP port"},
		{"port not a number", []string{"broker", "--port", "abc"}, 2, `invalid value "abc" for flag -port`},
		{"port in use", []string{"broker", "--port", fmt.Sprint(busyPort), "--data", t.TempDir()}, 1,
			fmt.Sprintf("kafkalab broker: embedded broker: port %d on 127.0.0.1 is already in use: choose another with --port N, or stop the program using it\n", busyPort)},
		{"data is a file", []string{"broker", "--port", fmt.Sprint(freeTCPPort(t)), "--data", filepath.Join(aFile, "broker")}, 1,
			"embedded broker: cannot create its data folder " + filepath.Join(aFile, "broker")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runForTest(t, tc.args...)
			if code != tc.wantCode || !strings.Contains(errOut, tc.want) {
				t.Fatalf("exit %d stderr %q; want exit %d and %q", code, errOut, tc.wantCode, tc.want)
			}
			if strings.Count(errOut, "\n") != 1 && tc.wantCode == 1 {
				t.Fatalf("stderr is not one line: %q", errOut)
			}
			if out != "" {
				t.Fatalf("stdout %q, want nothing", out)
			}
		})
	}
}

// syncBuffer is a bytes.Buffer safe for a writer and a reader in different goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var listeningLine = regexp.MustCompile(`^kafkalab broker: listening on (127\.0\.0\.1:\d+), data in (.+) \(Ctrl-C to stop\)$`)

func TestBrokerCommandRunsUntilCancelled(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut syncBuffer
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut, getenv: os.Getenv}
	done := make(chan int, 1)
	go func() { done <- runCLI(ctx, env, []string{"broker", "--port", fmt.Sprint(freeTCPPort(t))}) }()

	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out.String(), "\n") {
		if time.Now().After(deadline) {
			t.Fatalf("no address line; stdout %q stderr %q", out.String(), errOut.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	m := listeningLine.FindStringSubmatch(strings.TrimSpace(out.String()))
	if m == nil {
		t.Fatalf("first line %q does not match %v", out.String(), listeningLine)
	}
	if m[2] != paths.DefaultBrokerData() {
		t.Errorf("data folder %q, want the default %q", m[2], paths.DefaultBrokerData())
	}
	if addrs, ok := broker.RunningBootstrap(); !ok || addrs[0] != m[1] {
		t.Errorf("RunningBootstrap = %v %v, want %s", addrs, ok, m[1])
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("exit code %d after cancel, stderr %q", code, errOut.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("broker did not stop after its context ended")
	}
	if _, err := os.Stat(paths.RunningBrokerFile()); !os.IsNotExist(err) {
		t.Errorf("running-broker file left behind: %v", err)
	}
	if !strings.Contains(out.String(), "kafkalab broker: stopped; data saved in "+m[2]) {
		t.Errorf("no stop line in %q", out.String())
	}
}

// builtBinary compiles kafkalab once for the tests that drive it as a user would.
func builtBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kafkalab")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startBrokerProcess starts `kafkalab broker` and returns it with its bootstrap address.
func startBrokerProcess(t *testing.T, bin, home string, args ...string) (*exec.Cmd, string, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"broker"}, args...)...)
	cmd.Env = append(os.Environ(), "KAFKALAB_HOME="+home)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errOut syncBuffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil { // still running: a failed test must not leave it behind
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	lines := make(chan string, 1)
	rest := &syncBuffer{}
	go func() {
		r := bufio.NewReader(stdout)
		line, _ := r.ReadString('\n')
		lines <- line
		_, _ = io.Copy(rest, r)
	}()
	select {
	case line := <-lines:
		m := listeningLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			t.Fatalf("first line %q is not the address line; stderr %q", line, errOut.String())
		}
		return cmd, m[1], rest
	case <-time.After(30 * time.Second):
		t.Fatalf("no address line within 30s; stderr %q", errOut.String())
	}
	return nil, "", nil
}

func stopBrokerProcess(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case err := <-waited:
		if err != nil {
			t.Fatalf("kafkalab broker after SIGTERM: %v (want exit code 0)", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("kafkalab broker did not exit within 30s of SIGTERM")
	}
}

// TestBrokerBinary drives the built kafkalab as a user would, in a shell next to it.
func TestBrokerBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := builtBinary(t)
	t.Run("serves and persists", func(t *testing.T) { binaryServesAndPersists(t, bin) })
	t.Run("after kill", func(t *testing.T) { binaryAfterKill(t, bin) })
}

func binaryServesAndPersists(t *testing.T, bin string) {
	home := t.TempDir()
	data := filepath.Join(t.TempDir(), "broker-data")
	port := fmt.Sprint(freeTCPPort(t))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	cmd, addr, _ := startBrokerProcess(t, bin, home, "--port", port, "--data", data)
	if addr != "127.0.0.1:"+port {
		t.Fatalf("address %s, want 127.0.0.1:%s", addr, port)
	}
	runFile := filepath.Join(home, "state", "broker.json")
	var rb struct {
		Bootstrap string `json:"bootstrap"`
		PID       int    `json:"pid"`
	}
	if raw, err := os.ReadFile(runFile); err != nil || json.Unmarshal(raw, &rb) != nil || rb.Bootstrap != addr || rb.PID != cmd.Process.Pid {
		t.Fatalf("running-broker file %s: %+v (%v), want bootstrap %s pid %d", runFile, rb, err, addr, cmd.Process.Pid)
	}

	// A second broker on the same data folder is refused in one line.
	second := exec.Command(bin, "broker", "--port", fmt.Sprint(freeTCPPort(t)), "--data", data)
	second.Env = append(os.Environ(), "KAFKALAB_HOME="+home)
	out, err := second.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "is in use by another kafkalab") || strings.Count(string(out), "\n") != 1 {
		t.Fatalf("second broker on the same data: %v %q", err, out)
	}

	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	keys := []string{"1001", "1002", "1003", "1001", "1004"}
	for i, k := range keys {
		r := &kgo.Record{Topic: "orders", Key: []byte(k), Value: []byte(fmt.Sprintf(`{"order_id":%s,"seq":%d}`, k, i))}
		if err := cl.ProduceSync(ctx, r).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	before := consumeAll(t, ctx, addr, len(keys))
	cl.Close()
	stopBrokerProcess(t, cmd)
	if _, err := os.Stat(runFile); !os.IsNotExist(err) {
		t.Fatalf("running-broker file still there after SIGTERM: %v", err)
	}

	cmd2, addr2, _ := startBrokerProcess(t, bin, home, "--port", fmt.Sprint(freeTCPPort(t)), "--data", data)
	after := consumeAll(t, ctx, addr2, len(keys))
	stopBrokerProcess(t, cmd2)
	if after != before {
		t.Fatalf("after restart:\n%s\nbefore:\n%s", after, before)
	}
	want := "0 0 1001 {\"order_id\":1001,\"seq\":0}\n0 1 1002 {\"order_id\":1002,\"seq\":1}\n0 2 1001 {\"order_id\":1001,\"seq\":3}\n" +
		"1 0 1003 {\"order_id\":1003,\"seq\":2}\n1 1 1004 {\"order_id\":1004,\"seq\":4}\n"
	if before != want {
		t.Fatalf("records:\n%s\nwant (Java client's placement):\n%s", before, want)
	}
}

// binaryAfterKill: a broker killed with SIGKILL leaves a running-broker file nobody
// trusts and no lock; the next start reloads every acknowledged record.
func binaryAfterKill(t *testing.T, bin string) {
	home := t.TempDir()
	t.Setenv("KAFKALAB_HOME", home)
	data := filepath.Join(t.TempDir(), "broker-data")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	cmd, addr, _ := startBrokerProcess(t, bin, home, "--port", fmt.Sprint(freeTCPPort(t)), "--data", data)
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	for i, k := range []string{"1001", "1002", "1003", "1001", "1004"} {
		r := &kgo.Record{Topic: "orders", Key: []byte(k), Value: []byte(fmt.Sprintf(`{"order_id":%s,"seq":%d}`, k, i))}
		if err := cl.ProduceSync(ctx, r).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	before := consumeAll(t, ctx, addr, 5)
	cl.Close()
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if _, err := os.Stat(paths.RunningBrokerFile()); err != nil {
		t.Fatalf("expected the killed broker's file to remain: %v", err)
	}
	if addrs, ok := broker.RunningBootstrap(); ok {
		t.Fatalf("RunningBootstrap trusts a dead broker's file: %v", addrs)
	}

	cmd2, addr2, _ := startBrokerProcess(t, bin, home, "--port", fmt.Sprint(freeTCPPort(t)), "--data", data)
	after := consumeAll(t, ctx, addr2, 5)
	if addrs, ok := broker.RunningBootstrap(); !ok || addrs[0] != addr2 {
		t.Errorf("RunningBootstrap = %v %v after restart, want %s", addrs, ok, addr2)
	}
	stopBrokerProcess(t, cmd2)
	if after != before {
		t.Fatalf("after kill and restart:\n%s\nbefore:\n%s", after, before)
	}
}

// consumeAll reads n records from orders and prints them as "partition offset key value",
// sorted by partition and offset.
func consumeAll(t *testing.T, ctx context.Context, addr string, n int) string {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.ConsumeTopics("orders"), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var recs []*kgo.Record
	for len(recs) < n {
		fs := cl.PollFetches(ctx)
		if err := fs.Err0(); err != nil {
			t.Fatalf("consume: %v", err)
		}
		recs = append(recs, fs.Records()...)
	}
	lines := make([]string, len(recs))
	for i, r := range recs {
		lines[i] = fmt.Sprintf("%d %d %s %s\n", r.Partition, r.Offset, r.Key, r.Value)
	}
	// Partition and offset are single digits here, so a string sort orders them.
	slices.Sort(lines)
	return strings.Join(lines, "")
}
