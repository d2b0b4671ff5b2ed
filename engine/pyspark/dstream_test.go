package pyspark

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// runDStreamScript runs src (with argv args) in a fresh interpreter rooted at dir and
// returns stdout and stderr once the interpreter has closed (its DStream timers stopped).
func runDStreamScript(t *testing.T, dir, src string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Stderr: &errOut, Args: args, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	runErr := in.Exec(context.Background(), "script.py", src)
	in.Close()
	return out.String(), errOut.String(), runErr
}

var pprintTime = regexp.MustCompile(`(?m)^Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$`)

const pprintRule = "-------------------------------------------"

// pprintBatches splits pprint's output into its batches (the records of each), with the
// trailing empty batches dropped: how many of those a run prints depends on when it stops.
func pprintBatches(t *testing.T, out string) [][]string {
	t.Helper()
	var batches [][]string
	lines := strings.Split(out, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != pprintRule {
			continue
		}
		if i+2 >= len(lines) || !pprintTime.MatchString(lines[i+1]) || lines[i+2] != pprintRule {
			t.Fatalf("pprint header at line %d is not PySpark's:\n%s", i, out)
		}
		i += 3
		batch := []string{}
		for ; i < len(lines) && lines[i] != ""; i++ {
			batch = append(batch, lines[i])
		}
		batches = append(batches, batch)
	}
	for len(batches) > 0 && len(batches[len(batches)-1]) == 0 {
		batches = batches[:len(batches)-1]
	}
	return batches
}

// queueStreamExample is Spark's examples/src/main/python/streaming/queue_stream.py, with
// the batch duration and the sleep scaled by 0.2 so that the test is quick.
const queueStreamExample = `import time

from pyspark import SparkContext
from pyspark.streaming import StreamingContext

if __name__ == "__main__":

    sc = SparkContext(appName="PythonStreamingQueueStream")
    ssc = StreamingContext(sc, 0.2)

    # Create the queue through which RDDs can be pushed to
    # a QueueInputDStream
    rddQueue = []
    for i in range(5):
        rddQueue += [ssc.sparkContext.parallelize([j for j in range(1, 1001)], 10)]

    # Create the QueueInputDStream and use it do some processing
    inputStream = ssc.queueStream(rddQueue)
    mappedStream = inputStream.map(lambda x: (x % 10, 1))
    reducedStream = mappedStream.reduceByKey(lambda a, b: a + b)
    reducedStream.pprint()

    ssc.start()
    time.sleep(1.2)
    ssc.stop(stopSparkContext=True, stopGraceFully=True)
`

func TestDStreamQueueStreamExample(t *testing.T) {
	out, stderr, err := runDStreamScript(t, t.TempDir(), queueStreamExample)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	// PySpark 4.2.0 running queue_stream.py as shipped (1 s batches, sleep(6)) printed five
	// batches of these records, then three empty batches.
	want := "(2, 100) (4, 100) (6, 100) (8, 100) (0, 100) (1, 100) (3, 100) (5, 100) (7, 100) (9, 100)"
	batches := pprintBatches(t, out)
	if len(batches) != 5 {
		t.Fatalf("got %d batches with records, want 5:\n%s", len(batches), out)
	}
	for i, b := range batches {
		if got := strings.Join(b, " "); got != want {
			t.Errorf("batch %d = %s, want %s", i, got, want)
		}
	}
	if !strings.HasSuffix(out, pprintRule+"\n\n") {
		t.Errorf("a graceful stop should leave empty batches at the end (the queue ran dry):\n%s", out)
	}
	if !strings.Contains(stderr, "FutureWarning: DStream is deprecated as of Spark 3.4.0. Migrate to Structured Streaming.") {
		t.Errorf("stderr lacks PySpark's deprecation warning:\n%s", stderr)
	}
}

