package lab

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lessons"
)

func TestNormalizeToleratesOnlyTrailingSpaceAndBlankLines(t *testing.T) {
	tests := []struct{ a, b string }{
		{"a \nb\t\n\n", "a\nb"},
		{"x\r\ny", "x\ny"},
	}
	for _, tc := range tests {
		if normalize(tc.a) != normalize(tc.b) {
			t.Errorf("normalize(%q) != normalize(%q)", tc.a, tc.b)
		}
	}
	if normalize(" a") == normalize("a") || normalize("a\n\nb") == normalize("a\nb") {
		t.Error("normalize must keep leading spaces and inner blank lines")
	}
}

func TestCheckFileLines(t *testing.T) {
	ws := t.TempDir()
	os.MkdirAll(filepath.Join(ws, "cp", "offsets"), 0o755)
	os.WriteFile(filepath.Join(ws, "cp", "offsets", "0"), []byte("v1\n{\"batchWatermarkMs\":0}\n{\"orders\":{\"0\":2}}"), 0o644)
	tests := []struct {
		line, want string
		ok         bool
	}{
		{"last", `{"orders":{"0":2}}`, true},
		{"1", "v1", true},
		{"last", `{"orders":{"0":3}}`, false},
		{"4", "v1", false},
	}
	for _, tc := range tests {
		e := lessons.Expectation{Kind: lessons.ExpectFile, Path: "cp/offsets/0", FileLine: tc.line, Want: tc.want}
		f := checkFile(ws, e, tc.want)
		if (f == nil) != tc.ok {
			t.Errorf("line %s want %q: failure %+v", tc.line, tc.want, f)
		}
	}
	if f := checkFile(ws, lessons.Expectation{Path: "../etc/passwd"}, "x"); f == nil || !strings.Contains(f.Got, "outside it") {
		t.Errorf("escape not refused: %+v", f)
	}
}

// newTestLab starts an embedded broker on a free port and a lab on it, whose scripts run
// in child processes as kafkalab's do.
func newTestLab(t *testing.T, course []*lessons.Lesson) *Lab {
	t.Helper()
	return newTestLabWith(t, course, Options{Runner: childRunner(t)})
}

