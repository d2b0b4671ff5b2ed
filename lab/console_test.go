package lab

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

func TestIsCommand(t *testing.T) {
	for _, tc := range []struct {
		entry string
		want  bool
	}{
		{"kafka-topics.sh --list", true},
		{"kafka-topics --list", true},
		{"kafka-console-producer.sh --topic t <<EOF\na\nEOF", true},
		{"python send.py 1", true},
		{"python3 send.py", true},
		{"cat checkpoints/x/offsets/0", true},
		{"ls", true},
		{"ls -l data", true},
		{"rm -rf out", true},
		{"! cat missing.txt", true},
		{"sleep 1", true},
		{"wait", true},
		{"sleep(1)", false},
		{"wait = 2", false},
		{"python", false},
		{"ls = [1, 2]", false},
		{"cat(x)", false},
		{"rm.remove('x')", false},
		{"ls[0]", false},
		{"cat /etc/passwd", true},
		{"ls ..", true},
		{"python ../x.py", true},
		{"cat / 2", false},
		{"ls /= 2", false},
		{"spark.read.table('t').show()", false},
		{"kafka = 3", false},
		{"", false},
	} {
		if got := IsCommand(tc.entry); got != tc.want {
			t.Errorf("IsCommand(%q) = %v, want %v", tc.entry, got, tc.want)
		}
	}
}

func TestEntryComplete(t *testing.T) {
	for _, tc := range []struct {
		entry string
		want  bool
	}{
		{"x = 1", true},
		{"for i in range(3):", false},
		{"for i in range(3):\n    print(i)", false},
		{"for i in range(3):\n    print(i)\n", true},
		{"df.select(", false},
		{"df.select(\n  'a')", false}, // a multi-line entry ends with a blank line
		{"print('(')", true},
		{"kafka-topics.sh --list", true},
		{"kafka-topics.sh --create \\", false},
		{"kafka-console-producer.sh --topic t <<EOF\na", false},
		{"kafka-console-producer.sh --topic t <<EOF\na\nEOF", true},
		{".queries", true},
		{"", true},
	} {
		if got := EntryComplete(tc.entry); got != tc.want {
			t.Errorf("EntryComplete(%q) = %v, want %v", tc.entry, got, tc.want)
		}
	}
}