// TestDStreamOperations runs testdata/dstream_ops.py, each operation's RDD batch by batch,
// against what PySpark 4.2.0 printed for it (testdata/dstream_ops_pyspark.txt).
func TestDStreamOperations(t *testing.T) {
	src, err := os.ReadFile("testdata/dstream_ops.py")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/dstream_ops_pyspark.txt")
	if err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runDStreamScript(t, t.TempDir(), string(src), "0.2")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	got := strings.Split(strings.TrimSpace(out), "\n")
	exp := strings.Split(strings.TrimSpace(string(want)), "\n")
	if len(got) != len(exp) {
		t.Errorf("got %d lines, want %d", len(got), len(exp))
	}
	for i := 0; i < len(got) && i < len(exp); i++ {
		if got[i] != exp[i] {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, got[i], exp[i])
		}
	}
}

func TestDStreamErrors(t *testing.T) {
	const head = "from pyspark import SparkContext\nfrom pyspark.streaming import StreamingContext\nimport time\nsc = SparkContext()\nssc = StreamingContext(sc, 0.1)\n"
	const show = "    print(type(e).__name__, str(e))\n"
	cases := []struct {
		name, src, want string
	}{
		// PySpark 4.2.0 for each (the JVM's stack trace lines after the message left out)
		{"no output operation", "ssc.queueStream([[1]]).map(lambda x: x)\ntry:\n    ssc.start()\nexcept Exception as e:\n" + show,
			"Py4JJavaError An error occurred while calling o0.start.\n: java.lang.IllegalArgumentException: requirement failed: No output operations registered, so nothing to execute\n"},
		{"transformation after start", "q = ssc.queueStream([[1]])\nq.pprint()\nssc.start()\ntry:\n    q.map(lambda x: x).pprint()\nexcept Exception as e:\n" + show + "ssc.stop(False)\n",
			"Py4JJavaError An error occurred while calling None.org.apache.spark.streaming.api.python.PythonTransformedDStream.\n: java.lang.IllegalStateException: Adding new inputs, transformations, and output operations after starting a context is not supported\n"},
		{"input after start", "q = ssc.queueStream([[1]])\nq.pprint()\nssc.start()\ntry:\n    ssc.queueStream([[1]])\nexcept Exception as e:\n" + show + "ssc.stop(False)\n",
			"Py4JJavaError An error occurred while calling o0.queueStream.\n: java.lang.IllegalStateException: Adding new inputs, transformations, and output operations after starting a context is not supported\n"},
		{"start after stop", "ssc.queueStream([[1]]).pprint()\nssc.start()\nssc.stop(False)\ntry:\n    ssc.start()\nexcept Exception as e:\n" + show,
			"Py4JJavaError An error occurred while calling o0.start.\n: java.lang.IllegalStateException: StreamingContext has already been stopped\n"},
		{"updateStateByKey without checkpoint", "ssc.queueStream([[('a', 1)]]).updateStateByKey(lambda vs, s: sum(vs) + (s or 0)).pprint()\ntry:\n    ssc.start()\nexcept Exception as e:\n" + show,
			"Py4JJavaError An error occurred while calling o0.start.\n: java.lang.IllegalArgumentException: requirement failed: The checkpoint directory has not been set. Please set it by StreamingContext.checkpoint().\n"},
		{"countByWindow without checkpoint", "ssc.queueStream([[1]]).countByWindow(0.2, 0.1).pprint()\ntry:\n    ssc.start()\nexcept Exception as e:\n" + show,
			"Py4JJavaError An error occurred while calling o0.start.\n: java.lang.IllegalArgumentException: requirement failed: The checkpoint directory has not been set. Please set it by StreamingContext.checkpoint().\n"},
		{"window not a multiple", "ssc = StreamingContext(sc, 2)\nq = ssc.queueStream([[1]])\nfor args in [(3, 2), (4, 3), (1, 1)]:\n    try:\n        q.window(*args)\n    except Exception as e:\n    " + show,
			"ValueError windowDuration must be multiple of the parent dstream's slide (batch) duration (2000 ms)\n" +
				"ValueError slideDuration must be multiple of the parent dstream's slide (batch) duration (2000 ms)\n" +
				"ValueError windowDuration must be multiple of the parent dstream's slide (batch) duration (2000 ms)\n"},
		{"getActive", "ssc.queueStream([[1]]).foreachRDD(lambda rdd: None)\nprint(StreamingContext.getActive())\nssc.start()\nprint(StreamingContext.getActive() is ssc)\nssc.stop(False)\nprint(StreamingContext.getActive())\n",
			"None\nTrue\nNone\n"},
		{"awaitTerminationOrTimeout", "ssc.queueStream([[1]]).foreachRDD(lambda rdd: None)\nssc.start()\nprint(ssc.awaitTerminationOrTimeout(0.15))\nssc.stop(False)\nprint(ssc.awaitTerminationOrTimeout(0.15))\n",
			"False\nTrue\n"},
		{"types", "q = ssc.queueStream([[1]])\nprint(type(q).__name__, type(q.map(lambda x: x)).__name__, type(q.window(0.2)).__name__, type(ssc.sparkContext).__name__)\n",
			"DStream TransformedDStream DStream SparkContext\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, err := runDStreamScript(t, t.TempDir(), head+c.src)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			if out != c.want {
				t.Errorf("got\n%s\nwant\n%s", out, c.want)
			}
		})
	}
}

