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

	"github.com/twmb/franz-go/pkg/kadm"

	"github.com/kafkalab/kafkalab/engine/confine"
	"github.com/kafkalab/kafkalab/lab/kafkaadmin"
	"github.com/kafkalab/kafkalab/lab/kafkatools"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// shell runs the lab's commands in one workspace: Kafka's tools, python scripts, cat, ls,
// rm, sleep and wait. The step runner and the console both run their command lines through it, so a
// command means the same in a lesson and at the prompt.
type shell struct {
	ws     string
	runner pyrun.Runner
	// brokers is where Kafka's tools go without --bootstrap-server; rewrite maps the
	// addresses a learner writes (the course's localhost:9092) to the lab's broker, in
	// tool arguments and in the brokers scripts name.
	brokers []string
	rewrite map[string]string
	// bootstrap and conf are the scripts' (kafkalab run --bootstrap, --conf).
	bootstrap string
	conf      map[string]string
	onEvent   func(pyrun.QueryEvent)
	// settle, with admin, ends sleep lines early once a consumer group has settled (a
	// step's settle directive; nil = a sleep takes its full time).
	settle *lessons.Settle
	admin  *kadm.Client
}

// errExit is a command that ran and exited non-zero; its message is already in the output.
type errExit int

func (e errExit) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// run runs one command, its output and errors to out, under the step's crash directive
// (cr nil = none).
func (sh *shell) run(ctx context.Context, c lessons.Command, cr *crasher, out io.Writer) error {
	args := c.Args[1:]
	switch c.Kind {
	case lessons.CommandPython:
		return sh.python(ctx, args[0], args[1:], cr, out)
	case lessons.CommandCat:
		return catFiles(sh.ws, args, out)
	case lessons.CommandLs:
		return listDir(sh.ws, args, out)
	case lessons.CommandRm:
		return removePaths(sh.ws, args, out)
	case lessons.CommandKafkaTool:
		return sh.kafkaTool(ctx, c, out)
	case lessons.CommandSleep:
		if sh.settle != nil {
			return AwaitSettled(ctx, sh.admin, sh.settle, c.Sleep())
		}
		return sleep(ctx, c.Sleep())
	case lessons.CommandWait:
		return nil // outside a block nothing runs in the background (see block)
	}
	fmt.Fprintf(out, "kafkalab: the lab runs Kafka's tools (kafka-*.sh), python, cat, ls, rm, sleep and wait; not %q\n", c.Args[0])
	return errExit(127)
}

// block runs command lines in order, as a shell runs a script: a background command
// (" &") runs while the next lines do, "wait" waits for those running, and the block's end
// waits too, so no command outlives its block. ended decides what a foreground command's
// end means (nil = go on); a background command that failed fails the block.
func (sh *shell) block(ctx context.Context, cmds []lessons.Command, cr *crasher, out io.Writer, ended func(lessons.Command, error) error) error {
	jobs := newJobs(ctx)
	defer jobs.stop()
	for _, c := range cmds {
		if err := ctx.Err(); err != nil {
			return err
		}
		switch {
		case c.Background:
			jobs.start(c, func(ctx context.Context, w io.Writer) error { return sh.run(ctx, c, nil, w) })
			continue
		case c.Kind == lessons.CommandWait:
			if err := jobs.wait(out); err != nil {
				return err
			}
			continue
		}
		if err := ended(c, sh.run(ctx, c, cr, out)); err != nil {
			return err
		}
	}
	return jobs.wait(out)
}

// jobs are a block's background commands. Each writes to a buffer of its own; wait prints
// the buffers in the order the commands finished, so a job's lines stay together and the
// output does not depend on how the commands' writes interleaved.
type jobs struct {
	ctx     context.Context
	cancel  context.CancelFunc
	running int
	done    chan jobResult
}

type jobResult struct {
	line string
	out  bytes.Buffer
	err  error
}

func newJobs(ctx context.Context) *jobs {
	ctx, cancel := context.WithCancel(ctx)
	return &jobs{ctx: ctx, cancel: cancel, done: make(chan jobResult)}
}

func (j *jobs) start(c lessons.Command, run func(context.Context, io.Writer) error) {
	j.running++
	go func() {
		r := jobResult{line: c.Line}
		r.err = run(j.ctx, &r.out)
		j.done <- r
	}()
}

// wait waits for every running job and prints their output; a job that failed fails the
// block (a shell's wait would hide that, the lab does not).
func (j *jobs) wait(out io.Writer) error {
	var first error
	for ; j.running > 0; j.running-- {
		r := <-j.done
		out.Write(r.out.Bytes())
		if r.err != nil && first == nil {
			first = fmt.Errorf("%s &: %w", r.line, r.err)
		}
	}
	return first
}

// stop ends the jobs a failed block left running, and waits for them.
func (j *jobs) stop() {
	j.cancel()
	for ; j.running > 0; j.running-- {
		<-j.done
	}
}

