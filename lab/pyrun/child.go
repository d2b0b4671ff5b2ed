package pyrun

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kafkalab/kafkalab/engine/python/py"
)

// ChildCommand is the hidden kafkalab subcommand that serves a Subprocess: `kafkalab
// __pyrun`. It is not for people to run.
const ChildCommand = "__pyrun"

// maxStack bounds a goroutine's stack in the child: a runaway Go recursion ends there, as
// "stack overflow", long before it could take the memory cap's worth of stack (a stack
// that grows is copied, so it briefly takes one and a half times its size).
func maxStack(memory int64) int {
	const most, least = 256 << 20, 32 << 20
	if memory <= 0 {
		return most
	}
	return int(min(max(memory/8, least), most))
}

// ServeChild is the child side of a Subprocess: it reads the parent's requests from stdin
// and writes its messages to file descriptor 3 until the parent closes the interpreter or
// crashHook, when set (only a test's child sets it), runs before each script with its
// source: it stands for a script that kills the child the way no Python error can.
var crashHook func(src string)

// goes away. args are the child's flags (--memory BYTES). It returns the exit code.
func ServeChild(args []string) int {
	fs := flag.NewFlagSet(ChildCommand, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	memory := fs.Int64("memory", DefaultMemoryLimit, "the script's memory cap in bytes (0: none)")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(os.Stderr, "kafkalab %s: %v\n", ChildCommand, err)
		return 2
	}
	out := os.NewFile(3, "pyrun-messages")
	if out == nil {
		fmt.Fprintf(os.Stderr, "kafkalab %s runs scripts for kafkalab itself; it is not a command to type\n", ChildCommand)
		return 2
	}
	if _, err := out.Stat(); err != nil {
		fmt.Fprintf(os.Stderr, "kafkalab %s runs scripts for kafkalab itself; it is not a command to type\n", ChildCommand)
		return 2
	}
	debug.SetMaxStack(maxStack(*memory))
	if *memory > 0 {
		// The Go runtime collects harder as the heap nears the cap; the heap watcher raises
		// MemoryError in the script past it; an allocation whose size is known first (a
		// repetition, a big power) is refused before it is made.
		debug.SetMemoryLimit(*memory + *memory/4)
		py.SetMaxAlloc(*memory)
	}
	c := &child{enc: newEncoder(out), memory: *memory}
	return c.serve(os.Stdin)
}

// child is the interpreter a child process serves: one at a time, and, when one closes
// cleanly, the next the parent opens in it.
type child struct {
	enc    *encoder
	memory int64
	ip     *inProcess
	limits atomic.Pointer[py.Limits] // the open interpreter's, for the heap watcher

	outMu     sync.Mutex
	out       []byte // output not sent yet
	outStream int    // its stream (1 or 2)
	outTimer  *time.Timer

	mu     sync.Mutex
	cancel context.CancelFunc // ends the run in progress; nil when none runs
}

// outputDelay bounds how long printed output waits to be sent with more.
const outputDelay = 5 * time.Millisecond

// settleTime is how long a closed interpreter's goroutines have to end before the child
// counts as unclean and exits instead of serving another.
const settleTime = time.Second

func (c *child) serve(r io.Reader) int {
	go c.watchHeap()
	baseline := runtime.NumGoroutine()
	dec := newDecoder(r)
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			return 0 // a spare child the parent no longer needs
		}
		if req.Op != opOpen || req.Cfg == nil {
			fmt.Fprintf(os.Stderr, "kafkalab %s: the first request must open an interpreter\n", ChildCommand)
			return 2
		}
		if err := c.open(req.Cfg); err != nil {
			c.send(message{Op: msgReady, Err: toWireError(err)})
			return 1
		}
		c.send(message{Op: msgReady})
		if !c.serveOne(dec) {
			return 0
		}
		if !c.settled(baseline) {
			c.send(message{Op: msgClosed})
			return 0
		}
		c.send(message{Op: msgClosed, OK: true})
	}
}

// serveOne serves the open interpreter until the parent closes it (true) or goes away.
func (c *child) serveOne(dec *json.Decoder) bool {
	ip := c.ip
	for {
		var req request
		if err := dec.Decode(&req); err != nil {
			// The parent went away: stop the queries as a closed interpreter does.
			ip.Close()
			return false
		}
		switch req.Op {
		case opExec:
			c.exec(req)
		case opInterrupt:
			c.mu.Lock()
			if c.cancel != nil {
				c.cancel()
			}
			c.mu.Unlock()
		case opStopQuery:
			go func() {
				ok := ip.StopQuery(req.Query)
				c.sendQueries()
				c.send(message{Op: msgStopped, ID: req.ID, OK: ok})
			}()
		case opStopQueries:
			go func() {
				ip.StopQueries()
				c.sendQueries()
				c.send(message{Op: msgStopped, ID: req.ID, OK: true})
			}()
		case opClose:
			ip.Close()
			c.flushOutput()
			return true
		}
	}
}

