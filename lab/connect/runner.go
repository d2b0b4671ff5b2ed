package connect

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine"
	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// Runner is a pyrun.Runner that runs scripts with real CPython and pyspark-client through a
// Spark Connect server of its own (one per interpreter): `kafkalab check --python` and the
// sandbox's real-Python mode use it. The server is on the lab's side, so the live panes
// (query events) and crash directives work as on the embedded path.
type Runner struct {
	// Python has pyspark-client (FindPython).
	Python string
	// Fork, when set, runs each ExecFile script as a fork of its pre-imported Python (the
	// corpus through Connect: the client's imports once instead of per script).
	Fork *Forker
}

// Open makes an interpreter; its server starts with its first script.
func (r Runner) Open(cfg pyrun.Config) (pyrun.Interpreter, error) {
	if r.Python == "" {
		return nil, ErrNoPython
	}
	if cfg.Crash != nil {
		if _, ok := crashSteps[cfg.Crash.Point]; !ok {
			return nil, fmt.Errorf("connect runner: unknown crash point %q", cfg.Crash.Point)
		}
	}
	out := &lockedWriter{w: discardIfNil(cfg.Stdout)}
	return &interp{python: r.Python, fork: r.Fork, cfg: cfg, out: out, fired: -1}, nil
}

// crashSteps maps a crash point to the engine's fault-injection step.
var crashSteps = map[pyrun.CrashPoint]stream.Step{
	pyrun.CrashAfterOffsets:    stream.StepOffsetsWritten,
	pyrun.CrashMidWrite:        stream.StepSinkWriting,
	pyrun.CrashAfterSinkCommit: stream.StepSinkDone,
	pyrun.CrashAfterCommit:     stream.StepCommitted,
}

var errKilled = errors.New("killed by the lab's crash directive")

type interp struct {
	python string
	fork   *Forker
	cfg    pyrun.Config
	out    *lockedWriter

	mu     sync.Mutex
	srv    *Server
	repl   *repl  // the entries' CPython process, once one ran
	kill   func() // ends the script or entry in progress
	fired  int64  // batch the crash directive killed; -1 = none yet
	closed bool
}

// server starts the interpreter's server on first use.
func (in *interp) server() (*Server, error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return nil, fmt.Errorf("the interpreter was closed: %w", pyrun.ErrEnded)
	}
	if in.srv != nil {
		return in.srv, nil
	}
	o := Options{WorkDir: in.cfg.WorkDir, Conf: in.cfg.Conf, Stdout: in.out, Python: in.python}
	if in.cfg.Bootstrap != "" {
		o.Bootstrap, o.Override = in.cfg.Bootstrap, true
	} else if b := in.cfg.BootstrapRewrite[CourseAddress]; b != "" {
		o.Bootstrap = b
	}
	if in.cfg.OnEvent != nil {
		o.OnStreamEvent = func(e engine.StreamEvent) { in.cfg.OnEvent(pyrun.EventOf(e)) }
	}
	if in.cfg.Crash != nil {
		o.StreamHook = in.hook
	}
	srv, err := Start(context.Background(), o)
	if err != nil {
		return nil, err
	}
	in.srv = srv
	return srv, nil
}