// newTestLabWith is newTestLab with options (Root and Lessons are filled in).
func newTestLabWith(t *testing.T, course []*lessons.Lesson, opts Options) *Lab {
	t.Helper()
	ctx := context.Background()
	b, err := broker.StartEmbedded(ctx, broker.EmbeddedConfig{Port: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close(context.Background()) })
	opts.Root, opts.Lessons = t.TempDir(), course
	lb, err := New(b, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(lb.Close)
	return lb
}

func kafkaOnlyLessons(t *testing.T) []*lessons.Lesson {
	t.Helper()
	all, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	var out []*lessons.Lesson
	for _, id := range []string{"01", "02"} {
		l, ok := lessons.Find(all, id)
		if !ok {
			t.Fatalf("lesson %s missing", id)
		}
		out = append(out, l)
	}
	return out
}

func TestCheckPassesKafkaLessons(t *testing.T) {
	course := kafkaOnlyLessons(t)
	lb := newTestLab(t, course)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var out bytes.Buffer
	rep := lb.Check(ctx, course, &out)
	if rep.Failed != 0 || rep.Passed == 0 {
		t.Fatalf("check: %d passed, %d failed\n%s", rep.Passed, rep.Failed, out.String())
	}
	if !strings.HasSuffix(out.String(), "passed, 0 failed\n") || !strings.Contains(out.String(), "PASS 01-topics-partitions-offsets/1 Make a topic with three partitions\n") {
		t.Errorf("check output:\n%s", out.String())
	}
}

// A check must really check: a corrupted expectation fails with expected and actual shown.
func TestCheckFailsOnCorruptedExpectation(t *testing.T) {
	course := kafkaOnlyLessons(t)[:1]
	corrupt := *course[0]
	corrupt.Steps = append([]*lessons.Step(nil), course[0].Steps[:3]...)
	step := *corrupt.Steps[2]
	step.Expect = []lessons.Expectation{{Kind: lessons.ExpectOffsets, Topic: "clicks", Want: "0:5 1:0 2:1", Line: 99}}
	corrupt.Steps[2] = &step
	lb := newTestLab(t, []*lessons.Lesson{&corrupt})
	var out bytes.Buffer
	rep := lb.Check(context.Background(), []*lessons.Lesson{&corrupt}, &out)
	if rep.Failed != 1 || rep.Passed != 2 {
		t.Fatalf("want 2 passed 1 failed, got %+v\n%s", rep, out.String())
	}
	for _, want := range []string{"FAIL 01-topics-partitions-offsets/3 Send keyed events", "expected:\n        0:5 1:0 2:1", "actual:\n        0:4 1:0 2:1", "2 passed, 1 failed"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("check output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestExerciseAttemptsStartFromTheSameState(t *testing.T) {
	course := []*lessons.Lesson{{ID: "09-x", Steps: []*lessons.Step{{
		Number:   1,
		Title:    "count files",
		Starter:  shellCode(t, "cat notes.txt"),
		Solution: shellCode(t, "cat notes.txt"),
		Files:    []lessons.File{{Name: "notes.txt", Content: "hello\n"}},
		Expect:   []lessons.Expectation{{Kind: lessons.ExpectMissing, Path: "stray.txt"}},
	}}}}
	lb := newTestLab(t, course)
	ctx := context.Background()
	if err := lb.StartLesson(ctx, course[0]); err != nil {
		t.Fatal(err)
	}
	step := course[0].Steps[0]
	if res := lb.RunStep(ctx, course[0], step, nil); !res.Passed {
		t.Fatalf("first attempt failed: %+v", res)
	}
	// Something the first attempt left behind must be gone when the learner tries again.
	os.WriteFile(filepath.Join(lb.Workspace("09-x"), "stray.txt"), []byte("x"), 0o644)
	if res := lb.RunStep(ctx, course[0], step, nil); !res.Passed {
		t.Fatalf("second attempt did not start from the first attempt's starting state: %+v", res.Failures)
	}
	// ... also after quitting: a new Lab on the same folder restores the same baseline.
	os.WriteFile(filepath.Join(lb.Workspace("09-x"), "stray.txt"), []byte("x"), 0o644)
	again, err := New(lb.Broker(), Options{Root: filepath.Dir(lb.Workspace("09-x")), Lessons: course})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if res := again.RunStep(ctx, course[0], step, nil); !res.Passed {
		t.Fatalf("an attempt after a restart did not start from the exercise's starting state: %+v", res.Failures)
	}
}

// shellCode is an sh block holding src, parsed as a lesson's would be.
func shellCode(t testing.TB, src string) *lessons.Code {
	t.Helper()
	c, err := (&lessons.Code{Lang: "sh", Line: 1}).WithSource(src)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A background command runs while the next lines do: this consumer starts on an empty
// topic and still prints the record the producer sends a second later; run one after the
// other it would have given up after its three idle seconds first.
func TestShellBackgroundCommandsRunAlongside(t *testing.T) {
	run := func(src string) *StepResult {
		course := []*lessons.Lesson{{ID: "09-bg", Topics: []string{"bg"}, Steps: []*lessons.Step{{
			Number: 1, Title: "bg", Run: shellCode(t, src),
		}}}}
		lb := newTestLab(t, course)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := lb.StartLesson(ctx, course[0]); err != nil {
			t.Fatal(err)
		}
		return lb.RunStep(ctx, course[0], course[0].Steps[0], nil)
	}
	res := run(`kafka-topics.sh --bootstrap-server localhost:9092 --create --topic bg --partitions 1 --replication-factor 1
kafka-console-consumer.sh --bootstrap-server localhost:9092 --topic bg --partition 0 --offset earliest --max-messages 1 --timeout-ms 3000 &
sleep 1
kafka-console-producer.sh --bootstrap-server localhost:9092 --topic bg <<EOF
hello
EOF
wait
kafka-get-offsets.sh --bootstrap-server localhost:9092 --topic bg`)
	if !res.Passed {
		t.Fatalf("step failed: %+v\n%s", res.Failures, res.Output)
	}
	if want := "Created topic bg.\nhello\nProcessed a total of 1 messages\nbg:0:1\n"; res.Output != want {
		t.Errorf("output = %q, want %q", res.Output, want)
	}

	// The block's end waits too, and a background command that fails fails the block.
	res = run("kafka-console-consumer.sh --bootstrap-server localhost:9092 --topic no-such-topic --timeout-ms 1000 &")
	if res.Passed || !strings.Contains(res.Error, "kafka-console-consumer.sh --bootstrap-server localhost:9092 --topic no-such-topic --timeout-ms 1000 &: exit status 1") {
		t.Errorf("failed background command: err %q, output %q", res.Error, res.Output)
	}
}

// Starting a lesson deletes the consumer groups it owns, as it deletes its topics: a group
// outlives its topic on a broker, and a lesson run again must find it gone.
func TestStartLessonDeletesItsGroups(t *testing.T) {
	lesson := &lessons.Lesson{ID: "09-g", Topics: []string{"g-topic"}, Groups: []string{"g-billing"}, Steps: []*lessons.Step{{
		Number: 1, Title: "consume", Run: shellCode(t, "kafka-topics.sh --create --topic g-topic --partitions 1 --replication-factor 1\n"+
			"kafka-console-producer.sh --topic g-topic <<EOF\nx\nEOF\n"+
			"kafka-console-consumer.sh --topic g-topic --group g-billing --from-beginning --max-messages 1 --timeout-ms 10000"),
	}}}
	lb := newTestLab(t, []*lessons.Lesson{lesson})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	groups := func() []string {
		listed, err := lb.admin.ListGroups(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return listed.Groups()
	}
	if err := lb.StartLesson(ctx, lesson); err != nil { // no group yet: nothing to delete is fine
		t.Fatal(err)
	}
	if res := lb.RunStep(ctx, lesson, lesson.Steps[0], nil); !res.Passed {
		t.Fatalf("step failed: %+v\n%s", res.Failures, res.Output)
	}
	if got := groups(); !slices.Contains(got, "g-billing") {
		t.Fatalf("groups after the step: %v", got)
	}
	if err := lb.StartLesson(ctx, lesson); err != nil {
		t.Fatal(err)
	}
	if got := groups(); slices.Contains(got, "g-billing") {
		t.Errorf("the lesson's group survived its start: %v", got)
	}
}

// A step's settle directive ends its sleep once the group is Stable with its members: the
// two consumers settle in well under the sleep's twenty seconds. A group that never gets
// the members the directive names sleeps the full time, as a shell would.
func TestSettleEndsASleepOnceTheGroupSettled(t *testing.T) {
	run := func(members int, sleepSecs int) (*StepResult, time.Duration) {
		src := "kafka-topics.sh --create --topic st --partitions 2 --replication-factor 1\n" +
			"kafka-console-consumer.sh --topic st --group st-g --max-messages 1 --timeout-ms 4000 --consumer-property heartbeat.interval.ms=100 &\n" +
			"kafka-console-consumer.sh --topic st --group st-g --max-messages 1 --timeout-ms 4000 --consumer-property heartbeat.interval.ms=100 &\n" +
			fmt.Sprintf("sleep %d\n", sleepSecs) +
			"kafka-consumer-groups.sh --describe --group st-g --state\nwait\n"
		lesson := &lessons.Lesson{ID: "09-st", Topics: []string{"st"}, Groups: []string{"st-g"}, Steps: []*lessons.Step{{
			Number: 1, Title: "settle", Run: shellCode(t, src), Settle: &lessons.Settle{Group: "st-g", Members: members, Line: 1},
		}}}
		lb := newTestLab(t, []*lessons.Lesson{lesson})
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		start := time.Now()
		return lb.RunStep(ctx, lesson, lesson.Steps[0], nil), time.Since(start)
	}
	res, took := run(2, 20)
	if !res.Passed || !regexp.MustCompile(`st-g +\S+ +\(\d+\) +range +Stable +2`).MatchString(res.Output) {
		t.Fatalf("settled step: %+v\n%s", res.Failures, res.Output)
	}
	if took > 15*time.Second {
		t.Errorf("the step took %v: its sleep did not end when the group settled", took)
	}
	res, took = run(3, 2)
	if !res.Passed || !strings.Contains(res.Output, "Stable") {
		t.Fatalf("unsettled step: %+v\n%s", res.Failures, res.Output)
	}
	if took < 2*time.Second {
		t.Errorf("the step took %v: a group short of members must sleep the full time", took)
	}
}

// The lesson shell runs lab/kafkaadmin's tools as it runs kafkatools': a lesson line of
// kafka-cluster.sh or kafka-log-dirs.sh reaches the lab's broker.
func TestShellRunsKafkaAdminTools(t *testing.T) {
	course := []*lessons.Lesson{{ID: "09-admin", Topics: []string{"adm"}, Steps: []*lessons.Step{{
		Number: 1, Title: "admin", Run: shellCode(t, `kafka-topics.sh --bootstrap-server localhost:9092 --create --topic adm --partitions 1
kafka-cluster.sh cluster-id --bootstrap-server localhost:9092
kafka-log-dirs.sh --bootstrap-server localhost:9092 --describe --topic-list adm`),
	}}}}
	lb := newTestLab(t, course)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := lb.StartLesson(ctx, course[0]); err != nil {
		t.Fatal(err)
	}
	res := lb.RunStep(ctx, course[0], course[0].Steps[0], nil)
	if !res.Passed {
		t.Fatalf("step failed: %+v\n%s", res.Failures, res.Output)
	}
	if !regexp.MustCompile(`^Created topic adm\.\nCluster ID: \S+\nQuerying brokers for log directories information\nReceived log directory information from brokers \d+\n\{.*"partition":"adm-0".*\}\n$`).MatchString(res.Output) {
		t.Errorf("output:\n%s", res.Output)
	}
}
