package broker

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
	"github.com/kafkalab/kafkalab/lab/paths"
)

func TestParseBootstrap(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    string // joined addresses, or "" when an error is expected
		wantErr string
	}{
		{"127.0.0.1:9092", "127.0.0.1:9092", ""},
		{" kafka1:9092 , kafka2:9093 ", "kafka1:9092,kafka2:9093", ""},
		{"[::1]:9092", "[::1]:9092", ""},
		{"localhost", "", `"localhost" is not HOST:PORT`},
		{":9092", "", `":9092" is not HOST:PORT`},
		{"host:0", "", `port "0" is not a number between 1 and 65535`},
		{"host:99999", "", `port "99999"`},
		{"host:abc", "", `port "abc"`},
		{"a:1,,b:2", "", "empty address"},
		{"", "", "no broker address"},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseBootstrap(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseBootstrap(%q) = %v, %v; want error containing %q", tc.in, got, err, tc.wantErr)
				}
				return
			}
			if err != nil || strings.Join(got, ",") != tc.want {
				t.Fatalf("ParseBootstrap(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
			}
		})
	}
}

// closedAddr returns a 127.0.0.1 address where nothing listens.
func closedAddr(t *testing.T) string {
	t.Helper()
	return fmt.Sprintf("127.0.0.1:%d", testkit.FreePort(t))
}

func TestOpenSpecs(t *testing.T) {
	closed := closedAddr(t)
	for _, tc := range []struct {
		spec     string
		wantKind string
		wantErr  []string
	}{
		{"", "embedded", nil},
		{"embedded", "embedded", nil},
		{" Embedded ", "embedded", nil},
		{"localhost", "", []string{`--broker "localhost"`, "HOST:PORT"}},
		{"kafka:port", "", []string{`port "port"`}},
		{closed, "", []string{closed, "embedded broker"}},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			b, err := Open(testCtx(t), tc.spec, OpenOptions{Port: -1})
			if tc.wantErr != nil {
				if err == nil {
					b.Close(context.Background())
					t.Fatalf("Open(%q) worked; want an error", tc.spec)
				}
				for _, w := range tc.wantErr {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("Open(%q) error %q does not mention %q", tc.spec, err, w)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close(context.Background())
			if b.Kind() != tc.wantKind {
				t.Fatalf("Open(%q).Kind() = %q, want %q", tc.spec, b.Kind(), tc.wantKind)
			}
		})
	}
}

func TestConnectExternal(t *testing.T) {
	e := startTest(t, "")
	closed := closedAddr(t)

	// A server that is not a Kafka broker: it answers like an HTTP server given garbage.
	mute, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer mute.Close()
	go func() {
		for {
			c, err := mute.Accept()
			if err != nil {
				return
			}
			go func() {
				buf := make([]byte, 512)
				_, _ = c.Read(buf)
				_, _ = c.Write([]byte("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"))
				c.Close()
			}()
		}
	}()

	for _, tc := range []struct {
		name    string
		addrs   []string
		wantErr []string
	}{
		{"embedded broker", e.Bootstrap(), nil},
		{"one of two reachable", []string{closed, e.Bootstrap()[0]}, nil},
		{"closed port", []string{closed}, []string{"no Kafka broker answers at " + closed, "connection refused", "embedded broker"}},
		{"two closed ports", []string{closed, closed}, []string{closed + "," + closed}},
		{"unknown host", []string{"no-such-host.invalid:9092"}, []string{"no-such-host.invalid:9092"}},
		{"not kafka", []string{mute.Addr().String()}, []string{mute.Addr().String(), "does not answer as a Kafka broker"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			x, err := ConnectExternal(testCtx(t), tc.addrs)
			took := time.Since(start)
			// A clear answer within a few seconds: ConnectTimeout plus slack for a busy machine.
			if took > ConnectTimeout+2*time.Second {
				t.Errorf("ConnectExternal took %v", took)
			}
			if tc.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if x.Kind() != "external" || strings.Join(x.Bootstrap(), ",") != strings.Join(tc.addrs, ",") {
					t.Fatalf("Kind %q Bootstrap %v", x.Kind(), x.Bootstrap())
				}
				if err := x.Close(context.Background()); err != nil {
					t.Fatal(err)
				}
				// Closing the external handle leaves the cluster running.
				if _, err := ConnectExternal(testCtx(t), e.Bootstrap()); err != nil {
					t.Fatalf("cluster gone after closing the external handle: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("connected; want an error")
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is not one line: %q", err)
			}
		})
	}
}

func TestRunningBootstrap(t *testing.T) {
	t.Setenv("KAFKALAB_HOME", t.TempDir())
	if addrs, ok := RunningBootstrap(); ok {
		t.Fatalf("no file yet, got %v", addrs)
	}
	e := startTest(t, "")
	remove, err := AnnounceRunning(e)
	if err != nil {
		t.Fatal(err)
	}
	var rb map[string]any
	data, err := os.ReadFile(paths.RunningBrokerFile())
	if err != nil || json.Unmarshal(data, &rb) != nil {
		t.Fatalf("running-broker file: %v %s", err, data)
	}
	if rb["bootstrap"] != e.Bootstrap()[0] || rb["pid"] != float64(os.Getpid()) {
		t.Fatalf("running-broker file = %s, want bootstrap %s pid %d", data, e.Bootstrap()[0], os.Getpid())
	}
	if addrs, ok := RunningBootstrap(); !ok || strings.Join(addrs, ",") != e.Bootstrap()[0] {
		t.Fatalf("RunningBootstrap = %v %v, want %v", addrs, ok, e.Bootstrap())
	}
	if err := remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(paths.RunningBrokerFile()); !os.IsNotExist(err) {
		t.Fatalf("file still there after remove: %v", err)
	}

	for _, tc := range []struct {
		name    string
		content string
	}{
		{"stale pid", `{"bootstrap":"127.0.0.1:9092","pid":2147483646}`},
		{"no pid", `{"bootstrap":"127.0.0.1:9092"}`},
		{"not json", `127.0.0.1:9092`},
		{"bad address", fmt.Sprintf(`{"bootstrap":"nowhere","pid":%d}`, os.Getpid())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.MkdirAll(filepath.Dir(paths.RunningBrokerFile()), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(paths.RunningBrokerFile(), []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if addrs, ok := RunningBootstrap(); ok {
				t.Fatalf("RunningBootstrap trusted %s: %v", tc.content, addrs)
			}
		})
	}
}
