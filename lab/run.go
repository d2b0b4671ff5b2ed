package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/assets"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// StepResult is what running one step produced and how its checks went. It is plain data.
type StepResult struct {
	Lesson   string    `json:"lesson"`
	Step     int       `json:"step"`
	Output   string    `json:"output"`
	Passed   bool      `json:"passed"`
	Failures []Failure `json:"failures,omitempty"`
	// Error is set when the code itself failed (a command that should have worked exited
	// non-zero, a script raised); the output holds its message.
	Error    string        `json:"error,omitempty"`
	Duration time.Duration `json:"duration"`
	// With Options.Snapshots: the broker and the workspace before and after the step, what
	// changed, and why a read found nothing ("" when it did not, or nothing explains it).
	Before, After *observe.Snapshot `json:"-"`
	Changes       observe.Changes   `json:"changes"`
	Explanation   string            `json:"explanation,omitempty"`
}

// Failure is one check that did not hold.
type Failure struct {
	Check string `json:"check"` // what was checked, e.g. "last line of checkpoints/x/offsets/0"
	Want  string `json:"want"`
	Got   string `json:"got"`
	Line  int    `json:"line"` // the expectation's line in the lesson file
	// Message says what went wrong in the learner's words ("your table has 0 rows;
	// expected 5"), never the checker's own code or traceback; "" when Check, Want and
	// Got say it.
	Message string `json:"message,omitempty"`
}

// RunStep runs a step's code (or the learner's edited version of it, when code is not nil)
// in the lesson's workspace and checks the step's expectations. A lesson whose workspace
// does not exist yet is started first (StartLesson). For an exercise, code nil means the
// starter; every attempt at an exercise starts from the state before its first attempt,
// so a learner can try again and again.
func (l *Lab) RunStep(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step, code *lessons.Code) *StepResult {
	return l.runStep(ctx, lesson, step, code, nil)
}

// runStep is RunStep with files the learner edited: over maps a workspace-relative name to
// the content written instead of the lesson's (or in addition to it).
func (l *Lab) runStep(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step, code *lessons.Code, over map[string]string) *StepResult {
	start := time.Now()
	res := &StepResult{Lesson: lesson.ID, Step: step.Number}
	l.observe(Event{Kind: StepStarted, Lesson: lesson.ID, Step: step.Number})
	if err := l.ensureStarted(ctx, lesson); err != nil {
		return l.finish(res, start, []Failure{{Check: "starting the lesson", Want: "a fresh workspace", Got: err.Error()}})
	}
	ws := l.Workspace(lesson.ID)
	if l.snapshots {
		res.Before = l.Snapshot(ctx, ws)
	}
	out := &lineWriter{keep: true, emit: func(line string) {
		l.observe(Event{Kind: OutputLine, Lesson: lesson.ID, Step: step.Number, Line: line})
	}}
	var runs queryRuns
	sh := l.shell(ws, func(e pyrun.QueryEvent) {
		runs.add(e)
		l.observe(Event{Kind: QueryProgress, Lesson: lesson.ID, Query: &e})
	})
	sh.settle, sh.admin = step.Settle, l.admin
	cr := newCrasher(step.Crash)
	err := l.runStepCode(ctx, sh, lesson, step, code, over, cr, out)
	out.flush()
	res.Output = out.String()
	if err != nil && ctx.Err() != nil {
		err = context.Cause(ctx)
	}
	var fails []Failure
	if err == nil || len(step.Expect) > 0 {
		fails = l.checkAll(ctx, sh, lesson, step, res.Output)
	}
	if cr.armed() && ctx.Err() == nil {
		fails = append(fails, *cr.neverFired())
	}
	if err != nil {
		res.Error = err.Error()
		if len(fails) == 0 {
			fails = []Failure{{Check: "the step's code", Want: "runs without an error", Got: err.Error(), Message: codeFailed(err)}}
		}
	}
	if l.snapshots {
		res.After = l.Snapshot(context.WithoutCancel(ctx), ws)
		res.Changes = observe.Diff(res.Before, res.After)
		res.Explanation = observe.ExplainEmpty(runs.list(), res.Output, res.After, res.Changes.EmptyWrite)
	}
	return l.finish(res, start, fails)
}

// RunEdited runs a step with the learner's edited source instead of the lesson's code: an
// edited sh block is parsed again, and a malformed command fails the step with its line.
func (l *Lab) RunEdited(ctx context.Context, lesson *lessons.Lesson, step *lessons.Step, source string) *StepResult {
	code := step.Run
	if step.IsExercise() {
		code = step.Starter
	}
	if code == nil {
		return l.RunStep(ctx, lesson, step, nil)
	}
	edited, err := code.WithSource(source)
	if err != nil {
		res := &StepResult{Lesson: lesson.ID, Step: step.Number}
		l.observe(Event{Kind: StepStarted, Lesson: lesson.ID, Step: step.Number})
		return l.finish(res, time.Now(), []Failure{{Check: "the step's commands", Want: "command lines kafkalab runs", Got: err.Error()}})
	}
	return l.RunStep(ctx, lesson, step, edited)
}

