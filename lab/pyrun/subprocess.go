package pyrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// DefaultMemoryLimit is a script's memory cap when none is set: 1 GiB.
const DefaultMemoryLimit int64 = 1 << 30

// stopGrace is how long a script has to stop after it was asked to (Ctrl-C, a time
// limit) before its child is killed.
const stopGrace = time.Second

// Subprocess runs each interpreter in a child process that serves ServeChild, so that
// nothing a script does can end the parent: a Go stack overflow, memory past the cap or a
// crash ends only the child, and the run's error says what it stands for in Python
// (RecursionError, MemoryError) or that the script's interpreter crashed. Its output,
// query events, query list and results come back over a pipe.
//
// A child is given MemoryLimit: its heap watcher raises MemoryError in the script past
// it, and the parent kills a child whose resident memory goes past twice the limit. A run
// whose context ends is interrupted (KeyboardInterrupt), and its child killed when the
// script has not stopped a second later.
//
// A child whose interpreter closed cleanly (every goroutine it started ended) serves the
// next interpreter opened, so a course of many short scripts does not pay a process
// start for each; any other child ends with its interpreter.
type Subprocess struct {
	// Path and Args start a child serving ServeChild: the kafkalab binary and
	// ChildCommand; a test binary re-executing itself.
	Path string
	Args []string
	// Env is the child's environment (nil: this process's).
	Env []string
	// MemoryLimit caps a script's memory, in bytes: 0 is DefaultMemoryLimit, below 0 none.
	MemoryLimit int64
	// Prewarm keeps one child started ahead, so opening an interpreter does not wait for
	// a process to start.
	Prewarm bool

	// childMemory, when set, is the cap the child is told instead of Memory (a test
	// turns the child's own watcher off to see the parent's at work).
	childMemory *int64

	mu       sync.Mutex
	idle     []*proc // children waiting for an interpreter, newest last
	starting bool
	closed   bool
}

// maxIdle is how many children wait for an interpreter at most.
const maxIdle = 2

// Memory is the memory cap children get (0: none).
func (s *Subprocess) Memory() int64 {
	switch {
	case s.MemoryLimit == 0:
		return DefaultMemoryLimit
	case s.MemoryLimit < 0:
		return 0
	}
	return s.MemoryLimit
}

// Close ends the children waiting for an interpreter.
func (s *Subprocess) Close() error {
	s.mu.Lock()
	idle := s.idle
	s.idle, s.closed = nil, true
	s.mu.Unlock()
	for _, p := range idle {
		p.abandon()
	}
	return nil
}

// Open makes an interpreter in the spare child, or in a child it starts. A spare that
// died while it waited is replaced.
func (s *Subprocess) Open(cfg Config) (Interpreter, error) {
	p, spare, err := s.take()
	if err != nil {
		return nil, err
	}
	in, err := s.open(p, cfg)
	if errors.Is(err, errNoChild) && spare {
		if p, err = s.start(); err != nil {
			return nil, err
		}
		in, err = s.open(p, cfg)
	}
	return in, err
}

// errNoChild is wrapped by Open's error when the child died before it could answer.
var errNoChild = errors.New("the script's interpreter did not start")

func (s *Subprocess) open(p *proc, cfg Config) (Interpreter, error) {
	r := &remote{s: s, p: p, cfg: cfg, stdout: orDiscard(cfg.Stdout), stderr: orDiscard(cfg.Stderr),
		ready: make(chan *wireError, 1), waiting: map[int64]chan message{}, gone: make(chan struct{})}
	go r.read()
	go r.watchMemory()
	if s.Prewarm {
		go s.refill()
	}
	if err := p.send(request{Op: opOpen, Cfg: toWire(cfg)}); err != nil {
		r.kill(nil)
		<-r.gone
		return nil, fmt.Errorf("%w: %v", errNoChild, r.Ended())
	}
	select {
	case werr := <-r.ready:
		if werr != nil {
			r.Close()
			if werr.Python != nil {
				return nil, werr.Python
			}
			return nil, errors.New(werr.Text)
		}
		return r, nil
	case <-r.gone:
		return nil, fmt.Errorf("%w: %v", errNoChild, r.Ended())
	case <-time.After(time.Minute):
		r.kill(nil)
		<-r.gone
		return nil, errors.New("the script's interpreter did not start within a minute")
	}
}

