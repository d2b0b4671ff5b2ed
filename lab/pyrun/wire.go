package pyrun

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"sync"
)

// The pipe between a Subprocess and its child: one JSON object per line each way. The
// parent writes requests to the child's stdin; the child writes messages to a pipe of its
// own (file descriptor 3), so nothing else the child prints can garble them. The child's
// stderr is kept by the parent only to tell how a crashed child died.

// Requests, parent to child.
const (
	opOpen        = "open"         // Cfg: the interpreter to make (the first request)
	opExec        = "exec"         // ID, Mode, Name, Source: run code
	opInterrupt   = "interrupt"    // KeyboardInterrupt in the run in progress
	opStopQuery   = "stop-query"   // ID, Query
	opStopQueries = "stop-queries" // ID
	opClose       = "close"        // stop the queries, release the interpreter
)

// Exec modes.
const (
	modeExec        = "exec"
	modeInteractive = "interactive"
	modeFile        = "file"
)

type request struct {
	Op     string      `json:"op"`
	ID     int64       `json:"id,omitempty"`
	Cfg    *wireConfig `json:"cfg,omitempty"`
	Mode   string      `json:"mode,omitempty"`
	Name   string      `json:"name,omitempty"`
	Source string      `json:"source,omitempty"`
	Query  string      `json:"query,omitempty"`
}

// wireConfig is Config without its writers and callback.
type wireConfig struct {
	WorkDir          string            `json:"workDir"`
	Script           string            `json:"script,omitempty"`
	Args             []string          `json:"args,omitempty"`
	Conf             map[string]string `json:"conf,omitempty"`
	Bootstrap        string            `json:"bootstrap,omitempty"`
	BootstrapRewrite map[string]string `json:"bootstrapRewrite,omitempty"`
	Crash            *Crash            `json:"crash,omitempty"`
	Events           bool              `json:"events,omitempty"` // send query events
}

func toWire(c Config) *wireConfig {
	return &wireConfig{WorkDir: c.WorkDir, Script: c.Script, Args: c.Args, Conf: c.Conf, Bootstrap: c.Bootstrap,
		BootstrapRewrite: c.BootstrapRewrite, Crash: c.Crash, Events: c.OnEvent != nil}
}

func (w *wireConfig) config() Config {
	return Config{WorkDir: w.WorkDir, Script: w.Script, Args: w.Args, Conf: w.Conf, Bootstrap: w.Bootstrap,
		BootstrapRewrite: w.BootstrapRewrite, Crash: w.Crash}
}

// Messages, child to parent.
const (
	msgReady   = "ready"   // the interpreter is made (Err: it could not be)
	msgOut     = "out"     // Stream 1 or 2, Data: what the script printed
	msgEvent   = "event"   // Event: a query event
	msgQueries = "queries" // Queries: the query list, after it changed
	msgDone    = "done"    // ID, Err: a run ended
	msgStopped = "stopped" // ID, OK: a stop request ended
	msgKilled  = "killed"  // Killed: the crash directive fired; the child exits 137 next
	msgClosed  = "closed"  // OK: the interpreter is closed and the child can serve another
)

type message struct {
	Op      string      `json:"op"`
	ID      int64       `json:"id,omitempty"`
	Stream  int         `json:"stream,omitempty"`
	Data    string      `json:"data,omitempty"`
	Event   *QueryEvent `json:"event,omitempty"`
	Queries []Query     `json:"queries,omitempty"`
	Err     *wireError  `json:"err,omitempty"`
	OK      bool        `json:"ok,omitempty"`
	Killed  *Killed     `json:"killed,omitempty"`
}

// wireError is how a run ended, when not cleanly.
type wireError struct {
	Python   *Error   `json:"python,omitempty"`   // the script's Python error
	Stopped  *Stopped `json:"stopped,omitempty"`  // a time limit ended it
	Canceled bool     `json:"canceled,omitempty"` // an interrupt ended it before it began
	Text     string   `json:"text,omitempty"`     // any other failure
	// Traceback is a cancelled script's KeyboardInterrupt, as CPython prints it.
	Traceback string `json:"traceback,omitempty"`
}

func toWireError(err error) *wireError {
	switch e := err.(type) {
	case nil:
		return nil
	case *Error:
		return &wireError{Python: e}
	case *Stopped:
		return &wireError{Stopped: e}
	case *Interrupted:
		return &wireError{Canceled: true, Traceback: e.Traceback}
	}
	if errors.Is(err, context.Canceled) {
		return &wireError{Canceled: true}
	}
	return &wireError{Text: err.Error()}
}

// encoder writes one JSON object per line, safe for concurrent use.
type encoder struct {
	mu  sync.Mutex
	w   *bufio.Writer
	enc *json.Encoder
	err error
}

func newEncoder(w io.Writer) *encoder {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	return &encoder{w: bw, enc: enc}
}

// send writes v and flushes, so the other side sees it at once and in order.
func (e *encoder) send(v any) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.err != nil {
		return e.err
	}
	if err := e.enc.Encode(v); err != nil {
		e.err = err
		return err
	}
	if err := e.w.Flush(); err != nil {
		e.err = err
	}
	return e.err
}

// newDecoder reads one JSON object per line; lines may be long (a script's output).
func newDecoder(r io.Reader) *json.Decoder {
	return json.NewDecoder(bufio.NewReaderSize(r, 64<<10))
}
