package python

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/pyerrors"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// Error is a learner's mistake or an engine error, as Python would report it.
type Error struct {
	// Kind is the Python exception's class name: SyntaxError, NameError, and the
	// bindings' own (AnalysisException, PySparkNotImplementedError...).
	Kind string
	// Module is the class's module when it is not a built-in one
	// (pyspark.errors.exceptions.captured): CPython's traceback names the class with it.
	Module string
	// Message is the exception's text (Spark's text for engine errors).
	Message string
	// File and Line locate the innermost learner code involved (0 when unknown).
	File string
	Line int
	// Source is that line of code, and Column (1-based, syntax errors only) the caret.
	Source string
	Column int
	// Trace lists the learner frames, outermost first (file, line, function, code).
	Trace []TraceFrame
	// Unsupported is set for a PySpark API kafkalab does not implement: the API's name.
	Unsupported string
	// Hint says what to use instead (unsupported APIs).
	Hint string
	// Exit is set when the script called sys.exit(code); Code is the status.
	Exit bool
	Code int
	// cause is the engine's Go error, for errors.Is/As.
	cause error
}

// TraceFrame is one learner frame of a traceback.
type TraceFrame struct {
	File     string
	Line     int
	Function string
	Source   string
}

func (e *Error) Unwrap() error { return e.cause }

// Error renders the error the way a Python user expects to read it: the API and line for
// unsupported calls, a caret for syntax errors, and a short traceback otherwise.
func (e *Error) Error() string {
	var b strings.Builder
	switch {
	case e.Exit:
		return fmt.Sprintf("script exited with status %d", e.Code)
	case e.Kind == "PySparkNotImplementedError" && e.Unsupported == "":
		b.WriteString(e.Message)
		if e.File != "" {
			fmt.Fprintf(&b, " (%s, line %d)", e.File, e.Line)
		}
		return b.String()
	case e.Unsupported != "":
		fmt.Fprintf(&b, "kafkalab does not support %s", e.Unsupported)
		if e.File != "" {
			fmt.Fprintf(&b, " (%s, line %d)", e.File, e.Line)
		}
		if e.Hint != "" {
			b.WriteString(": " + e.Hint)
		}
		return b.String()
	case e.Kind == "SyntaxError" || e.Kind == "IndentationError":
		fmt.Fprintf(&b, "  File \"%s\", line %d\n", e.File, e.Line)
		if e.Source != "" {
			src := strings.TrimRight(e.Source, "\r\n")
			trimmed := strings.TrimLeft(src, " \t")
			fmt.Fprintf(&b, "    %s\n", trimmed)
			col := e.Column - (len(src) - len(trimmed))
			if col < 1 {
				col = 1
			}
			if col > len(trimmed)+1 {
				col = len(trimmed) + 1
			}
			fmt.Fprintf(&b, "    %s^\n", strings.Repeat(" ", col-1))
		}
		fmt.Fprintf(&b, "%s: %s", e.Kind, e.Message)
		return b.String()
	}
	if len(e.Trace) > 0 {
		b.WriteString("Traceback (most recent call last):\n")
		for _, f := range e.Trace {
			fmt.Fprintf(&b, "  File \"%s\", line %d, in %s\n", f.File, f.Line, f.Function)
			if f.Source != "" {
				fmt.Fprintf(&b, "    %s\n", strings.TrimSpace(f.Source))
			}
		}
	}
	if e.Module != "" {
		b.WriteString(e.Module + ".")
	}
	b.WriteString(e.Kind)
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	return b.String()
}

// UnsupportedError is raised for an API kafkalab does not implement (a PySpark method, a
// function of a confined module): PySpark's PySparkNotImplementedError, without an error
// condition. Its api and hint attributes say what and what to use instead; Error adds the
// script line.
var UnsupportedError = pyerrors.PySparkNotImplementedError

// Unsupported makes the exception for an API kafkalab does not implement, with what to
// use instead.
func Unsupported(api, hint string) error {
	msg := py.String("kafkalab does not support " + api)
	e := &py.Exception{Base: UnsupportedError, Args: py.Tuple{msg}, Dict: py.StringDict{
		"_errorClass": py.None, "_messageParameters": py.None, "_message": msg, "_contexts": py.NewList(),
		"api": py.String(api), "hint": py.String(hint)}}
	return e
}

// Raise makes a Python exception of kind with err's text that keeps err: errors.Is and
// errors.As on the *Error an Exec returns reach the Go error a binding raised.
func Raise(kind *py.Type, err error) *py.Exception {
	return pyerrors.WithGoError(py.ExceptionNewf(kind, "%s", err.Error()), err)
}