// take returns a waiting child (spare is true), or starts one.
func (s *Subprocess) take() (p *proc, spare bool, err error) {
	s.mu.Lock()
	if n := len(s.idle); n > 0 {
		p = s.idle[n-1]
		s.idle = s.idle[:n-1]
	}
	s.mu.Unlock()
	if p != nil {
		return p, true, nil
	}
	p, err = s.start()
	return p, false, err
}

// refill starts a child to wait for the next interpreter, when none waits.
func (s *Subprocess) refill() {
	s.mu.Lock()
	if len(s.idle) > 0 || s.starting || s.closed {
		s.mu.Unlock()
		return
	}
	s.starting = true
	s.mu.Unlock()
	p, err := s.start()
	s.mu.Lock()
	s.starting = false
	s.mu.Unlock()
	if err == nil {
		s.putBack(p)
	}
}

// putBack keeps a child that can serve another interpreter, or ends it.
func (s *Subprocess) putBack(p *proc) {
	s.mu.Lock()
	if !s.closed && len(s.idle) < maxIdle {
		s.idle = append(s.idle, p)
		p = nil
	}
	s.mu.Unlock()
	if p != nil {
		p.abandon()
	}
}

// proc is a started child process.
type proc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *encoder
	msgs   *os.File
	stderr *tail
}

func (s *Subprocess) start() (*proc, error) {
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("start the script's interpreter: %w", err)
	}
	mem := s.Memory()
	if s.childMemory != nil {
		mem = *s.childMemory
	}
	args := append(append([]string(nil), s.Args...), "--memory", strconv.FormatInt(mem, 10))
	cmd := exec.Command(s.Path, args...)
	cmd.Env = s.Env
	cmd.ExtraFiles = []*os.File{pw}
	stderr := &tail{max: 64 << 10}
	cmd.Stderr = stderr
	setDeathSignal(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("start the script's interpreter: %w", err)
	}
	if err := cmd.Start(); err != nil {
		pr.Close()
		pw.Close()
		return nil, fmt.Errorf("start the script's interpreter (%s): %w", s.Path, err)
	}
	pw.Close()
	return &proc{cmd: cmd, stdin: stdin, enc: newEncoder(stdin), msgs: pr, stderr: stderr}, nil
}

func (p *proc) send(r request) error { return p.enc.send(r) }

// abandon ends a child nobody reads: closing its stdin makes it exit.
func (p *proc) abandon() {
	p.stdin.Close()
	p.msgs.Close()
	go func() {
		done := make(chan struct{})
		go func() { p.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
		}
	}()
}

// remote is an interpreter in a child process.
type remote struct {
	s              *Subprocess
	p              *proc
	cfg            Config
	stdout, stderr io.Writer
	ready          chan *wireError
	gone           chan struct{} // closed when the child has exited and every message is read, or can serve another

	mu         sync.Mutex
	queries    []Query
	waiting    map[int64]chan message
	nextID     int64
	killed     *Killed // the crash directive fired
	ended      error   // why the interpreter can run nothing more
	closing    bool    // Close asked it to end
	stopKilled bool    // killed when a run did not stop within stopGrace
	memKilled  int64   // resident bytes at which the watchdog killed it
	fatal      *Error  // the fatal error a run reported before the child exited
	reusable   bool    // the child closed the interpreter cleanly and waits for another
}

// msgEnded is the message waiters get when the child is gone.
const msgEnded = "ended"

// read dispatches the child's messages until it exits, or closes the interpreter and can
// serve another (the child sends nothing more until it is given one).
func (r *remote) read() {
	dec := newDecoder(r.p.msgs)
	var err error
	for {
		var m message
		if derr := dec.Decode(&m); derr != nil {
			err = r.p.cmd.Wait()
			r.p.msgs.Close()
			break
		}
		if m.Op == msgClosed && m.OK {
			r.mu.Lock()
			r.reusable = true
			r.mu.Unlock()
			break
		}
		r.dispatch(m)
	}
	r.mu.Lock()
	r.ended = r.endError(err)
	waiters := r.waiting
	r.waiting = map[int64]chan message{}
	r.mu.Unlock()
	for _, ch := range waiters {
		ch <- message{Op: msgEnded}
	}
	close(r.gone)
}

