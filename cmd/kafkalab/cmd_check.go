package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/connect"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

func init() {
	register(&command{
		name:    "check",
		summary: "run every lesson headless against a broker and check each step (CI runs this)",
		run:     runCheck,
	})
}

// brokerFlags are the flags every command that needs a broker shares.
type brokerFlags struct {
	spec  string
	image string
}

func (b *brokerFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&b.spec, "broker", "embedded", "the broker: embedded, container, or HOST:PORT[,HOST:PORT...] of an existing cluster")
	fs.StringVar(&b.image, "image", "", "container image for --broker container (default: the official apache/kafka)")
}

// courseFlag loads the built-in course, or a teacher's folder.
func loadCourse(dir string) ([]*lessons.Lesson, error) {
	if dir == "" {
		return lessons.Builtin()
	}
	return lessons.LoadDir(dir)
}

func runCheck(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "check",
		"Usage: kafkalab check [LESSON...] [--broker embedded|container|HOST:PORT] [--lessons DIR] [--python]",
		"Runs every step of the lessons (all, or the ids or numbers given) and prints PASS/FAIL per step.",
	)
	var bf brokerFlags
	bf.register(fs)
	var rf runnerFlags
	rf.register(fs)
	lessonDir := fs.String("lessons", "", "check the lessons in this folder instead of the built-in course")
	realPython := fs.Bool("python", false, "run the Python steps with your CPython and pyspark-client through Spark Connect (see kafkalab setup python)")
	keep := fs.String("workspace", "", "keep the workspaces in this folder (default: a temporary folder, removed afterwards)")
	names, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorCode(err)
	}
	course, err := loadCourse(*lessonDir)
	if err != nil {
		return exitCodeFor(env, err)
	}
	runner, err := rf.runner(env, true)
	if err != nil {
		return exitCodeFor(env, err)
	}
	defer runner.Close()
	var scripts pyrun.Runner = runner
	if *realPython {
		python, err := connect.FindPython(ctx)
		if err != nil {
			return exitCodeFor(env, err)
		}
		scripts = connect.Runner{Python: python}
		fmt.Fprintf(env.stdout, "Python steps run with %s through Spark Connect\n", python)
	}
	selected := course
	if len(names) > 0 {
		selected = nil
		for _, n := range names {
			l, ok := lessons.Find(course, n)
			if !ok {
				return exitCodeFor(env, fmt.Errorf("no lesson %q in the course; 'kafkalab check' with no names checks them all", n))
			}
			selected = append(selected, withPrerequisites(course, l, selected)...)
		}
	}

	root := *keep
	if root == "" {
		tmp, err := os.MkdirTemp("", "kafkalab-check-*")
		if err != nil {
			return exitCodeFor(env, fmt.Errorf("make a temporary workspace: %w", err))
		}
		defer os.RemoveAll(tmp)
		root = tmp
	}
	startCtx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	b, err := broker.Open(startCtx, bf.spec, broker.OpenOptions{DataDir: filepath.Join(root, ".broker"), Image: bf.image})
	cancel()
	if err != nil {
		return exitCodeFor(env, err)
	}
	defer b.Close(context.Background())
	fmt.Fprintf(env.stdout, "checking %d lessons against the %s broker at %s\n", len(selected), b.Kind(), joinAddrs(b.Bootstrap()))

	lb, err := lab.New(b, lab.Options{Root: root, Lessons: course, Runner: scripts})
	if err != nil {
		return exitCodeFor(env, err)
	}
	defer lb.Close()
	start := time.Now()
	rep := lb.Check(ctx, selected, env.stdout)
	fmt.Fprintf(env.stderr, "checked in %s\n", time.Since(start).Round(time.Millisecond))
	if rep.Failed > 0 || rep.Passed == 0 {
		return 1
	}
	return 0
}

// withPrerequisites returns the lessons l continues from (not already chosen), then l.
func withPrerequisites(course []*lessons.Lesson, l *lessons.Lesson, chosen []*lessons.Lesson) []*lessons.Lesson {
	for _, c := range chosen {
		if c.ID == l.ID {
			return nil
		}
	}
	var out []*lessons.Lesson
	if l.Continues != "" {
		if prev, ok := lessons.Find(course, l.Continues); ok {
			out = withPrerequisites(course, prev, chosen)
		}
	}
	return append(out, l)
}

func joinAddrs(a []string) string {
	s := ""
	for i, x := range a {
		if i > 0 {
			s += ","
		}
		s += x
	}
	return s
}
