package lab

import (
	"sync"

	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
)

// EventKind names what happened while a step (or a console entry) ran.
type EventKind int

// The events a running step reports, in the order they can happen.
const (
	StepStarted EventKind = iota
	OutputLine
	FileChanged
	StepPassed
	StepFailed
	// QueryProgress: a streaming query started, began or finished a batch, or stopped
	// (Query says which and what). It can come at any time while its script runs.
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

// Event is one thing a screen may show while the lab works. It is plain data (it can be
// written as JSON): a step's events carry its lesson and number, the console's have
// Console set.
type Event struct {
	Kind    EventKind `json:"kind"`
	Lesson  string    `json:"lesson,omitempty"`
	Step    int       `json:"step,omitempty"`
	Console bool      `json:"console,omitempty"`
	Line    string    `json:"line,omitempty"` // OutputLine: one line of output, without its newline
	Path    string    `json:"path,omitempty"` // FileChanged: workspace-relative path
	// Result is a finished step's result (StepPassed, StepFailed).
	Result *StepResult `json:"result,omitempty"`
	// Query is a QueryProgress event: the query's id, name and checkpoint, and what it
	// did (a batch's offset ranges when it starts, its progress when it finishes, the end).
	Query *pyrun.QueryEvent `json:"query,omitempty"`
}

// queryRuns gathers what each streaming query did during one step, from its events, for
// the step's explanation of an empty read.
type queryRuns struct {
	mu   sync.Mutex
	runs map[string]*observe.QueryRun
	ids  []string
}

func (q *queryRuns) add(e pyrun.QueryEvent) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.runs == nil {
		q.runs = map[string]*observe.QueryRun{}
	}
	r := q.runs[e.QueryID]
	if r == nil {
		r = &observe.QueryRun{ID: e.QueryID, FirstBatch: -1}
		q.runs[e.QueryID] = r
		q.ids = append(q.ids, e.QueryID)
	}
	r.Name, r.Checkpoint, r.OutputMode = e.QueryName, e.Checkpoint, e.OutputMode
	switch e.Kind {
	case pyrun.QueryStarted:
		r.FirstBatch = e.BatchID
	case pyrun.BatchStarted:
		r.Batches++
		r.Ends = nil
		for _, s := range e.Sources {
			if s.Kafka {
				r.Ends = mergeOffsets(r.Ends, s.End)
			}
		}
	case pyrun.BatchFinished:
		if p := e.Progress; p != nil {
			r.Rows += p.InputRows
			r.Watermark = r.Watermark || p.Watermark != ""
		}
	case pyrun.QueryTerminated:
		r.Error = e.Error
	}
}

func (q *queryRuns) list() []observe.QueryRun {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := make([]observe.QueryRun, 0, len(q.ids))
	for _, id := range q.ids {
		out = append(out, *q.runs[id])
	}
	return out
}

func mergeOffsets(dst, src map[string]map[int32]int64) map[string]map[int32]int64 {
	if dst == nil {
		dst = map[string]map[int32]int64{}
	}
	for t, parts := range src {
		if dst[t] == nil {
			dst[t] = map[int32]int64{}
		}
		for p, o := range parts {
			dst[t][p] = o
		}
	}
	return dst
}