// convertError turns what gpython returned into an *Error with learner-facing locations.
func (in *Interpreter) convertError(err error) error {
	var out Error
	var exc *py.Exception
	var tb *py.Traceback
	switch e := err.(type) {
	case py.ExceptionInfo:
		exc, _ = e.Value.(*py.Exception)
		tb = e.Traceback
	case *py.ExceptionInfo:
		exc, _ = e.Value.(*py.Exception)
		tb = e.Traceback
	case *py.Exception:
		exc = e
	case *Error:
		return e
	default:
		if errors.Is(err, errContextDone) {
			return in.runCtx.Err()
		}
		return &Error{Kind: "Error", Message: err.Error(), cause: err}
	}
	if exc == nil {
		return &Error{Kind: "Error", Message: err.Error(), cause: err}
	}
	out.Kind = exc.Base.Name
	if m, ok := exc.Base.Dict["__module__"].(py.String); ok && m != "builtins" && m != "__main__" {
		out.Module = string(m)
	}
	out.Message = exceptionMessage(exc)
	out.cause = pyerrors.GoError(exc)
	if exc.Base == py.SystemExit || exc.Base.IsSubtype(py.SystemExit) {
		out.Exit = true
		out.Code = exitStatus(exc)
		if out.Code == 0 {
			return nil
		}
		return &out
	}
	if exc.Base.IsSubtype(py.KeyboardInterrupt) && in.runCtx.Err() != nil {
		// Stopped from outside (Ctrl-C, a time limit): errors.Is(err, context.Canceled)
		// holds, and the traceback stays for a terminal to print, as CPython does.
		out.cause = in.runCtx.Err()
	}
	if exc.Base.IsSubtype(UnsupportedError) {
		if api, ok := exc.Dict["api"].(py.String); ok {
			out.Unsupported = string(api)
		}
		if hint, ok := exc.Dict["hint"].(py.String); ok {
			out.Hint = string(hint)
		}
	}
	if exc.Base.IsSubtype(py.SyntaxError) {
		if f, ok := exc.Dict["filename"].(py.String); ok {
			out.File = string(f)
		}
		if l, ok := exc.Dict["lineno"].(py.Int); ok {
			out.Line = int(l)
		}
		if o, ok := exc.Dict["offset"].(py.Int); ok {
			out.Column = int(o)
		}
		if s, ok := exc.Dict["line"].(py.String); ok && strings.TrimSpace(string(s)) != "" {
			out.Source = string(s)
		} else {
			out.Source = in.sourceLine(out.File, out.Line)
		}
		if m := out.Message; len(m) >= 2 && m[0] == '\'' && m[len(m)-1] == '\'' {
			out.Message = m[1 : len(m)-1] // gpython quotes its parser's message
		}
		return &out
	}
	for t := tb; t != nil; t = t.Next {
		if t.Frame == nil || t.Frame.Code == nil {
			continue
		}
		file := t.Frame.Code.Filename
		if _, ok := in.sources[file]; !ok {
			continue // code that is not the learner's (none today, but keep tracebacks honest)
		}
		out.Trace = append(out.Trace, TraceFrame{File: file, Line: int(t.Lineno), Function: t.Frame.Code.Name, Source: in.sourceLine(file, int(t.Lineno))})
	}
	if n := len(out.Trace); n > 0 {
		out.File, out.Line, out.Source = out.Trace[n-1].File, out.Trace[n-1].Line, out.Trace[n-1].Source
	}
	return &out
}

// exceptionMessage is str(exc), as the last line of CPython's traceback shows it.
func exceptionMessage(exc *py.Exception) string {
	if s, err := py.StrAsString(exc); err == nil {
		return s
	}
	args, _ := exc.Args.(py.Tuple)
	switch len(args) {
	case 0:
		return ""
	case 1:
		if s, ok := args[0].(py.String); ok {
			return string(s)
		}
		s, err := py.StrAsString(args[0])
		if err == nil {
			return s
		}
	}
	s, err := py.ReprAsString(args)
	if err != nil {
		return exc.Base.Name
	}
	return s
}

func exitStatus(exc *py.Exception) int {
	args, _ := exc.Args.(py.Tuple)
	if len(args) == 0 || args[0] == py.None {
		return 0
	}
	if n, ok := args[0].(py.Int); ok {
		return int(n)
	}
	return 1
}

func (in *Interpreter) sourceLine(file string, line int) string {
	src, ok := in.sources[file]
	if !ok || line < 1 {
		return ""
	}
	lines := strings.Split(src, "\n")
	if line > len(lines) {
		return ""
	}
	return lines[line-1]
}

var errContextDone = errors.New("context done")

// Describe is err, raised by Python code the runtime called, as the learner reads it: the
// exception with its traceback through the learner's frames.
func (in *Interpreter) Describe(err error) error { return in.convertError(err) }
