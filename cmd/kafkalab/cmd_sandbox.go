package main

import (
	"context"
	"os"
	"path/filepath"

	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lab/paths"
	"github.com/kafkalab/kafkalab/ui"
)

func init() {
	register(&command{
		name:    "sandbox",
		summary: "free play: a PySpark and Kafka-tools prompt beside live partitions, offsets and checkpoints",
		run:     runSandbox,
	})
}

func runSandbox(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "sandbox",
		"Usage: kafkalab sandbox [--broker embedded|container|HOST:PORT] [--dir DIR]",
		"A prompt for PySpark lines and kafka-*.sh commands on the lab's broker. .help inside lists its commands.",
	)
	var tf tuiFlags
	tf.register(fs)
	dir := fs.String("dir", "", "the sandbox's folder (default: the workspace of the lesson you are on, else <workspace>/sandbox)")
	if err := fs.Parse(args); err != nil {
		return flagErrorCode(err)
	}
	course, err := loadCourse(tf.lessonDir)
	if err != nil {
		return exitCodeFor(env, err)
	}
	root := tf.root
	if root == "" {
		root = paths.DefaultWorkspace()
	}
	ws := *dir
	if ws == "" {
		ws = filepath.Join(root, "sandbox")
		if p, err := learner.Load(learner.DefaultPath()); err == nil && p.Lesson != "" {
			if st, err := os.Stat(filepath.Join(root, p.Lesson)); err == nil && st.IsDir() {
				ws = filepath.Join(root, p.Lesson)
			}
		}
	}
	ws, err = filepath.Abs(ws)
	if err != nil {
		return exitCodeFor(env, err)
	}
	m := ui.New(ui.Config{
		Mode:        ui.Sandbox,
		Theme:       themeFor(env),
		Lessons:     course,
		Start:       tf.startBackend(env, course, root),
		BrokerHint:  brokerHint(tf.spec),
		Workspace:   ws,
		HistoryFile: sandboxHistoryFile(),
	})
	return runProgram(ctx, env, m)
}
