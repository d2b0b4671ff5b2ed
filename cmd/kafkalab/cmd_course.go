package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/kafkalab/kafkalab/lab"
	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lab/paths"
	"github.com/kafkalab/kafkalab/lessons"
	"github.com/kafkalab/kafkalab/ui"
	"github.com/kafkalab/kafkalab/ui/theme"
)

func init() {
	register(&command{
		name:    "course",
		summary: "the course in the terminal: lessons, your code, and live partitions, offsets and checkpoints (the default)",
		run:     runCourse,
	})
}

// tuiFlags are the flags course and sandbox share.
type tuiFlags struct {
	brokerFlags
	runnerFlags
	port      int
	lessonDir string
	root      string
}

func (f *tuiFlags) register(fs *flag.FlagSet) {
	f.brokerFlags.register(fs)
	f.runnerFlags.register(fs)
	fs.IntVar(&f.port, "port", 0, "embedded broker port (0 = 9092 when free, else any free port)")
	fs.StringVar(&f.lessonDir, "lessons", "", "use the lessons in this folder instead of the built-in course")
	fs.StringVar(&f.root, "workspace", "", "the folder for lesson workspaces (default: "+paths.DefaultWorkspace()+")")
}

// startBackend returns the function the UI calls (off its main loop) to bring up the
// broker and the lab.
func (f *tuiFlags) startBackend(env *cliEnv, course []*lessons.Lesson, root string) func(ctx context.Context, observe func(lab.Event)) (*ui.Backend, error) {
	return func(ctx context.Context, observe func(lab.Event)) (*ui.Backend, error) {
		runner, err := f.runner(env, true)
		if err != nil {
			return nil, err
		}
		sctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
		defer cancel()
		var b broker.Broker
		label := ""
		embedded := strings.EqualFold(strings.TrimSpace(f.spec), "embedded") || strings.TrimSpace(f.spec) == ""
		if embedded && f.port == 0 {
			// The course in one terminal and the sandbox (or `kafkalab broker`) in another
			// share one broker: the embedded broker's data folder admits one process.
			if addrs, ok := broker.RunningBootstrap(); ok {
				if ext, err := broker.ConnectExternal(sctx, addrs); err == nil {
					b, label = ext, "shared "+strings.Join(addrs, ",")
				}
			}
		}
		if b == nil {
			b, err = broker.Open(sctx, f.spec, broker.OpenOptions{Port: f.port, DataDir: paths.DefaultBrokerData(), Image: f.image})
			if err != nil {
				return nil, err
			}
			label = b.Kind() + " " + strings.Join(b.Bootstrap(), ",")
		}
		unannounce := func() error { return nil }
		if embedded && label != "" && !strings.HasPrefix(label, "shared ") {
			if remove, err := broker.AnnounceRunning(b); err == nil {
				unannounce = remove
			}
		}
		lb, err := lab.New(b, lab.Options{Root: root, Lessons: course, Observe: observe, Snapshots: true, Runner: runner, Work: learner.NewWork(lab.WorkFolder(root))})
		if err != nil {
			runner.Close()
			unannounce()
			b.Close(context.Background())
			return nil, err
		}
		return &ui.Backend{
			Lab:   lb,
			Label: label,
			Close: func() {
				lb.Close()
				runner.Close()
				unannounce()
				cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				b.Close(cctx)
			},
		}, nil
	}
}

func runCourse(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "course",
		"Usage: kafkalab [course] [--broker embedded|container|HOST:PORT] [--lessons DIR] [--reset-progress]",
		"Opens the course where you left off. Press ? inside for every key.",
	)
	var tf tuiFlags
	tf.register(fs)
	reset := fs.Bool("reset-progress", false, "forget which steps you finished (asks nothing; the file is "+learner.DefaultPath()+")")
	if err := fs.Parse(args); err != nil {
		return flagErrorCode(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "kafkalab course: unexpected argument %q; flags only (see --help)\n", fs.Arg(0))
		return 2
	}
	course, err := loadCourse(tf.lessonDir)
	if err != nil {
		return exitCodeFor(env, err)
	}
	prog, err := learner.Load(learner.DefaultPath())
	if err != nil {
		return exitCodeFor(env, err)
	}
	if *reset {
		prog.Reset()
		if err := prog.Save(); err != nil {
			return exitCodeFor(env, err)
		}
		fmt.Fprintf(env.stdout, "progress reset (%s)\n", prog.Path())
		return 0
	}
	root := tf.root
	if root == "" {
		root = paths.DefaultWorkspace()
	}
	m := ui.New(ui.Config{
		Mode:       ui.Course,
		Theme:      themeFor(env),
		Lessons:    course,
		Record:     prog,
		Work:       learner.NewWork(lab.WorkFolder(root)),
		Start:      tf.startBackend(env, course, root),
		BrokerHint: brokerHint(tf.spec),
	})
	code := runProgram(ctx, env, m)
	if code == 0 {
		fmt.Fprintf(env.stdout, "progress saved to %s\n", prog.Path())
	}
	return code
}

func brokerHint(spec string) string {
	switch s := strings.ToLower(strings.TrimSpace(spec)); s {
	case "", "embedded":
		return "embedded"
	case "container":
		return "container (this can take a minute)"
	default:
		return "external " + spec
	}
}

// themeFor picks the theme for the terminal the program draws on (NO_COLOR honoured).
func themeFor(env *cliEnv) *theme.Theme {
	var environ []string
	for _, k := range []string{"NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM", "COLORTERM", "TERM_PROGRAM"} {
		if v := env.getenv(k); v != "" {
			environ = append(environ, k+"="+v)
		}
	}
	return theme.ForProfile(colorprofile.Detect(env.stdout, environ))
}

// runProgram runs a UI model full screen and always frees what it started.
func runProgram(ctx context.Context, env *cliEnv, m *ui.Model) int {
	opts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithOutput(env.stdout)}
	if f, ok := env.stdin.(*os.File); ok {
		opts = append(opts, tea.WithInput(f))
	} else {
		opts = append(opts, tea.WithInput(io.Reader(env.stdin)))
	}
	p := tea.NewProgram(m, opts...)
	_, err := p.Run()
	m.Shutdown()
	switch {
	case err == nil:
		return 0
	case errors.Is(err, tea.ErrInterrupted), errors.Is(err, tea.ErrProgramKilled), errors.Is(err, context.Canceled):
		return 130
	}
	return exitCodeFor(env, fmt.Errorf("terminal UI: %w", err))
}

// sandboxHistoryFile keeps the sandbox prompt's history.
func sandboxHistoryFile() string { return filepath.Join(paths.StateHome(), "sandbox_history") }
