package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/pyspark"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
	"github.com/kafkalab/kafkalab/lessons"
)

// StepResult is what running one step produced and how its checks went.
type StepResult struct {
	Lesson   string
	Step     int
	Output   string
	Passed   bool
	Failures []Failure
	// Err is set when the code itself failed (a command that should have worked exited
	// non-zero, a script raised); the output holds its message.
	Err      error
	Duration time.Duration
}

// Failure is one check that did not hold.
type Failure struct {
	Check string // what was checked, e.g. "last line of checkpoints/x/offsets/0"
	Want  string
	Got   string
	Line  int // the expectation's line in the lesson file
}

// RunStep runs a step's code (or the learner's edited version of it, when code is not nil)
// in the lesson's workspace and checks the step's expectations. For an exercise, code nil
// means the starter; every attempt at an exercise starts from the state before its first
// attempt, so a learner can try again and again.
func (l *Lab) RunStep(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step, code *lessons.Code) *StepResult {
	start := time.Now()
	res := &StepResult{Lesson: lesson.ID, Step: step.Number}
	l.observe(Event{Kind: StepStarted, Lesson: lesson.ID, Step: step.Number})
	out := &lineWriter{emit: func(line string) {
		l.observe(Event{Kind: OutputLine, Lesson: lesson.ID, Step: step.Number, Line: line})
	}}
	cr := newCrasher(step.Crash)
	res.Err = l.runStepCode(ctx, lesson, step, code, cr, out)
	out.flush()
	res.Output = out.String()
	if res.Err != nil && ctx.Err() != nil {
		res.Err = ctx.Err()
	}
	if res.Err == nil || len(step.Expect) > 0 {
		res.Failures = l.checkAll(ctx, lesson, step, res.Output)
	}
	if cr.armed() && ctx.Err() == nil {
		res.Failures = append(res.Failures, *cr.neverFired())
	}
	if res.Err != nil && len(res.Failures) == 0 {
		res.Failures = []Failure{{Check: "the step's code", Want: "runs without an error", Got: res.Err.Error()}}
	}
	res.Passed = len(res.Failures) == 0 && res.Err == nil
	res.Duration = time.Since(start)
	kind := StepFailed
	if res.Passed {
		kind = StepPassed
	}
	l.observe(Event{Kind: kind, Lesson: lesson.ID, Step: step.Number, Result: res})
	return res
}

func (l *Lab) runStepCode(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step, code *lessons.Code, cr *crasher, out io.Writer) error {
	ws := l.Workspace(lesson.ID)
	if err := os.MkdirAll(ws, 0o755); err != nil {
		return fmt.Errorf("workspace %s: %w", ws, err)
	}
	if step.IsExercise() {
		if err := l.exerciseBaseline(lesson.ID, step.Number); err != nil {
			return err
		}
		if code == nil {
			code = step.Starter
		}
	} else if code == nil {
		code = step.Run
	}
	for _, f := range step.Files {
		if err := l.writeFile(lesson.ID, step.Number, f.Name, f.Content); err != nil {
			return err
		}
	}
	if code == nil {
		return nil
	}
	switch {
	case code.Lang == "sh":
		return l.runShell(ctx, ws, code, cr, out)
	case code.File != "":
		if err := l.writeFile(lesson.ID, step.Number, code.File, code.Source+"\n"); err != nil {
			return err
		}
		return cr.expected(l.runPython(ctx, ws, code.File, nil, cr, out))
	default:
		name := fmt.Sprintf("step%d.py", step.Number)
		return cr.expected(cr.run(ctx, out, "python "+name, func(ctx context.Context, out io.Writer, hook func(stream.Step, int64) error) error {
			return l.execPython(ctx, ws, name, code.Source, hook, out)
		}))
	}
}

