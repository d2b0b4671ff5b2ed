package lab

import "github.com/kafkalab/kafkalab/engine"

// EventKind names what happened while a step ran.
type EventKind int

// The events a running step reports, in the order they can happen.
const (
	StepStarted EventKind = iota
	OutputLine
	FileChanged
	StepPassed
	StepFailed
	// QueryProgress: a streaming query the step started began or finished a batch, or
	// stopped (Query holds which and what). It can come at any time while the step runs.
	QueryProgress
)

func (k EventKind) String() string {
	switch k {
	case StepStarted:
		return "step started"
	case OutputLine:
		return "output"
	case FileChanged:
		return "file changed"
	case StepPassed:
		return "step passed"
	case StepFailed:
		return "step failed"
	case QueryProgress:
		return "query progress"
	}
	return "event"
}

// Event is one thing the UI may show while a step runs.
type Event struct {
	Kind   EventKind
	Lesson string
	Step   int
	Line   string // OutputLine: one line of output, without its newline
	Path   string // FileChanged: workspace-relative path
	Result *StepResult
	// Query is a QueryProgress event: the query's id, name and checkpoint, and the engine's
	// event (a batch's offset ranges when it starts, its progress with input rows, the
	// watermark and the state operators' row counts when it finishes, or the end).
	Query *engine.StreamEvent
}