// settled reports whether everything the closed interpreter started has ended (its
// goroutines back to the count before it), so the next one starts as in a fresh child.
func (c *child) settled(baseline int) bool {
	c.limits.Store(nil)
	c.mu.Lock()
	running := c.cancel != nil
	c.mu.Unlock()
	if running {
		return false
	}
	deadline := time.Now().Add(settleTime)
	for runtime.NumGoroutine() > baseline {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.ip = nil
	debug.FreeOSMemory()
	return true
}

func (c *child) open(w *wireConfig) error {
	cfg := w.config()
	cfg.Stdout = &childWriter{c: c, stream: 1}
	cfg.Stderr = &childWriter{c: c, stream: 2}
	if w.Events {
		cfg.OnEvent = c.event
	}
	ip, err := openInProcess(cfg, c.killed)
	if err != nil {
		return err
	}
	c.ip = ip
	limits := ip.in.Limits()
	if c.memory > 0 {
		limits.SetMemoryErrorMessage(fmt.Sprintf("the script's memory use passed kafkalab's limit of %s for a script", FormatBytes(c.memory)))
	}
	c.limits.Store(limits)
	return nil
}

// exec runs a request in a goroutine of its own, so interrupts and stop requests are read
// while it runs.
func (c *child) exec(req request) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	if c.cancel != nil {
		c.mu.Unlock()
		cancel()
		c.send(message{Op: msgDone, ID: req.ID, Err: &wireError{Text: "the interpreter is already running code"}})
		return
	}
	c.cancel = cancel
	c.mu.Unlock()
	go func() {
		if crashHook != nil {
			crashHook(req.Source)
		}
		var err error
		switch req.Mode {
		case modeInteractive:
			err = c.ip.ExecInteractive(ctx, req.Name, req.Source)
		case modeFile:
			err = c.ip.ExecFile(ctx)
		default:
			err = c.ip.Exec(ctx, req.Name, req.Source)
		}
		c.mu.Lock()
		c.cancel = nil
		c.mu.Unlock()
		cancel()
		full := false
		if pe, ok := err.(*Error); ok && pe.Kind == "MemoryError" && c.stillFull() {
			// What the script keeps (a global list) holds the heap past the cap: the
			// next statement would fail the same way, so this interpreter is done.
			pe.Fatal, full = true, true
		}
		c.sendQueries()
		c.send(message{Op: msgDone, ID: req.ID, Err: toWireError(err)})
		if full {
			c.ip.Close()
			os.Exit(3)
		}
	}()
}

// killed is the crash directive firing: tell the parent, then end as a killed process
// does, at once, with nothing more printed or written.
func (c *child) killed(k Killed) {
	c.send(message{Op: msgKilled, Killed: &k})
	os.Exit(137)
}

func (c *child) event(e QueryEvent) {
	c.send(message{Op: msgEvent, Event: &e})
	if e.Kind == QueryStarted || e.Kind == QueryTerminated {
		c.sendQueries()
	}
}

func (c *child) sendQueries() {
	q := c.ip.Queries()
	if q == nil {
		q = []Query{}
	}
	c.send(message{Op: msgQueries, Queries: q})
}

// send writes a message after the output printed before it.
func (c *child) send(m message) {
	c.flushOutput()
	c.enc.send(m)
}

// childWriter is the script's stdout or stderr: output is sent in chunks, within
// outputDelay, and always before any other message.
type childWriter struct {
	c      *child
	stream int
}

func (w *childWriter) Write(p []byte) (int, error) {
	c := w.c
	c.outMu.Lock()
	if len(c.out) > 0 && c.outStream != w.stream {
		c.flushLocked()
	}
	c.outStream = w.stream
	c.out = append(c.out, p...)
	switch {
	case len(c.out) >= 32<<10:
		c.flushLocked()
	case c.outTimer == nil:
		c.outTimer = time.AfterFunc(outputDelay, c.flushOutput)
	}
	c.outMu.Unlock()
	return len(p), nil
}

func (c *child) flushOutput() {
	c.outMu.Lock()
	c.flushLocked()
	c.outMu.Unlock()
}

func (c *child) flushLocked() {
	if c.outTimer != nil {
		c.outTimer.Stop()
		c.outTimer = nil
	}
	if len(c.out) == 0 {
		return
	}
	c.enc.send(message{Op: msgOut, Stream: c.outStream, Data: string(c.out)})
	c.out = c.out[:0]
}

// heapSample reads the bytes of heap objects (live and not yet collected).
func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// watchHeap raises MemoryError in the running script once its live heap passes the cap.
func (c *child) watchHeap() {
	if c.memory <= 0 {
		return
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	var collected time.Time
	for range tick.C {
		// Past the cap, a collection tells live data from garbage; at most four a second,
		// so a script that stays near the cap with garbage is not slowed down.
		if heapBytes() <= uint64(c.memory) || time.Since(collected) < 250*time.Millisecond {
			continue
		}
		collected = time.Now()
		if limits := c.limits.Load(); limits != nil && c.liveOver(c.memory) {
			limits.RaiseMemoryError()
		}
	}
}

// stillFull reports whether, after a MemoryError, the heap stays past most of the cap
// once garbage is collected: what the script keeps fills it.
func (c *child) stillFull() bool {
	return c.memory > 0 && c.liveOver(c.memory*3/4)
}

// liveOver collects garbage and reports whether the heap is still over n bytes.
func (c *child) liveOver(n int64) bool {
	runtime.GC()
	return heapBytes() > uint64(n)
}

// FormatBytes shows a size as the README writes it: "1 GiB", "512 MiB", "1.5 GiB".
func FormatBytes(n int64) string {
	units := []string{"bytes", "KiB", "MiB", "GiB", "TiB"}
	v, i := float64(n), 0
	for v >= 1024 && i < len(units)-1 {
		v /= 1024
		i++
	}
	s := fmt.Sprintf("%.1f", v)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + units[i]
}
