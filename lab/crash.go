package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/kafkalab/kafkalab/engine/stream"
	"github.com/kafkalab/kafkalab/lessons"
)

// crashSteps maps a lesson's crash point to the engine's fault-injection step.
var crashSteps = map[lessons.CrashPoint]stream.Step{
	lessons.CrashAfterOffsets:    stream.StepOffsetsWritten,
	lessons.CrashMidWrite:        stream.StepSinkWriting,
	lessons.CrashAfterSinkCommit: stream.StepSinkDone,
	lessons.CrashAfterCommit:     stream.StepCommitted,
}

// errKilled is what the engine's hook returns when the lab crashes a query.
var errKilled = errors.New("killed by the lab's crash directive")

// crasher carries out one step's crash directive for one run of the step: the first
// streaming query that reaches the point dies there, once. Lesson code stays plain PySpark:
// the crash comes from the lab, through the engine's fault-injection hook.
type crasher struct {
	c *lessons.Crash

	mu      sync.Mutex
	firedIn int64 // batch id it fired in; -1 = not yet
}

func newCrasher(c *lessons.Crash) *crasher {
	if c == nil {
		return nil
	}
	return &crasher{c: c, firedIn: -1}
}

func (cr *crasher) armed() bool {
	if cr == nil {
		return false
	}
	cr.mu.Lock()
	defer cr.mu.Unlock()
	return cr.firedIn < 0
}

func (cr *crasher) fired() (int64, bool) {
	if cr == nil {
		return 0, false
	}
	cr.mu.Lock()
	defer cr.mu.Unlock()
	return cr.firedIn, cr.firedIn >= 0
}

// hook is the engine's StreamHook for one script run: at the point it records the crash,
// calls die (which silences and cancels the run: a killed process prints nothing more and
// runs no except or finally block) and fails the query there, so nothing more of the
// batch is written.
func (cr *crasher) hook(die func()) func(stream.Step, int64) error {
	want := crashSteps[cr.c.Point]
	return func(step stream.Step, batchID int64) error {
		if step != want || (cr.c.Batch >= 0 && batchID != cr.c.Batch) {
			return nil
		}
		cr.mu.Lock()
		defer cr.mu.Unlock()
		if cr.firedIn >= 0 {
			return nil
		}
		cr.firedIn = batchID
		die()
		return errKilled
	}
}

// where says in a learner's words where the batch stood when it died.
func (cr *crasher) where(batch int64) string {
	switch cr.c.Point {
	case lessons.CrashAfterOffsets:
		return fmt.Sprintf("after writing offsets/%d, before reading the batch", batch)
	case lessons.CrashMidWrite:
		return "while writing the table's data files, before the table commit"
	case lessons.CrashAfterSinkCommit:
		return fmt.Sprintf("after the table commit, before commits/%d", batch)
	default:
		return fmt.Sprintf("after writing commits/%d", batch)
	}
}

// neverFired is the failure of a step whose crash directive found no query to crash: a
// lesson mistake (wrong point for the sink, a batch id the step never reaches).
func (cr *crasher) neverFired() *Failure {
	what := string(cr.c.Point)
	if cr.c.Batch >= 0 {
		what += fmt.Sprintf(" batch=%d", cr.c.Batch)
	}
	return &Failure{Check: "crash: " + what, Want: "a streaming query of the step reaches that point and is killed there",
		Got: "no streaming query reached it", Line: cr.c.Line}
}

// gate passes writes through until it is shut: a killed process prints nothing more.
type gate struct {
	mu   sync.Mutex
	w    io.Writer
	shut bool
}

func (g *gate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.shut {
		return len(p), nil
	}
	return g.w.Write(p)
}

func (g *gate) close() {
	g.mu.Lock()
	g.shut = true
	g.mu.Unlock()
}

// run runs one script under the crash directive (or plainly, when there is none or it
// already fired in this step). A crashed script exits like a killed process: status 137
// and a "Killed" line saying where the batch stood.
func (cr *crasher) run(ctx context.Context, out io.Writer, label string, run func(ctx context.Context, out io.Writer, hook func(stream.Step, int64) error) error) error {
	if !cr.armed() {
		return run(ctx, out, nil)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g := &gate{w: out}
	err := run(ctx, g, cr.hook(func() { g.close(); cancel() }))
	if batch, ok := cr.fired(); ok {
		fmt.Fprintf(out, "Killed: %s died in batch %d, %s\n", label, batch, cr.where(batch))
		return errExit(137)
	}
	return err
}

// expected turns the kill of a python block (a `python run` block or an exercise attempt)
// into success: such a block has no "! " to say it fails, and the crash is the lab's doing.
func (cr *crasher) expected(err error) error {
	if _, fired := cr.fired(); fired && err == errExit(137) {
		return nil
	}
	return err
}