func (r *remote) dispatch(m message) {
	switch m.Op {
	case msgReady:
		r.ready <- m.Err
	case msgOut:
		if m.Stream == 2 {
			r.stderr.Write([]byte(m.Data))
		} else {
			r.stdout.Write([]byte(m.Data))
		}
	case msgEvent:
		if r.cfg.OnEvent != nil && m.Event != nil {
			r.cfg.OnEvent(*m.Event)
		}
	case msgQueries:
		r.mu.Lock()
		r.queries = m.Queries
		r.mu.Unlock()
	case msgKilled:
		r.mu.Lock()
		r.killed = m.Killed
		r.mu.Unlock()
	case msgDone, msgStopped:
		r.mu.Lock()
		if m.Op == msgDone && m.Err != nil && m.Err.Python != nil && m.Err.Python.Fatal {
			r.fatal = m.Err.Python
		}
		ch := r.waiting[m.ID]
		delete(r.waiting, m.ID)
		r.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	}
}

// endError says why the child ended, as the learner reads it.
func (r *remote) endError(waitErr error) error {
	switch {
	case r.closing:
		return fmt.Errorf("the interpreter was closed: %w", ErrEnded)
	case r.killed != nil:
		return fmt.Errorf("the crash directive killed the interpreter: %w", ErrEnded)
	case r.fatal != nil:
		return r.fatal
	case r.memKilled > 0:
		return &Error{Kind: "MemoryError", Fatal: true, Text: fmt.Sprintf(
			"MemoryError: the script used %s of memory, far past kafkalab's limit of %s for a script, and its interpreter was stopped",
			FormatBytes(r.memKilled), FormatBytes(r.s.Memory()))}
	case r.stopKilled:
		return fmt.Errorf("the script did not stop within 1 s of being asked, so kafkalab ended its interpreter: %w", ErrEnded)
	}
	log := r.p.stderr.String()
	switch {
	case strings.Contains(log, "stack overflow") || strings.Contains(log, "goroutine stack exceeds"):
		return &Error{Kind: "RecursionError", Fatal: true, Text: "RecursionError: maximum recursion depth exceeded"}
	case strings.Contains(log, "out of memory") || strings.Contains(log, "cannot allocate memory"):
		return &Error{Kind: "MemoryError", Fatal: true, Text: "MemoryError: the script's interpreter ran out of memory"}
	}
	var ee *exec.ExitError
	if errors.As(waitErr, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			// Killed by someone else: on Linux, most likely the kernel's out-of-memory killer.
			return &Error{Kind: "MemoryError", Fatal: true, Text: "MemoryError: the script's interpreter was killed by the system, most likely for using too much memory"}
		}
	}
	status := "it exited"
	if waitErr != nil {
		status = waitErr.Error()
	}
	return &Error{Kind: "SystemError", Fatal: true, Text: fmt.Sprintf("the script's interpreter crashed (%s); kafkalab itself is fine: run the script again", status)}
}

// await registers a request id and the channel its reply comes on.
func (r *remote) await() (int64, chan message) {
	ch := make(chan message, 1)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	if r.ended != nil {
		ch <- message{Op: msgEnded}
		return r.nextID, ch
	}
	r.waiting[r.nextID] = ch
	return r.nextID, ch
}

// kill ends the child; mark, when set, records why (under the lock).
func (r *remote) kill(mark func()) {
	r.mu.Lock()
	if mark != nil {
		mark()
	}
	r.mu.Unlock()
	r.p.cmd.Process.Kill()
}