// hook carries out the crash directive: the client is killed and the query fails at the
// point, so nothing more of the batch is written, as when a driver dies.
func (in *interp) hook(step stream.Step, batchID int64) error {
	c := in.cfg.Crash
	if step != crashSteps[c.Point] || (c.Batch >= 0 && batchID != c.Batch) {
		return nil
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.fired >= 0 {
		return nil
	}
	in.fired = batchID
	in.out.silence()
	if in.kill != nil {
		in.kill()
	}
	return errKilled
}

func (in *interp) Exec(ctx context.Context, name, source string) error {
	return in.entry(ctx, false, name, source)
}

func (in *interp) ExecInteractive(ctx context.Context, name, source string) error {
	return in.entry(ctx, true, name, source)
}

// entry runs source in the interpreter's own CPython process, whose globals persist
// between entries, and says how it ended as run does.
func (in *interp) entry(caller context.Context, interactive bool, name, source string) error {
	srv, err := in.server()
	if err != nil {
		return err
	}
	in.mu.Lock()
	r := in.repl
	if r == nil {
		r, err = startREPL(in.python, in.cfg.WorkDir, srv.URL(), in.out)
		if err != nil {
			in.mu.Unlock()
			return err
		}
		in.repl = r
	}
	in.kill = func() { _ = r.cmd.Process.Kill() }
	in.mu.Unlock()
	start := time.Now()
	status, text, err := r.run(caller, interactive, name, source)
	in.mu.Lock()
	in.kill = nil
	fired := in.fired
	in.mu.Unlock()
	switch {
	case fired >= 0:
		// A killed prompt loses its globals, as a killed python process does.
		in.mu.Lock()
		in.repl = nil
		in.mu.Unlock()
		r.close()
		in.dropServer()
		return &pyrun.Killed{Point: in.cfg.Crash.Point, Batch: fired}
	case err != nil:
		return fmt.Errorf("%w: %w", err, pyrun.ErrEnded)
	case status == 1 && errors.Is(caller.Err(), context.DeadlineExceeded):
		return &pyrun.Stopped{After: time.Since(start), Reason: stopReason(caller)}
	case status == 1 && caller.Err() != nil:
		// Ctrl-C raised KeyboardInterrupt in the entry, as at Python's prompt.
		return &pyrun.Interrupted{Traceback: strings.TrimRight(text, "\n")}
	case status == 1:
		return scriptError(text, 1)
	case status == 2:
		code, _ := strconv.Atoi(text)
		return &pyrun.Error{Kind: "SystemExit", Text: "SystemExit: " + text, Exit: true, Code: code}
	}
	return nil
}

func stopReason(ctx context.Context) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "its time limit"
	}
	return "Ctrl-C"
}

func (in *interp) ExecFile(ctx context.Context) error {
	return in.run(ctx, in.cfg.Script, in.cfg.Args)
}

// run runs `python script args` against the server and says how it ended, as the
// embedded runner does: nil, a *pyrun.Error, *pyrun.Killed or *pyrun.Stopped.
func (in *interp) run(caller context.Context, script string, args []string) error {
	srv, err := in.server()
	if err != nil {
		return err
	}
	start := time.Now()
	ctx, cancel := context.WithCancel(caller)
	defer cancel()
	in.mu.Lock()
	in.kill = cancel
	in.mu.Unlock()
	var stderr bytes.Buffer
	stdout, err := in.out.divert()
	if err != nil {
		return err
	}
	code, err := RunPython(ctx, Script{Python: in.python, Path: script, Args: args, Dir: in.cfg.WorkDir,
		Remote: srv.URL(), Stdout: stdout, Stderr: &stderr, Fork: in.fork})
	in.out.undivert()
	in.mu.Lock()
	in.kill = nil
	fired := in.fired
	in.mu.Unlock()
	switch {
	case fired >= 0:
		// A killed driver loses its queries: the next script starts on a fresh server.
		in.dropServer()
		return &pyrun.Killed{Point: in.cfg.Crash.Point, Batch: fired}
	case err != nil:
		return err
	case caller.Err() != nil:
		return &pyrun.Stopped{After: time.Since(start), Reason: stopReason(caller)}
	case code != 0:
		return scriptError(stderr.String(), code)
	}
	if stderr.Len() > 0 && in.cfg.Stderr != nil {
		in.cfg.Stderr.Write(stderr.Bytes())
	}
	return nil
}

// exceptionLine is a traceback's last line: the exception's class and message.
//
// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var exceptionLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([A-Za-z_][\w.]*)(:|$)`) })

// scriptError is a failed script's end as Python printed it.
func scriptError(stderr string, code int) error {
	text := strings.TrimRight(stderr, "\n")
	if !strings.Contains(text, "Traceback (most recent call last)") {
		if text == "" {
			text = fmt.Sprintf("exit status %d", code)
		}
		return &pyrun.Error{Kind: "SystemExit", Text: text, Exit: true, Code: code}
	}
	last := lastLine(text, nil)
	kind := "Exception"
	if m := exceptionLine().FindStringSubmatch(last); m != nil {
		kind = m[1][strings.LastIndex(m[1], ".")+1:]
	}
	return &pyrun.Error{Kind: kind, Text: text}
}