// finish records the step's failures and duration and reports the result.
func (l *Lab) finish(res *StepResult, start time.Time, fails []Failure) *StepResult {
	res.Failures = fails
	res.Passed = len(fails) == 0 && res.Error == ""
	res.Duration = time.Since(start)
	kind := StepFailed
	if res.Passed {
		kind = StepPassed
	}
	l.observe(Event{Kind: kind, Lesson: res.Lesson, Step: res.Step, Result: res})
	return res
}

// ensureStarted starts a lesson whose workspace does not exist yet: its first visit.
func (l *Lab) ensureStarted(ctx context.Context, lesson *lessons.Lesson) error {
	if _, err := os.Stat(l.Workspace(lesson.ID)); errors.Is(err, os.ErrNotExist) {
		return l.StartLesson(ctx, lesson)
	}
	return nil
}

// shell is the command runner of a workspace on the lab's broker.
func (l *Lab) shell(ws string, onEvent func(pyrun.QueryEvent)) *shell {
	return &shell{ws: ws, runner: l.runner, brokers: l.broker.Bootstrap(),
		rewrite: map[string]string{CourseAddress: l.Bootstrap()}, onEvent: onEvent}
}

func (l *Lab) runStepCode(ctx context.Context, sh *shell, lesson *lessons.Lesson, step *lessons.Step, code *lessons.Code, over map[string]string, cr *crasher, out io.Writer) error {
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
		content, err := fileContent(f)
		if err != nil {
			return err
		}
		if c, ok := over[f.Name]; ok {
			content = c
		}
		if err := l.writeFile(lesson.ID, step.Number, f.Name, content); err != nil {
			return err
		}
	}
	for _, name := range sortedKeys(over) {
		if stepWrites(step, code, name) {
			continue
		}
		if err := l.writeFile(lesson.ID, step.Number, name, over[name]); err != nil {
			return err
		}
	}
	if code == nil {
		return nil
	}
	switch {
	case code.IsShell():
		return runCommands(ctx, sh, code.Commands, cr, out)
	case code.File != "":
		src := code.Source + "\n"
		if c, ok := over[code.File]; ok {
			src = c
		}
		if err := l.writeFile(lesson.ID, step.Number, code.File, src); err != nil {
			return err
		}
		return cr.expected(sh.python(ctx, code.File, nil, cr, out))
	default:
		return cr.expected(sh.exec(ctx, fmt.Sprintf("step%d.py", step.Number), code.Source, cr, out))
	}
}

// runCommands runs a block's commands in order (background ones alongside) and stops at
// the first that does not end as the lesson says it should.
func runCommands(ctx context.Context, sh *shell, cmds []lessons.Command, cr *crasher, out io.Writer) error {
	return sh.block(ctx, cmds, cr, out, func(c lessons.Command, err error) error {
		switch {
		case c.ExpectFail && err == nil:
			return fmt.Errorf("%q was expected to fail, but it succeeded", c.Line)
		case !c.ExpectFail && err != nil:
			return fmt.Errorf("%s: %w", c.Line, err)
		}
		return nil
	})
}

// fileContent is what a step's file holds: its block's text, or the data set it names.
func fileContent(f lessons.File) (string, error) {
	if f.Asset == "" {
		return f.Content, nil
	}
	data, err := assets.DataSet(f.Asset)
	if err != nil {
		return "", fmt.Errorf("file %s: %w", f.Name, err)
	}
	return string(data), nil
}

// checkAssets makes sure every data set the course names is one kafkalab has, so a
// lesson's mistake shows when the lab starts, with its line, rather than halfway through.
func checkAssets(course []*lessons.Lesson) error {
	for _, l := range course {
		for _, s := range l.Steps {
			for _, f := range s.Files {
				if _, err := fileContent(f); err != nil {
					return fmt.Errorf("%s:%d: %w", l.File, f.Line, err)
				}
			}
		}
	}
	return nil
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

// stepWrites reports whether a step writes the file itself (a file block or its code's
// file), so the learner's copy is written in its place rather than beside it.
func stepWrites(step *lessons.Step, code *lessons.Code, name string) bool {
	for _, f := range step.Files {
		if f.Name == name {
			return true
		}
	}
	return code != nil && code.File == name
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// codeFailed says, in the learner's words, that the step's code failed and where to look.
func codeFailed(err error) string {
	msg := err.Error()
	if i := strings.LastIndex(msg, ": exit status "); i > 0 {
		return fmt.Sprintf("`%s` failed: its error is in the output", msg[:i])
	}
	var pe *pyrun.Error
	if errors.As(err, &pe) {
		return "the code raised " + pe.Kind + ": its error is in the output"
	}
	if errors.Is(err, context.Canceled) {
		return "the step was stopped before it finished"
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "the step took too long and was stopped"
	}
	return firstLine(msg)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