// sleep is the shell's sleep; the context ends it early.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (sh *shell) kafkaTool(ctx context.Context, c lessons.Command, out io.Writer) error {
	args := append([]string(nil), c.Args[1:]...)
	for i, a := range args {
		for from, to := range sh.rewrite {
			args[i] = strings.ReplaceAll(args[i], from, to)
		}
		// The tools run in this process, not in the workspace: file arguments are
		// resolved against the workspace as a shell there would, and kept inside it.
		if i > 0 && isFileFlag(args[i-1]) {
			p, err := inside(sh.ws, c.Args[0], a, out, 1)
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
	run := kafkatools.Run
	if kafkaadmin.Has(c.Args[0]) {
		run = kafkaadmin.Run
	}
	code := run(ctx, c.Args[0], args, kafkatools.IO{Stdin: stdin, Stdout: out, Stderr: out}, sh.brokers)
	if code != 0 {
		return errExit(code)
	}
	return nil
}

// isFileFlag reports whether a Kafka tool flag takes a file name.
func isFileFlag(flag string) bool {
	return strings.HasSuffix(flag, "-file") || strings.HasSuffix(flag, ".config") || flag == "--command-config"
}

// config is a pyrun configuration for a script of this workspace.
func (sh *shell) config(script string, args []string, out io.Writer) pyrun.Config {
	return pyrun.Config{WorkDir: sh.ws, Script: script, Args: args, Conf: sh.conf,
		Bootstrap: sh.bootstrap, BootstrapRewrite: sh.rewrite, Stdout: out, Stderr: out, OnEvent: sh.onEvent}
}

// script runs a workspace script as `python script args` would and returns how it ended:
// nil, a *pyrun.Error, a *pyrun.Killed or the context's error.
func (sh *shell) script(ctx context.Context, cfg pyrun.Config) error {
	in, err := sh.runner.Open(cfg)
	if err != nil {
		return err
	}
	defer in.Close()
	return in.ExecFile(ctx)
}

// python is the python command: the script's failure is printed, as a terminal shows it,
// and the command exits 1; a crash directive that fired prints where the batch died.
func (sh *shell) python(ctx context.Context, script string, args []string, cr *crasher, out io.Writer) error {
	if _, err := inside(sh.ws, "python", script, out, 2); err != nil {
		return err
	}
	cfg := sh.config(script, args, out)
	cfg.Crash = cr.directive()
	err := sh.script(ctx, cfg)
	return cr.report(out, strings.Join(append([]string{"python", script}, args...), " "), err)
}

// exec runs source as a script named name in a fresh interpreter (a python block, a
// check's query), failures printed as for the python command.
func (sh *shell) exec(ctx context.Context, name, source string, cr *crasher, out io.Writer) error {
	cfg := sh.config("", nil, out)
	cfg.Crash = cr.directive()
	in, err := sh.runner.Open(cfg)
	if err != nil {
		return err
	}
	defer in.Close()
	return cr.report(out, "python "+name, in.Exec(ctx, name, source))
}

// inside resolves a path a command names (relative to the workspace, as a shell there
// would) and refuses one that leads outside the workspace, through ".." or a symbolic
// link: the refusal is printed after the command's name, and the command exits with code.
func inside(ws, cmd, p string, out io.Writer, code int) (string, error) {
	full, err := resolveIn(ws, p, "commands")
	if err != nil {
		fmt.Fprintf(out, "%s: %v\n", cmd, err)
		return "", errExit(code)
	}
	return full, nil
}

// resolveIn resolves p inside the workspace ws; a path that leads outside is a
// *confine.Error saying who is kept inside ("commands", "" for scripts).
func resolveIn(ws, p, who string) (string, error) {
	dir, err := confine.New(ws)
	if err != nil {
		return "", err
	}
	full := p
	if !filepath.IsAbs(full) {
		full = filepath.Join(dir.Path(), filepath.FromSlash(p))
	}
	full, err = dir.Check(p, "", full)
	var ce *confine.Error
	if errors.As(err, &ce) {
		ce.Who = who
	}
	return full, err
}

func catFiles(ws string, args []string, out io.Writer) error {
	if len(args) == 0 {
		return errors.New("cat needs a file name")
	}
	for _, a := range args {
		p, err := inside(ws, "cat", a, out, 1)
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
		p, err := inside(ws, "rm", a, out, 1)
		if err != nil {
			return err
		}
		if filepath.Clean(p) == filepath.Clean(ws) || p == realPath(ws) {
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
		p, err := inside(ws, "ls", a, out, 2)
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
// background queries, so it is safe for concurrent use. It is the lab's one place where
// output becomes lines: a step's output, the console's.
type lineWriter struct {
	mu      sync.Mutex
	all     bytes.Buffer
	keep    bool // keep everything written (String), not only report lines
	partial []byte
	emit    func(string)
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.keep {
		w.all.Write(p)
	}
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

// flush reports a last line that has no newline yet.
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

// realPath is p with its symbolic links resolved (p when it cannot be).
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}