func (in *interp) dropServer() {
	in.mu.Lock()
	srv := in.srv
	in.srv = nil
	in.mu.Unlock()
	if srv != nil {
		srv.Close()
	}
}

// Queries lists the streaming queries the interpreter's server runs.
func (in *interp) Queries() []pyrun.Query {
	in.mu.Lock()
	srv := in.srv
	in.mu.Unlock()
	if srv == nil {
		return nil
	}
	var out []pyrun.Query
	for _, q := range srv.ActiveQueries() {
		if q.IsActive() {
			out = append(out, pyrun.Query{ID: q.ID(), RunID: q.RunID(), Name: q.Name(), Active: true})
		}
	}
	return out
}

func (in *interp) StopQuery(id string) bool {
	in.mu.Lock()
	srv := in.srv
	in.mu.Unlock()
	if srv == nil {
		return false
	}
	for _, q := range srv.ActiveQueries() {
		if q.ID() == id || q.RunID() == id {
			_ = q.Stop(context.Background())
			return true
		}
	}
	return false
}

func (in *interp) StopQueries() {
	in.mu.Lock()
	srv := in.srv
	in.mu.Unlock()
	if srv == nil {
		return
	}
	for _, q := range srv.ActiveQueries() {
		_ = q.Stop(context.Background())
	}
}

func (in *interp) Close() error {
	in.mu.Lock()
	in.closed = true
	r := in.repl
	in.repl = nil
	in.mu.Unlock()
	if r != nil {
		r.close()
	}
	in.dropServer()
	return nil
}

func (in *interp) Ended() error {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.closed {
		return fmt.Errorf("the interpreter was closed: %w", pyrun.ErrEnded)
	}
	if in.repl != nil {
		select {
		case <-in.repl.done:
			return fmt.Errorf("its Python process ended: %w", pyrun.ErrEnded)
		default:
		}
	}
	return nil
}

// lockedWriter serialises the client's and the server's prints to one writer, and prints
// nothing once a crash directive killed the run.
//
// While a script runs, both print into one file instead (divert): the script's stdout is
// that file itself, so a line the script prints before it starts a query comes before the
// query's console output, in the order of the writes. Through a pipe, the server's prints
// could overtake what the script printed but the pipe's reader had not copied yet.
type lockedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	silent bool
	file   *os.File // the diverted run's output, while one runs
	kept   int64    // how much of file to keep: all but what came after a silence (-1)
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.silent {
		return len(p), nil
	}
	if l.file != nil {
		return l.file.Write(p)
	}
	return l.w.Write(p)
}

func (l *lockedWriter) silence() {
	l.mu.Lock()
	l.silent = true
	if l.file != nil {
		if st, err := l.file.Stat(); err == nil {
			l.kept = st.Size()
		}
	}
	l.mu.Unlock()
}

// divert makes a file the script's stdout, which the server's prints go to too until
// undivert copies it to the writer.
func (l *lockedWriter) divert() (*os.File, error) {
	tmp, err := os.CreateTemp("", "kafkalab-script-out-")
	if err != nil {
		return nil, fmt.Errorf("a file for the script's output: %w", err)
	}
	name := tmp.Name()
	tmp.Close()
	// O_APPEND: each write of the script and of the server lands at the end, whoever
	// wrote last.
	f, err := os.OpenFile(name, os.O_RDWR|os.O_APPEND, 0o600)
	os.Remove(name)
	if err != nil {
		return nil, fmt.Errorf("a file for the script's output: %w", err)
	}
	l.mu.Lock()
	l.file, l.kept = f, -1
	l.mu.Unlock()
	return f, nil
}

// undivert copies what the diverted run printed (up to a silence) to the writer.
func (l *lockedWriter) undivert() {
	l.mu.Lock()
	defer l.mu.Unlock()
	f := l.file
	if f == nil {
		return
	}
	l.file = nil
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return
	}
	var r io.Reader = f
	if l.kept >= 0 {
		r = io.LimitReader(f, l.kept)
	}
	_, _ = io.Copy(l.w, r)
}

func discardIfNil(w io.Writer) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}
