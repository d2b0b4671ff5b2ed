package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The end-to-end test drives the built kafkalab binary the way a learner does: a broker in
// one terminal (`kafkalab broker`), Kafka's tools in another, stopped with Ctrl-C (SIGTERM).

// e2eReference is the course's reference scenario as typed into kafka-console-producer.sh.
const e2eReference = `1001:{"order_id":1001,"customer_id":"C01","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}
1002:{"order_id":1002,"customer_id":"C02","status":"placed","amount":12.0,"event_time":"2026-10-01T09:40:00Z"}
1003:{"order_id":1003,"customer_id":"C03","status":"placed","amount":31.0,"event_time":"2026-10-01T09:55:00Z"}
1001:{"order_id":1001,"customer_id":"C01","status":"paid","amount":25.5,"event_time":"2026-10-01T10:05:00Z"}
1004:{"order_id":1004,"customer_id":"C01","status":"placed","amount":40.0,"event_time":"2026-10-01T10:20:00Z"}
`

type e2eResult struct {
	code           int
	stdout, stderr string
}

// e2eRun runs the kafkalab binary with KAFKALAB_HOME=home and returns its exit code and output.
func e2eRun(t *testing.T, bin, home, stdin string, args ...string) e2eResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "KAFKALAB_") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "KAFKALAB_HOME="+home)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("kafkalab %s: %v", strings.Join(args, " "), err)
	}
	if ctx.Err() != nil {
		t.Fatalf("kafkalab %s did not finish within 60s", strings.Join(args, " "))
	}
	return e2eResult{code, out.String(), errb.String()}
}

func e2eFreePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func TestEndToEndKafkaTools(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a broker process")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "kafkalab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	home := filepath.Join(dir, "home")
	port := e2eFreePort(t)
	addr := fmt.Sprintf("127.0.0.1:%d", port)

	// Terminal 1: the broker.
	broker := exec.Command(bin, "broker", "--port", fmt.Sprint(port), "--data", filepath.Join(dir, "data"))
	broker.Env = append(os.Environ(), "KAFKALAB_HOME="+home)
	var brokerOut bytes.Buffer
	broker.Stdout, broker.Stderr = &brokerOut, &brokerOut
	if err := broker.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	t.Cleanup(func() {
		if !stopped { // a failed test must not leave the process behind
			_ = broker.Process.Kill()
			_ = broker.Wait()
		}
	})
	// Ready when it accepts connections and has announced itself for the tools.
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			c.Close()
			if _, err := os.Stat(filepath.Join(home, "state", "broker.json")); err == nil {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("kafkalab broker not ready on %s within 30s: %s", addr, brokerOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Terminal 2: the tools, without --bootstrap-server (they find the running broker).
	r := e2eRun(t, bin, home, "", "kafka-topics.sh", "--create", "--topic", "orders", "--partitions", "3", "--replication-factor", "1")
	if r.code != 0 || r.stdout != "Created topic orders.\n" {
		t.Fatalf("create: %+v", r)
	}
	r = e2eRun(t, bin, home, e2eReference, "kafka-console-producer.sh", "--topic", "orders",
		"--property", "parse.key=true", "--property", "key.separator=:")
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Fatalf("produce: %+v", r)
	}

	r = e2eRun(t, bin, home, "", "kafka-console-consumer.sh", "--bootstrap-server", addr, "--topic", "orders", "--from-beginning",
		"--max-messages", "5", "--property", "print.partition=true", "--property", "print.offset=true", "--property", "print.key=true")
	if r.code != 0 || r.stderr != "Processed a total of 5 messages\n" {
		t.Fatalf("consume: %+v", r)
	}
	got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	sort.Strings(got)
	var want []string
	for i, line := range strings.Split(strings.TrimSuffix(e2eReference, "\n"), "\n") {
		key, value, _ := strings.Cut(line, ":")
		// 1001, 1002 -> partition 0; 1003, 1004 -> partition 1 (murmur2, like Kafka's Java client).
		place := map[int]string{0: "Partition:0\tOffset:0", 1: "Partition:0\tOffset:1", 2: "Partition:1\tOffset:0", 3: "Partition:0\tOffset:2", 4: "Partition:1\tOffset:1"}[i]
		want = append(want, place+"\t"+key+"\t"+value)
	}
	sort.Strings(want)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("consumed\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	r = e2eRun(t, bin, home, "", "kafka-get-offsets.sh", "--topic", "orders")
	if r.code != 0 || r.stdout != "orders:0:3\norders:1:2\norders:2:0\n" {
		t.Errorf("get-offsets: %+v", r)
	}
	r = e2eRun(t, bin, home, "", "kafka-topics.sh", "--describe", "--topic", "orders")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if r.code != 0 || len(lines) != 4 || !strings.HasPrefix(lines[0], "Topic: orders\tTopicId: ") ||
		!strings.Contains(lines[0], "\tPartitionCount: 3\tReplicationFactor: 1\tConfigs: ") ||
		lines[3] != "\tTopic: orders\tPartition: 2\tLeader: 0\tReplicas: 0\tIsr: 0\tElr: \tLastKnownElr: " {
		t.Errorf("describe: %+v", r)
	}
	r = e2eRun(t, bin, home, "", "kafka-topics", "--list") // the alias without .sh
	if r.code != 0 || r.stdout != "orders\n" {
		t.Errorf("alias kafka-topics --list: %+v", r)
	}

	dead := fmt.Sprintf("127.0.0.1:%d", e2eFreePort(t))
	for _, bad := range []struct {
		args []string
		want string
	}{
		{[]string{"kafka-topics.sh", "--list", "--frobnicate"}, "frobnicate is not a recognized option"},
		{[]string{"kafka-topics.sh", "--describe", "--topic", "nope"}, "Topic 'nope' does not exist as expected"},
		{[]string{"kafka-topics.sh", "--create", "--topic", "t", "--partitions", "0"}, "The partitions must be greater than 0"},
		{[]string{"kafka-topics.sh", "--create", "--topic", "t", "--replication-factor", "3"}, "cannot be reached because only 1 broker(s) are registered"},
		{[]string{"kafka-console-consumer.sh", "--topic", "nope", "--from-beginning"}, "Topic 'nope' does not exist as expected"},
		{[]string{"kafka-get-offsets.sh", "--topic", "orders", "--bootstrap-server", dead}, "cannot reach a Kafka broker at " + dead},
	} {
		r := e2eRun(t, bin, home, "", bad.args...)
		if r.code != 1 || !strings.Contains(r.stderr, bad.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("kafkalab %s: exit %d, stderr %q; want exit 1 and one line with %q", strings.Join(bad.args, " "), r.code, r.stderr, bad.want)
		}
	}
	r = e2eRun(t, bin, home, "", "kafka-topics.sh", "--list")
	if r.stdout != "orders\n" {
		t.Errorf("bad inputs left topics behind: %q", r.stdout)
	}

	// Ctrl-C in terminal 1: the broker stops cleanly.
	if err := broker.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- broker.Wait() }()
	select {
	case err := <-waited:
		stopped = true
		if err != nil {
			t.Errorf("kafkalab broker after SIGTERM: %v\n%s", err, brokerOut.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("kafkalab broker did not stop within 30s of SIGTERM")
	}
}
