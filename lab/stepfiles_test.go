package lab

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lessons"
)

func builtinLesson(t *testing.T, id string) ([]*lessons.Lesson, *lessons.Lesson) {
	t.Helper()
	course, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	l, ok := lessons.Find(course, id)
	if !ok {
		t.Fatalf("no lesson %s", id)
	}
	return course, l
}

// Every step of lesson 4 lists the files the learner reads before running it, its main
// file first: the script it is about, the exercise's file, scripts earlier steps wrote.
func TestStepFilesMainFileFirst(t *testing.T) {
	course, l := builtinLesson(t, "04-read-to-table")
	tests := []struct {
		step  int
		main  string
		names []string
	}{
		{1, "send_orders.py", []string{"send_orders.py", "stream_session.py", "orders.jsonl", CommandsFile}},
		{2, "read_orders.py", []string{"read_orders.py", CommandsFile}},
		{4, "read_orders.py", []string{"read_orders.py", "send_orders.py", CommandsFile}},
		{7, "audit_orders.py", []string{"audit_orders.py"}},
	}
	for _, tc := range tests {
		files := StepFiles(course, l, l.Steps[tc.step-1], nil, "")
		var names []string
		for _, f := range files {
			names = append(names, f.Name)
		}
		if strings.Join(names, " ") != strings.Join(tc.names, " ") {
			t.Errorf("step %d files %v, want %v", tc.step, names, tc.names)
		}
		if !files[0].Main || files[0].Name != tc.main {
			t.Errorf("step %d main %+v, want %s", tc.step, files[0].Name, tc.main)
		}
	}
	ex := StepFiles(course, l, l.Steps[6], nil, "")[0]
	if ex.Role != FileExercise || !strings.Contains(ex.Content, `"latest"`) || !strings.Contains(ex.Solution, `"earliest"`) {
		t.Errorf("exercise file %+v", ex)
	}
	if got := StepFiles(course, l, l.Steps[1], nil, "")[0].Content; !strings.Contains(got, "readStream") {
		t.Errorf("read_orders.py content not the course's: %q", got)
	}
}

// The learner's copy replaces the lesson's on screen, is kept across a new Work on the
// same folder (a restart), and a reset of that one step brings the lesson's back.
func TestWorkSurvivesARestartUntilReset(t *testing.T) {
	course, l := builtinLesson(t, "04-read-to-table")
	dir := filepath.Join(t.TempDir(), ".work")
	step := l.Steps[6]
	edited := strings.Replace(step.Starter.Source, `"latest"`, `"earliest"`, 1) + "\n"
	if err := learner.NewWork(dir).Save(l.ID, step.Number, "audit_orders.py", edited); err != nil {
		t.Fatal(err)
	}
	again := learner.NewWork(dir)
	f := StepFiles(course, l, step, again, "")[0]
	if !f.Edited || f.Content != edited || f.Original == edited {
		t.Fatalf("after a restart: %+v", f)
	}
	if err := again.Reset(l.ID, step.Number); err != nil {
		t.Fatal(err)
	}
	if f := StepFiles(course, l, step, again, "")[0]; f.Edited || f.Content != f.Original {
		t.Errorf("after reset: %+v", f)
	}
	if _, err := again.Path(l.ID, 7, "../../x"); err == nil {
		t.Error("a work path outside the step was accepted")
	}
}

// RunWork runs the learner's saved exercise file; RunStep (what `kafkalab check` uses)
// still runs the lesson's. An empty table check says so in the learner's words.
func TestRunWorkRunsTheLearnersFile(t *testing.T) {
	course, l := builtinLesson(t, "04-read-to-table")
	lb := newTestLab(t, course)
	ctx := context.Background()
	for _, s := range l.Steps[:6] {
		if r := lb.RunStep(ctx, l, s, nil); !r.Passed {
			t.Fatalf("step %d: %+v\n%s", s.Number, r.Failures, r.Output)
		}
	}
	step := l.Steps[6]
	starter := lb.RunWork(ctx, l, step)
	if starter.Passed || len(starter.Failures) != 1 || starter.Failures[0].Message != "your table orders_audit has 0 rows; expected 5" {
		t.Fatalf("starter run: %+v", starter.Failures)
	}
	fixed := strings.Replace(step.Starter.Source, `"latest"`, `"earliest"`, 1) + "\n"
	if err := lb.SaveStepFile(l, step, "audit_orders.py", fixed); err != nil {
		t.Fatal(err)
	}
	if r := lb.RunWork(ctx, l, step); !r.Passed {
		t.Fatalf("the learner's fix did not run: %+v\n%s", r.Failures, r.Output)
	}
	if r := lb.RunStep(ctx, l, step, nil); r.Passed {
		t.Error("RunStep ran the learner's copy instead of the starter")
	}
}

func TestTableFailureNamesNoInternals(t *testing.T) {
	f := tableFailure("rows in table t", "t", "5", &pyErrText{"Traceback (most recent call last):\n  File \"check.py\", line 3\nAnalysisException: [TABLE_OR_VIEW_NOT_FOUND] The table or view `t` cannot be found."})
	if f.Message != "there is no table t yet: the code did not write it" || strings.Contains(f.Got, "check.py") {
		t.Errorf("%+v", f)
	}
}

type pyErrText struct{ s string }

func (e *pyErrText) Error() string { return e.s }

// The record browser's reader pages through a partition with keys, values, headers, and
// a group's committed offsets show in a snapshot.
func TestRecordsAndGroupPositions(t *testing.T) {
	course, _ := builtinLesson(t, "01-topics-partitions-offsets")
	lb := newTestLab(t, course)
	ctx := context.Background()
	var out strings.Builder
	sh := lb.shell(t.TempDir(), nil)
	for _, line := range []string{
		"kafka-topics.sh --bootstrap-server localhost:9092 --create --topic rb --partitions 1",
		"kafka-console-producer.sh --bootstrap-server localhost:9092 --topic rb --property parse.key=true --property key.separator=: <<EOF\na:one\nb:two\nc:three\nEOF",
		"kafka-console-consumer.sh --bootstrap-server localhost:9092 --topic rb --group g1 --from-beginning --max-messages 2 --timeout-ms 5000",
	} {
		cmds, err := lessons.ParseCommands(line, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := sh.run(ctx, cmds[0], nil, &out); err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out.String())
		}
	}
	page, err := lb.Records(ctx, "rb", 0, 1, 10)
	if err != nil {
		t.Fatal(err)
	}
	if page.Start != 0 || page.End != 3 || len(page.Records) != 2 || page.Records[0].Key != "b" || page.Records[0].Value != "two" || page.Records[1].Offset != 2 {
		t.Fatalf("page %+v", page)
	}
	snap := lb.Snapshot(ctx, "")
	var pos int64 = -1
	for _, g := range snap.Groups {
		if g.Name == "g1" {
			pos = g.Positions["rb"][0]
		}
	}
	if pos != 2 {
		t.Errorf("group g1 at %d in %+v, want 2", pos, snap.Groups)
	}
	if _, err := lb.Records(ctx, "rb", 7, 0, 10); err == nil {
		t.Error("a missing partition was read")
	}
}