func (l *Lab) writeFile(lessonID string, step int, name, content string) error {
	p := filepath.Join(l.Workspace(lessonID), filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	l.observe(Event{Kind: FileChanged, Lesson: lessonID, Step: step, Path: name})
	return nil
}

// exerciseBaseline snapshots the workspace before an exercise's first attempt and puts it
// back before every later one. The snapshot lives on disk beside the workspaces, so a
// learner who quits and comes back still retries from the same starting state; it is
// written to a temporary name and renamed, so a half-made snapshot is never restored.
func (l *Lab) exerciseBaseline(lessonID string, step int) error {
	ws := l.Workspace(lessonID)
	snap := filepath.Join(l.root, ".snapshots", lessonID, fmt.Sprint(step))
	if _, err := os.Stat(snap); err == nil {
		if err := os.RemoveAll(ws); err != nil {
			return fmt.Errorf("restore the workspace before the exercise: %w", err)
		}
		if err := copyTree(snap, ws); err != nil {
			return fmt.Errorf("restore the workspace before the exercise: %w", err)
		}
		return os.MkdirAll(ws, 0o755)
	}
	tmp := snap + ".partial"
	if err := os.RemoveAll(tmp); err != nil {
		return fmt.Errorf("exercise snapshot: %w", err)
	}
	if err := copyTree(ws, tmp); err != nil {
		return fmt.Errorf("exercise snapshot: %w", err)
	}
	if err := os.MkdirAll(tmp, 0o755); err != nil { // an empty workspace still gets a snapshot
		return fmt.Errorf("exercise snapshot: %w", err)
	}
	if err := os.Rename(tmp, snap); err != nil {
		return fmt.Errorf("exercise snapshot: %w", err)
	}
	return nil
}

// dropSnapshots forgets a lesson's exercise baselines (the lesson starts over).
func (l *Lab) dropSnapshots(lessonID string) error {
	return os.RemoveAll(filepath.Join(l.root, ".snapshots", lessonID))
}

func (l *Lab) runShell(ctx context.Context, ws string, code *lessons.Code, cr *crasher, out io.Writer) error {
	for _, c := range code.Commands {
		if err := ctx.Err(); err != nil {
			return err
		}
		err := l.runCommand(ctx, ws, c, cr, out)
		switch {
		case c.ExpectFail && err == nil:
			return fmt.Errorf("%q was expected to fail, but it succeeded", c.Line)
		case !c.ExpectFail && err != nil:
			return fmt.Errorf("%s: %w", c.Line, err)
		}
	}
	return nil
}

// errExit is a command that ran and exited non-zero; its message is already in the output.
type errExit int

func (e errExit) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

func (l *Lab) runCommand(ctx context.Context, ws string, c lessons.Command, cr *crasher, out io.Writer) error {
	name, args := c.Args[0], c.Args[1:]
	switch {
	case name == "python" || name == "python3":
		if len(args) == 0 {
			return errors.New("python needs a script: python NAME.py ARGS")
		}
		return l.runPython(ctx, ws, args[0], args[1:], cr, out)
	case name == "cat":
		return catFiles(ws, args, out)
	case name == "ls":
		return listDir(ws, args, out)
	case name == "rm":
		return removePaths(ws, args, out)
	case isKafkaTool(name):
		for i, a := range args {
			args[i] = strings.ReplaceAll(a, CourseAddress, l.Bootstrap())
			// The tools run in this process, not in the workspace: file arguments are
			// resolved against the workspace as a shell there would.
			if i > 0 && isFileFlag(args[i-1]) && !filepath.IsAbs(a) {
				p, err := inside(ws, a)
				if err != nil {
					return err
				}
				args[i] = p
			}
		}
		stdin := io.Reader(strings.NewReader(""))
		if c.HasStdin {
			stdin = strings.NewReader(c.Stdin)
		}
		code := kafkatools.Run(ctx, name, args, kafkatools.IO{Stdin: stdin, Stdout: out, Stderr: out}, l.broker.Bootstrap())
		if code != 0 {
			return errExit(code)
		}
		return nil
	}
	fmt.Fprintf(out, "kafkalab: the lab runs Kafka's tools (kafka-*.sh), python, cat, ls and rm; not %q\n", name)
	return errExit(127)
}

// isFileFlag reports whether a Kafka tool flag takes a file name.
func isFileFlag(flag string) bool {
	return strings.HasSuffix(flag, "-file") || strings.HasSuffix(flag, ".config") || flag == "--command-config"
}

func isKafkaTool(name string) bool {
	for _, t := range kafkatools.Tools() {
		if t == name {
			return true
		}
	}
	return false
}

func (l *Lab) pysparkConfig(ws string, out io.Writer) pyspark.Config {
	return pyspark.Config{
		WorkDir:          ws,
		Stdout:           out,
		Stderr:           out,
		BootstrapRewrite: map[string]string{CourseAddress: l.Bootstrap()},
		// The workspace is <root>/<lesson id>: its base name says whose queries these are.
		OnStreamEvent: func(e engine.StreamEvent) {
			l.observe(Event{Kind: QueryProgress, Lesson: filepath.Base(ws), Query: &e})
		},
	}
}

// runPython runs a workspace script as `python script args` would, under the step's crash
// directive when it has one (cr nil = none).
func (l *Lab) runPython(ctx context.Context, ws, script string, args []string, cr *crasher, out io.Writer) error {
	label := strings.Join(append([]string{"python", script}, args...), " ")
	return cr.run(ctx, out, label, func(ctx context.Context, out io.Writer, hook func(stream.Step, int64) error) error {
		cfg := l.pysparkConfig(ws, out)
		cfg.ScriptPath, cfg.Args, cfg.StreamHook = script, args, hook
		if err := pyspark.Run(ctx, cfg); err != nil {
			fmt.Fprintln(out, err.Error())
			return errExit(1)
		}
		return nil
	})
}

func (l *Lab) execPython(ctx context.Context, ws, name, source string, hook func(stream.Step, int64) error, out io.Writer) error {
	cfg := l.pysparkConfig(ws, out)
	cfg.StreamHook = hook
	in, err := pyspark.NewInterpreter(cfg)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := in.Exec(ctx, name, source); err != nil {
		fmt.Fprintln(out, err.Error())
		return errExit(1)
	}
	return nil
}

// inside resolves a workspace-relative path and refuses one that leaves the workspace.
func inside(ws, p string) (string, error) {
	full := filepath.Join(ws, filepath.FromSlash(p))
	rel, err := filepath.Rel(ws, full)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", fmt.Errorf("%s is outside the lesson's workspace", p)
	}
	return full, nil
}

