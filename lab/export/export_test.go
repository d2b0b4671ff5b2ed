package export

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/lessons"
)

func course(t *testing.T) []*lessons.Lesson {
	t.Helper()
	all, err := lessons.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return all
}

// replay follows the README's file actions step by step in a copy of the exported folder
// and checks that every python command finds its script with the content the lesson runs.
func replay(t *testing.T, p *Plan, dir string) {
	t.Helper()
	for _, s := range p.Steps {
		for _, w := range s.Writes {
			data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(w.Stored)))
			if err != nil {
				t.Fatalf("%s/%d writes %s from %s: %v", s.Lesson, s.Number, w.Name, w.Stored, err)
			}
			if string(data) != w.Content {
				t.Fatalf("%s/%d: %s holds other content than the lesson's %s", s.Lesson, s.Number, w.Stored, w.Name)
			}
			if err := os.WriteFile(filepath.Join(dir, w.Name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range s.Commands {
			if c.Kind != lessons.CommandPython {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, c.Args[1])); err != nil {
				t.Fatalf("%s/%d runs %q but the project has no %s", s.Lesson, s.Number, c.Line, c.Args[1])
			}
		}
	}
}

func TestExportEveryLesson(t *testing.T) {
	all := course(t)
	for _, l := range all {
		t.Run(l.ID, func(t *testing.T) {
			p, err := NewPlan(all, l)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if err := Export(p, dir); err != nil {
				t.Fatal(err)
			}
			readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
			if err != nil {
				t.Fatal(err)
			}
			// Nothing kafkalab-only: every command line of the README is python, a Kafka
			// tool, cat, ls, rm, cp, sleep or wait.
			inBlock := false
			for _, line := range strings.Split(string(readme), "\n") {
				switch {
				case line == "```sh":
					inBlock = true
					continue
				case strings.HasPrefix(line, "```"):
					inBlock = false
					continue
				}
				if !inBlock || line == "" || line == "EOF" || !regexp.MustCompile(`^[a-z]`).MatchString(line) || strings.Contains(line, ":") && !strings.Contains(line, " ") {
					continue
				}
				cmd := strings.Fields(line)[0]
				shell := map[string]bool{"python": true, "cat": true, "ls": true, "rm": true, "cp": true, "sleep": true, "wait": true}
				if !shell[cmd] && !(strings.HasPrefix(cmd, "kafka-") && strings.HasSuffix(cmd, ".sh")) {
					t.Errorf("README runs %q, which is not a plain python/kafka-*.sh/cat/ls/rm/cp/sleep/wait command", line)
				}
			}
			if strings.Contains(string(readme), "kafkalab run") || strings.Contains(string(readme), "kafkalab broker") {
				t.Error("README tells the learner to use kafkalab")
			}
			for _, s := range p.Steps {
				if s.Starter == nil {
					continue
				}
				if info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(s.Starter.Stored))); err != nil || info.IsDir() || strings.HasSuffix(s.Starter.Stored, "/") {
					t.Errorf("%s/%d: the starter is stored as %q, not as a file (%v)", s.Lesson, s.Number, s.Starter.Stored, err)
				}
			}
			replay(t, p, dir)
		})
	}
}

func TestExportCheckpointLesson(t *testing.T) {
	all := course(t)
	l, _ := lessons.Find(all, "05")
	p, err := NewPlan(all, l)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Steps[0].Prelude || p.Steps[0].Lesson != "04-read-to-table" {
		t.Fatalf("lesson 05 continues 04: its plan must start with 04's steps, starts with %s/%d", p.Steps[0].Lesson, p.Steps[0].Number)
	}
	dir := t.TempDir()
	if err := Export(p, dir); err != nil {
		t.Fatal(err)
	}
	var ex *Step
	for i := range p.Steps {
		if p.Steps[i].Starter != nil && !p.Steps[i].Prelude && p.Steps[i].Starter.Name == "read_orders.py" {
			ex = &p.Steps[i] // the failOnDataLoss exercise, which edits read_orders.py
		}
	}
	if ex == nil {
		t.Fatal("lesson 05 has no exercise on read_orders.py in its plan")
	}
	exDir := fmt.Sprintf("steps/05-checkpoint-%02d/", ex.Number)
	readme, _ := os.ReadFile(filepath.Join(dir, "README.md"))
	for _, want := range []string{
		"pyspark==4.2.0",
		"kafka-topics.sh --bootstrap-server localhost:9092 --create --topic orders --partitions 3 --replication-factor 1",
		"kafka-delete-records.sh --bootstrap-server localhost:9092 --offset-json-file delete.json",
		"python read_orders.py   # fails, and that is the point of this step",
		"cp " + exDir + "read_orders.py read_orders.py",
		"{\"orders\":{\"0\":5,\"1\":3,\"2\":0}}",
	} {
		if !strings.Contains(string(readme)+readFile(t, dir, "requirements.txt"), want) {
			t.Errorf("the export of lesson 05 lacks %q", want)
		}
	}
	// The exercise: the solution runs, the starter is kept for the learner.
	sol := readFile(t, dir, exDir+"read_orders.py")
	if !strings.Contains(sol, `"failOnDataLoss", "false"`) {
		t.Errorf("the exercise's solution is not the exported read_orders.py:\n%s", sol)
	}
	if starter := readFile(t, dir, exDir+"starter/read_orders.py"); strings.Contains(starter, "failOnDataLoss") {
		t.Error("the starter already holds the answer")
	}
	if got := readFile(t, dir, "read_orders.py"); !strings.Contains(got, "used only by a brand-new checkpoint") {
		t.Error("the project's read_orders.py is not the course's shared script (the first version)")
	}
	if err := Export(p, dir); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("exporting into a non-empty folder: got %v", err)
	}
	// Every script is valid Python for a real interpreter.
	if py, err := exec.LookPath("python3"); err == nil {
		files, _ := filepath.Glob(filepath.Join(dir, "*.py"))
		more, _ := filepath.Glob(filepath.Join(dir, "steps", "*", "*.py"))
		for _, f := range append(files, more...) {
			if out, err := exec.Command(py, "-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", f).CombinedOutput(); err != nil {
				t.Errorf("%s is not valid Python: %s", f, out)
			}
		}
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// The versions the export pins are the ones scripts/spark installs and the course's
// session helper asks for.
func TestPinnedVersionsAgree(t *testing.T) {
	lib, err := os.ReadFile("../../scripts/spark/lib.sh")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"PYSPARK_VERSION": PySparkVersion, "DELTA_SPARK_VERSION": DeltaSparkVersion} {
		if !regexp.MustCompile(`(?m)^` + name + `=` + regexp.QuoteMeta(want) + `$`).Match(lib) {
			t.Errorf("scripts/spark/lib.sh does not set %s=%s", name, want)
		}
	}
	session, err := os.ReadFile("../../lessons/files/stream_session.py")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(session), "spark-sql-kafka-0-10_2.13:"+PySparkVersion+`"`) {
		t.Errorf("lessons/files/stream_session.py asks for another Kafka connector than Spark %s's", PySparkVersion)
	}
}