// The console runs the lab's commands and PySpark on the lab's broker, the course address
// pointed at it; its output and its queries' events reach the observer as Console events.
func TestConsoleOnTheLabsBroker(t *testing.T) {
	ctx := context.Background()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	var mu sync.Mutex
	var lines []string
	var queries []pyrun.QueryEventKind
	lb, err := New(b, Options{Root: t.TempDir(), Observe: func(e Event) {
		mu.Lock()
		defer mu.Unlock()
		if !e.Console {
			t.Errorf("a console event without Console: %+v", e)
		}
		switch e.Kind {
		case OutputLine:
			lines = append(lines, e.Line)
		case QueryProgress:
			queries = append(queries, e.Query.Kind)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lb.Close)
	ws := filepath.Join(t.TempDir(), "sandbox")
	c := lb.Console(ws)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	output := func() string {
		mu.Lock()
		defer mu.Unlock()
		return strings.Join(lines, "\n")
	}
	run := func(entry string) {
		t.Helper()
		if err := c.Run(ctx, entry); err != nil {
			t.Fatalf("%q: %v\n%s", entry, err, output())
		}
	}
	run("kafka-topics.sh --bootstrap-server localhost:9092 --create --topic con --partitions 1")
	run("kafka-console-producer.sh --bootstrap-server localhost:9092 --topic con <<EOF\na\nb\nEOF")
	run("n = 6")
	run("n * 7") // an expression's value is printed, as at Python's prompt
	if err := os.WriteFile(filepath.Join(ws, "hello.py"), []byte("import sys\nprint('hello', sys.argv[1])\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	run("python hello.py world")
	run("ls")
	run(`q = spark.readStream.format("kafka").option("kafka.bootstrap.servers", "localhost:9092").option("subscribe", "con").option("startingOffsets", "earliest").load().writeStream.format("memory").queryName("con_copy").trigger(availableNow=True).start()`)
	run("q.awaitTermination()")
	run(`spark.table("con_copy").count()`)
	got := output()
	for _, want := range []string{"Created topic con.", "42", "hello world", "hello.py", "\n2\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the console's output lacks %q:\n%s", want, got)
		}
	}
	if qs := c.Queries(); len(qs) != 1 || qs[0].Name != "con_copy" || qs[0].Active {
		t.Errorf("queries %+v, want con_copy, stopped", qs)
	}
	mu.Lock()
	kinds := append([]pyrun.QueryEventKind(nil), queries...)
	mu.Unlock()
	if len(kinds) == 0 || kinds[0] != pyrun.QueryStarted || kinds[len(kinds)-1] != pyrun.QueryTerminated {
		t.Errorf("query events %v, want started ... terminated", kinds)
	}
	// A failing command says how it exited; Python's error reads as Python's.
	if err := c.Run(ctx, "cat missing.txt"); err == nil || err.Error() != "exit status 1" {
		t.Errorf("cat of a missing file: %v", err)
	}
	var pe *pyrun.Error
	if err := c.Run(ctx, "undefined_name"); !errors.As(err, &pe) || !strings.Contains(pe.Text, "NameError") {
		t.Errorf("a NameError: %v", err)
	}
	if err := c.Run(ctx, "cat 'unclosed"); err == nil || !strings.Contains(err.Error(), "unterminated single quote") {
		t.Errorf("a malformed command: %v", err)
	}
}

// kafkalab run's path: RunScript reports how the script ended without printing it.
func TestConsoleRunScript(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{"ok.py": "print('fine')\n", "exit3.py": "import sys\nsys.exit(3)\n", "bad.py": "x = 1 / 0\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errOut strings.Builder
	c := NewConsole(ConsoleConfig{WorkDir: dir, Stdout: &out, Stderr: &errOut})
	ctx := context.Background()
	if err := c.RunScript(ctx, "ok.py", nil); err != nil || out.String() != "fine\n" {
		t.Errorf("ok.py: %v, printed %q", err, out.String())
	}
	var pe *pyrun.Error
	if err := c.RunScript(ctx, "exit3.py", nil); !errors.As(err, &pe) || !pe.Exit || pe.Code != 3 {
		t.Errorf("exit3.py: %v", err)
	}
	if err := c.RunScript(ctx, "bad.py", nil); !errors.As(err, &pe) || pe.Exit || !strings.Contains(pe.Text, "ZeroDivisionError") {
		t.Errorf("bad.py: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := c.RunScript(cancelled, "ok.py", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled run: %v", err)
	}
}

// Everything the lab reports is plain data: no functions, channels, interfaces or error
// values inside, so an event can be written as JSON and read back whole (a runner in
// another process sends them over a pipe).
func TestEventsArePlainData(t *testing.T) {
	var check func(path string, typ reflect.Type, seen map[reflect.Type]bool)
	check = func(path string, typ reflect.Type, seen map[reflect.Type]bool) {
		if seen[typ] {
			return
		}
		seen[typ] = true
		switch typ.Kind() {
		case reflect.Func, reflect.Chan, reflect.Interface, reflect.UnsafePointer:
			t.Errorf("%s is a %s: events must be plain data", path, typ)
		case reflect.Pointer, reflect.Slice, reflect.Array:
			check(path+"[]", typ.Elem(), seen)
		case reflect.Map:
			check(path+"{key}", typ.Key(), seen)
			check(path+"{}", typ.Elem(), seen)
		case reflect.Struct:
			for i := range typ.NumField() {
				f := typ.Field(i)
				if f.IsExported() {
					check(path+"."+f.Name, f.Type, seen)
				}
			}
		}
	}
	check("Event", reflect.TypeOf(Event{}), map[reflect.Type]bool{})

	e := Event{Kind: QueryProgress, Lesson: "05-checkpoint", Query: &pyrun.QueryEvent{Kind: pyrun.BatchStarted, QueryID: "q", Checkpoint: "/ws/cp",
		OutputMode: "Append", BatchID: 1, Sources: []pyrun.SourceRange{{Description: "KafkaV2[Subscribe[orders]]", Kafka: true,
			Start: pyrun.Offsets{"orders": {0: 2}}, End: pyrun.Offsets{"orders": {0: 3, 1: 1}}}},
		Progress: &pyrun.Progress{BatchID: 1, InputRows: 2, Watermark: "2026-10-01T09:15:00.000Z", StateOperators: 1, StateRows: 3, DroppedByWatermark: 1, Sink: "MemorySink"}}}
	done := Event{Kind: StepFailed, Lesson: "05-checkpoint", Step: 2, Result: &StepResult{Lesson: "05-checkpoint", Step: 2, Output: "x\n",
		Failures: []Failure{{Check: "output", Want: "a", Got: "b", Line: 9}}, Error: "exit status 1", Duration: time.Second,
		Changes: observe.Changes{Files: []string{"+ cp/offsets/1"}, EmptyWrite: true}, Explanation: "because"}}
	for _, want := range []Event{e, done} {
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var got Event
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("JSON round trip:\n got %+v\nwant %+v\n%s", got, want, data)
		}
	}
}

// A step of a lesson never visited starts the lesson itself: its workspace and topics.
func TestRunStepStartsItsLesson(t *testing.T) {
	l, err := lessons.Parse("09-fresh.md", []byte("---\nid: 09-fresh\ntitle: T\ngoal: G\ntopics: fresh\n---\n"+
		"## S\n```sh run\nkafka-topics.sh --bootstrap-server localhost:9092 --create --topic fresh --partitions 1\n```\n"))
	if err != nil {
		t.Fatal(err)
	}
	lb := newTestLab(t, []*lessons.Lesson{l})
	ctx := context.Background()
	if res := lb.RunStep(ctx, l, l.Steps[0], nil); !res.Passed {
		t.Fatalf("first visit: %+v\n%s", res.Failures, res.Output)
	}
	if _, err := os.Stat(lb.Workspace(l.ID)); err != nil {
		t.Fatalf("no workspace after the step: %v", err)
	}
	// The workspace exists now: running the step again keeps it (and the topic), so the
	// create fails as Kafka's would.
	if res := lb.RunStep(ctx, l, l.Steps[0], nil); res.Passed || !strings.Contains(res.Output, "already exists") {
		t.Fatalf("second run: passed %v\n%s", res.Passed, res.Output)
	}
}

// A lesson's file may be one of kafkalab's data sets: the lab writes it, and refuses a
// course that names one it does not have, with the lesson's line.
func TestAssetFiles(t *testing.T) {
	src := "---\nid: 09-data\ntitle: T\ngoal: G\n---\n## S\n```json file=data/orders.jsonl asset=%s\n```\n```sh run\ncat data/orders.jsonl\n```\n"
	good, err := lessons.Parse("09-data.md", []byte(strings.Replace(src, "%s", "orders.jsonl", 1)))
	if err != nil {
		t.Fatal(err)
	}
	lb := newTestLab(t, []*lessons.Lesson{good})
	res := lb.RunStep(context.Background(), good, good.Steps[0], nil)
	if !res.Passed || !strings.Contains(res.Output, `"order_id": 1005`) {
		t.Fatalf("the data set was not written: %+v\n%s", res.Failures, res.Output)
	}
	bad, err := lessons.Parse("09-data.md", []byte(strings.Replace(src, "%s", "nope.csv", 1)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := broker.StartEmbedded(context.Background(), broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	if _, err := New(b, Options{Root: t.TempDir(), Lessons: []*lessons.Lesson{bad}}); err == nil || !strings.Contains(err.Error(), `09-data.md:7: file data/orders.jsonl: no data set "nope.csv"`) {
		t.Errorf("a course naming a missing data set: %v", err)
	}
}

func TestConsoleCopiesADataSet(t *testing.T) {
	dir := t.TempDir()
	c := NewConsole(ConsoleConfig{WorkDir: dir})
	rel, err := c.CopyDataSet("orders-stream.jsonl")
	if err != nil || rel != "data/orders-stream.jsonl" {
		t.Fatalf("copy: %q, %v", rel, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, rel))
	if err != nil || strings.Count(string(data), "\n") != 5000 {
		t.Fatalf("copied %d lines, %v", strings.Count(string(data), "\n"), err)
	}
	if _, err := c.CopyDataSet("nope"); err == nil {
		t.Error("a missing data set was copied")
	}
	if got := DataSets(); len(got) < 2 {
		t.Errorf("DataSets = %v", got)
	}
}

// The real-Python mode: without a Python that has pyspark-client the lab says why and how
// to get one; with one (make test-connect sets KAFKALAB_CONNECT_PYTHON), the console runs
// entries in CPython on the lab's broker, globals kept.
func TestRealPythonConsole(t *testing.T) {
	var lines []string
	var mu sync.Mutex
	lb := newTestLabWith(t, nil, Options{Runner: childRunner(t), Observe: func(e Event) {
		if e.Kind == OutputLine && e.Console {
			mu.Lock()
			lines = append(lines, e.Line)
			mu.Unlock()
		}
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	missing := filepath.Join(t.TempDir(), "no-python")
	t.Setenv("KAFKALAB_PYTHON", missing)
	_, _, err := lb.RealPythonConsole(ctx, t.TempDir())
	var np *NoPythonError
	if !errors.As(err, &np) || !strings.Contains(np.Error(), "KAFKALAB_PYTHON="+missing) || !strings.Contains(np.Hint(), "kafkalab setup python") {
		t.Fatalf("got %v, want a NoPythonError naming KAFKALAB_PYTHON with the setup hint", err)
	}
	python := os.Getenv("KAFKALAB_CONNECT_PYTHON")
	if python == "" {
		t.Skip("the console itself needs KAFKALAB_CONNECT_PYTHON with pyspark-client (make test-connect)")
	}
	t.Setenv("KAFKALAB_PYTHON", python)
	c, got, err := lb.RealPythonConsole(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got != python {
		t.Errorf("runs %s, want %s", got, python)
	}
	for _, entry := range []string{"import sys; n = spark.range(4).count()", "(n, sys.implementation.name)"} {
		if err := c.Run(ctx, entry); err != nil {
			t.Fatalf("%s: %v", entry, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	// Each entry ends with a blank line, as on kafkalab's own prompt.
	if got := strings.Join(lines, "\n"); got != "\n(4, 'cpython')\n" {
		t.Errorf("printed %q, want (4, 'cpython') between the entries' blank lines", got)
	}
}
