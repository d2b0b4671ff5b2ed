package lab

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// crasher carries out one step's crash directive for one run of the step: the first
// streaming query that reaches the point dies there, once. Lesson code stays plain PySpark:
// the crash comes from the lab, through the runner's crash directive (pyrun.Crash).
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

// directive is the crash directive for the next script, while it has not fired.
func (cr *crasher) directive() *pyrun.Crash {
	if !cr.armed() {
		return nil
	}
	return &pyrun.Crash{Point: pyrun.CrashPoint(cr.c.Point), Batch: cr.c.Batch}
}

// report prints how a script run ended and turns it into the command's exit: a failure is
// printed as a terminal shows it (exit 1); a crash exits like a killed process, status 137
// and a "Killed" line saying where the batch stood.
func (cr *crasher) report(out io.Writer, label string, err error) error {
	var k *pyrun.Killed
	switch {
	case err == nil:
		return nil
	case errors.As(err, &k) && cr != nil:
		cr.mu.Lock()
		cr.firedIn = k.Batch
		cr.mu.Unlock()
		fmt.Fprintf(out, "Killed: %s died in batch %d, %s\n", label, k.Batch, cr.where(k.Batch))
		return errExit(137)
	}
	fmt.Fprintln(out, err.Error())
	return errExit(1)
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

// expected turns the kill of a python block (a `python run` block or an exercise attempt)
// into success: such a block has no "! " to say it fails, and the crash is the lab's doing.
func (cr *crasher) expected(err error) error {
	if _, fired := cr.fired(); fired && err == errExit(137) {
		return nil
	}
	return err
}
