package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
)

// courseDir holds the course scripts the pyspark package tests with; sessionHelper is the
// course's stream_session.py they import.
const (
	courseDir     = "../../engine/pyspark/testdata/course"
	sessionHelper = "../../lessons/files/stream_session.py"
)

func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRunCommand(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"hello.py":  "import sys\nfrom helper import greet\nprint(greet(sys.argv[1]), len(sys.argv))\n",
		"helper.py": "def greet(who: str = 'x') -> str:\n    return f'hello {who}'\n",
		"bad.py":    "x = 1\ny = x.nope()\n",
		"exit3.py":  "import sys\nsys.exit(3)\n",
		"syntax.py": "print('a'\n",
		"unsup.py":  "from pyspark.sql import SparkSession\nspark = SparkSession.builder.getOrCreate()\nspark.sparkContext.parallelize([(1, 2)]).repartitionAndSortWithinPartitions(3)\n",
	})
	t.Chdir(dir)
	cases := []struct {
		args       []string
		code       int
		out, inErr string
	}{
		{[]string{"run", "hello.py", "world"}, 0, "hello world 2\n", ""},
		{[]string{"run"}, 2, "", "name the script"},
		{[]string{"run", "missing.py"}, 2, "", "cannot open missing.py"},
		{[]string{"run", "bad.py"}, 1, "", "line 2"},
		{[]string{"run", "exit3.py"}, 3, "", ""},
		{[]string{"run", "syntax.py"}, 1, "", "SyntaxError"},
		{[]string{"run", "unsup.py"}, 1, "", "kafkalab does not support RDD.repartitionAndSortWithinPartitions (unsup.py, line 3)"},
		{[]string{"run", "--conf", "nokey", "hello.py"}, 2, "", "key=value"},
	}
	for _, c := range cases {
		code, out, errOut := runForTest(t, c.args...)
		if code != c.code || out != c.out || !strings.Contains(errOut, c.inErr) {
			t.Errorf("%v: code %d out %q err %q; want code %d out %q err containing %q", c.args, code, out, errOut, c.code, c.out, c.inErr)
		}
		if strings.Contains(errOut, "goroutine ") || strings.Contains(errOut, ".go:") {
			t.Errorf("%v: Go internals in %q", c.args, errOut)
		}
	}
}

// createOrders creates topic orders with 3 partitions on a broker.
func createOrders(t testing.TB, addr string) {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(addr))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := kadm.NewClient(cl).CreateTopic(ctx, 3, 1, nil, "orders"); err != nil {
		t.Fatalf("create orders: %v", err)
	}
}

func copyScripts(t testing.TB, dst string) {
	t.Helper()
	ents, err := os.ReadDir(courseDir)
	if err != nil {
		t.Fatal(err)
	}
	files := []string{sessionHelper}
	for _, e := range ents {
		files = append(files, filepath.Join(courseDir, e.Name()))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runBinary(t testing.TB, bin, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("kafkalab %v: %v\nstdout %s\nstderr %s", args, err, out.String(), errOut.String())
	}
	return out.String()
}

// TestRunBinaryCourseSequence runs the course's scripts through the built binary against
// `kafkalab broker`, as a learner would, and checks the reference outputs.
func TestRunBinaryCourseSequence(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := builtBinary(t)
	home := t.TempDir()
	broker, addr, _ := startBrokerProcess(t, bin, home, "--port", fmt.Sprint(freeTCPPort(t)), "--data", filepath.Join(home, "data"))
	defer stopBrokerProcess(t, broker)
	createOrders(t, addr)
	dir := t.TempDir()
	copyScripts(t, dir)
	steps := []struct {
		args []string
		want string
	}{
		{[]string{"send_orders.py", "1"}, "sent 3 events of batch 1\n"},
		{[]string{"read_orders.py"}, "loaded 3 events\n"},
		{[]string{"send_orders.py", "2"}, "sent 2 events of batch 2\n"},
		{[]string{"read_orders.py"}, "loaded 2 events\n"},
		{[]string{"read_orders.py"}, "loaded 0 events\n"},
	}
	for _, s := range steps {
		got := runBinary(t, bin, dir, append([]string{"run", "--bootstrap", addr}, s.args...)...)
		if got != s.want {
			t.Fatalf("%v printed %q, want %q", s.args, got, s.want)
		}
	}
	want, err := os.ReadFile(filepath.Join(courseDir, "expected_table.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got := runBinary(t, bin, dir, "run", "show_orders.py"); got != string(want) {
		t.Fatalf("table:\n%s\nwant:\n%s", got, want)
	}
}

// BenchmarkRunReadScript measures `kafkalab run read_orders.py` as a whole process, start
// to exit, reading the reference topic (batch 1 and 2) into a fresh table each time.
func BenchmarkRunReadScript(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "kafkalab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.Ports(0), kfake.SeedTopics(3, "orders"))
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	addr := c.ListenAddrs()[0]
	seed := b.TempDir()
	copyScripts(b, seed)
	runBinary(b, bin, seed, "run", "--bootstrap", addr, "send_orders.py", "1")
	runBinary(b, bin, seed, "run", "--bootstrap", addr, "send_orders.py", "2")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := b.TempDir()
		copyScripts(b, dir)
		b.StartTimer()
		if out := runBinary(b, bin, dir, "run", "--bootstrap", addr, "read_orders.py"); out != "loaded 5 events\n" {
			b.Fatalf("read printed %q", out)
		}
	}
}

// TestRunCtrlCPrintsKeyboardInterrupt sends SIGINT to `kafkalab run` as a terminal's Ctrl-C
// does: the script stops where it was, with the traceback CPython prints, and exit code 130.
func TestRunCtrlCPrintsKeyboardInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := builtBinary(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"wait.py": "import time\nprint('waiting', flush=True)\ntime.sleep(60)\nprint('never')\n",
		"spin.py": "print('spinning', flush=True)\nn = 0\nwhile True:\n    n += 1\n",
	})
	for _, c := range []struct{ script, started, line string }{
		{"wait.py", "waiting\n", "  File \"wait.py\", line 3, in <module>\n    time.sleep(60)\nKeyboardInterrupt\n"},
		{"spin.py", "spinning\n", "KeyboardInterrupt\n"},
	} {
		cmd := exec.Command(bin, "run", c.script)
		cmd.Dir = dir
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		first := make([]byte, len(c.started))
		if _, err := io.ReadFull(stdout, first); err != nil || string(first) != c.started {
			cmd.Process.Kill()
			t.Fatalf("%s: first output %q (%v), want %q", c.script, first, err, c.started)
		}
		cmd.Process.Signal(os.Interrupt)
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 130 {
			t.Errorf("%s: ended with %v, want exit status 130", c.script, err)
		}
		got := errOut.String()
		if !strings.HasPrefix(got, "Traceback (most recent call last):\n") || !strings.HasSuffix(got, c.line) {
			t.Errorf("%s: stderr %q, want a traceback ending %q", c.script, got, c.line)
		}
	}
}
