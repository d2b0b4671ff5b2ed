// Package pyrun is the lab's one way to run Python: lesson steps, the checks' queries, the
// sandbox's prompt and `kafkalab run` all open their interpreters through a Runner. What
// crosses a Runner is plain data (Config's fields but its writers and callback, QueryEvent,
// Query, Error, Killed, Stopped).
//
// Subprocess runs each interpreter in a child process (`kafkalab __pyrun`, ServeChild) that
// streams its output, query events, query list and results back over a pipe: whatever a
// script does (a Go stack overflow, a memory bomb, a loop that ignores Ctrl-C), only the
// child ends, and the parent reports it as Python would. InProcess runs interpreters in
// this process, on engine/pyspark; the child uses it.
package pyrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// Runner opens interpreters.
type Runner interface {
	Open(cfg Config) (Interpreter, error)
}

// Config describes one interpreter: the folder its script works in, sys.argv, the
// session settings and brokers it starts with, and a crash directive. Stdout, Stderr and
// OnEvent stay on the caller's side of the runner.
type Config struct {
	// WorkDir is the working folder; nothing outside it can be touched.
	WorkDir string
	// Script and Args are sys.argv: the script as named, then its arguments.
	Script string
	Args   []string
	// Conf is session configuration applied before the script's own builder settings.
	Conf map[string]string
	// Bootstrap, when set, replaces the kafka.bootstrap.servers every read and write names.
	Bootstrap string
	// BootstrapRewrite maps servers a script names to the ones to use ("localhost:9092" ->
	// the lab's broker).
	BootstrapRewrite map[string]string
	// Crash, when set, kills the first streaming query that reaches its point: the run
	// ends there with *Killed, printing nothing more, as a killed process would.
	Crash *Crash

	// Stdout and Stderr receive what the script prints; nil discards.
	Stdout, Stderr io.Writer
	// OnEvent receives the events of the streaming queries the script starts, in order
	// per query. It must return quickly.
	OnEvent func(QueryEvent)
}

// CrashPoint names where in a micro-batch a crash directive kills its query.
type CrashPoint string

// The crash points, in the order a batch reaches them (lessons/FORMAT.md).
const (
	CrashAfterOffsets    CrashPoint = "after-offsets"     // offsets/N written, nothing read
	CrashMidWrite        CrashPoint = "mid-write"         // the sink's files written, no commit
	CrashAfterSinkCommit CrashPoint = "after-sink-commit" // the table committed, no commits/N
	CrashAfterCommit     CrashPoint = "after-commit"      // commits/N written
)

// Crash is a crash directive: the first query to reach Point, in batch Batch (any batch
// when Batch is -1), dies there.
type Crash struct {
	Point CrashPoint `json:"point"`
	Batch int64      `json:"batch"`
}

// Interpreter is one Python interpreter: globals persist between Exec calls, as at a
// prompt. It is not safe for concurrent use, except Queries, StopQuery and StopQueries.
type Interpreter interface {
	// Exec runs source as a script named name ("step3.py").
	Exec(ctx context.Context, name, source string) error
	// ExecInteractive runs an entry of a prompt: an expression's value is printed.
	ExecInteractive(ctx context.Context, name, source string) error
	// ExecFile runs the workspace script Config.Script, as `python SCRIPT ARGS`.
	ExecFile(ctx context.Context) error
	// Queries lists the streaming queries the interpreter started, oldest first.
	Queries() []Query
	// StopQuery stops the query with that id or run id; false when there is none.
	StopQuery(id string) bool
	// StopQueries stops every query the interpreter started.
	StopQueries()
	// Close stops the queries and releases the interpreter.
	Close() error
	// Ended says why the interpreter can run nothing more (its process crashed or was
	// stopped past a limit; the error wraps ErrEnded), nil while it can.
	Ended() error
}

// ErrEnded is wrapped by the error of a run whose interpreter ended with it: its globals
// and queries are gone, and a new interpreter must be opened.
var ErrEnded = errors.New("the interpreter ended")

// Query is a streaming query an interpreter started.
type Query struct {
	ID     string `json:"id"`
	RunID  string `json:"runId"`
	Name   string `json:"name,omitempty"`
	Active bool   `json:"active"`
}

// Error is a script's failure as the learner reads it: Text is what Python would print
// (a traceback, a syntax error with its caret, "kafkalab does not support ..."). A script
// that called sys.exit with a non-zero status has Exit set and its Code.
type Error struct {
	Kind string `json:"kind"` // the exception's class: NameError, AnalysisException...
	Text string `json:"text"`
	Exit bool   `json:"exit,omitempty"`
	Code int    `json:"code,omitempty"`
	// Fatal is set when the interpreter ended with the error (a Go stack overflow taken
	// for RecursionError, memory past the cap): errors.Is(err, ErrEnded) holds.
	Fatal bool `json:"fatal,omitempty"`
}

func (e *Error) Error() string { return e.Text }

// Is makes a fatal error ErrEnded.
func (e *Error) Is(target error) bool { return e.Fatal && target == ErrEnded }

// Interrupted is a script stopped by Ctrl-C while it ran: errors.Is(err, context.Canceled)
// holds, as for any cancelled run, and Traceback is what CPython prints for the
// KeyboardInterrupt it raised, for a terminal to show.
type Interrupted struct {
	Traceback string `json:"traceback"`
}

func (e *Interrupted) Error() string { return context.Canceled.Error() }

// Is makes an interrupted run a cancelled one.
func (e *Interrupted) Is(target error) bool { return target == context.Canceled }

// Stopped is a run its caller stopped: the context ended (Ctrl-C, a time limit) and the
// script stopped, or was ended when it did not stop within a second.
type Stopped struct {
	// After is how long the script ran.
	After time.Duration `json:"after"`
	// Reason is why it was stopped: the context's cause ("the step's time limit of 2m0s")
	// or "Ctrl-C".
	Reason string `json:"reason"`
	// Killed is set when the script did not stop within a second of being asked and its
	// interpreter was ended (errors.Is(err, ErrEnded) holds).
	Killed bool `json:"killed,omitempty"`
}

func (s *Stopped) Error() string {
	msg := fmt.Sprintf("stopped after %s (%s)", roundDuration(s.After), s.Reason)
	if s.Killed {
		msg += "; it did not stop within 1 s of being asked, so kafkalab ended its interpreter"
	}
	return msg
}

// Is makes a killed run ErrEnded.
func (s *Stopped) Is(target error) bool { return s.Killed && target == ErrEnded }

// roundDuration shows a run's length as a learner reads it: "3 s", "0.4 s", "2 min 5 s".
func roundDuration(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%d s", int(d.Round(time.Second).Seconds()))
	}
	d = d.Round(time.Second)
	return fmt.Sprintf("%d min %d s", int(d.Minutes()), int(d.Seconds())%60)
}

// stopReason is why ctx ended, in words.
func stopReason(ctx context.Context) string {
	cause := context.Cause(ctx)
	switch {
	case cause == nil || errors.Is(cause, context.Canceled) && cause == context.Canceled:
		return "Ctrl-C"
	case cause == context.DeadlineExceeded:
		return "its time limit"
	}
	return cause.Error()
}

// Killed is the end of a run its crash directive killed: the batch the query died in.
type Killed struct {
	Point CrashPoint `json:"point"`
	Batch int64      `json:"batch"`
}

func (k *Killed) Error() string {
	return fmt.Sprintf("killed by the crash directive %s in batch %d", k.Point, k.Batch)
}
