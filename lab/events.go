package lab

// EventKind names what happened while a step ran.
type EventKind int

// The events a running step reports, in the order they can happen.
const (
	StepStarted EventKind = iota
	OutputLine
	FileChanged
	StepPassed
	StepFailed
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
}
