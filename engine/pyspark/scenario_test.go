package pyspark

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// startBroker starts an in-process Kafka broker on a free port with topic orders (3 partitions).
func startBroker(t testing.TB) string {
	t.Helper()
	addr, _ := testkit.StartKafka(t, kfake.SeedTopics(3, "orders"))
	return addr
}

// copyCourse copies the course scripts into a fresh working folder, with the course's
// session helper and its orders.
func copyCourse(t testing.TB, from string) string {
	t.Helper()
	dir := t.TempDir()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".py") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	testkit.WriteSessionHelper(t, dir)
	testkit.WriteCourseData(t, dir)
	return dir
}

func runScript(t testing.TB, dir, bootstrap, script string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	in, err := NewInterpreter(Config{ScriptPath: script, Args: args, WorkDir: dir, Stdout: &out, Stderr: &errOut,
		BootstrapRewrite: map[string]string{"localhost:9092": bootstrap}})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	if err := in.ExecFile(ctx, script); err != nil {
		t.Fatalf("%s %v: %v\nstdout: %s\nstderr: %s", script, args, err, out.String(), errOut.String())
	}
	return out.String()
}

// TestCourseScenario runs the course's scripts in the order a learner does and checks the
// reference numbers and the final table of course.md.
func TestCourseScenario(t *testing.T) {
	for _, set := range []struct{ name, dir, send, read, show string }{
		{"fixtures", "testdata/course", "send_orders.py", "read_orders.py", "show_orders.py"},
		{"lesson files", "../../lessons/files", "send_orders.py", "read_orders.py", "show_table.py"},
	} {
		t.Run(set.name, func(t *testing.T) {
			if _, err := os.Stat(filepath.Join(set.dir, set.read)); err != nil {
				t.Skipf("no %s here", set.dir)
			}
			bootstrap := startBroker(t)
			dir := copyCourse(t, set.dir)
			steps := []struct {
				script string
				args   []string
				want   string
			}{
				{set.send, []string{"1"}, "3"},
				{set.read, nil, "3"},
				{set.send, []string{"2"}, "2"},
				{set.read, nil, "2"},
				{set.read, nil, "0"},
			}
			for _, s := range steps {
				out := runScript(t, dir, bootstrap, s.script, s.args...)
				if !containsWord(out, s.want) {
					t.Fatalf("%s %v printed %q, want the number %s", s.script, s.args, out, s.want)
				}
			}
			want, err := os.ReadFile("testdata/course/expected_table.txt")
			if err != nil {
				t.Fatal(err)
			}
			if got := runScript(t, dir, bootstrap, set.show); got != string(want) {
				t.Fatalf("table:\n%s\nwant:\n%s", got, want)
			}
			offsets, err := os.ReadFile(filepath.Join(dir, "checkpoints/bronze_orders/offsets/1"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasSuffix(strings.TrimSpace(string(offsets)), `{"orders":{"0":3,"1":2,"2":0}}`) {
				t.Fatalf("offsets/1 = %s", offsets)
			}
		})
	}
}

// containsWord says whether out has want as a whole word ("3", not "30").
func containsWord(out, want string) bool {
	for _, f := range strings.FieldsFunc(out, func(r rune) bool { return r == ' ' || r == '\n' || r == ':' }) {
		if f == want {
			return true
		}
	}
	return false
}

func TestStreamingQueryAPI(t *testing.T) {
	bootstrap := startBroker(t)
	dir := copyCourse(t, "testdata/course")
	runScript(t, dir, bootstrap, "send_orders.py", "1")
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out, Bootstrap: bootstrap})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	ctx := context.Background()
	src := `from stream_session import get_spark
from pyspark.sql import functions as F
spark = get_spark()
raw = spark.readStream.format("kafka").option("kafka.bootstrap.servers", "x:1").option("subscribe", "orders").option("startingOffsets", "earliest").load()
q = (raw.selectExpr("CAST(value AS STRING) as json").writeStream.format("memory").queryName("raw_orders")
     .outputMode("append").trigger(processingTime="1 minute").start())
print(q.name, q.isActive, len(q.id) == 36)
`
	if err := in.Exec(ctx, "step.py", src); err != nil {
		t.Fatal(err)
	}
	if got := in.Queries(); len(got) != 1 || !got[0].Active || got[0].Name != "raw_orders" {
		t.Fatalf("Queries() = %+v", got)
	}
	wait := `import time
for i in range(200):
    if q.lastProgress is not None:
        break
    time.sleep(0.02)
p = q.lastProgress
print(p.batchId, p["numInputRows"], p.sources[0].endOffset, "numInputRows" in p.json)
print(spark.table("raw_orders").count())
`
	if err := in.Exec(ctx, "step2.py", wait); err != nil {
		t.Fatal(err)
	}
	in.StopQueries()
	if in.Queries()[0].Active {
		t.Fatal("query still active after StopQueries")
	}
	if err := in.Exec(ctx, "step3.py", "print(q.isActive, q.awaitTermination(1), q.exception())"); err != nil {
		t.Fatal(err)
	}
	want := "raw_orders True True\n0 3 {\"orders\": {\"0\": 2, \"1\": 1, \"2\": 0}} True\n3\nFalse True None\n"
	if got := out.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

func TestSandboxRefusesCheckpointOutside(t *testing.T) {
	bootstrap := startBroker(t)
	dir := copyCourse(t, "testdata/course")
	in, err := NewInterpreter(Config{WorkDir: dir, Bootstrap: bootstrap})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "x.py", `from stream_session import get_spark
spark = get_spark()
raw = spark.readStream.format("kafka").option("kafka.bootstrap.servers", "x:1").option("subscribe", "orders").load()
raw.writeStream.format("delta").option("checkpointLocation", "/tmp/../etc/cp").toTable("t")
`)
	var pe *python.Error
	if !errors.As(err, &pe) || pe.Kind != "PermissionError" || pe.Line != 4 {
		t.Fatalf("got %v", err)
	}
}