func (r *remote) run(ctx context.Context, mode, name, source string) error {
	if err := r.Ended(); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	start := time.Now()
	id, ch := r.await()
	if err := r.p.send(request{Op: opExec, ID: id, Mode: mode, Name: name, Source: source}); err != nil {
		<-r.gone
		return r.Ended()
	}
	var m message
	select {
	case m = <-ch:
	case <-ctx.Done():
		r.p.send(request{Op: opInterrupt})
		t := time.NewTimer(stopGrace)
		select {
		case m = <-ch:
			t.Stop()
		case <-t.C:
			r.kill(func() { r.stopKilled = true })
			m = <-ch
		}
	}
	return r.outcome(ctx, m, start)
}

// outcome is how a run ended, from its reply.
func (r *remote) outcome(ctx context.Context, m message, start time.Time) error {
	deadline := errors.Is(ctx.Err(), context.DeadlineExceeded)
	if m.Op == msgEnded {
		r.mu.Lock()
		killed, stopKilled, ended := r.killed, r.stopKilled, r.ended
		r.mu.Unlock()
		switch {
		case killed != nil:
			k := *killed
			return &k
		case stopKilled:
			return &Stopped{After: time.Since(start), Reason: stopReason(ctx), Killed: true}
		}
		return ended
	}
	w := m.Err
	switch {
	case w == nil:
		return nil
	case deadline:
		return &Stopped{After: time.Since(start), Reason: stopReason(ctx)}
	case w.Python != nil:
		return w.Python
	case w.Stopped != nil:
		return w.Stopped
	case w.Canceled && w.Traceback != "":
		return &Interrupted{Traceback: w.Traceback}
	case w.Canceled:
		if err := ctx.Err(); err != nil {
			return err
		}
		return context.Canceled
	}
	return errors.New(w.Text)
}

func (r *remote) Exec(ctx context.Context, name, source string) error {
	return r.run(ctx, modeExec, name, source)
}

func (r *remote) ExecInteractive(ctx context.Context, name, source string) error {
	return r.run(ctx, modeInteractive, name, source)
}

func (r *remote) ExecFile(ctx context.Context) error { return r.run(ctx, modeFile, "", "") }

func (r *remote) Queries() []Query {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Query(nil), r.queries...)
}

// stopTimeout bounds a stop request: a query stops within its trigger's batch.
const stopTimeout = 30 * time.Second

func (r *remote) stop(req request) bool {
	id, ch := r.await()
	req.ID = id
	if r.p.send(req) != nil {
		return false
	}
	select {
	case m := <-ch:
		return m.OK
	case <-time.After(stopTimeout):
		return false
	}
}

func (r *remote) StopQuery(id string) bool { return r.stop(request{Op: opStopQuery, Query: id}) }
func (r *remote) StopQueries()             { r.stop(request{Op: opStopQueries}) }

// closeTimeout is how long a closing child has to stop its queries and exit.
const closeTimeout = 5 * time.Second

func (r *remote) Close() error {
	r.mu.Lock()
	if r.closing {
		r.mu.Unlock()
		<-r.gone
		return nil
	}
	alive := r.ended == nil
	r.closing = true
	r.mu.Unlock()
	if alive {
		r.p.send(request{Op: opClose})
	}
	select {
	case <-r.gone:
	case <-time.After(closeTimeout):
		r.p.cmd.Process.Kill()
		<-r.gone
	}
	r.mu.Lock()
	reusable := r.reusable
	r.mu.Unlock()
	if reusable {
		r.p.stderr.reset()
		r.s.putBack(r.p)
		return nil
	}
	r.p.stdin.Close()
	return nil
}

func (r *remote) Ended() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.ended
}

// memoryPoll is how often the parent reads a child's resident memory.
const memoryPoll = 100 * time.Millisecond

// watchMemory kills a child whose resident memory goes far past the cap (twice it): the
// heap watcher in the child stops what Python code allocates; this stops the rest.
func (r *remote) watchMemory() {
	limit := r.s.Memory()
	if limit <= 0 {
		return
	}
	tick := time.NewTicker(memoryPoll)
	defer tick.Stop()
	for {
		select {
		case <-r.gone:
			return
		case <-tick.C:
			rss, ok := residentBytes(r.p.cmd.Process.Pid)
			if ok && rss > 2*limit {
				r.kill(func() { r.memKilled = rss })
				return
			}
		}
	}
}

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append(t.b[:0], t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tail) reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = t.b[:0]
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}
