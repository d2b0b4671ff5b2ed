package container

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testcontainers caches the engine address once per process, so each case runs Start in a
// fresh copy of this test binary (helperProcess below) with its own DOCKER_HOST.
const helperEnv = "KAFKALAB_CONTAINER_TEST_HELPER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(helperEnv); mode != "" {
		os.Exit(helperProcess(mode))
	}
	os.Exit(m.Run())
}

// helperProcess calls Start against the engine in DOCKER_HOST and prints
// "elapsed-ms<TAB>is-ErrNoEngine<TAB>error" on one line.
func helperProcess(mode string) int {
	if mode == "hang" {
		// An engine that accepts connections and never answers: after the first 3 s it
		// is given slowEngineGrace more, shortened here to keep the test quick.
		slowEngineGrace = time.Second
		sock := os.Getenv("KAFKALAB_TEST_HANG_SOCKET")
		l, err := net.Listen("unix", sock)
		if err != nil {
			fmt.Println("listen:", err)
			return 2
		}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				defer c.Close()
			}
		}()
	}
	t0 := time.Now()
	b, err := Start(context.Background(), Config{Image: "localhost/kafkalab-none:0"})
	ms := time.Since(t0).Milliseconds()
	if err == nil {
		_ = b.Close(context.Background())
		fmt.Printf("%d\tfalse\tno error\n", ms)
		return 0
	}
	fmt.Printf("%d\t%v\t%s\n", ms, errors.Is(err, ErrNoEngine), err.Error())
	return 0
}

func TestStartWithoutEngineSaysSoQuickly(t *testing.T) {
	dir := t.TempDir()
	hang := filepath.Join(dir, "hang.sock")
	cases := []struct {
		name, mode, dockerHost string
		maxMs                  int64
		cause                  string
	}{
		// The promise to the learner: no engine, an answer within 3 seconds (plus
		// scheduling slack on a loaded 2-core machine).
		{"missing socket", "dead", "unix://" + filepath.Join(dir, "nothing-here.sock"), 3500, "no such file or directory"},
		{"closed tcp port", "dead", "tcp://127.0.0.1:1", 3500, "Cannot connect"},
		// A hung engine: 3 s, then the grace (1 s here) because its socket takes connections.
		{"engine never answers", "hang", "unix://" + hang, 5500, "accepts connections but gave no answer"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(),
				helperEnv+"="+tc.mode,
				"DOCKER_HOST="+tc.dockerHost,
				"KAFKALAB_TEST_HANG_SOCKET="+hang,
				"TESTCONTAINERS_HOST_OVERRIDE=",
				"HOME="+dir, // no ~/.testcontainers.properties pointing elsewhere
			)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("helper process: %v\n%s", err, out)
			}
			fields := strings.SplitN(strings.TrimRight(string(out), "\n"), "\t", 3)
			if len(fields) != 3 {
				t.Fatalf("helper printed %q, want one line of three tab-separated fields", out)
			}
			var ms int64
			fmt.Sscan(fields[0], &ms)
			msg := fields[2]
			if fields[1] != "true" {
				t.Errorf("error does not match ErrNoEngine: %s", msg)
			}
			if ms > tc.maxMs {
				t.Errorf("Start took %d ms to report the missing engine, want at most %d ms", ms, tc.maxMs)
			}
			for _, want := range []string{tc.dockerHost, "DOCKER_HOST", tc.cause, "start Docker or podman", "embedded broker"} {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not mention %q", msg, want)
				}
			}
			if strings.Contains(msg, "\n") || strings.Contains(msg, "panic") || strings.Contains(msg, "goroutine") {
				t.Errorf("message is not one clean sentence: %q", msg)
			}
		})
	}
}

func TestOrphan(t *testing.T) {
	alive := func(pid int) bool { return pid == 100 }
	cases := []struct {
		name string
		m    Managed
		want bool
	}{
		{"our machine, process gone", Managed{PID: 200, Host: "here"}, true},
		{"our machine, process alive", Managed{PID: 100, Host: "here"}, false},
		{"another machine", Managed{PID: 200, Host: "there"}, false},
		{"no pid label", Managed{PID: 0, Host: "here"}, false},
	}
	for _, tc := range cases {
		if got := orphan(tc.m, "here", alive); got != tc.want {
			t.Errorf("%s: orphan = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestStarterScriptAdvertisesMappedAddress(t *testing.T) {
	got := starterScript("10.88.0.1:37143")
	want := "#!/bin/sh\n" +
		"# Written by kafkalab once the engine had mapped the client port.\n" +
		"export KAFKA_ADVERTISED_LISTENERS='PLAINTEXT://10.88.0.1:37143,BROKER://localhost:9093'\n" +
		"exec /etc/kafka/docker/run\n"
	if got != want {
		t.Errorf("starter script:\n%s\nwant:\n%s", got, want)
	}
	// Every listener the broker advertises must exist in KAFKA_LISTENERS and in the
	// protocol map, or Kafka refuses to start.
	env := kraftEnv()
	for _, name := range []string{"PLAINTEXT", "BROKER", "CONTROLLER"} {
		if !strings.Contains(env["KAFKA_LISTENERS"], name+"://") || !strings.Contains(env["KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"], name+":") {
			t.Errorf("listener %s missing from KAFKA_LISTENERS or the protocol map: %v", name, env)
		}
	}
}

func TestContainerEnvKeepsListeners(t *testing.T) {
	env := containerEnv(map[string]string{
		"KAFKA_LOG_RETENTION_CHECK_INTERVAL_MS": "1000",
		"KAFKA_NUM_PARTITIONS":                  "3",
		"KAFKA_LISTENERS":                       "PLAINTEXT://0.0.0.0:1",
		"KAFKA_ADVERTISED_LISTENERS":            "PLAINTEXT://elsewhere:1",
	})
	want := map[string]string{
		"KAFKA_LOG_RETENTION_CHECK_INTERVAL_MS": "1000",
		"KAFKA_NUM_PARTITIONS":                  "3",
		"KAFKA_LISTENERS":                       kraftEnv()["KAFKA_LISTENERS"],
		"KAFKA_ADVERTISED_LISTENERS":            "",
		"KAFKA_NODE_ID":                         "1",
	}
	for k, v := range want {
		if env[k] != v {
			t.Errorf("%s = %q, want %q", k, env[k], v)
		}
	}
}