func TestDeltaTableThroughPython(t *testing.T) {
	bootstrap := startBroker(t)
	dir := copyCourse(t, "testdata/course")
	runScript(t, dir, bootstrap, "send_orders.py", "1")
	runScript(t, dir, bootstrap, "read_orders.py")
	runScript(t, dir, bootstrap, "send_orders.py", "2")
	runScript(t, dir, bootstrap, "read_orders.py")
	var out bytes.Buffer
	in, err := NewInterpreter(Config{WorkDir: dir, Stdout: &out})
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	err = in.Exec(context.Background(), "delta.py", `from delta.tables import DeltaTable
from stream_session import get_spark
spark = get_spark()
t = DeltaTable.forName(spark, "bronze_orders")
print(t.toDF().count(), DeltaTable.forPath(spark, "spark-warehouse/bronze_orders").toDF().count())
h = t.history()
print([(r.version, r.operation) for r in h.select("version", "operation").collect()])
print(h.first().operationParameters["outputMode"], DeltaTable.isDeltaTable(spark, "checkpoints"), DeltaTable.isDeltaTable(spark, "spark-warehouse/bronze_orders"))
spark.table("bronze_orders").createOrReplaceTempView("orders_view")
print(spark.sql("SELECT order_id FROM orders_view WHERE amount > 30").count())
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "5 5\n[(2, 'STREAMING UPDATE'), (1, 'STREAMING UPDATE'), (0, 'CREATE TABLE')]\nAppend False True\n2\n"
	if out.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// BenchmarkReadScriptInProcess is the read script through Run without process start-up:
// what the interpreter and engine cost on the reference topic (5 events, fresh table).
func BenchmarkReadScriptInProcess(b *testing.B) {
	bootstrap := startBroker(b)
	seed := copyCourse(b, "testdata/course")
	runScript(b, seed, bootstrap, "send_orders.py", "1")
	runScript(b, seed, bootstrap, "send_orders.py", "2")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		dir := copyCourse(b, "testdata/course")
		b.StartTimer()
		if out := runScript(b, dir, bootstrap, "read_orders.py"); out != "loaded 5 events\n" {
			b.Fatalf("read printed %q", out)
		}
	}
}