func catFiles(ws string, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("cat needs a file name")
	}
	for _, a := range args {
		p, err := inside(ws, a)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintf(out, "cat: %s: No such file or directory\n", a)
			return errExit(1)
		}
		out.Write(data)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			// Spark's checkpoint files end without a newline; a terminal would run the
			// prompt on, but a lesson pane reads better with the line closed.
			fmt.Fprintln(out)
		}
	}
	return nil
}

// removePaths is rm [-r] [-f] PATH...: folders need -r, a missing path is an error unless
// -f, as with the shell's rm. Nothing outside the workspace can be removed.
func removePaths(ws string, args []string, out io.Writer) error {
	recursive, force := false, false
	var paths []string
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			for _, f := range a[1:] {
				switch f {
				case 'r', 'R':
					recursive = true
				case 'f':
					force = true
				default:
					fmt.Fprintf(out, "rm: invalid option -- '%c'\n", f)
					return errExit(1)
				}
			}
			continue
		}
		paths = append(paths, a)
	}
	if len(paths) == 0 {
		fmt.Fprintln(out, "rm: missing operand")
		return errExit(1)
	}
	for _, a := range paths {
		p, err := inside(ws, a)
		if err != nil {
			return err
		}
		if p == ws {
			fmt.Fprintf(out, "rm: refusing to remove '%s': it is the lesson's workspace\n", a)
			return errExit(1)
		}
		info, err := os.Stat(p)
		switch {
		case err != nil && force:
			continue
		case err != nil:
			fmt.Fprintf(out, "rm: cannot remove '%s': No such file or directory\n", a)
			return errExit(1)
		case info.IsDir() && !recursive:
			fmt.Fprintf(out, "rm: cannot remove '%s': Is a directory\n", a)
			return errExit(1)
		}
		if err := os.RemoveAll(p); err != nil {
			fmt.Fprintf(out, "rm: cannot remove '%s': %v\n", a, err)
			return errExit(1)
		}
	}
	return nil
}

func listDir(ws string, args []string, out io.Writer) error {
	if len(args) == 0 {
		args = []string{"."}
	}
	for _, a := range args {
		p, err := inside(ws, a)
		if err != nil {
			return err
		}
		entries, err := os.ReadDir(p)
		if err != nil {
			fmt.Fprintf(out, "ls: cannot access '%s': No such file or directory\n", a)
			return errExit(2)
		}
		var names []string
		for _, e := range entries {
			if !strings.HasPrefix(e.Name(), ".") {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintln(out, n)
		}
	}
	return nil
}

// lineWriter collects output and reports each complete line. Scripts may print from
// background queries, so it is safe for concurrent use.
type lineWriter struct {
	mu      sync.Mutex
	all     bytes.Buffer
	partial []byte
	emit    func(string)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		w.emit(string(w.partial[:i]))
		w.partial = w.partial[i+1:]
	}
	return len(p), nil
}

func (w *lineWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.partial) > 0 {
		w.emit(string(w.partial))
		w.partial = nil
	}
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.all.String()
}