// TestDStreamFailingBatch: a job that raises is logged by the JobScheduler, the context
// goes on with the next batches, and every awaitTermination raises the first error, as in
// PySpark 4.2.0.
func TestDStreamFailingBatch(t *testing.T) {
	src := `from pyspark import SparkContext
from pyspark.streaming import StreamingContext
sc = SparkContext()
ssc = StreamingContext(sc, 0.1)
q = ssc.queueStream([[1, 0], [2]])
q.map(lambda x: 1 / x).pprint()
def bad(rdd):
    raise ValueError("boom in foreachRDD")
q.foreachRDD(bad)
ssc.start()
for i in range(2):
    try:
        ssc.awaitTermination(1)
        print("no error")
    except Exception as e:
        print(type(e).__name__, str(e).splitlines()[:2])
print(StreamingContext.getActive() is ssc)
import time
time.sleep(0.3)
ssc.stop(False)
`
	out, stderr, err := runDStreamScript(t, t.TempDir(), src)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	wantErr := "Py4JJavaError ['An error occurred while calling o0.awaitTerminationOrTimeout.', ': org.apache.spark.SparkException: An exception was raised by Python:']\n"
	if strings.Count(out, wantErr) != 2 {
		t.Errorf("both waits should raise the batch's error:\n%s", out)
	}
	if !strings.Contains(out, "True\n") {
		t.Errorf("the context should stay active after a failed batch:\n%s", out)
	}
	// the second batch still ran: 1 / 2
	if !strings.Contains(out, "\n0.5\n") {
		t.Errorf("the batch after the failure should run:\n%s", out)
	}
	for _, want := range []string{
		" ERROR JobScheduler: Error running job streaming job ",
		"ZeroDivisionError: division by zero\n SQLSTATE: 38000",
		"py4j.protocol.Py4JJavaError: An error occurred while calling z:org.apache.spark.api.python.PythonRDD.runJob.",
		"ValueError: boom in foreachRDD",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestDStreamSocketWordCount runs Spark's network_wordcount.py against a local server
// that sends lines, as the probe did on PySpark 4.2.0: the counts printed there, in that
// order, are the batches with records here.
func TestDStreamSocketWordCount(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		time.Sleep(400 * time.Millisecond)
		fmt.Fprint(c, "hello world hello\nspark streaming\n")
		time.Sleep(600 * time.Millisecond)
		fmt.Fprint(c, "a b a\n")
		time.Sleep(300 * time.Millisecond)
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	src := `import sys, time
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
sc = SparkContext(appName="PythonStreamingNetworkWordCount")
ssc = StreamingContext(sc, 0.2)
lines = ssc.socketTextStream(sys.argv[1], int(sys.argv[2]))
counts = lines.flatMap(lambda line: line.split(" "))\
              .map(lambda word: (word, 1))\
              .reduceByKey(lambda a, b: a+b)
counts.pprint()
ssc.start()
ssc.awaitTermination(2)
ssc.stop()
`
	out, stderr, err := runDStreamScript(t, t.TempDir(), src, "127.0.0.1", fmt.Sprint(port))
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var got []string
	for _, b := range pprintBatches(t, out) {
		if len(b) > 0 {
			got = append(got, strings.Join(b, " "))
		}
	}
	want := []string{"('hello', 2) ('world', 1) ('streaming', 1) ('spark', 1)", "('b', 1) ('a', 2)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("batches with records:\n%s\nwant\n%s\n(output:\n%s)", strings.Join(got, "\n"), strings.Join(want, "\n"), out)
	}
	// the server closed the connection: the receiver restarts, as Spark's logs it
	if !strings.Contains(stderr, "WARN ReceiverSupervisorImpl: Restarting receiver with delay 2000 ms: Socket data stream had no more data") {
		t.Errorf("stderr lacks the receiver's restart:\n%s", stderr)
	}
}

// TestDStreamSocketRefused: nothing listens; PySpark 4.2.0 logs the receiver's restart
// every two seconds and the batches go on.
func TestDStreamSocketRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	src := fmt.Sprintf(`import time
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
ssc = StreamingContext(SparkContext(), 0.2)
ssc.socketTextStream("127.0.0.1", %d).count().pprint()
ssc.start()
time.sleep(0.7)
ssc.stop()
`, port)
	out, stderr, err := runDStreamScript(t, t.TempDir(), src)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	want := fmt.Sprintf("WARN ReceiverSupervisorImpl: Restarting receiver with delay 2000 ms: Error connecting to 127.0.0.1:%d\njava.net.ConnectException: Connection refused\n", port)
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	// a batch without blocks is an RDD of no partitions: count() of it has no record
	// (PySpark's count is mapPartitions then reduce), so pprint prints empty batches
	if n := strings.Count(out, "Time: "); n < 2 || len(pprintBatches(t, out)) != 0 {
		t.Errorf("the batches should go on, empty:\n%s", out)
	}
}

// TestDStreamTextFileStream: files in the folder before the start are ignored, a new file
// is read in the batch after it appears, hidden ones are skipped (PySpark 4.2.0's probe:
// ('new', 2) ('words', 1) ('more', 1), then ('third', 1); old.txt and .hidden.txt never).
func TestDStreamTextFileStream(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "in", "old.txt")
	if err := os.WriteFile(old, []byte("old file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Second)
	_ = os.Chtimes(old, past, past)
	src := `import os, time
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
ssc = StreamingContext(SparkContext(), 0.2)
ssc.textFileStream("in").flatMap(lambda l: l.split(" ")).map(lambda w: (w, 1)).reduceByKey(lambda a, b: a+b).pprint()
ssc.start()
time.sleep(0.5)
open("x1.txt", "w").write("new words new\nmore\n"); os.rename("x1.txt", "in/new1.txt")
open("x2.txt", "w").write("_ignored\n"); os.rename("x2.txt", "in/.hidden.txt")
time.sleep(0.5)
open("x3.txt", "w").write("third\n"); os.rename("x3.txt", "in/new3.txt")
time.sleep(0.6)
ssc.stop()
`
	out, stderr, err := runDStreamScript(t, dir, src)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var got []string
	for _, b := range pprintBatches(t, out) {
		if len(b) > 0 {
			got = append(got, strings.Join(b, " "))
		}
	}
	want := []string{"('new', 2) ('words', 1) ('more', 1)", "('third', 1)"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("batches with records:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDStreamSaveAsTextFiles: one folder per batch, prefix-<batch ms>.suffix, written as
// rdd.saveAsTextFile writes (PySpark 4.2.0: pre-1796306227000.suf holding part-00000,
// part-00001, _SUCCESS and their .crc files).
func TestDStreamSaveAsTextFiles(t *testing.T) {
	dir := t.TempDir()
	src := `import time
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
ssc = StreamingContext(SparkContext(), 0.2)
ssc.queueStream([[1, 2], [3]]).saveAsTextFiles("out/pre", "suf")
ssc.queueStream([[1]]).saveAsTextFiles("out2/plain")
ssc.start()
time.sleep(0.5)
ssc.stop()
`
	if _, stderr, err := runDStreamScript(t, dir, src); err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	names := func(p string) []string {
		es, err := os.ReadDir(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		var ns []string
		for _, e := range es {
			ns = append(ns, e.Name())
		}
		sort.Strings(ns)
		return ns
	}
	folders := names("out")
	if len(folders) < 2 {
		t.Fatalf("want a folder per batch, got %v", folders)
	}
	name := regexp.MustCompile(`^pre-(\d{13})\.suf$`)
	for _, f := range folders {
		m := name.FindStringSubmatch(f)
		if m == nil {
			t.Fatalf("folder %q is not prefix-<ms>.suffix", f)
		}
		if !strings.HasSuffix(m[1], "00") {
			t.Errorf("folder %q: a batch time is a multiple of the batch duration", f)
		}
	}
	if got := strings.Join(names("out/"+folders[0]), " "); got != "._SUCCESS.crc .part-00000.crc .part-00001.crc _SUCCESS part-00000 part-00001" {
		t.Errorf("first batch's files: %s", got)
	}
	if plain := names("out2"); len(plain) == 0 || !regexp.MustCompile(`^plain-\d{13}$`).MatchString(plain[0]) {
		t.Errorf("without a suffix the folder is prefix-<ms>: %v", plain)
	}
}

// TestDStreamPprint: pprint(num) prints at most num records, then "..." when there are
// more, as PySpark's takeAndPrint does; a list of lists becomes one RDD per batch.
func TestDStreamPprint(t *testing.T) {
	src := `import time
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
ssc = StreamingContext(SparkContext(), 0.2)
s = ssc.queueStream([[1, 2, 3, "a", None, 2.5, (1, "x")], list(range(20))])
s.pprint(3)
ssc.start()
time.sleep(0.5)
ssc.stop(stopGraceFully=True)
`
	out, stderr, err := runDStreamScript(t, t.TempDir(), src)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	got := pprintBatches(t, out)
	want := [][]string{{"1", "2", "3", "..."}, {"0", "1", "2", "..."}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// lineServer accepts connections on a local port and sends each the chunks, a pause
// before each; it returns the port.
func lineServer(t *testing.T, pause time.Duration, chunks ...string) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				for _, s := range chunks {
					time.Sleep(pause)
					if _, err := fmt.Fprint(c, s); err != nil {
						return
					}
				}
				time.Sleep(10 * time.Second)
			}()
		}
	}()
	return ln.Addr().(*net.TCPAddr).Port
}

// runUntil runs src for d, then interrupts it as Ctrl-C would (the examples wait in
// awaitTermination forever); it returns stdout and stderr.
func runUntil(t *testing.T, dir, src string, d time.Duration, args ...string) (string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Stderr: &errOut, Args: args, ScriptPath: "script.py"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if err := in.Exec(ctx, "script.py", src); err != nil && !strings.Contains(err.Error(), "KeyboardInterrupt") {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	in.Close()
	return out.String(), errOut.String()
}

// TestDStreamSocketExamples runs Spark's socket examples (examples/src/main/python/
// streaming, batch durations shortened) against a server sending two chunks of lines,
// with the records PySpark 4.2.0 printed for the same lines.
func TestDStreamSocketExamples(t *testing.T) {
	const first, second = "hello world hello\nspark streaming happy\n", "happy happy world bad\n"
	port := lineServer(t, 500*time.Millisecond, first, second)
	// network_wordjoinsentiments' 5 s batch held both chunks in PySpark's run: one chunk here
	onePort := lineServer(t, 500*time.Millisecond, first+second)
	cases := []struct {
		name, src string
		port      int
		files     map[string]string
		want      []string // the batches with records, each joined by " | "
	}{
		{"stateful_network_wordcount", `import sys
from typing import Iterable, Optional

from pyspark import SparkContext
from pyspark.streaming import StreamingContext

if __name__ == "__main__":
    sc = SparkContext(appName="PythonStreamingStatefulNetworkWordCount")
    ssc = StreamingContext(sc, 0.2)
    ssc.checkpoint("checkpoint")

    # RDD with initial state (key, value) pairs
    initialStateRDD = sc.parallelize([(u'hello', 1), (u'world', 1)])

    def updateFunc(new_values: Iterable[int], last_sum: Optional[int]) -> int:
        return sum(new_values) + (last_sum or 0)

    lines = ssc.socketTextStream(sys.argv[1], int(sys.argv[2]))
    running_counts = lines.flatMap(lambda line: line.split(" "))\
                          .map(lambda word: (word, 1))\
                          .updateStateByKey(updateFunc, initialRDD=initialStateRDD)

    running_counts.pprint()

    ssc.start()
    ssc.awaitTermination()
`, port, nil, []string{
			"('hello', 1) | ('world', 1)",
			"('hello', 3) | ('world', 2) | ('streaming', 1) | ('spark', 1) | ('happy', 1)",
			"('hello', 3) | ('world', 3) | ('streaming', 1) | ('spark', 1) | ('happy', 3) | ('bad', 1)",
		}},
		{"network_wordjoinsentiments", `import sys
from typing import Tuple

from pyspark import SparkContext
from pyspark import RDD
from pyspark.streaming import DStream, StreamingContext


def print_happiest_words(rdd: RDD[Tuple[float, str]]) -> None:
    top_list = rdd.take(5)
    print("Happiest topics in the last 5 seconds (%d total):" % rdd.count())
    for tuple in top_list:
        print("%s (%d happiness)" % (tuple[1], tuple[0]))


if __name__ == "__main__":
    sc = SparkContext(appName="PythonStreamingNetworkWordJoinSentiments")
    ssc = StreamingContext(sc, 0.4)

    def line_to_tuple(line: str) -> Tuple[str, str]:
        try:
            k, v = line.split(" ")
            return k, v
        except ValueError:
            return "", ""

    word_sentiments_file_path = "data/streaming/AFINN-111.txt"
    word_sentiments = ssc.sparkContext.textFile(word_sentiments_file_path) \
        .map(line_to_tuple)

    lines = ssc.socketTextStream(sys.argv[1], int(sys.argv[2]))

    word_counts = lines.flatMap(lambda line: line.split(" ")) \
        .map(lambda word: (word, 1)) \
        .reduceByKey(lambda a, b: a + b)

    happiest_words: DStream[Tuple[float, str]] = word_counts \
        .transform(lambda rdd: word_sentiments.join(rdd)) \
        .map(lambda word_tuples: (word_tuples[0], float(word_tuples[1][0]) * word_tuples[1][1])) \
        .map(lambda word_happiness: (word_happiness[1], word_happiness[0])) \
        .transform(lambda rdd: rdd.sortByKey(False))

    happiest_words.foreachRDD(print_happiest_words)

    ssc.start()
    ssc.awaitTermination()
`, onePort, map[string]string{"data/streaming/AFINN-111.txt": "happy 3\nbad -3\nhello 1\nspark 2\nabandon\t-2\n"}, []string{
			"Happiest topics in the last 5 seconds (4 total):", "happy (9 happiness)", "hello (2 happiness)", "spark (2 happiness)", "bad (-3 happiness)",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range c.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, stderr := runUntil(t, dir, c.src, 2500*time.Millisecond, "127.0.0.1", fmt.Sprint(c.port))
			var got []string
			if !strings.Contains(out, pprintRule) {
				// the lines of the batches with records
				for _, l := range strings.Split(out, "\n") {
					if l != "" && !strings.Contains(l, "(0 total)") {
						got = append(got, l)
					}
				}
				if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("got\n%s\nwant\n%s\n(stderr:\n%s)", strings.Join(got, "\n"), strings.Join(c.want, "\n"), stderr)
				}
				return
			}
			for _, b := range pprintBatches(t, out) {
				if s := strings.Join(b, " | "); len(b) > 0 && (len(got) == 0 || got[len(got)-1] != s) {
					got = append(got, s)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("distinct batches:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestDStreamGetOrCreate: kafkalab recovers no DStream checkpoint. getOrCreate calls
// setupFunc each time and sets the checkpoint folder, and says so when the folder holds
// Spark's checkpoint files (real Spark would rebuild the context from them instead).
func TestDStreamGetOrCreate(t *testing.T) {
	src := `import os
from pyspark import SparkContext
from pyspark.streaming import StreamingContext
def setup():
    print("Creating new context")
    ssc = StreamingContext(SparkContext(), 1)
    ssc.queueStream([[1]]).pprint()
    return ssc
ssc = StreamingContext.getOrCreate("ck", setup)
print(ssc._checkpoint_dir, os.path.isdir("ck"))
`
	cases := []struct {
		name     string
		files    []string
		warnWant bool
	}{
		{"no checkpoint", nil, false},
		{"Spark's checkpoint files", []string{"ck/checkpoint-1796307052000", "ck/checkpoint-1796307053000"}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range c.files {
				p := filepath.Join(dir, f)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			out, stderr, err := runDStreamScript(t, dir, src)
			if err != nil {
				t.Fatalf("%v\n%s", err, stderr)
			}
			if out != "Creating new context\nck True\n" {
				t.Errorf("stdout %q", out)
			}
			warn := "WARN StreamingContext: kafkalab does not recover a StreamingContext from checkpoint data: ck holds 2 checkpoint file(s)"
			if strings.Contains(stderr, warn) != c.warnWant {
				t.Errorf("warning shown: %v, want %v:\n%s", !c.warnWant, c.warnWant, stderr)
			}
		})
	}
}

// TestDStreamLogLevelAndStopInBatch: sc.setLogLevel("ERROR") hides the receiver's WARN
// lines; ssc.stop() called by a batch's own foreachRDD ends the context and wakes
// awaitTermination.
func TestDStreamLogLevelAndStopInBatch(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	src := fmt.Sprintf(`from pyspark import SparkContext
from pyspark.streaming import StreamingContext
sc = SparkContext()
sc.setLogLevel("ERROR")
ssc = StreamingContext(sc, 0.1)
ssc.socketTextStream("127.0.0.1", %d).pprint()
seen = []
def stopper(t, rdd):
    seen.append(t)
    if len(seen) == 3:
        ssc.stop(False)
ssc.queueStream([[1]]).foreachRDD(stopper)
ssc.start()
ssc.awaitTermination()
print(len(seen), StreamingContext.getActive())
`, port)
	out, stderr, err := runDStreamScript(t, t.TempDir(), src)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.HasSuffix(out, "3 None\n") {
		t.Errorf("stdout:\n%s", out)
	}
	if strings.Contains(stderr, "WARN ReceiverSupervisorImpl") {
		t.Errorf("ERROR level should hide the receiver's WARN line (the ReceiverTracker's ERROR line stays):\n%s", stderr)
	}
}
